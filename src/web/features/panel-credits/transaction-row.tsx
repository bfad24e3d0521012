import type { PanelUser } from '@shared/api/auth';
import type { TransactionView } from '@shared/api/credits';
import { ArrowDownLeft, ArrowRightLeft, ArrowUpRight, MonitorCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@web/components/relative-time';
import { cn } from '@web/lib/utils';
import { useCreditCount } from './credit-count';
import { describeTransaction } from './transaction-description';

/** One ledger row: who gave what to whom (from the viewer's side), when, and how much. */
export function TransactionRow({ row, viewer }: { row: TransactionView; viewer: PanelUser }) {
  const { t } = useTranslation('panel-network');
  const count = useCreditCount();
  const { key, direction, values } = describeTransaction(row, viewer);
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
        <RelativeTime value={row.created_at} className="text-xs text-muted-foreground" />
      </div>
      <p
        className={cn(
          'shrink-0 text-sm font-semibold tabular-nums',
          direction === 'in' && 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {count(row.amount)}
      </p>
    </li>
  );
}
