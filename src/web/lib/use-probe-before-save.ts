import type { ProbeBody, ProbeResult } from '@shared/api/playlist-probe';
import { probeResponseSchema } from '@shared/api/playlist-probe';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from './api-client';

/** POST /playlist/probe: the device page's session names the device; a panel user names it by `mac`. */
async function probePlaylist(body: ProbeBody): Promise<ProbeResult> {
  return (await apiRequest('/playlist/probe', { method: 'POST', body, schema: probeResponseSchema })).data;
}

/**
 * A playlist form's check before saving (issue 16), for the device page and the panel: the first
 * submit probes; a failed check is shown and the next submit saves anyway. `checkedKey` names what
 * was checked (the address or the account, serialized): when it changes the result is forgotten, so
 * what is saved is always what was checked.
 */
export function useProbeBeforeSave(checkedKey: string, onError: (error: unknown) => void) {
  const [checked, setChecked] = useState<{ key: string; result: ProbeResult | null } | null>(null);
  const mutation = useMutation({ mutationFn: probePlaylist });
  const current = checked?.key === checkedKey ? checked : null;

  async function check(body: ProbeBody): Promise<ProbeResult | null> {
    try {
      const result = await mutation.mutateAsync(body);
      setChecked({ key: checkedKey, result });
      return result;
    } catch (error) {
      onError(error);
      setChecked({ key: checkedKey, result: null });
      return null;
    }
  }

  return {
    /** The current values were checked (whatever the outcome): the next submit saves. */
    checked: current !== null,
    result: current?.result ?? null,
    checking: mutation.isPending,
    check,
  };
}
