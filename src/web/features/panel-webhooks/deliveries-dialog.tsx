import type { WebhookDeliveryView, WebhookView } from '@shared/api/webhook';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { useResendDelivery, useWebhookDeliveries } from './api';

const STATE_TONES: Record<WebhookDeliveryView['state'], BadgeTone> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

function useDeliveryColumns(endpoint: WebhookView): DataTableColumn<WebhookDeliveryView>[] {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  const resend = useResendDelivery(endpoint.id);
  const dash = <span className="text-muted-foreground">—</span>;
  return [
    {
      id: 'event',
      header: t('webhooks.log.event'),
      cell: (d) => (
        <span dir="ltr" className="font-mono text-xs">
          {d.type}
        </span>
      ),
    },
    { id: 'time', header: t('webhooks.log.time'), cell: (d) => formatDateTime(d.created_at, lng) },
    { id: 'attempts', header: t('webhooks.log.attempts'), cell: (d) => formatNumber(d.attempts, lng) },
    {
      id: 'status',
      header: t('webhooks.log.status'),
      cell: (d) =>
        d.response_status === null ? (d.last_error ?? dash) : formatNumber(d.response_status, lng),
    },
    {
      id: 'latency',
      header: t('webhooks.log.latency'),
      cell: (d) =>
        d.latency_ms === null ? dash : t('webhooks.log.ms', { ms: formatNumber(d.latency_ms, lng) }),
    },
    {
      id: 'state',
      header: t('webhooks.log.state'),
      cell: (d) => <Badge tone={STATE_TONES[d.state]}>{t(`webhooks.states.${d.state}`)}</Badge>,
    },
    {
      id: 'actions',
      header: t('webhooks.table.actions'),
      align: 'end',
      cell: (d) => (
        <Button
          variant="ghost"
          size="sm"
          disabled={!endpoint.enabled || resend.isPending}
          aria-label={t('webhooks.log.resendLabel', { event: d.type })}
          onClick={() =>
            resend.mutate(d, {
              onSuccess: () => toast({ variant: 'success', title: t('webhooks.log.resent') }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('webhooks.log.resendFailed'),
                  description: translateError(error),
                }),
            })
          }
        >
          <RotateCw aria-hidden="true" />
          {t('webhooks.log.resend')}
        </Button>
      ),
    },
  ];
}

function DeliveriesTable({ endpoint }: { endpoint: WebhookView }) {
  const { t } = useTranslation('panel-network');
  const deliveries = useWebhookDeliveries(endpoint.id);
  const columns = useDeliveryColumns(endpoint);
  return (
    <DataTable
      columns={columns}
      query={deliveries}
      rows={deliveries.data}
      rowKey={(d) => d.id}
      caption={t('webhooks.log.caption')}
      empty={t('webhooks.log.empty')}
      failure={t('webhooks.log.loadFailed')}
    />
  );
}

/** An endpoint's latest deliveries: event, time, attempts, answer, latency, state, and Resend. */
export function DeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('panel-network');
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t('webhooks.log.title')}</DialogTitle>
          <DialogDescription>
            <span dir="ltr" className="break-all font-mono text-xs">
              {endpoint?.url}
            </span>
          </DialogDescription>
        </DialogHeader>
        {endpoint ? <DeliveriesTable endpoint={endpoint} /> : null}
      </DialogContent>
    </Dialog>
  );
}
