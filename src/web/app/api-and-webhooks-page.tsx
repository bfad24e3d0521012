import { ApiKeysPage } from '@web/features/panel-api-keys/api-keys-page';
import { WebhooksSection } from '@web/features/panel-webhooks/webhooks-section';

/**
 * "API & webhooks" (/dashboard/api-keys): two features on one screen, composed here because a feature
 * never imports another.
 */
export function ApiAndWebhooksPage() {
  return (
    <div className="flex flex-col gap-12">
      <ApiKeysPage />
      <WebhooksSection />
    </div>
  );
}
