import { PAID_PLANS, type PaidPlan } from '@shared/plans';
import { FileUp, ListChecks } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { Select } from '@web/components/ui/select';

export interface BulkInput {
  text: string;
  plan: PaidPlan;
}

/** Step 1: the list, pasted or read from a file, and the plan for rows that name none. */
export function BulkInputCard({
  value,
  onChange,
  onPreview,
  pending,
  error,
}: {
  value: BulkInput;
  onChange: (value: BulkInput) => void;
  onPreview: () => void;
  pending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('panel-devices');
  const id = useId();

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) onChange({ ...value, text: await file.text() });
    event.target.value = '';
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bulk.input.title')}</CardTitle>
        <CardDescription>{t('bulk.input.hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onPreview();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-list`}>{t('bulk.input.list')}</Label>
            <Textarea
              id={`${id}-list`}
              dir="ltr"
              rows={10}
              value={value.text}
              onChange={(event) => onChange({ ...value, text: event.target.value })}
              placeholder={'mac,plan,client_name,client_phone\n00:1A:2B:3C:4D:5E,year,Ada,+33 6 12 34 56 78'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="font-mono"
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-file`}>{t('bulk.input.file')}</Label>
              <div className="flex items-center gap-2">
                <FileUp aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <input
                  id={`${id}-file`}
                  type="file"
                  accept=".csv,.txt,text/csv,text/plain"
                  onChange={(event) => void readFile(event)}
                  className="w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:text-foreground"
                />
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-plan`}>{t('bulk.input.plan')}</Label>
              <Select
                id={`${id}-plan`}
                value={value.plan}
                onChange={(event) => onChange({ ...value, plan: event.target.value as PaidPlan })}
              >
                {PAID_PLANS.map((plan) => (
                  <option key={plan} value={plan}>
                    {t(`activate.plans.${plan}`)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <Button type="submit" className="justify-self-start" disabled={pending || !value.text.trim()}>
            <ListChecks aria-hidden="true" />
            {pending ? t('bulk.input.previewing') : t('bulk.input.preview')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
