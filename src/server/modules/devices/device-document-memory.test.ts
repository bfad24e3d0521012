import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  deviceIdOf,
  insertPlaylist,
  pollDevice,
  registerDevice,
  type TestApp,
  testDatabaseKind,
} from '../../test/test-app';
import { rememberedLookup } from './device-document-memory';
import { createDeviceDocumentRepository, type DeviceDocumentLookup } from './device-document-repository';

/**
 * The TV answers a SQLite server keeps in memory (decision 0045): read once, then answered without a
 * statement until the log says the device's answer changed, whatever made the change. The lookup
 * under test reads device_documents and counts its reads, so each test sees when memory answered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function readingLookup() {
  const reads: string[] = [];
  const read = async (mac: string): Promise<DeviceDocumentLookup | undefined> => {
    reads.push(mac);
    return t.database.db
      .selectFrom('device_documents')
      .select(['device_id as id', 'device_key', 'is_banned', 'version', 'body'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  };
  return { reads, read };
}

/** A registered device whose answer was built and stored (its first poll), and its id. */
async function polledDevice() {
  const device = await registerDevice(t.app);
  const response = await pollDevice(t.app, device);
  expect(response.statusCode).toBe(200);
  return { ...device, id: await deviceIdOf(t.database, device.mac) };
}

