import {
  panelPlaylistListResponseSchema,
  panelPlaylistResponseSchema,
  type PanelPlaylist,
} from '@shared/api/panel-playlist';
import { playlistResponseSchema, type PlaylistView } from '@shared/api/playlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
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

export const playlistsQueryKey = queryKeys.playlists;

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
export async function unlockPlaylist(id: number, pin: string): Promise<PlaylistView> {
  return (
    await apiRequest(`/reseller/playlist/${id}/unlock`, {
      method: 'POST',
      body: { pin },
      schema: playlistResponseSchema,
    })
  ).data;
}
