import type { BulkRowResult } from '@shared/api/bulk-activation';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatNumber } from '@web/lib/format';

const TONES = { ready: 'info', activated: 'success', failed: 'danger' } as const;

/** Every row of a preview or a result: its MAC, plan, status and, for a failed row, why. */
export function BulkRowsTable({ rows, caption }: { rows: BulkRowResult[]; caption: string }) {
  const { t, i18n } = useTranslation('panel-devices');
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('bulk.table.row')}</TableHead>
          <TableHead>{t('bulk.table.mac')}</TableHead>
          <TableHead>{t('bulk.table.plan')}</TableHead>
          <TableHead>{t('bulk.table.status')}</TableHead>
          <TableHead>{t('bulk.table.credits')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell>{formatNumber(row.row, i18n.language)}</TableCell>
            <TableCell>
              <bdi className="font-mono">{row.mac || '—'}</bdi>
            </TableCell>
            <TableCell>{row.plan ? t(`activate.plans.${row.plan}`) : '—'}</TableCell>
            <TableCell>
              <div className="flex flex-col items-start gap-1">
                <Badge tone={TONES[row.status]}>{t(`bulk.status.${row.status}`)}</Badge>
                {row.code ? (
                  <span className="text-xs text-muted-foreground">{t(`bulk.codes.${row.code}`)}</span>
                ) : null}
              </div>
            </TableCell>
            <TableCell>{formatNumber(row.credits, i18n.language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
