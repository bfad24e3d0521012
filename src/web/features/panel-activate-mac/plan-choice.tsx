import { PAID_PLANS, PLAN_CREDIT_COST, type PaidPlan } from '@shared/plans';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';

/** The paid plans as cards, each with its description and its cost in credits. */
export function PlanChoice({
  registration,
  selected,
}: {
  registration: UseFormRegisterReturn<'plan'>;
  selected: PaidPlan | undefined;
}) {
  const { t } = useTranslation('panel-devices');
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('activate.plan')}</legend>
      {PAID_PLANS.map((code) => (
        <label
          key={code}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            selected === code && 'border-primary bg-primary/5 hover:bg-primary/10',
          )}
        >
          <input type="radio" value={code} className="radio" {...registration} />
          <span className="grid flex-1 gap-0.5">
            <span className="font-semibold">{t(`activate.plans.${code}`)}</span>
            <span className="text-sm text-muted-foreground">{t(`activate.plans.${code}Description`)}</span>
          </span>
          <span className="shrink-0 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-semibold text-primary">
            {t('credits', { count: PLAN_CREDIT_COST[code] })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
