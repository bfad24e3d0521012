import { CLIENT_PLANS, type ClientPlan, type ClientRegistrationView } from '@shared/api/client';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { isolateLtr } from '@web/lib/bidi';
import { cn } from '@web/lib/utils';
import { useDecideClient, type ClientDecision } from './api';

/** Approve with a plan (the requested one first), or Reject after a confirmation. */
export function ClientDecisionForm({
  client,
  onDone,
}: {
  client: ClientRegistrationView;
  onDone: () => void;
}) {
  const { t } = useTranslation('panel-network');
  const decide = useDecideClient(client.id);
  const [plan, setPlan] = useState<ClientPlan>(client.plan);
  const [confirmReject, setConfirmReject] = useState(false);

  function send(decision: ClientDecision) {
    decide.mutate(decision, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: decision.status === 'Approved' ? t('clients.approved') : t('clients.rejected'),
          description:
            decision.status === 'Approved'
              ? t('clients.approvedDescription', { mac: isolateLtr(client.mac) })
              : undefined,
        });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('clients.decideFailed'),
          description: translateError(error),
        });
      },
    });
  }

  if (confirmReject) {
    return (
      <div className="grid gap-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
        <p className="text-sm" role="alert">
          {t('clients.rejectConfirm', { name: client.name })}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirmReject(false)} disabled={decide.isPending}>
            {t('common.back')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => send({ status: 'Rejected' })}
            disabled={decide.isPending}
          >
            <X aria-hidden="true" />
            {decide.isPending ? t('clients.rejecting') : t('clients.reject')}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <ClientPlanChoice requested={client.plan} plan={plan} onChange={setPlan} />
      <DialogFooter>
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirmReject(true)}
          disabled={decide.isPending}
        >
          <X aria-hidden="true" />
          {t('clients.reject')}
        </Button>
        <Button onClick={() => send({ status: 'Approved', plan })} disabled={decide.isPending}>
          <Check aria-hidden="true" />
          {decide.isPending ? t('clients.approving') : t('clients.approve')}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ClientPlanChoice({
  requested,
  plan,
  onChange,
}: {
  requested: ClientPlan;
  plan: ClientPlan;
  onChange: (plan: ClientPlan) => void;
}) {
  const { t } = useTranslation('panel-network');
  const ids = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('clients.choosePlan')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {CLIENT_PLANS.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer flex-col gap-0.5 rounded-md border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              plan === option ? 'border-primary bg-primary/10' : 'border-input hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name={`${ids}-plan`}
              value={option}
              checked={plan === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            <span className="font-medium">{t(`clients.plans.${option}`)}</span>
            {option === requested ? (
              <span className="text-xs text-muted-foreground">{t('clients.requested')}</span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
