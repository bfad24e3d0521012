import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { ListLoadError } from '@web/components/ui/list-load-error';
import { Spinner } from '@web/components/ui/spinner';
import { ChangesList, useActionLabel, useActorLabel } from './audit-entry-parts';
import { useAuditLog } from './use-audit-log';

/** A device's history shows a few entries at first; "Show more" reads the next ones. */
const HISTORY_PAGE = 10;

/**
 * A device's own history from the audit log (GET /audit?device_id=): what was done to it and on it,
 * by whom and when, newest first. A list rather than a table, so it reads the same on a phone.
 */
export function DeviceHistoryCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('panel');
  const { query, entries } = useAuditLog({ device_id: deviceId }, HISTORY_PAGE);
  const actionLabel = useActionLabel();
  const actorLabel = useActorLabel();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{t('deviceHistory.title')}</h2>
        <CardDescription>{t('deviceHistory.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? <Spinner label={t('deviceHistory.loading')} /> : null}
        {query.isError ? (
          <ListLoadError
            title={t('deviceHistory.loadFailed')}
            retryLabel={t('deviceHistory.retry')}
            error={query.error}
            announce={false}
            onRetry={() => void query.refetch()}
          />
        ) : null}
        {entries && entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('deviceHistory.empty')}</p>
        ) : null}
        {entries && entries.length > 0 ? (
          <ol aria-label={t('deviceHistory.title')} className="grid">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 border-b py-3 first:pt-0 last:border-b-0">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Badge title={entry.action}>{actionLabel(entry.action)}</Badge>
                  <RelativeTime value={entry.at} className="text-sm text-muted-foreground" />
                </div>
                <p className="text-sm">
                  {t('deviceHistory.by')} <bdi className="font-medium">{actorLabel(entry.actor)}</bdi>
                  {entry.actor.api_key ? ` · ${t('activity.viaKey', { name: entry.actor.api_key })}` : ''}
                  {entry.actor.ip ? (
                    <>
                      {' · '}
                      <span dir="ltr">{entry.actor.ip}</span>
                    </>
                  ) : null}
                </p>
                {Object.keys(entry.changes).length > 0 ? <ChangesList changes={entry.changes} /> : null}
              </li>
            ))}
          </ol>
        ) : null}
        {query.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('activity.more')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
