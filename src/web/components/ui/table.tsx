import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadError } from './list-load-error';
import { Spinner } from './spinner';
import { cn } from '@web/lib/utils';

/** One table look for every list in the panel; wide tables scroll sideways on phones. */
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

/** What TableStatusBody needs of the list's query (a TanStack Query result). */
type ListQueryState = {
  isPending: boolean;
  isLoadingError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

/**
 * A list's table body. Until there are rows to show it holds one full-width row instead: a spinner
 * on the first load, the failure with Retry, or the empty message.
 */
export function TableStatusBody({
  colSpan,
  query,
  loadingLabel,
  failure,
  announceFailure = false,
  empty,
  children,
}: {
  colSpan: number;
  query: ListQueryState;
  loadingLabel?: string;
  /** What to say when the first fetch fails; without it the page shows the failure elsewhere. */
  failure?: string;
  /** Read the failure out as it appears (role="alert"), for lists that are a page's only content. */
  announceFailure?: boolean;
  /** What to say when there are no rows; null when there are. */
  empty: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TableBody>
      {query.isPending ? (
        <TableEmpty colSpan={colSpan}>
          <Spinner label={loadingLabel} />
        </TableEmpty>
      ) : failure && query.isLoadingError ? (
        <TableEmpty colSpan={colSpan}>
          <ListLoadError
            title={failure}
            error={query.error}
            retryLabel={t('actions.retry')}
            onRetry={() => void query.refetch()}
            announce={announceFailure}
          />
        </TableEmpty>
      ) : empty !== null ? (
        <TableEmpty colSpan={colSpan}>{empty}</TableEmpty>
      ) : (
        children
      )}
    </TableBody>
  );
}
