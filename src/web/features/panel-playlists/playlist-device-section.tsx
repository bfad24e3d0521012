import type { PanelDevice } from '@shared/api/panel-device';
import { LoaderCircle } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { MacInput } from '@web/components/ui/mac-input';
import { Select } from '@web/components/ui/select';
import type { DeviceChoices } from './api';
import { PlaylistFormSection, usePlaylistFormSection } from './playlist-form-section';

/** Which device the playlist goes on: picked from the user's devices, typed, or (editing) shown. */
export function PlaylistDeviceSection({
  editingMac,
  devicesQuery,
}: {
  /** The device of the playlist being edited, which cannot change; undefined when adding. */
  editingMac: string | undefined;
  devicesQuery: DeviceChoices;
}) {
  const { t } = useTranslation('panel-devices');
  const devices = devicesQuery.data?.data ?? [];
  // More devices than one page holds: the MAC is typed instead of picked.
  const typeMac = devicesQuery.data ? devicesQuery.data.pagination.total > devices.length : false;
  return (
    <PlaylistFormSection title={t('playlists.form.deviceSection')}>
      {editingMac !== undefined ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t('playlists.table.device')}: </span>
          <span dir="ltr" className="font-mono font-medium">
            {editingMac}
          </span>
        </p>
      ) : (
        <DevicePicker devicesQuery={devicesQuery} devices={devices} typeMac={typeMac} />
      )}
      {typeMac ? <p className="text-sm text-muted-foreground">{t('playlists.form.manyDevices')}</p> : null}
    </PlaylistFormSection>
  );
}

function DevicePicker({
  devicesQuery,
  devices,
  typeMac,
}: {
  devicesQuery: DeviceChoices;
  devices: PanelDevice[];
  typeMac: boolean;
}) {
  const { t, register, control, errors, errorText } = usePlaylistFormSection();
  const error = errorText(errors.deviceMac?.message);

  if (devicesQuery.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {t('playlists.form.loadingDevices')}
      </p>
    );
  }
  if (typeMac || devicesQuery.isError) {
    return (
      <FormField id="playlist-device-mac" label={t('playlists.form.deviceMac')} error={error}>
        {(field) => (
          <Controller
            control={control}
            name="deviceMac"
            render={({ field: { onChange, ...rest } }) => (
              <MacInput {...field} {...rest} onValueChange={onChange} />
            )}
          />
        )}
      </FormField>
    );
  }
  if (devices.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('playlists.form.noDevices')}</p>;
  }
  return (
    <FormField id="playlist-device" label={t('playlists.form.device')} error={error}>
      {(field) => (
        <Select {...field} {...register('deviceMac')}>
          <option value="">{t('playlists.form.chooseDevice')}</option>
          {devices.map((device) => (
            <option key={device.id} value={device.mac}>
              {device.name ? `${device.mac} · ${device.name}` : device.mac}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
