import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../index';

/**
 * Playlists checked when saved (issue 16): each playlist gets an optional EPG (XMLTV) address, which
 * the TV app's answer carries, and the last probe's result with its time, which only the device page
 * and the panel show. `playlist_probes` keeps each device's recent probes by target until a save picks
 * one up: it is a table of its own, without the triggers of `playlists`, so probing never makes the TV
 * app's stored answer stale (decision 0008).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  await db.schema.alterTable('playlists').addColumn('epg_url', 'text').execute();
  // JSON of the probe's result (shared/api/playlist-probe.ts), null when never probed.
  await db.schema.alterTable('playlists').addColumn('probe_result', 'text').execute();
  await db.schema.alterTable('playlists').addColumn('probed_at', ts).execute();
  await db.schema
    .createTable('playlist_probes')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    // SHA-256 of the probed address (an account's includes its password, so never the address itself).
    .addColumn('target_hash', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('probed_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_probes_pk', ['device_id', 'target_hash'])
    .execute();
  // Stored answers predate `epg_url` (adding a column fires no trigger): rebuilt on the next read,
  // under a new ETag, so every TV app gets the field once.
  await sql`UPDATE device_documents SET body = NULL, version = version + 1`.execute(db);
}
