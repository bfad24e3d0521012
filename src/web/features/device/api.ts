import { deviceResponseSchema, type DeviceCredentials, type DeviceView } from '@shared/api/device';
import { playlistResponseSchema, type PlaylistBody, type PlaylistView } from '@shared/api/playlist';
import { apiRequest, isApiRequestError } from '@web/lib/api-client';

/** A protected playlist is changed or deleted only with its current PIN, sent in this header. */
function pinHeader(pin: string | undefined): Record<string, string> | undefined {
  return pin ? { 'X-Playlist-Pin': pin } : undefined;
}

/** POST /device/login: MAC + key in the body (never in a URL); sets the device-session cookie. */
export async function signInDevice(credentials: DeviceCredentials): Promise<DeviceView> {
  const answer = await apiRequest('/device/login', {
    method: 'POST',
    body: credentials,
    schema: deviceResponseSchema,
  });
  return answer.data;
}

/** GET /device/session: the signed-in device, or null when there is no (or no longer a) session. */
export async function fetchSignedInDevice(): Promise<DeviceView | null> {
  try {
    const answer = await apiRequest('/device/session', { schema: deviceResponseSchema });
    return answer.data;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return null;
    throw error;
  }
}

/** DELETE /device/session */
export async function signOutDevice(): Promise<void> {
  await apiRequest('/device/session', { method: 'DELETE' });
}

export async function addPlaylist(mac: string, body: PlaylistBody): Promise<PlaylistView> {
  const answer = await apiRequest(`/playlist/${mac}`, {
    method: 'POST',
    body,
    schema: playlistResponseSchema,
  });
  return answer.data;
}

export async function updatePlaylist(
  mac: string,
  id: number,
  body: PlaylistBody,
  currentPin?: string,
): Promise<PlaylistView> {
  const answer = await apiRequest(`/playlist/${mac}/${id}`, {
    method: 'PUT',
    body,
    headers: pinHeader(currentPin),
    schema: playlistResponseSchema,
  });
  return answer.data;
}

export async function deletePlaylist(mac: string, id: number, currentPin?: string): Promise<void> {
  await apiRequest(`/playlist/${mac}/${id}`, { method: 'DELETE', headers: pinHeader(currentPin) });
}

/** POST /playlist/{mac}/{id}/unlock: the protected playlist with its url and account fields. */
export async function unlockPlaylist(mac: string, id: number, pin: string): Promise<PlaylistView> {
  const answer = await apiRequest(`/playlist/${mac}/${id}/unlock`, {
    method: 'POST',
    body: { pin },
    schema: playlistResponseSchema,
  });
  return answer.data;
}
