import type { ProbeBody, ProbeResult } from '@shared/api/playlist-probe';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { probePlaylist } from './api';
import type { PlaylistFormInput, PlaylistFormValues } from './schemas';
import { useErrorToast } from './use-error-toast';

/** What the probe checks for the form's values: the M3U address or the account. */
function probeBodyOf(values: PlaylistFormValues): ProbeBody {
  if (!values.isAccount) return { url: values.url ?? '' };
  return { server: values.host ?? '', username: values.username ?? '', password: values.password ?? '' };
}

/**
 * The form's check before saving (issue 16): the first submit probes; a failed check is shown and the
 * next submit saves anyway. Changing the address or account forgets the result,
 * so what is saved is always what was checked. An EPG address found fills an empty EPG field.
 */
export function usePlaylistProbe(form: UseFormReturn<PlaylistFormInput, unknown, PlaylistFormValues>) {
  const showError = useErrorToast();
  const watched = useWatch({
    control: form.control,
    name: ['isAccount', 'url', 'host', 'username', 'password'],
  });
  const key = JSON.stringify(watched);
  const [checked, setChecked] = useState<{ key: string; result: ProbeResult | null } | null>(null);
  const mutation = useMutation({ mutationFn: probePlaylist });
  const current = checked?.key === key ? checked : null;

  async function check(values: PlaylistFormValues): Promise<ProbeResult | null> {
    try {
      const result = await mutation.mutateAsync(probeBodyOf(values));
      if (result.epg_url && !form.getValues('epg_url')) form.setValue('epg_url', result.epg_url);
      setChecked({ key, result });
      return result;
    } catch (error) {
      showError(error);
      setChecked({ key, result: null });
      return null;
    }
  }

  return { checked: current !== null, result: current?.result ?? null, checking: mutation.isPending, check };
}
