import type { ContactMessageView } from '@shared/api/contact';
import { MailCheck, Reply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { useMarkMessageRead } from './api';

/** Reply (opens the admin's mail program) and, for a new message, Mark as read. */
export function MessageActions({ message }: { message: ContactMessageView }) {
  const { t } = useTranslation('panel-messages');
  const markRead = useMarkMessageRead();
  return (
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
          disabled={markRead.isPending}
          onClick={() =>
            markRead.mutate(message, {
              onSuccess: () => toast({ variant: 'success', title: t('markedRead') }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('markReadFailed'),
                  description: translateError(error),
                }),
            })
          }
          aria-label={t('markReadFor', { name: message.name })}
        >
          <MailCheck aria-hidden="true" />
          {t('markRead')}
        </Button>
      )}
    </div>
  );
}
