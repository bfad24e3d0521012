import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** docs/product.md's status colours: green for active/approved, red for banned/blocked, amber for expired, orange for suspended, grey otherwise. */
export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      tone: {
        success:
          'border-emerald-600/30 bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
        danger: 'border-red-600/30 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
        warning: 'border-amber-600/30 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
        orange: 'border-orange-600/30 bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
        neutral: 'border-border bg-muted text-foreground',
        info: 'border-sky-600/30 bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({
  className,
  tone,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

/** The colour docs/product.md gives a status word (Active, Approved, Banned, Blocked, Expired, Suspended, ...). */
export function toneForStatus(status: string): BadgeTone {
  switch (status.toLowerCase()) {
    case 'active':
    case 'approved':
    case 'paid':
      return 'success';
    case 'banned':
    case 'blocked':
    case 'rejected':
      return 'danger';
    case 'expired':
      return 'warning';
    case 'suspended':
      return 'orange';
    default:
      return 'neutral';
  }
}
