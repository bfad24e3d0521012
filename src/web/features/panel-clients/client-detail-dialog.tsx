import type { ClientRegistrationView } from '@shared/api/client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { CopyButton } from '@web/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { formatDateTime } from '@web/lib/format';
import { ClientDecisionForm } from './client-decision';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
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
            {client.status === 'Pending' ? <ClientDecisionForm client={client} onDone={onClose} /> : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
