import { z } from 'zod';
import { idParam } from './common';
import { macSchema } from './device';
import { checkPlaylist, playlistFields } from './playlist';

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
