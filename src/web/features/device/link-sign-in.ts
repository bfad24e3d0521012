import type { DeviceCredentials } from '@shared/api/device';
import { formatMacInput } from '@shared/mac';
import { deviceLoginFormSchema, type DeviceLoginFormValues } from './schemas';

/** An auto-login link to /account/view or /account/playlists carries these two. */
export const LINK_PARAMS = ['mac', 'cle_mac'] as const;

/** mac and cle_mac from an auto-login link, read once when the page opens. */
export function readLinkCredentials(search: string): Partial<DeviceCredentials> | null {
  const params = new URLSearchParams(search);
  const mac = params.get('mac') ?? undefined;
  const key = params.get('cle_mac') ?? undefined;
  if (mac === undefined && key === undefined) return null;
  return { mac, cle_mac: key };
}

/** Both present and well-formed: sign in at once. Otherwise (null) the form opens with the MAC filled in. */
export function linkSignInValues(link: Partial<DeviceCredentials> | null): DeviceLoginFormValues | null {
  // The link's MAC is read like a typed one, so 02aabbccddee works as well as 02:AA:BB:CC:DD:EE.
  const mac = formatMacInput(link?.mac ?? '');
  const parsed = deviceLoginFormSchema.safeParse({ ...link, mac });
  return parsed.success ? parsed.data : null;
}

export function searchWithout(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
