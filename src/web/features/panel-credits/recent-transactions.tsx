import type { PanelUser } from '@shared/api/auth';
import type { TransactionView } from '@shared/api/credits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowDownLeft,
  ArrowRightLeft,
  ArrowUpRight,
  MonitorCheck,
  RefreshCw,
  RotateCcw,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { formatDateTime, formatNumber, formatRelativeTime } from '@web/lib/format';
import { isolateLtr } from '@web/lib/bidi';
import { cn } from '@web/lib/utils';
import { transactionsQuery } from './api';

/** docs/product.md: ten on load, five on refresh. */
export const INITIAL_LIMIT = 10;
export const REFRESH_LIMIT = 5;
const TICK_MS = 30_000;

type Direction = 'in' | 'out' | 'none';

/** How a ledger row reads from the viewer's side, and whether it adds to or takes from a balance. */
function describe(
  row: TransactionView,
  viewer: PanelUser,
): { key: DescriptionKey; direction: Direction; values: DescriptionValues } {
  const sender = row.sender?.name ?? '';
  const receiver = row.receiver?.name ?? '';
  const mine = row.sender?.id === viewer.id;
  const toMe = row.receiver?.id === viewer.id;
  switch (row.type) {
    case 'add':
      return toMe
        ? { key: 'receivedFrom', direction: 'in', values: { name: sender } }
        : { key: 'addedTo', direction: 'in', values: { name: receiver } };
    case 'remove':
      return toMe
        ? { key: 'removedBy', direction: 'out', values: { name: sender } }
        : { key: 'removedFrom', direction: 'out', values: { name: receiver } };
    case 'transfer':
      if (mine) return { key: 'sentTo', direction: 'out', values: { name: receiver } };
      if (toMe) return { key: 'receivedFrom', direction: 'in', values: { name: sender } };
      return { key: 'transferBetween', direction: 'none', values: { from: sender, to: receiver } };
    case 'activation':
      // Admins activate without spending anything: no balance of theirs goes down.
      return mine
        ? {
            key: 'activated',
            direction: viewer.role === 'admin' ? 'none' : 'out',
            values: { mac: isolateLtr(row.device_mac ?? '') },
          }
        : {
            key: 'activatedBy',
            direction: 'none',
            values: { name: sender, mac: isolateLtr(row.device_mac ?? '') },
          };
  }
}

// A type alias, not an interface: i18next's options need an index signature.
type DescriptionValues = { name?: string; from?: string; to?: string; mac?: string };

type DescriptionKey =
  | 'receivedFrom'
  | 'addedTo'
  | 'removedBy'
  | 'removedFrom'
  | 'sentTo'
  | 'transferBetween'
  | 'activated'
  | 'activatedBy';

function TransactionRow({ row, viewer }: { row: TransactionView; viewer: PanelUser }) {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  const { key, direction, values } = describe(row, viewer);
  const Icon =
    row.type === 'activation'
      ? MonitorCheck
      : direction === 'out'
        ? ArrowUpRight
        : direction === 'in'
          ? ArrowDownLeft
          : ArrowRightLeft;
  const plan =
    row.type === 'activation' && (row.plan === 'year' || row.plan === 'lifetime')
      ? t(`credits.recent.plans.${row.plan}`)
      : null;

  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full',
          direction === 'in'
            ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
            : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-sm font-medium break-words">
          {t(`credits.recent.kinds.${key}`, values)}
          {plan ? <span className="text-muted-foreground"> · {plan}</span> : null}
        </p>
        <time
          dateTime={row.created_at}
          title={formatDateTime(row.created_at, lng)}
          className="text-xs text-muted-foreground"
        >
          {formatRelativeTime(row.created_at, lng)}
        </time>
      </div>
      <p
        className={cn(
          'shrink-0 text-sm font-semibold tabular-nums',
          direction === 'in' && 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {t('credits.count', { count: row.amount, formatted: formatNumber(row.amount, lng) })}
      </p>
    </li>
  );
}

/** Recent transfers with their relative times and a Refresh button (docs/product.md). */
export function RecentTransactions({ user }: { user: PanelUser }) {
  const { t } = useTranslation('panel-network');
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(INITIAL_LIMIT);
  const [refreshing, setRefreshing] = useState(false);
  const titleId = useId();
  const transactions = useQuery(transactionsQuery(limit));
  // Relative times ("2 minutes ago") move on while the page stays open.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Only a first load that fails replaces the list; a failed refresh keeps what is shown and says so.
  const loadFailed = transactions.isLoadingError;
  useEffect(() => {
    if (loadFailed) toast({ variant: 'destructive', title: t('credits.recent.loadFailed') });
  }, [loadFailed, t]);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.fetchQuery({ ...transactionsQuery(REFRESH_LIMIT), staleTime: 0 });
      setLimit(REFRESH_LIMIT);
    } catch {
      toast({ variant: 'destructive', title: t('credits.recent.refreshFailed') });
    } finally {
      setRefreshing(false);
    }
  }

  const rows = transactions.data ?? [];

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>{t('credits.recent.title')}</CardTitle>
          <CardDescription>{t('credits.recent.description')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
          {t('credits.recent.refresh')}
        </Button>
      </CardHeader>
      <CardContent aria-busy={transactions.isPending || refreshing}>
        {transactions.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : loadFailed ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted-foreground">
            {t('credits.recent.loadFailed')}
            <Button variant="outline" size="sm" onClick={() => void transactions.refetch()}>
              <RotateCcw aria-hidden="true" />
              {t('common.retry')}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t('credits.recent.empty')}</p>
        ) : (
          <ul aria-labelledby={titleId} className="divide-y">
            {rows.map((row) => (
              <TransactionRow key={row.id} row={row} viewer={user} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
