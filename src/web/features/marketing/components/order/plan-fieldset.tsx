import type { ClientRegistrationForm } from '@shared/api/client';
import { clsx } from 'clsx';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';
import { formatPrice } from '../../lib/format';
import { PLAN_CHOICES } from '../../lib/plan-choices';

/** The plan, as a radio card per plan with its price; the group's error is read with the group. */
export function PlanFieldset({
  register,
  error,
}: {
  register: UseFormRegister<ClientRegistrationForm>;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation('marketing');
  const { prices } = useBrand();
  return (
    <fieldset aria-describedby={error ? 'order-plan-error' : undefined} className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('order.form.plan')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {PLAN_CHOICES.map((choice) => (
          <label
            key={choice.value}
            className={clsx(
              'relative flex cursor-pointer items-start gap-3 rounded-2xl border bg-background p-4 transition-colors hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              error && 'border-destructive',
            )}
          >
            <input type="radio" value={choice.value} className="radio mt-1" {...register('plan')} />
            <span className="flex-1">
              <span className="block font-semibold">{t(`order.form.plans.${choice.value}.name`)}</span>
              <span className="block text-sm text-muted-foreground">
                {t(`order.form.plans.${choice.value}.detail`)}
              </span>
            </span>
            <span className="text-lg font-bold">
              {t('price', { amount: formatPrice(i18n.language, prices.viewer[choice.plan]) })}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="order-plan-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
