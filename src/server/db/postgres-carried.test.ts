import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, insertReseller, testDatabaseKind } from '../test/test-app';
import { startPgRelay } from '../test/pg-relay';
import { type DatabaseHandle, type Db, openDatabase } from './index';
import { migrateToLatest } from './migrate';
import { prepareWriteOnce } from './prepared';
import type { UserRow } from './schema';

/** A notification for a user: a write nobody reads the answer of, as the ledger's row or an audit entry. */
const notify = prepareWriteOnce(2, (db, userId: number, message: string) =>
  db
    .insertInto('notifications')
    .values({ user_id: userId, kind: 'test', message, params: null, created_at: new Date(0) }),
);

/** Nobody has this id: a notification for it breaks the foreign key. */
const NOBODY = 2_000_000_000;

describe.skipIf(testDatabaseKind !== 'postgres')(
  'writes carried by the next statement on PostgreSQL (decision 0065)',
  () => {
    let relay: Awaited<ReturnType<typeof startPgRelay>>;
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let directUrl: string;
    let owner: UserRow;
    beforeAll(async () => {
      ({ url: directUrl, drop } = await createPostgresTestDatabase());
      relay = await startPgRelay(directUrl);
      // One pooled connection, through the relay that counts its round trips.
      handle = openDatabase({ kind: 'postgres', url: relay.url, poolSize: 1 });
      await migrateToLatest(handle);
      owner = await insertReseller(handle, { credits: 3 });
    });
    afterAll(async () => {
      await handle.destroy();
      await relay.close();
      await drop();
    });

    const roundTripsOf = async (work: () => Promise<unknown>) => {
      const before = relay.roundTrips();
      await work();
      return relay.roundTrips() - before;
    };
    const inTransaction = <T>(work: (trx: Db) => Promise<T>) => handle.db.transaction().execute(work);
    const creditsIn = async (trx: Db) =>
      (await trx.selectFrom('users').select('credits').where('id', '=', owner.id).executeTakeFirstOrThrow())
        .credits;
    /** The owner's notifications, read on a connection of its own (what others see committed). */
    const committed = async () => {
      const client = new pg.Client({ connectionString: directUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ message: string }>(
          'SELECT message FROM notifications WHERE user_id = $1 ORDER BY id',
          [owner.id],
        );
        return rows.map((row) => row.message);
      } finally {
        await client.end();
      }
    };

    it('sends a write alone the first time (to prepare it), then with the next statement', async () => {
      const work = (message: string) =>
        inTransaction(async (trx) => {
          await notify(trx)(owner.id, message);
          expect(await creditsIn(trx)).toBe(3);
        });
      // The write (carrying begin, which the migrations' transactions prepared), the read, commit.
      expect(await roundTripsOf(() => work('first'))).toBe(3);
      // The read carries begin and the write; then commit.
      expect(await roundTripsOf(() => work('second'))).toBe(2);
      expect(await committed()).toEqual(['first', 'second']);
    });

    it('commits a write that the commit carries', async () => {
      const before = await committed();
      const trips = await roundTripsOf(() =>
        inTransaction(async (trx) => {
          expect(await creditsIn(trx)).toBe(3);
          await notify(trx)(owner.id, 'carried by the commit');
        }),
      );
      expect(trips).toBe(2);
      expect(await committed()).toEqual([...before, 'carried by the commit']);
    });

    it("fails the statement that carried a failing write with the write's error, and nothing is written", async () => {
      const before = await committed();
      await expect(
        inTransaction(async (trx) => {
          await notify(trx)(owner.id, 'rolled back with the failure');
          await notify(trx)(NOBODY, 'breaks the foreign key');
          await creditsIn(trx);
          throw new Error('not reached: the read above fails');
        }),
      ).rejects.toMatchObject({ code: '23503' });
      // Carried by the commit: the commit is skipped, and the transaction is rolled back.
      await expect(
        inTransaction(async (trx) => {
          await creditsIn(trx);
          await notify(trx)(owner.id, 'rolled back with the failure');
          await notify(trx)(NOBODY, 'breaks the foreign key');
        }),
      ).rejects.toMatchObject({ code: '23503' });
      expect(await committed()).toEqual(before);
      // The connection is out of the failed transactions: the next one works.
      await inTransaction(async (trx) => notify(trx)(owner.id, 'after the failures'));
      expect(await committed()).toEqual([...before, 'after the failures']);
    });

    it('sends nothing held when the transaction rolls back, and nothing at all if nothing went yet', async () => {
      const before = await committed();
      const giveUp = (work: (trx: Db) => Promise<unknown>) =>
        inTransaction(async (trx) => {
          await work(trx);
          throw new Error('changed my mind');
        }).catch(() => {});
      // begin and the write held, then dropped: PostgreSQL never heard of the transaction.
      expect(await roundTripsOf(() => giveUp((trx) => notify(trx)(owner.id, 'never sent')))).toBe(0);
      // The read carries begin; the write is dropped; rollback.
      const trips = await roundTripsOf(() =>
        giveUp(async (trx) => {
          await creditsIn(trx);
          await notify(trx)(owner.id, 'never sent');
        }),
      );
      expect(trips).toBe(2);
      expect(await committed()).toEqual(before);
    });

    it('sends such a write at once outside a transaction', async () => {
      expect(await roundTripsOf(() => notify(handle.db)(owner.id, 'on its own'))).toBe(1);
      expect(await committed()).toContain('on its own');
    });
  },
);
