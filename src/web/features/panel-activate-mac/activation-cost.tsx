import type { PanelUser } from '@shared/api/auth';
import { PLAN_CREDIT_COST, type PaidPlan } from '@shared/plans';
import { useTranslation } from 'react-i18next';

/** What the chosen plan costs, beside the balance it comes out of (unlimited for an admin). */
export function ActivationCost({ plan, user }: { plan: PaidPlan | undefined; user: PanelUser }) {
  const { t } = useTranslation('panel-devices');
  return (
    <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
      <div className="flex items-center justify-between gap-4">
        <dt className="text-muted-foreground">{t('activate.cost')}</dt>
        <dd className="font-semibold" aria-live="polite">
          {plan ? t('credits', { count: PLAN_CREDIT_COST[plan] }) : t('activate.choosePlan')}
        </dd>
      </div>
      <div className="flex items-center justify-between gap-4">
        <dt className="text-muted-foreground">{t('activate.balance')}</dt>
        <dd className="font-semibold">
          {user.role === 'admin' ? t('activate.unlimited') : t('credits', { count: user.credits })}
        </dd>
      </div>
    </dl>
  );
}
