import { playlistResponseSchema, type PlaylistBody, type PlaylistView } from '@shared/api/playlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { deviceKeys } from '@web/lib/query-keys';
import { toPlaylistBody, type PlaylistFormValues, type StandalonePlaylistFormValues } from './schemas';
import { refreshSignedInDevice, setSignedInDevice, signInDevice, type Reactions } from './use-device-session';

/** A protected playlist is changed or deleted only with its current PIN, sent in this header. */
function pinHeader(pin: string | undefined): Record<string, string> | undefined {
  return pin ? { 'X-Playlist-Pin': pin } : undefined;
}

async function addPlaylist(mac: string, body: PlaylistBody): Promise<PlaylistView> {
  const answer = await apiRequest(`/playlist/${mac}`, {
    method: 'POST',
    body,
    schema: playlistResponseSchema,
  });
  return answer.data;
}

async function updatePlaylist(
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

async function deletePlaylist(mac: string, id: number, currentPin?: string): Promise<void> {
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

/** A playlist to change, with the PIN its row was unlocked with (protected playlists only). */
export interface PlaylistTarget {
  playlist: PlaylistView;
  pin?: string | undefined;
}

/**
 * A change to a device's playlists: the page reacts first, then the device is fetched again, and
 * the page stays busy (deviceKeys.mutations) until the fresh list is in.
 */
function usePlaylistChange<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  reactions: Reactions<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deviceKeys.mutations,
    mutationFn,
    onSuccess: async (data, variables) => {
      reactions.onSuccess(data, variables);
      await refreshSignedInDevice(queryClient);
    },
    onError: (error, variables) => reactions.onError(error, variables),
  });
}

/** Add a playlist to the signed-in device, or change `editing` (with its PIN when protected). */
export function useSavePlaylist(
  mac: string,
  reactions: Reactions<PlaylistView, { values: PlaylistFormValues; editing: PlaylistTarget | null }>,
) {
  return usePlaylistChange(({ values, editing }) => {
    const body = toPlaylistBody(values);
    if (!editing) return addPlaylist(mac, body);
    return updatePlaylist(mac, editing.playlist.id, body, editing.pin);
  }, reactions);
}

export function useDeletePlaylist(mac: string, reactions: Reactions<void, PlaylistTarget>) {
  return usePlaylistChange(({ playlist, pin }) => deletePlaylist(mac, playlist.id, pin), reactions);
}

/** Thrown when the MAC and key do not open the device, so the page can say which step failed. */
export class DeviceSignInFailed extends Error {
  constructor(readonly signInError: unknown) {
    super('device sign-in failed');
  }
}

/**
 * The standalone screen: nothing may be added to a device without its key, so the device is signed
 * in first, then the playlist added.
 */
export function useAddPlaylistWithKey(reactions: Reactions<PlaylistView, StandalonePlaylistFormValues>) {
  const queryClient = useQueryClient();
  return usePlaylistChange(async (values: StandalonePlaylistFormValues) => {
    let device;
    try {
      device = await signInDevice({ mac: values.mac, cle_mac: values.cle_mac });
    } catch (error) {
      throw new DeviceSignInFailed(error);
    }
    setSignedInDevice(queryClient, device);
    return addPlaylist(device.mac, toPlaylistBody(values));
  }, reactions);
}
