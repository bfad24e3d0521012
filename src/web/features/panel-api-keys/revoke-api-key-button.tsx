import type { ApiKeyView } from '@shared/api/api-key';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { useRevokeApiKey } from './api';

/** Revoke, after a confirmation that says scripts using the key stop at once. */
export function RevokeApiKeyButton({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation('panel-network');
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiKey();

  function revokeKey() {
    revoke.mutate(apiKey, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('apiKeys.revoked', { name: apiKey.name }) });
        setConfirming(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('apiKeys.revokeFailed'),
          description: translateError(error),
        }),
    });
  }

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setConfirming(true)}
        aria-label={t('apiKeys.revokeLabel', { name: apiKey.name })}
      >
        <Ban aria-hidden="true" />
        {t('apiKeys.revoke')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('apiKeys.revokeConfirm.title', { name: apiKey.name })}
        description={t('apiKeys.revokeConfirm.description')}
        confirmLabel={t('apiKeys.revokeConfirm.confirm')}
        destructive
        busy={revoke.isPending}
        onConfirm={revokeKey}
      />
    </>
  );
}
