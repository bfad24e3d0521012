import type { Key, ReactNode } from 'react';
import {
  Table,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStatusBody,
} from '@web/components/ui/table';
import { useMediaQuery } from '@web/lib/use-media-query';
import { cn } from '@web/lib/utils';
import { DataCards } from './data-cards';

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** On the table's header and cells (not on phones' cards): widths, or hiding a column below a breakpoint. */
  className?: string;
  /** On the header only (a cell may wrap where its header should not). */
  headerClassName?: string;
  align?: 'start' | 'end';
}

/** What the table reads of the list's query (a TanStack Query result). */
export interface DataTableQuery {
  isPending: boolean;
  isFetching: boolean;
  isLoadingError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** Below Tailwind's `md` (docs/product.md's mobile breakpoint, 768 px) lists are cards. */
const PHONE_QUERY = '(width < 48rem)';

/** What a list of rows needs, as a table (DataTable) or as cards (DataCards). */
export type DataListProps<Row> = {
  columns: readonly DataTableColumn<Row>[];
  query: DataTableQuery;
  /** The rows to show; undefined until the query has an answer. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** The table's accessible name. */
  caption: string;
  empty: string;
  /** What to say when the first fetch fails. */
  failure: string;
  /** Read the failure out as it appears, for lists that are a page's only content. */
  announceFailure?: boolean;
  loadingLabel?: string;
  rowClassName?: (row: Row) => string | undefined;
};

/**
 * A list's table: the header and one row per item from `columns`, and until there are rows the
 * first load's spinner, the failure with Retry, or the empty message in one row spanning every
 * column (the span is the number of columns, so adding one cannot leave it short). On phones the
 * same columns render as cards (DataCards), so every list fits the screen with its actions in reach;
 * one or the other is rendered, never both, so a row's dialogs and controls exist once.
 */
export function DataTable<Row>({
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
  className,
}: DataListProps<Row> & { className?: string }) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) {
    return (
      <DataCards
        {...{
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
        }}
      />
    );
  }
  const alignClass = (column: DataTableColumn<Row>) => (column.align === 'end' ? 'text-end' : undefined);
  return (
    <Table aria-label={caption} aria-busy={query.isFetching} className={className}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <TableHead
              key={column.id}
              className={cn(column.className, column.headerClassName, alignClass(column))}
            >
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableStatusBody
        colSpan={columns.length}
        query={query}
        loadingLabel={loadingLabel}
        failure={failure}
        announceFailure={announceFailure}
        empty={rows?.length === 0 ? empty : null}
      >
        {rows?.map((row) => (
          <TableRow key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) => (
              <TableCell key={column.id} className={cn(column.className, alignClass(column))}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableStatusBody>
    </Table>
  );
}
