import type { PanelUser } from '@shared/api/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { cn } from '@web/lib/utils';
import { transactionsQuery } from './api';
import { TransactionRow } from './transaction-row';

/** docs/product.md: ten on load, five on refresh. */
export const INITIAL_LIMIT = 10;
export const REFRESH_LIMIT = 5;
const TICK_MS = 30_000;

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
