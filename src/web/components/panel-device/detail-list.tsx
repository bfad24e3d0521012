import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** Label and value rows of a details card (a <dl>). */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="divide-y">{children}</dl>;
}

export function DetailRow({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn('flex min-h-12 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2', className)}
    >
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-1 text-sm font-medium">{children}</dd>
    </div>
  );
}
