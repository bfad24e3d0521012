import { CLIENT_PLANS, type ClientPlan, type ClientRegistrationView } from '@shared/api/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { CopyButton } from '@web/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { isolateLtr } from '@web/lib/bidi';
import { formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { clientsQueryKey, decideClient } from './api';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function Decision({ client, onDone }: { client: ClientRegistrationView; onDone: () => void }) {
  const { t } = useTranslation('panel-network');
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<ClientPlan>(client.plan);
  const [confirmReject, setConfirmReject] = useState(false);
  const ids = useId();

  const decide = useMutation({
    mutationFn: (status: 'Approved' | 'Rejected') =>
      decideClient(status === 'Approved' ? { id: client.id, status, plan } : { id: client.id, status }),
    onSuccess: async (_, status) => {
      toast({
        variant: 'success',
        title: status === 'Approved' ? t('clients.approved') : t('clients.rejected'),
        description:
          status === 'Approved'
            ? t('clients.approvedDescription', { mac: isolateLtr(client.mac) })
            : undefined,
      });
      onDone();
      await queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t('clients.decideFailed'), description: translateError(error) });
      void queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
  });

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
          <Button variant="destructive" onClick={() => decide.mutate('Rejected')} disabled={decide.isPending}>
            <X aria-hidden="true" />
            {decide.isPending ? t('clients.rejecting') : t('clients.reject')}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
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
                onChange={() => setPlan(option)}
                className="sr-only"
              />
              <span className="font-medium">{t(`clients.plans.${option}`)}</span>
              {option === client.plan ? (
                <span className="text-xs text-muted-foreground">{t('clients.requested')}</span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>
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
        <Button onClick={() => decide.mutate('Approved')} disabled={decide.isPending}>
          <Check aria-hidden="true" />
          {decide.isPending ? t('clients.approving') : t('clients.approve')}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** A registration's details; Approve (with a plan) and Reject are offered for Pending ones only. */
export function ClientDetailDialog({
  client,
  onClose,
}: {
  client: ClientRegistrationView | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  return (
    <Dialog open={client !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {client ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('clients.detail.title')}</DialogTitle>
              <DialogDescription>
                {client.status === 'Pending' ? t('clients.detail.pending') : t('clients.detail.decided')}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3">
              <Detail label={t('clients.table.name')}>{client.name}</Detail>
              <Detail label={t('clients.table.email')}>
                <span dir="ltr">{client.email}</span>
              </Detail>
              <Detail label={t('clients.table.phone')}>
                <span dir="ltr">{client.phone}</span>
              </Detail>
              <Detail label={t('clients.table.mac')}>
                <span className="inline-flex items-center gap-1">
                  <span dir="ltr" className="font-mono">
                    {client.mac}
                  </span>
                  <CopyButton value={client.mac} label={t('clients.macLabel')} />
                </span>
              </Detail>
              <Detail label={t('clients.table.plan')}>{t(`clients.plans.${client.plan}`)}</Detail>
              <Detail label={t('clients.table.status')}>
                <Badge tone={toneForStatus(client.status)}>{t(`clients.statuses.${client.status}`)}</Badge>
              </Detail>
              <Detail label={t('clients.detail.submitted')}>{formatDateTime(client.created_at, lng)}</Detail>
              {client.status !== 'Pending' ? (
                <Detail label={t('clients.detail.decidedAt')}>
                  {formatDateTime(client.updated_at, lng)}
                </Detail>
              ) : null}
            </dl>
            {client.status === 'Pending' ? <Decision client={client} onDone={onClose} /> : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
