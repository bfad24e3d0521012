import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '@web/components/shown-once-dialog';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { useResetDeviceKey } from '../pairing-api';

/**
 * Reset device key: for a viewer who fears someone else knows the key. After a confirmation the
 * server draws a new one, shown here once (it is never sent to a browser again); the old key stops
 * at once, on the TV and in every other browser signed in to this device.
 */
export function DeviceKeyReset() {
  const { t } = useTranslation('device');
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const reset = useResetDeviceKey({
    onSuccess: (key) => {
      setConfirming(false);
      setNewKey(key);
    },
    onError: (error) => {
      setConfirming(false);
      toast({ variant: 'destructive', title: t('resetKey.failed'), description: translateError(error) });
    },
  });

  return (
    <section
      aria-labelledby="device-key-title"
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="device-key-title" className="text-lg font-semibold">
        {t('resetKey.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('resetKey.text')}</p>
      <Button variant="outline" className="justify-self-start" onClick={() => setConfirming(true)}>
        <KeyRound aria-hidden="true" />
        {t('resetKey.action')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('resetKey.confirmTitle')}
        description={t('resetKey.confirmText')}
        confirmLabel={t('resetKey.confirm')}
        destructive
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
      />
      <ShownOnceDialog
        value={newKey}
        title={t('resetKey.doneTitle')}
        description={t('resetKey.doneText')}
        copyLabel={t('resetKey.keyLabel')}
        warning={t('resetKey.once')}
        doneLabel={t('resetKey.close')}
        valueClassName="text-center text-2xl font-bold tracking-[0.2em]"
        testId="new-device-key"
        onClose={() => setNewKey(null)}
      />
    </section>
  );
}
