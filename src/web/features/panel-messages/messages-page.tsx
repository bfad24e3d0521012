import type { ContactMessageView } from '@shared/api/contact';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailCheck, Reply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Pagination } from '@web/components/ui/pagination';
import {
  Table,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStatusBody,
} from '@web/components/ui/table';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formatDateTime } from '@web/lib/format';
import { contactMessagesQuery, contactMessagesQueryKey, markMessageRead } from './api';

const PAGE_SIZE = 10;
const COLUMNS = 5;

/**
 * /dashboard/messages (admins): what visitors sent with the website's contact form, newest first.
 * New messages stand out until an admin marks them read; Reply opens the admin's mail program.
 */
export function MessagesPage() {
  const { t, i18n } = useTranslation('panel-messages');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const messages = useQuery(contactMessagesQuery(page, PAGE_SIZE));

  const markRead = useMutation({
    mutationFn: (message: ContactMessageView) => markMessageRead(message.id),
    onSuccess: async () => {
      toast({ variant: 'success', title: t('markedRead') });
      await queryClient.invalidateQueries({ queryKey: contactMessagesQueryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t('markReadFailed'), description: translateError(error) });
    },
  });

  const rows = messages.data?.data ?? [];
  const meta = messages.data?.meta;

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('title')} intro={t('intro')}>
        {meta ? <p className="text-sm font-medium">{t('total', { count: meta.total })}</p> : null}
      </PageIntro>

      <Table aria-label={t('title')} aria-busy={messages.isPending}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-56">{t('columns.from')}</TableHead>
            <TableHead>{t('columns.subject')}</TableHead>
            <TableHead className="w-44">{t('columns.received')}</TableHead>
            <TableHead className="w-28">{t('columns.status')}</TableHead>
            <TableHead className="w-56 text-end">{t('columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableStatusBody
          colSpan={COLUMNS}
          query={messages}
          loadingLabel={t('loading')}
          failure={t('loadFailed')}
          announceFailure
          empty={rows.length === 0 ? t('empty') : null}
        >
          {rows.map((message) => (
            <TableRow key={message.id} className={message.read ? undefined : 'bg-primary/5'}>
              <TableCell className="align-top">
                <span className="block font-medium">{message.name}</span>
                <a
                  href={`mailto:${message.email}`}
                  className="block break-all text-sm text-muted-foreground hover:text-foreground hover:underline"
                  dir="ltr"
                >
                  {message.email}
                </a>
              </TableCell>
              <TableCell className="align-top">
                <span className="block font-medium">{message.subject}</span>
                <span className="mt-1 block whitespace-pre-line text-sm text-muted-foreground">
                  {message.message}
                </span>
              </TableCell>
              <TableCell className="align-top text-sm">
                {formatDateTime(message.created_at, i18n.language)}
              </TableCell>
              <TableCell className="align-top">
                <Badge tone={message.read ? 'neutral' : 'info'}>
                  {message.read ? t('status.read') : t('status.unread')}
                </Badge>
              </TableCell>
              <TableCell className="align-top">
                <div className="flex flex-wrap justify-end gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                      aria-label={t('replyTo', { name: message.name })}
                    >
                      <Reply aria-hidden="true" className="rtl:-scale-x-100" />
                      {t('reply')}
                    </a>
                  </Button>
                  {message.read ? null : (
                    <Button
                      size="sm"
                      disabled={markRead.isPending && markRead.variables?.id === message.id}
                      onClick={() => markRead.mutate(message)}
                      aria-label={t('markReadFor', { name: message.name })}
                    >
                      <MailCheck aria-hidden="true" />
                      {t('markRead')}
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableStatusBody>
      </Table>

      {meta ? <Pagination page={page} lastPage={meta.totalPages} onPageChange={setPage} /> : null}
    </div>
  );
}
