import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';

/** A number with its label, for the dashboard and the list pages' summaries. */
export function StatCard({
  label,
  value,
  icon: Icon,
  className,
}: {
  label: string;
  value: string | number;
  icon?: LucideIcon;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-4 rounded-xl border bg-card p-5 shadow-sm', className)}>
      {Icon ? (
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
      </div>
    </div>
  );
}
