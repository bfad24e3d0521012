import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { useProbeBeforeSave } from '@web/lib/use-probe-before-save';
import { probeBodyOf, type PlaylistFormValues } from './playlist-form';

/**
 * The panel form's check before saving, as on the device page: the server probes the address or
 * account on the device (`editingMac`, or the one chosen); a good one is saved at once, a failed
 * check stays on screen and the button becomes Save anyway.
 */
export function usePlaylistCheck(form: UseFormReturn<PlaylistFormValues>, editingMac: string | undefined) {
  const { t } = useTranslation(['panel-devices', 'device']);
  const watched = useWatch({
    control: form.control,
    name: ['deviceMac', 'kind', 'url', 'host', 'username', 'password'],
  });
  const probe = useProbeBeforeSave(JSON.stringify(watched), (error) =>
    toast({
      variant: 'destructive',
      title: t('playlists.form.checkFailed'),
      description: translateError(error),
    }),
  );
  const failed = probe.checked && !probe.result?.ok;

  return {
    result: probe.result,
    checking: probe.checking,
    failed,
    /** Whether these values may be saved now: checked before (whatever it found), or found good now. */
    async mayBeSaved(values: PlaylistFormValues): Promise<boolean> {
      if (probe.checked) return true;
      const result = await probe.check(probeBodyOf(values, editingMac ?? values.deviceMac));
      return result?.ok === true;
    },
    submitLabel: (label: string) => (failed ? t('device:probe.saveAnyway') : label),
    pendingLabel: (label: string) => (probe.checking ? t('device:probe.checking') : label),
  };
}
