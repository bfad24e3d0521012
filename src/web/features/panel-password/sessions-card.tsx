import type { SessionView } from '@shared/api/auth';
import { useQuery } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ListLoadError } from '@web/components/ui/list-load-error';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formatDateTime } from '@web/lib/format';
import { sessionsQuery, useEndOtherSessions, useEndSession } from './api';

/** The account's signed-in sessions: where and when, with a way to end one or all the others. */
export function SessionsCard() {
  const { t, i18n } = useTranslation('panel');
  const sessions = useQuery(sessionsQuery);
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current);
  const failed = (error: Error) =>
    toast({ variant: 'destructive', title: t('sessions.failed'), description: translateError(error) });

  const endAllOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (ended) => {
        setConfirmOthers(false);
        toast({ variant: 'success', title: t('sessions.endedOthers', { count: ended }) });
      },
      onError: (error) => {
        setConfirmOthers(false);
        failed(error);
      },
    });

  const row = (session: SessionView) => (
    <li key={session.id} className="flex flex-wrap items-start gap-3 border-b py-3 last:border-b-0">
      <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span dir="auto" className="break-all">
            {session.browser ?? t('sessions.unknownBrowser')}
          </span>
          {session.current ? <Badge tone="success">{t('sessions.current')}</Badge> : null}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-muted-foreground">
          <dt>{t('sessions.address')}</dt>
          {/* Isolated, not a dir="ltr" cell: the address keeps its order but sits where the dates do. */}
          <dd>
            <bdi dir="ltr">{session.ip ?? '—'}</bdi>
          </dd>
          <dt>{t('sessions.signedIn')}</dt>
          <dd>{formatDateTime(session.signedInAt, i18n.language)}</dd>
          <dt>{t('sessions.lastActive')}</dt>
          <dd>{formatDateTime(session.lastActiveAt, i18n.language)}</dd>
        </dl>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={endSession.isPending}
          aria-label={t('sessions.endNamed', { browser: session.browser ?? t('sessions.unknownBrowser') })}
          onClick={() =>
            endSession.mutate(session.id, {
              onSuccess: () => toast({ variant: 'success', title: t('sessions.ended') }),
              onError: failed,
            })
          }
        >
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{t('sessions.title')}</h2>
        <CardDescription>{t('sessions.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? <Spinner label={t('sessions.loading')} /> : null}
        {sessions.isError ? (
          <ListLoadError
            title={t('sessions.loadFailed')}
            retryLabel={t('sessions.retry')}
            error={sessions.error}
            announce={false}
            onRetry={() => void sessions.refetch()}
          />
        ) : null}
        {sessions.data ? <ul aria-label={t('sessions.title')}>{sessions.data.map(row)}</ul> : null}
        <Button
          variant="destructive"
          className="justify-self-start"
          disabled={others.length === 0 || endOthers.isPending}
          onClick={() => setConfirmOthers(true)}
        >
          {t('sessions.endOthers')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title={t('sessions.endOthersTitle')}
        description={t('sessions.endOthersDescription', { count: others.length })}
        confirmLabel={t('sessions.endOthers')}
        destructive
        busy={endOthers.isPending}
        onConfirm={endAllOthers}
      />
    </Card>
  );
}
