import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadError } from './list-load-error';
import { Spinner } from './spinner';
import { cn } from '@web/lib/utils';

/** One table look for every list in the panel; a table wider than its box scrolls sideways. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted/60 [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/40', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-11 px-3 text-start align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}

/** A full-width row for "nothing found" and loading states. */
export function TableEmpty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}

/** What a list's status needs of its query (a TanStack Query result). */
export type ListQueryState = {
  isPending: boolean;
  isLoadingError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

export interface ListStatusProps {
  query: ListQueryState;
  loadingLabel?: string | undefined;
  /** What to say when the first fetch fails; without it the page shows the failure elsewhere. */
  failure?: string | undefined;
  /** Read the failure out as it appears (role="alert"), for lists that are a page's only content. */
  announceFailure?: boolean | undefined;
  /** What to say when there are no rows; null when there are. */
  empty: string | null;
}

/** Whether a list shows its status (first load, failure, nothing found) instead of its rows. */
export function showsListStatus({ query, failure, empty }: ListStatusProps): boolean {
  return query.isPending || (Boolean(failure) && query.isLoadingError) || empty !== null;
}

/** The status a list shows in place of its rows: a spinner, the failure with Retry, or the empty message. */
export function ListStatus({
  query,
  loadingLabel,
  failure,
  announceFailure = false,
  empty,
}: ListStatusProps) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (failure && query.isLoadingError) {
    return (
      <ListLoadError
        title={failure}
        error={query.error}
        retryLabel={t('actions.retry')}
        onRetry={() => void query.refetch()}
        announce={announceFailure}
      />
    );
  }
  return empty;
}

/**
 * A list's table body. Until there are rows to show it holds one full-width row instead: a spinner
 * on the first load, the failure with Retry, or the empty message.
 */
export function TableStatusBody({
  colSpan,
  children,
  ...status
}: ListStatusProps & { colSpan: number; children: ReactNode }) {
  return (
    <TableBody>
      {showsListStatus(status) ? (
        <TableEmpty colSpan={colSpan}>
          <ListStatus {...status} />
        </TableEmpty>
      ) : (
        children
      )}
    </TableBody>
  );
}
