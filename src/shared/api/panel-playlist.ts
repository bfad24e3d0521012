import { z } from 'zod';
import { idParam, ok } from './common';
import { macSchema } from './device';
import { checkPlaylist, playlistFields, playlistViewSchema } from './playlist';

/** POST /api/v1/reseller/add_playlist: the playlist, the device's MAC, and SPEC's userId (must be oneself). */
export const panelAddPlaylistBodySchema = z
  .strictObject({ ...playlistFields, mac: macSchema, userId: z.coerce.number().int().positive().optional() })
  .superRefine(checkPlaylist);

/** PUT /api/v1/reseller/update_playlist/{id}: a playlist never moves to another device, so mac is ignored. */
export const panelUpdatePlaylistBodySchema = z
  .strictObject({
    ...playlistFields,
    mac: z.string().max(17).optional(),
    userId: z.coerce.number().int().positive().optional(),
  })
  .superRefine(checkPlaylist);

export const panelPlaylistParams = z.strictObject({ id: idParam });
export const panelPlaylistsParams = z.strictObject({ userId: idParam });

/** A playlist as the panel lists it: with its device's MAC. */
export const panelPlaylistSchema = playlistViewSchema.extend({ mac: z.string() });
export type PanelPlaylist = z.infer<typeof panelPlaylistSchema>;
export const panelPlaylistListResponseSchema = ok(z.array(panelPlaylistSchema));
export const panelPlaylistResponseSchema = ok(panelPlaylistSchema);
