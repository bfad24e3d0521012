import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';

/**
 * The viewer's consent to hand their device to a reseller: the key their app shows. Asked only for a
 * device that already belongs to a viewer (paid, or with playlists).
 */
export function DeviceKeyField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'deviceKey'>;
  error: string | undefined;
}) {
  const { t } = useTranslation('panel-devices');
  return (
    <div className="grid gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4">
      <p id="activation-device-key-hint" className="text-sm">
        {t('activate.deviceKeyHint')}
      </p>
      <FormField id="activation-device-key" label={t('activate.deviceKey')} error={error}>
        {(field) => (
          <Input
            {...field}
            aria-describedby={[field['aria-describedby'], 'activation-device-key-hint']
              .filter(Boolean)
              .join(' ')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            {...registration}
          />
        )}
      </FormField>
    </div>
  );
}
