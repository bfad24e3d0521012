import {
  type BulkActivationBody,
  type BulkOutcome,
  bulkActivationBodySchema,
} from '@shared/api/bulk-activation';
import { Download, RotateCcw, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { useActivateBulk, usePreviewBulk } from './api';
import { BulkInputCard, type BulkInput } from './bulk-input-card';
import { BulkOutcomeCard } from './bulk-outcome-card';
import { parseBulkList } from './parse-bulk-list';
import { downloadResultCsv } from './result-csv';

type Step =
  | { kind: 'input' }
  | { kind: 'preview'; body: BulkActivationBody; outcome: BulkOutcome; idempotencyKey: string }
  | { kind: 'result'; outcome: BulkOutcome };

/** Bulk activation: paste or upload a list, preview every row and the credits, confirm, see each result. */
export function BulkActivationPage() {
  const { t } = useTranslation('panel-devices');
  const [input, setInput] = useState<BulkInput>({ text: '', plan: 'year' });
  const [step, setStep] = useState<Step>({ kind: 'input' });
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewBulk();
  const activate = useActivateBulk();

  function runPreview() {
    setError(null);
    let rows: BulkActivationBody['rows'];
    try {
      rows = parseBulkList(input.text);
    } catch {
      return setError(t('bulk.input.unreadable'));
    }
    // The shared contract: 1 to 1,000 rows, bounded cells (the server checks the same).
    const body = bulkActivationBodySchema.safeParse({ plan: input.plan, rows });
    if (!body.success) return setError(rows.length === 0 ? t('bulk.input.empty') : t('bulk.input.tooMany'));
    preview.mutate(body.data, {
      onSuccess: (outcome) =>
        setStep({ kind: 'preview', body: body.data, outcome, idempotencyKey: newIdempotencyKey() }),
      onError: (failure) => setError(translateError(failure)),
    });
  }

  function confirm(current: Extract<Step, { kind: 'preview' }>) {
    activate.mutate(
      { body: current.body, idempotencyKey: current.idempotencyKey },
      {
        onSuccess: (outcome) => {
          setStep({ kind: 'result', outcome });
          toast({
            variant: outcome.summary.succeeded > 0 ? 'success' : 'destructive',
            title: t('bulk.result.toast', { count: outcome.summary.succeeded }),
          });
        },
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: t('bulk.preview.failed'),
            description: translateError(failure),
          }),
      },
    );
  }

  const startOver = (
    <Button variant="outline" onClick={() => setStep({ kind: 'input' })}>
      <RotateCcw aria-hidden="true" />
      {step.kind === 'result' ? t('bulk.result.again') : t('bulk.preview.edit')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('bulk.title')} intro={t('bulk.intro')} />
      {step.kind === 'input' ? (
        <BulkInputCard
          value={input}
          onChange={setInput}
          onPreview={runPreview}
          pending={preview.isPending}
          error={error}
        />
      ) : null}
      {step.kind === 'preview' ? (
        <BulkOutcomeCard
          step="preview"
          outcome={step.outcome}
          notice={<CreditsNotice outcome={step.outcome} />}
          actions={
            <>
              <Button
                onClick={() => confirm(step)}
                disabled={activate.isPending || step.outcome.summary.succeeded === 0}
              >
                <Zap aria-hidden="true" />
                {activate.isPending
                  ? t('bulk.preview.confirming')
                  : t('bulk.preview.confirm', { count: step.outcome.summary.succeeded })}
              </Button>
              {startOver}
            </>
          }
        />
      ) : null}
      {step.kind === 'result' ? (
        <BulkOutcomeCard
          step="result"
          outcome={step.outcome}
          actions={
            <>
              <Button onClick={() => downloadResultCsv(step.outcome.rows)}>
                <Download aria-hidden="true" />
                {t('bulk.result.download')}
              </Button>
              {startOver}
            </>
          }
        />
      ) : null}
    </div>
  );
}

/** Whether the balance covers the ready rows; rows past it would fail without being charged. */
function CreditsNotice({ outcome }: { outcome: BulkOutcome }) {
  const { t } = useTranslation('panel-devices');
  const { balance, credits } = outcome.summary;
  if (balance === null || balance >= credits) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-amber-600/30 bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      {t('bulk.preview.notEnough')}
    </p>
  );
}
