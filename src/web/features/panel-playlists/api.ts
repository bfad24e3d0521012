import type { PanelUser } from '@shared/api/auth';
import {
  panelPlaylistListResponseSchema,
  panelPlaylistResponseSchema,
  type PanelPlaylist,
} from '@shared/api/panel-playlist';
import { playlistResponseSchema, type PlaylistView } from '@shared/api/playlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { listDevices } from '@web/lib/panel-devices-api';
import { queryKeys } from '@web/lib/query-keys';

export type { PanelPlaylist };

/** What the form sends: docs/product.md's playlist body; `mac` and `userId` only when adding. */
export interface PanelPlaylistBody {
  name: string;
  url: string | null;
  isAccount: boolean;
  username: string | null;
  password: string | null;
  host: string | null;
  hasPin: boolean;
  /** null with hasPin keeps the current PIN when editing. */
  pin: string | null;
  notes: string | null;
  mac?: string;
  userId?: number;
}

/** A protected playlist's PIN travels in a header, never in the address. */
const pinHeaders = (pin: string | undefined) => (pin ? { 'X-Playlist-Pin': pin } : undefined);

/** GET /reseller/get_playlists/{userId}: protected playlists come without their URL. */
export async function listPlaylists(userId: number, signal?: AbortSignal): Promise<PanelPlaylist[]> {
  return (
    await apiRequest(`/reseller/get_playlists/${userId}`, { signal, schema: panelPlaylistListResponseSchema })
  ).data;
}

export async function addPlaylist(body: PanelPlaylistBody): Promise<PlaylistView> {
  return (
    await apiRequest('/reseller/add_playlist', { method: 'POST', body, schema: panelPlaylistResponseSchema })
  ).data;
}

export async function updatePlaylist(
  id: number,
  body: PanelPlaylistBody,
  pin: string | undefined,
): Promise<PlaylistView> {
  return (
    await apiRequest(`/reseller/update_playlist/${id}`, {
      method: 'PUT',
      body,
      headers: pinHeaders(pin),
      schema: playlistResponseSchema,
    })
  ).data;
}

/** The signed-in user's playlists (GET /reseller/get_playlists/{userId}). */
export function usePanelPlaylists(userId: number) {
  return useQuery({
    queryKey: queryKeys.playlists(userId),
    queryFn: ({ signal }) => listPlaylists(userId, signal),
  });
}

/** DELETE /reseller/delete_playlist/{id}, with the PIN that unlocked a protected playlist. */
export function useDeletePlaylist(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ playlist, pin }: { playlist: PanelPlaylist; pin: string | undefined }) => {
      await apiRequest(`/reseller/delete_playlist/${playlist.id}`, {
        method: 'DELETE',
        headers: pinHeaders(pin),
      });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.playlists(userId) }),
  });
}

/** POST /reseller/playlist/{id}/unlock: the URL and account fields, when the PIN is right. */
export function useUnlockPlaylist(id: number) {
  return useMutation({
    mutationFn: async (pin: string): Promise<PlaylistView> =>
      (
        await apiRequest(`/reseller/playlist/${id}/unlock`, {
          method: 'POST',
          body: { pin },
          schema: playlistResponseSchema,
        })
      ).data,
  });
}

/** The devices a playlist can go on: the user's own (every device for an admin), newest first. */
const DEVICE_CHOICES = { page: 1, per_page: 100 } as const;

/** The first page of the user's devices, for the form's device picker (GET /device/…). */
export function useDeviceChoices(user: PanelUser, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deviceList(user.id, DEVICE_CHOICES),
    queryFn: ({ signal }) => listDevices(user, DEVICE_CHOICES, signal),
    enabled,
  });
}
export type DeviceChoices = ReturnType<typeof useDeviceChoices>;

/** A saved playlist and the PIN that now opens it (none when it is not protected). */
export type SavedPlaylist = { view: PlaylistView; pin: string | undefined };

/**
 * POST /reseller/add_playlist, or PUT /reseller/update_playlist/{id} with the PIN that unlocked the
 * playlist being edited; an edit that sends no new PIN keeps the one it had.
 */
export function useSavePlaylist(userId: number, editing: { id: number; pin: string | undefined } | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PanelPlaylistBody): Promise<SavedPlaylist> => {
      if (!editing) return { view: await addPlaylist(body), pin: body.pin ?? undefined };
      const view = await updatePlaylist(editing.id, body, editing.pin);
      return { view, pin: body.hasPin ? body.pin || editing.pin : undefined };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.playlists(userId) }),
  });
}
