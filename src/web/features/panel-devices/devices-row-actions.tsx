import type { PanelDevice } from '@shared/api/panel-device';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { useDeleteDevice } from './api';
import { EditDeviceDialog } from './edit-device-dialog';
import { isolateLtr } from '@web/lib/bidi';

/** Edit (everyone) and Delete (admins, after confirming), each with its dialog. */
export function DeviceActions({ device }: { device: PanelDevice }) {
  const { t } = useTranslation('panel-devices');
  const isAdmin = usePanelUser().role === 'admin';
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteDevice();

  function deleteDevice() {
    remove.mutate(device, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('devices.delete.success') });
        setConfirming(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('devices.delete.failed'),
          description: translateError(error),
        }),
    });
  }

  return (
    <span className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        title={t('devices.edit.title')}
        aria-label={t('devices.edit.action', { mac: device.mac })}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      {isAdmin ? (
        <Button
          variant="ghost"
          size="icon"
          title={t('devices.delete.confirm')}
          aria-label={t('devices.delete.action', { mac: device.mac })}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-300"
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
      <EditDeviceDialog device={editing ? device : null} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('devices.delete.title')}
        description={t('devices.delete.description', { mac: isolateLtr(device.mac) })}
        confirmLabel={t('devices.delete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={deleteDevice}
      />
    </span>
  );
}