const logSize = async () =>
  Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM device_document_changes`.execute(t.database.db))
      .rows[0]!.n,
  );

describe.skipIf(testDatabaseKind !== 'sqlite')('the TV answers kept in memory (sqlite)', () => {
  it('keeps an answer once read and then answers it from memory, at the end of the turn; an answer not yet built is not kept', async () => {
    const { reads, read } = readingLookup();
    const lookup = rememberedLookup(t.database.db, read);
    const fresh = await registerDevice(t.app); // its answer is built on its first poll, not yet
    expect((await lookup(fresh.mac))?.body).toBeNull();
    expect((await lookup(fresh.mac))?.body).toBeNull();
    const device = await polledDevice();
    const first = await lookup(device.mac);
    expect(first?.device_key).toBe(device.key);
    let turnEnded = false;
    setImmediate(() => {
      turnEnded = true;
    });
    expect(await lookup(device.mac)).toBe(first);
    expect(turnEnded).toBe(true);
    expect(reads).toEqual([fresh.mac, fresh.mac, device.mac]);
  });

  it('reads again after each change made with plain SQL: key, ban, playlist, MAC, delete', async () => {
    const { db } = t.database;
    const { reads, read } = readingLookup();
    const lookup = rememberedLookup(db, read);
    const device = await polledDevice();
    const before = (await lookup(device.mac))!;

    await db.updateTable('devices').set({ device_key: 'newkey123456' }).where('id', '=', device.id).execute();
    const rekeyed = (await lookup(device.mac))!;
    expect(rekeyed.device_key).toBe('newkey123456');
    expect(rekeyed.version).toBeGreaterThan(before.version);

    await db.updateTable('devices').set({ is_banned: true }).where('id', '=', device.id).execute();
    expect((await lookup(device.mac))?.is_banned).toBe(true);

    await insertPlaylist(t.database, device.id);
    // The playlist made the answer stale (no body): read, and not kept until it is built again.
    const readsBefore = reads.length;
    expect((await lookup(device.mac))?.body).toBeNull();
    expect((await lookup(device.mac))?.body).toBeNull();
    expect(reads).toHaveLength(readsBefore + 2);

    const moved = device.mac.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    await db.updateTable('devices').set({ mac: moved }).where('id', '=', device.id).execute();
    expect(await lookup(device.mac)).toBeUndefined();
    expect((await lookup(moved))?.id).toBe(device.id);

    const other = await polledDevice();
    await lookup(other.mac);
    await db.deleteFrom('devices').where('id', '=', other.id).execute();
    expect(await lookup(other.mac)).toBeUndefined();
  });

  it('keeps nothing read while a change committed, and answers nothing from memory in a transaction', async () => {
    const { db } = t.database;
    const device = await polledDevice();
    const bystander = await polledDevice();
    const { reads, read } = readingLookup();
    let changeDuringRead = true;
    const lookup = rememberedLookup(db, async (mac) => {
      const row = await read(mac);
      // A change lands between the read and its answer, and another poll applies its log entry
      // meanwhile: the read did not see it, and nothing later would forget it.
      if (changeDuringRead && mac === device.mac) {
        changeDuringRead = false;
        await db.updateTable('devices').set({ name: 'Kitchen' }).where('id', '=', device.id).execute();
        await lookup(bystander.mac);
      }
      return row;
    });
    const stale = await lookup(device.mac);
    const after = await lookup(device.mac);
    expect(after!.version).toBeGreaterThan(stale!.version);
    expect(reads).toEqual([device.mac, bystander.mac, device.mac]);

    // Inside a transaction the log's rows may never commit: the lookup is asked, and nothing is kept.
    const answer = { id: device.id, device_key: 'k', is_banned: false, version: 999, body: '{}' };
    let asked = 0;
    const inTransaction = rememberedLookup(db, async () => {
      asked += 1;
      return answer;
    });
    for (let i = 0; i < 3; i += 1) expect(await inTransaction(device.mac)).toBe(answer);
    expect(asked).toBe(1);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('devices').set({ name: 'Hall' }).where('id', '=', device.id).execute();
      expect(await inTransaction(device.mac)).toBe(answer);
      expect(asked).toBe(2);
      expect(await inTransaction(device.mac)).toBe(answer);
      expect(asked).toBe(3);
    });
    // The change committed: forgotten, read again.
    expect(await inTransaction(device.mac)).toBe(answer);
    expect(asked).toBe(4);
  });

  it('drops the answers of the turnover before once the current answers hold half its room', async () => {
    const devices = [await polledDevice(), await polledDevice(), await polledDevice(), await polledDevice()];
    const { reads, read } = readingLookup();
    const body = (await read(devices[0]!.mac))!.body!;
    // Half the room holds one answer of this size: the second kept turns the generation over.
    const lookup = rememberedLookup(t.database.db, read, { limit: 2 * (body.length + 200) + 50 });
    for (const device of devices) await lookup(device.mac);
    reads.length = 0;
    await lookup(devices[3]!.mac);
    await lookup(devices[2]!.mac);
    await lookup(devices[1]!.mac);
    await lookup(devices[0]!.mac);
    expect(reads).toEqual([devices[1]!.mac, devices[0]!.mac]);
  });

  it('forgets everything kept when entries it had not read were deleted, or too many came at once', async () => {
    const { db } = t.database;
    const device = await polledDevice();
    const other = await polledDevice();
    const { reads, read } = readingLookup();
    const lookup = rememberedLookup(db, read);
    await lookup(device.mac);
    const setKey = (key: string) =>
      db.updateTable('devices').set({ device_key: key }).where('id', '=', device.id).execute();
    // A new key makes the answer stale: the TV's next poll builds it again (storing it logs nothing).
    const rebuild = async (key: string) =>
      expect((await pollDevice(t.app, { mac: device.mac, key })).statusCode).toBe(200);

    // The device changes, then another; the entry naming the device is deleted before it is read.
    await setKey('CHANGED00001');
    await db.updateTable('devices').set({ name: 'Den' }).where('id', '=', other.id).execute();
    await sql`DELETE FROM device_document_changes WHERE seq < (SELECT max(seq) FROM device_document_changes)`.execute(
      db,
    );
    expect((await lookup(device.mac))?.device_key).toBe('CHANGED00001');
    await rebuild('CHANGED00001');
    await lookup(device.mac);
    await lookup(device.mac);
    expect(reads).toHaveLength(3);

    // 10,001 new entries at once (a bulk import), none of them the device's: not read, all forgotten.
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10001)
      INSERT INTO device_document_changes (mac) SELECT 'AA:BB:CC:00:00:00' FROM n`.execute(db);
    await lookup(device.mac);
    await lookup(device.mac);
    expect(reads).toHaveLength(4);

    // From there on, changes are applied one by one again.
    await setKey('CHANGED00002');
    expect((await lookup(device.mac))?.device_key).toBe('CHANGED00002');
    expect(reads).toHaveLength(5);
  });

  it('keeps its log to the last 100,000 entries, whether or not a server reads it', async () => {
    const { db } = t.database;
    const device = await polledDevice();
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100500)
      INSERT INTO device_document_changes (mac) SELECT 'AA:BB:CC:00:00:00' FROM n`.execute(db);
    await db.updateTable('devices').set({ name: 'Attic' }).where('id', '=', device.id).execute();
    expect(await logSize()).toBe(100_000);
    const last = await sql<{ mac: string }>`
      SELECT mac FROM device_document_changes ORDER BY seq DESC LIMIT 1`.execute(db);
    expect(last.rows[0]?.mac).toBe(device.mac);
  });
});

describe.skipIf(testDatabaseKind !== 'sqlite')('the device documents repository (sqlite)', () => {
  it('answers a TV polling again from memory, and any other lookup from the database', async () => {
    const documents = createDeviceDocumentRepository(t.database.db);
    const device = await polledDevice();
    const stored = (await documents.findByMacPolledAgain(device.mac))!.body;
    // A body written without a new version logs nothing (as a rebuilt answer's store): only a read from
    // the database sees it.
    await t.database.db
      .updateTable('device_documents')
      .set({ body: '{"seen":"database"}' })
      .where('mac', '=', device.mac)
      .execute();
    expect((await documents.findByMac(device.mac))?.body).toBe('{"seen":"database"}');
    expect((await documents.findByMacPolledAgain(device.mac))?.body).toBe(stored);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('the TV answers on PostgreSQL', () => {
  it('are not kept: its instances are several, and each poll waits for its guessing limits anyway', () => {
    const { read } = readingLookup();
    expect(rememberedLookup(t.database.db, read)).toBe(read);
  });
});
