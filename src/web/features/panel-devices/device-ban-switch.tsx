import type { PanelDevice } from '@shared/api/panel-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceStatusBadge } from '@web/components/panel-device/device-badges';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { useToggleDeviceBan } from './api';
import { isolateLtr, isolateText } from '@web/lib/bidi';

/**
 * Active or Banned; an admin also gets the switch that bans or lifts the ban. Banning asks first,
 * like a reseller's ban, because one stray tap would stop a paying viewer's TV. Lifting a ban
 * stays one tap: it only gives the viewer back what they paid for, and a mistaken lift is undone
 * by the (confirmed) ban.
 */
export function DeviceStatus({ device }: { device: PanelDevice }) {
  const { t } = useTranslation('panel-devices');
  const isAdmin = usePanelUser().role === 'admin';
  const ban = useToggleDeviceBan();
  const [confirming, setConfirming] = useState(false);
  if (!isAdmin) return <DeviceStatusBadge banned={device.banned} />;

  function toggle() {
    ban.mutate(device, {
      onSuccess: (updated) => {
        setConfirming(false);
        toast({
          variant: 'success',
          title: updated.banned ? t('devices.ban.banned') : t('devices.ban.unbanned'),
        });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t('devices.ban.failed'), description: translateError(error) }),
    });
  }

  // Isolated: in Arabic an unisolated MAC that starts with digits reads "D0:80:CD:02:48:52".
  const values = { mac: isolateLtr(device.mac), name: isolateText(device.name ?? '') };
  return (
    <span className="flex items-center gap-2">
      <Switch
        checked={!device.banned}
        onCheckedChange={() => (device.banned ? toggle() : setConfirming(true))}
        disabled={ban.isPending}
        aria-label={t('devices.ban.switchLabel', { mac: device.mac })}
      />
      <DeviceStatusBadge banned={device.banned} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('devices.ban.confirmTitle', values)}
        description={
          device.name
            ? t('devices.ban.confirmDescriptionNamed', values)
            : t('devices.ban.confirmDescription', values)
        }
        confirmLabel={t('devices.ban.confirm')}
        destructive
        busy={ban.isPending}
        onConfirm={toggle}
      />
    </span>
  );
}
