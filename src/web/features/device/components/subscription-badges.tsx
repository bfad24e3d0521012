import { CalendarClock, Crown, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { planCode, type PlanCode, type ViewerState } from '../subscription-state';

const planTones: Record<PlanCode, BadgeTone> = {
  free: 'info',
  year: 'success',
  lifetime: 'success',
  unknown: 'neutral',
};
const planIcons = { free: Sparkles, year: CalendarClock, lifetime: Crown, unknown: null } as const;

export function PlanBadge({ paymentType }: { paymentType: string }) {
  const { t } = useTranslation('device');
  const code = planCode(paymentType);
  const Icon = planIcons[code];
  return (
    <Badge tone={planTones[code]}>
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      {t(`plan.badge.${code}`)}
    </Badge>
  );
}

const stateTones: Record<ViewerState, BadgeTone> = {
  active: 'success',
  trial: 'info',
  expiring_soon: 'orange',
  expired: 'warning',
  banned: 'danger',
};

export function SubscriptionStateBadge({ state }: { state: ViewerState }) {
  const { t } = useTranslation('device');
  return <Badge tone={stateTones[state]}>{t(`subscription.state.${state}`)}</Badge>;
}
