import type { BulkOutcome } from '@shared/api/bulk-activation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatNumber } from '@web/lib/format';
import { BulkRowsTable } from './bulk-rows-table';

/**
 * A preview (`step` preview: rows ready, credits needed) or a result (rows activated, credits
 * charged): the figures, the actions, then every row.
 */
export function BulkOutcomeCard({
  step,
  outcome,
  notice,
  actions,
}: {
  step: 'preview' | 'result';
  outcome: BulkOutcome;
  notice?: ReactNode;
  actions: ReactNode;
}) {
  const { t, i18n } = useTranslation('panel-devices');
  const { summary } = outcome;
  const number = (value: number) => formatNumber(value, i18n.language);
  const figures = [
    [t(`bulk.${step}.succeeded`), number(summary.succeeded)],
    [t('bulk.summary.failed'), number(summary.failed)],
    [t(`bulk.${step}.credits`), number(summary.credits)],
    [t('bulk.summary.balance'), summary.balance === null ? t('activate.unlimited') : number(summary.balance)],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(`bulk.${step}.title`, { count: summary.rows })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg border p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        {notice}
        <div className="flex flex-wrap gap-2">{actions}</div>
        <BulkRowsTable rows={outcome.rows} caption={t(`bulk.${step}.caption`)} />
      </CardContent>
    </Card>
  );
}
