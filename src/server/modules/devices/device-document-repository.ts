import { sql } from 'kysely';
import { type Db, executeReadOnly, isSqlite, readsOffMainThread } from '../../db';
import { batchPerTurn } from '../../db/batch-per-turn';
import { busyThread } from '../../db/busy-thread';
import { prepareQuery } from '../../db/prepared';
import { rememberedLookup } from './device-document-memory';

/** What the TV app's sign-in needs of a device, with its stored answer (null when stale). */
export type DeviceDocumentLookup = {
  id: number;
  device_key: string;
  is_banned: boolean;
  version: number;
  body: string | null;
};

/**
 * device_documents (migration 0004): the TV app's answer per device, made stale by triggers. A body is
 * stored only with the version it was built from, so an answer built from rows that changed meanwhile
 * is dropped instead of hiding the change.
 */
export function createDeviceDocumentRepository(
  db: Db,
  /** Whether this thread is busy enough to share the TV lookups (SQLite files; tests set it). */
  busy: () => boolean = busyThread(),
) {
  // The TV app's hot path runs the lookup on every request, the store when an answer went stale:
  // compiled once. PostgreSQL reads the lookups of one turn of the event loop in one statement
  // (decision 0021); a SQLite file in a reader thread of their own, a dozen lookups a message
  // (decision 0022), so the main thread keeps its core for HTTP; an in-memory database in this thread.
  // A TV polling again is answered from memory on SQLite while its answer is unchanged (decision 0045).
  const lookup = !isSqlite(db)
    ? batchedLookup(db)
    : readsOffMainThread(db)
      ? readerThreadLookup(db, busy)
      : singleLookup(db);
  const remembered = rememberedLookup(db, lookup);
  const storeIfUnchanged = prepareQuery(db, 3, (deviceId: number, version: number, body: string) =>
    db
      .updateTable('device_documents')
      .set({ body })
      .where('device_id', '=', deviceId)
      .where('version', '=', version),
  );

  return {
    /** The sign-in columns and the stored answer: one lookup by MAC. */
    async findByMac(mac: string): Promise<DeviceDocumentLookup | undefined> {
      return lookup(mac);
    },

    /**
     * findByMac for a TV polling again (If-None-Match): on SQLite from memory while the answer is
     * unchanged, and kept there once read (decision 0045).
     */
    async findByMacPolledAgain(mac: string): Promise<DeviceDocumentLookup | undefined> {
      return remembered(mac);
    },

    /** Stores a body built after `version` was read; a no-op if the device changed since. */
    async store(deviceId: number, version: number, body: string): Promise<void> {
      await storeIfUnchanged(deviceId, version, body);
    },

    /** store() for many at once: one transaction on SQLite, one statement on PostgreSQL. */
    async storeMany(entries: { deviceId: number; version: number; body: string }[]): Promise<void> {
      if (entries.length === 0) return;
      if (isSqlite(db)) {
        await db.transaction().execute(async (trx) => {
          const store = storeIfUnchanged.on(trx);
          for (const entry of entries) await store(entry.deviceId, entry.version, entry.body);
        });
        return;
      }
      await sql`
        UPDATE device_documents AS d SET body = v.body
        FROM unnest(${entries.map((e) => e.deviceId)}::int[], ${entries.map((e) => e.version)}::int[],
                    ${entries.map((e) => e.body)}::text[]) AS v(device_id, version, body)
        WHERE d.device_id = v.device_id AND d.version = v.version
      `.execute(db);
    },

    /** Up to `limit` devices after `afterId` whose answer is stale, for filling in bulk. */
    async staleIds(afterId: number, limit: number): Promise<{ device_id: number; version: number }[]> {
      return db
        .selectFrom('device_documents')
        .select(['device_id', 'version'])
        .where('device_id', '>', afterId)
        .where('body', 'is', null)
        .orderBy('device_id')
        .limit(limit)
        .execute();
    },
  };
}
function singleLookup(db: Db) {
  const lookupOne = prepareQuery(db, 1, (mac: string) =>
    db
      .selectFrom('device_documents')
      .select(['device_id as id', 'device_key', 'is_banned', 'version', 'body'])
      .where('mac', '=', mac),
  );
  return async (mac: string): Promise<DeviceDocumentLookup | undefined> => (await lookupOne(mac))[0];
}

/**
 * Lookups sent to a SQLite reader thread at most this many at a time. Measured under wrk (decision
 * 0022): one message per turn of the event loop left the main thread waiting for the whole turn's
 * lookups; four a message cost more in messages than the overlap gained.
 */
const LOOKUPS_PER_MESSAGE = 12;
/** Fewer lookups than this in a turn are read in this thread even under load: a message costs more. */
const OFFLOAD_FROM = 4;

/**
 * The TV app's lookups on a SQLite file (decision 0022): in this thread while it has time to spare,
 * in the reader thread of their own once it has been busy for seconds on end (see busyThread). A
 * fleet polling once a second never starts that thread (about 15 MB, and its cold start under a burst
 * of new connections); a saturated server shares the lookups with its other core.
 */
function readerThreadLookup(db: Db, busy: () => boolean) {
  const here = singleLookup(db);
  return batchPerTurn(
    async (macs: string[]) => {
      if (macs.length < OFFLOAD_FROM || !busy()) return Promise.all(macs.map(here));
      const query = sql<DeviceDocumentLookup & { mac: string }>`
        SELECT mac, device_id AS id, device_key, is_banned, version, body
        FROM device_documents WHERE mac IN (SELECT value FROM json_each(${JSON.stringify(macs)}))
      `;
      return byMacIn(
        macs,
        await executeReadOnly(db, { compile: () => query.compile(db) }, { lane: 'lookups' }),
      );
    },
    { maxBatch: LOOKUPS_PER_MESSAGE },
  );
}

function batchedLookup(db: Db) {
  const lookupMany = prepareQuery(db, 1, (macs: string[]) => {
    const query = sql<DeviceDocumentLookup & { mac: string }>`
      SELECT mac, device_id AS id, device_key, is_banned, version, body
      FROM device_documents WHERE mac = ANY(${macs}::text[])
    `;
    return { compile: () => query.compile(db) };
  });
  return batchPerTurn(async (macs: string[]) => byMacIn(macs, await lookupMany(macs)));
}

/** Each MAC's row (undefined when no device has it), in the order asked. */
function byMacIn(
  macs: string[],
  rows: (DeviceDocumentLookup & { mac: string })[],
): (DeviceDocumentLookup | undefined)[] {
  const byMac = new Map(rows.map(({ mac, ...row }) => [mac, row]));
  return macs.map((mac) => byMac.get(mac));
}

export type DeviceDocumentRepository = ReturnType<typeof createDeviceDocumentRepository>;
