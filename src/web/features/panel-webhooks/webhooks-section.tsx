import type { WebhookView } from '@shared/api/webhook';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@web/components/data-table';
import { ListToolbar } from '@web/components/list-page';
import { ShownOnceDialog } from '@web/components/shown-once-dialog';
import { useWebhooks } from './api';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { DeliveriesDialog } from './deliveries-dialog';
import { useWebhookColumns } from './webhook-columns';

/**
 * Webhooks on the "API & webhooks" screen: the account's endpoints, adding one (its signing secret is
 * shown once), its deliveries, a test event, and deleting it.
 */
export function WebhooksSection() {
  const { t } = useTranslation('panel-network');
  const endpoints = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const columns = useWebhookColumns((endpoint) => setShownId(endpoint.id));
  // Read from the list, so a disabled endpoint's state shows in its open deliveries view too.
  const shown: WebhookView | null = endpoints.data?.find((e) => e.id === shownId) ?? null;

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <h2 id="webhooks-heading" className="text-2xl font-semibold tracking-tight">
          {t('webhooks.title')}
        </h2>
        <p className="max-w-2xl text-muted-foreground">{t('webhooks.intro')}</p>
      </header>
      <ListToolbar addLabel={t('webhooks.add')} onAdd={() => setCreating(true)} />
      <DataTable
        columns={columns}
        query={endpoints}
        rows={endpoints.data}
        rowKey={(endpoint) => endpoint.id}
        caption={t('webhooks.title')}
        empty={t('webhooks.empty')}
        failure={t('webhooks.loadFailed')}
      />
      <CreateWebhookDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(endpoint) => {
          setCreating(false);
          setSecret(endpoint.secret);
        }}
      />
      <ShownOnceDialog
        value={secret}
        onClose={() => setSecret(null)}
        title={t('webhooks.secret.title')}
        description={t('webhooks.secret.description')}
        copyLabel={t('webhooks.secret.copy')}
        warning={t('webhooks.secret.once')}
        doneLabel={t('webhooks.secret.done')}
        testId="webhook-secret"
      />
      <DeliveriesDialog endpoint={shown} onClose={() => setShownId(null)} />
    </section>
  );
}
