import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@web/components/data-table';
import { ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { useApiKeys } from './api';
import { useApiKeyColumns } from './api-keys-columns';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { NewSecretDialog } from './new-secret-dialog';

/**
 * API keys, the first part of "API & webhooks" (/dashboard/api-keys): the keys a reseller's own scripts
 * and shops use with the reseller API (docs/product.md §7). The secret is shown once, right after
 * creation. The webhooks part is composed after it (src/web/app/api-and-webhooks-page.tsx).
 */
/** A link to the reseller API's reference or document, in a new tab (said to screen readers). */
function ReferenceLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation('panel-network');
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
      <span className="sr-only"> {t('apiKeys.opensInNewTab')}</span>
    </a>
  );
}

export function ApiKeysPage() {
  const { t } = useTranslation('panel-network');
  const keys = useApiKeys();
  const columns = useApiKeyColumns();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('apiKeys.pageTitle')} intro={t('apiKeys.intro')} />
      <h2 className="text-2xl font-semibold tracking-tight">{t('apiKeys.title')}</h2>
      <p className="-mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <ReferenceLink href="/api/reseller/v1/docs">{t('apiKeys.reference')}</ReferenceLink>
        <ReferenceLink href="/api/reseller/v1/openapi.json">{t('apiKeys.document')}</ReferenceLink>
      </p>
      <ListToolbar addLabel={t('apiKeys.add')} onAdd={() => setCreating(true)} />
      <DataTable
        columns={columns}
        query={keys}
        rows={keys.data}
        rowKey={(key) => key.id}
        caption={t('apiKeys.title')}
        empty={t('apiKeys.empty')}
        failure={t('apiKeys.loadFailed')}
      />
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated({ name: key.name, secret: key.secret });
        }}
      />
      <NewSecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
