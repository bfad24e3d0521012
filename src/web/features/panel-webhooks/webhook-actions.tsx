import type { WebhookView } from '@shared/api/webhook';
import { History, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { useDeleteWebhook, useSendTestEvent } from './api';
import { isolateLtr } from '@web/lib/bidi';

/** Deliveries, Send test event, and Delete after a confirmation. */
export function WebhookActions({
  endpoint,
  onShowDeliveries,
}: {
  endpoint: WebhookView;
  onShowDeliveries: () => void;
}) {
  const { t } = useTranslation('panel-network');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: translateError(error) });

  return (
    <span className="flex flex-wrap justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={onShowDeliveries}
        aria-label={t('webhooks.deliveriesLabel', { url: endpoint.url })}
      >
        <History aria-hidden="true" />
        {t('webhooks.deliveries')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={!endpoint.enabled || test.isPending}
        aria-label={t('webhooks.testLabel', { url: endpoint.url })}
        onClick={() =>
          test.mutate(endpoint, {
            onSuccess: () => {
              toast({ variant: 'success', title: t('webhooks.testSent') });
              onShowDeliveries();
            },
            onError: failed(t('webhooks.testFailed')),
          })
        }
      >
        <Send aria-hidden="true" className="rtl:-scale-x-100" />
        {t('webhooks.test')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setConfirming(true)}
        aria-label={t('webhooks.deleteLabel', { url: endpoint.url })}
      >
        <Trash2 aria-hidden="true" />
        {t('webhooks.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('webhooks.deleteConfirm.title')}
        description={t('webhooks.deleteConfirm.description', { url: isolateLtr(endpoint.url) })}
        confirmLabel={t('webhooks.deleteConfirm.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint, {
            onSuccess: () => {
              toast({ variant: 'success', title: t('webhooks.deleted') });
              setConfirming(false);
            },
            onError: failed(t('webhooks.deleteFailed')),
          })
        }
      />
    </span>
  );
}
