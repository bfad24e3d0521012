import type { SentDeviceMessage } from '@shared/api/device-message';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formatDateTime } from '@web/lib/format';
import { useWithdrawDeviceMessage } from './api';

/** Withdraw, after a confirmation: the message leaves every TV it was sent to. */
export function WithdrawMessageButton({ message }: { message: SentDeviceMessage }) {
  const { t, i18n } = useTranslation('panel-devices');
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawDeviceMessage();
  const label = t('deviceMessages.withdrawLabel', {
    date: formatDateTime(message.created_at, i18n.language),
  });

  function confirm() {
    withdraw.mutate(message, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('deviceMessages.withdrawn') });
        setConfirming(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('deviceMessages.withdrawFailed'),
          description: translateError(error),
        }),
    });
  }

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={label}
        title={label}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deviceMessages.withdrawConfirm.title')}
        description={t('deviceMessages.withdrawConfirm.description', { count: message.recipients })}
        confirmLabel={t('deviceMessages.withdrawConfirm.confirm')}
        destructive
        busy={withdraw.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
