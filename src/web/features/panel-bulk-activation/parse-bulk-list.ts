import type { BulkRowInput } from '@shared/api/bulk-activation';
import { parse } from 'csv-parse/browser/esm/sync';

const COLUMNS = ['mac', 'plan', 'client_name', 'client_phone'] as const;
type Column = (typeof COLUMNS)[number];

/**
 * A pasted or uploaded list as bulk activation's rows: a CSV with the header
 * `mac,plan,client_name,client_phone` (in any order, other columns ignored, so a devices export
 * can be pasted back), or no header and those columns in that order, down to a plain list of MACs.
 * Commas, semicolons (spreadsheets in French) and tabs all separate cells. Blank lines are skipped;
 * judging each row is the server's job (the preview).
 */
export function parseBulkList(text: string): BulkRowInput[] {
  const records = parse(text, {
    delimiter: [',', ';', '\t'],
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
  }) as string[][];
  const first = records[0]?.map((cell) => cell.toLowerCase());
  const hasHeader = first?.includes('mac') ?? false;
  const order: (Column | null)[] = hasHeader
    ? (first ?? []).map((name) => ((COLUMNS as readonly string[]).includes(name) ? (name as Column) : null))
    : [...COLUMNS];
  return records.slice(hasHeader ? 1 : 0).map((cells) => {
    const row: Partial<Record<Column, string>> = {};
    order.forEach((column, index) => {
      const value = cells[index];
      if (column && value) row[column] = value;
    });
    return { ...row, mac: row.mac ?? '' };
  });
}
