import type { ProbeBody, ProbeResult } from '@shared/api/playlist-probe';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useProbeBeforeSave } from '@web/lib/use-probe-before-save';
import type { PlaylistFormInput, PlaylistFormValues } from './schemas';
import { useErrorToast } from './use-error-toast';

/** What the probe checks for the form's values: the M3U address or the account. */
function probeBodyOf(values: PlaylistFormValues): ProbeBody {
  if (!values.isAccount) return { url: values.url ?? '' };
  return { server: values.host ?? '', username: values.username ?? '', password: values.password ?? '' };
}

/**
 * The device page's check before saving (useProbeBeforeSave); an EPG address found fills an empty
 * EPG field.
 */
export function usePlaylistProbe(form: UseFormReturn<PlaylistFormInput, unknown, PlaylistFormValues>) {
  const watched = useWatch({
    control: form.control,
    name: ['isAccount', 'url', 'host', 'username', 'password'],
  });
  const probe = useProbeBeforeSave(JSON.stringify(watched), useErrorToast());

  async function check(values: PlaylistFormValues): Promise<ProbeResult | null> {
    const result = await probe.check(probeBodyOf(values));
    if (result?.epg_url && !form.getValues('epg_url')) form.setValue('epg_url', result.epg_url);
    return result;
  }

  return { ...probe, check };
}
