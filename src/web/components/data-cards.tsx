import { ListStatus, showsListStatus } from '@web/components/ui/table';
import { cn } from '@web/lib/utils';
import type { DataListProps } from './data-table';

/**
 * A list's rows as cards, for phones, where a table of six or eight columns would scroll sideways
 * and hide its actions. Each card is a list item whose columns are a description list (the
 * column's header names its cell), with the `actions` column at the bottom, unlabelled: its buttons
 * carry their own names. Column classes are for the table's cells and are not applied here.
 */
export function DataCards<Row>({
  columns,
  query,
  rows,
  rowKey,
  caption,
  empty,
  failure,
  announceFailure,
  loadingLabel,
  rowClassName,
}: DataListProps<Row>) {
  const status = { query, failure, announceFailure, loadingLabel, empty: rows?.length === 0 ? empty : null };
  const fields = columns.filter((column) => column.id !== 'actions');
  const actions = columns.find((column) => column.id === 'actions');
  return (
    <ul aria-label={caption} aria-busy={query.isFetching} className="grid gap-3">
      {showsListStatus(status) ? (
        <li className="rounded-lg border bg-card px-3 py-10 text-center text-muted-foreground">
          <ListStatus {...status} />
        </li>
      ) : (
        rows?.map((row) => (
          <li key={rowKey(row)} className={cn('rounded-lg border bg-card p-4 text-sm', rowClassName?.(row))}>
            <dl className="grid gap-2.5">
              {fields.map((column) => (
                <div
                  key={column.id}
                  className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-baseline gap-3"
                >
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {column.header}
                  </dt>
                  <dd className="min-w-0 [overflow-wrap:anywhere]">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div className="mt-3 border-t pt-3">{actions.cell(row)}</div> : null}
          </li>
        ))
      )}
    </ul>
  );
}
