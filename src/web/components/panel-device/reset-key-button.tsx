import type { PanelDevice } from '@shared/api/panel-device';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { useResetDeviceKey } from '@web/lib/panel-devices-api';

/**
 * Reset key (decision 0011): gives the device a new key, so whoever held the old one (someone who
 * registered the MAC before the customer's TV, a leak) loses it. Shown only with the key, that is to
 * an admin or the device's owner.
 */
export function ResetKeyButton({ device }: { device: PanelDevice }) {
  const { t } = useTranslation('panel-devices');
  const [confirming, setConfirming] = useState(false);
  const mutation = useResetDeviceKey(device.id);
  const resetKey = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ variant: 'success', title: t('deviceInfo.resetKey.done') });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('deviceInfo.resetKey.failed'),
          description: translateError(error),
        });
      },
    });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <KeyRound aria-hidden="true" />
        {t('deviceInfo.resetKey.action')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deviceInfo.resetKey.title')}
        description={t('deviceInfo.resetKey.description')}
        confirmLabel={t('deviceInfo.resetKey.confirm')}
        destructive
        busy={mutation.isPending}
        onConfirm={resetKey}
      />
    </>
  );
}
