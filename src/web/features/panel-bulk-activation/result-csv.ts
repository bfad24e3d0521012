import type { BulkRowResult } from '@shared/api/bulk-activation';
import { neutraliseCsvCell } from '@shared/csv';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** The per-row result as a CSV file (the same cells the table shows, codes untranslated for scripts). */
export function resultCsv(rows: BulkRowResult[]): string {
  return stringify(
    rows.map((row) => ({ ...row, code: row.code ?? '' })),
    {
      bom: true,
      header: true,
      columns: ['row', 'mac', 'plan', 'status', 'code', 'credits'],
      cast: { string: neutraliseCsvCell },
    },
  );
}

/** Saves the result as a file; the object URL is released once the download has started. */
export function downloadResultCsv(rows: BulkRowResult[], now = new Date()): void {
  const url = URL.createObjectURL(new Blob([resultCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `bulk-activation-${now.toISOString().slice(0, 19).replace(/[T:]/g, '-')}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
