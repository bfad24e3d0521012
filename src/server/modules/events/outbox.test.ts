import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db';
import {
  call,
  createTestApp,
  insertUser,
  testConfig,
  testDatabaseKind,
  type TestApp,
  twoInstances,
} from '../../test/test-app';
import type { StoredEvent } from './domain-events';
import { createNotificationRepository } from '../notifications/notification-repository';
import { createEventRepository } from './event-repository';
import { createOutbox, type EventConsumer, newDeliveryRound } from './outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A consumer that keeps what it was given, optionally failing the first `failures` attempts. */
function recorder(name: string, options: { failures?: number; delayMs?: number } = {}) {
  const seen: number[] = [];
  let failuresLeft = options.failures ?? 0;
  const consumer: EventConsumer = {
    name,
    types: ['contact.received'],
    maxAttempts: 5,
    async deliver(event: StoredEvent) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('receiver answered 500');
      }
      seen.push(event.id);
    },
  };
  return { consumer, seen };
}

const contactEvent = (n: number) =>
  ({
    type: 'contact.received',
    actorId: null,
    subject: `contact:${n}`,
    payload: { message_id: n, name: `Visitor ${n}`, subject: 'Hello' },
  }) as const;

async function deliveriesOf(database: DatabaseHandle, consumer: string) {
  return database.db.selectFrom('event_deliveries').selectAll().where('consumer', '=', consumer).execute();
}

describe(`the outbox (${testDatabaseKind})`, () => {
  it('records an event if and only if its transaction commits', async () => {
    const { consumer, seen } = recorder('commit-test');
    const outbox = createOutbox(t.database.db, [consumer], { pollMs: 0 });
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await outbox.record(trx, contactEvent(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.database.db.transaction().execute((trx) => outbox.record(trx, contactEvent(2)));

    const rows = await deliveriesOf(t.database, 'commit-test');
    expect(rows).toHaveLength(1);
    const event = await t.database.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', rows[0]!.event_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload)).toMatchObject({ message_id: 2 });
    expect(await outbox.drain()).toBe(1);
    expect(seen).toEqual([event.id]);
    expect((await deliveriesOf(t.database, 'commit-test'))[0]).toMatchObject({
      attempts: 1,
      last_error: null,
    });
    expect((await deliveriesOf(t.database, 'commit-test'))[0]!.done_at).toBeInstanceOf(Date);
  });

  it('retries a failing consumer with backoff: a receiver that fails twice gets the event on the third attempt', async () => {
    const { consumer, seen } = recorder('retry-test', { failures: 2 });
    const outbox = createOutbox(t.database.db, [consumer], { pollMs: 0, backoff: () => 0 });
    await t.database.db.transaction().execute((trx) => outbox.record(trx, contactEvent(3)));
    await outbox.drain();
    expect(seen).toHaveLength(1);
    const [row] = await deliveriesOf(t.database, 'retry-test');
    expect(row).toMatchObject({ attempts: 3, failed_at: null });
    expect(row!.done_at).toBeInstanceOf(Date);
  });

  it('marks a delivery failed after maxAttempts and leaves it alone', async () => {
    const { consumer, seen } = recorder('give-up-test', { failures: 99 });
    const outbox = createOutbox(t.database.db, [consumer], { pollMs: 0, backoff: () => 0 });
    await t.database.db.transaction().execute((trx) => outbox.record(trx, contactEvent(4)));
    await outbox.drain();
    expect(seen).toEqual([]);
    const [row] = await deliveriesOf(t.database, 'give-up-test');
    expect(row).toMatchObject({ attempts: 5, done_at: null, last_error: 'receiver answered 500' });
    expect(row!.failed_at).toBeInstanceOf(Date);
    expect(await outbox.drain()).toBe(0);
  });

  it("delivers a round's deliveries together, each apart: one consumer's failure rolls back only its own writes", async () => {
    const owner = await insertUser(t.database, { role: 'reseller' });
    // Both write a notification; the first then fails, after its write.
    const writer = (name: string, fails: boolean): EventConsumer => ({
      name,
      types: ['contact.received'],
      maxAttempts: 5,
      async deliver(event, trx) {
        await createNotificationRepository(trx).insertMany([owner.id], 'test', `${name} ${event.id}`);
        if (fails) throw new Error(`${name} failed after writing`);
      },
    });
    const errors: string[] = [];
    const outbox = createOutbox(t.database.db, [writer('round-fails', true), writer('round-works', false)], {
      pollMs: 0,
      backoff: () => 60_000,
      onError: (error) => errors.push(String(error)),
    });
    await t.database.db.transaction().execute(async (trx) => {
      await outbox.record(trx, contactEvent(6));
      await outbox.record(trx, contactEvent(7));
    });
    expect(await outbox.drain()).toBe(4);

    const messages = (await createNotificationRepository(t.database.db).listRecent(owner.id)).map(
      (n) => n.message,
    );
    expect(messages.filter((m) => m.startsWith('round-works'))).toHaveLength(2);
    expect(messages.filter((m) => m.startsWith('round-fails'))).toEqual([]);
    expect(errors).toEqual([
      'Error: round-fails failed after writing',
      'Error: round-fails failed after writing',
    ]);
    const failed = await deliveriesOf(t.database, 'round-fails');
    expect(failed).toHaveLength(2);
    for (const row of failed) {
      expect(row).toMatchObject({ attempts: 1, done_at: null, failed_at: null, claim_token: null });
      expect(row.last_error).toBe('round-fails failed after writing');
      expect(row.available_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    }
    const worked = await deliveriesOf(t.database, 'round-works');
    expect(worked.every((row) => row.done_at !== null && row.last_error === null)).toBe(true);
  });

  it("delivers a round whose every delivery works in one transaction, and a lost claim's writes not at all", async () => {
    const owner = await insertUser(t.database, { role: 'reseller' });
    const transactions = new Set<unknown>();
    let takeOver: number | null = null;
    const writer = (name: string): EventConsumer => ({
      name,
      types: ['contact.received'],
      maxAttempts: 5,
      async deliver(event, trx) {
        transactions.add(trx);
        await createNotificationRepository(trx).insertMany([owner.id], 'test', `${name} ${event.id}`);
        // Another worker taking this delivery over while it runs (its lease ran out): its claim is gone.
        if (name === 'lease-a' && event.id === takeOver) {
          await trx
            .updateTable('event_deliveries')
            .set({ claim_token: 'another worker' })
            .where('event_id', '=', event.id)
            .where('consumer', '=', name)
            .execute();
        }
      },
    });
    const errors: unknown[] = [];
    const outbox = createOutbox(t.database.db, [writer('lease-a'), writer('lease-b')], {
      pollMs: 0,
      onError: (error) => errors.push(error),
    });
    const recordTwo = (first: number) =>
      t.database.db.transaction().execute(async (trx) => {
        await outbox.record(trx, contactEvent(first));
        await outbox.record(trx, contactEvent(first + 1));
      });
    const messages = async () =>
      (await createNotificationRepository(t.database.db).listRecent(owner.id, 50)).map((n) => n.message);

    await recordTwo(10);
    expect(await outbox.drain()).toBe(4);
    expect(transactions.size).toBe(1);
    expect(await messages()).toHaveLength(4);

    await recordTwo(12);
    const [taken] = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('subject', '=', 'contact:12')
      .execute();
    takeOver = taken!.id;
    expect(await outbox.drain()).toBe(4);
    // The taken-over delivery wrote nothing (its new worker delivers it); the round's others once each.
    const written = await messages();
    expect(written.filter((m) => m === `lease-a ${takeOver}`)).toEqual([]);
    expect(written.filter((m) => m === `lease-b ${takeOver}`)).toHaveLength(1);
    expect(written.filter((m) => m === `lease-a ${takeOver + 1}`)).toHaveLength(1);
    expect(written).toHaveLength(7);
    expect(errors).toEqual([]);
    // The simulated takeover was rolled back with the delivery's savepoint: the row waits for its lease.
    const rows = [
      ...(await deliveriesOf(t.database, 'lease-a')),
      ...(await deliveriesOf(t.database, 'lease-b')),
    ];
    expect(rows.filter((row) => row.done_at === null)).toMatchObject([
      { consumer: 'lease-a', event_id: takeOver },
    ]);
  });

  it("gives a round's database consumers one DeliveryRound: what they read once is kept for the round, not the next", async () => {
    const reads: string[] = [];
    const seen: string[] = [];
    let failNextRead = false;
    const reader = (name: string): EventConsumer => ({
      name,
      types: ['contact.received'],
      maxAttempts: 5,
      async deliver(_event, _trx, round) {
        const value = await round.once('the shared read', async () => {
          if (failNextRead) {
            failNextRead = false;
            throw new Error('read failed');
          }
          reads.push(name);
          return `read ${reads.length}`;
        });
        seen.push(value);
      },
    });
    const outbox = createOutbox(t.database.db, [reader('round-a'), reader('round-b')], { pollMs: 0 });
    const recordTwo = (first: number) =>
      t.database.db.transaction().execute(async (trx) => {
        await outbox.record(trx, contactEvent(first));
        await outbox.record(trx, contactEvent(first + 1));
      });

    await recordTwo(30);
    expect(await outbox.drain()).toBe(4);
    // Two consumers and two events, one round: one read, its answer given to all four.
    expect(reads).toHaveLength(1);
    expect(seen).toEqual(['read 1', 'read 1', 'read 1', 'read 1']);

    await recordTwo(32);
    failNextRead = true;
    expect(await outbox.drain()).toBe(4);
    // The next round reads again. Its first read failed: that delivery waits for its retry, and the
    // round's others, delivered again each apart in a new transaction, share one read there.
    expect(reads).toHaveLength(2);
    expect(seen.slice(4)).toEqual(['read 2', 'read 2', 'read 2']);
  });

  it('forgets a read that failed, so a later delivery of the round reads again', async () => {
    const round = newDeliveryRound();
    let calls = 0;
    const read = async () => {
      calls += 1;
      if (calls === 1) throw new Error('read failed');
      return calls;
    };
    await expect(round.once('key', read)).rejects.toThrow('read failed');
    expect(await round.once('key', read)).toBe(2);
    expect(await round.once('key', read)).toBe(2);
    expect(await round.once('another key', read)).toBe(3);
  });

  it('sends outside any transaction for a consumer that reaches outside, then writes what it answered with its completion', async () => {
    const owner = await insertUser(t.database, { role: 'reseller' });
    const inRound: unknown[] = [];
    const sent: { inTransaction: boolean }[] = [];
    const completions: unknown[] = [];
    const database: EventConsumer = {
      name: 'in-round',
      types: ['contact.received'],
      maxAttempts: 5,
      async deliver(_event, trx) {
        inRound.push(trx);
      },
    };
    const outside: EventConsumer = {
      name: 'sends-mail',
      types: ['contact.received'],
      maxAttempts: 5,
      async send(event, db) {
        sent.push({ inTransaction: db.isTransaction });
        return async (trx) => {
          completions.push(trx);
          await createNotificationRepository(trx).insertMany([owner.id], 'test', `sent ${event.id}`);
        };
      },
    };
    const outbox = createOutbox(t.database.db, [database, outside], { pollMs: 0 });
    await t.database.db.transaction().execute(async (trx) => {
      await outbox.record(trx, contactEvent(8));
      await outbox.record(trx, contactEvent(9));
    });
    expect(await outbox.drain()).toBe(4);

    const [round, ...sameRound] = inRound;
    expect(sameRound).toEqual([round]);
    expect(sent).toEqual([{ inTransaction: false }, { inTransaction: false }]);
    expect(completions).toHaveLength(2);
    expect(new Set([round, ...completions]).size).toBe(3);
    const messages = (await createNotificationRepository(t.database.db).listRecent(owner.id)).map(
      (n) => n.message,
    );
    expect(messages.filter((m) => m.startsWith('sent '))).toHaveLength(2);
    const rows = await deliveriesOf(t.database, 'sends-mail');
    expect(rows.every((row) => row.done_at !== null)).toBe(true);
  });

  it('delivers, after a restart, what a dead worker had claimed but not finished (its lease runs out)', async () => {
    const { consumer, seen } = recorder('crash-test');
    const outbox = createOutbox(t.database.db, [consumer], { pollMs: 0, leaseMs: 50 });
    await t.database.db.transaction().execute((trx) => outbox.record(trx, contactEvent(5)));
    // The "dead" worker: claims the delivery, then never completes it.
    const claimed = await createEventRepository(t.database.db).claim(['crash-test'], 10, 50);
    expect(claimed.map((d) => d.consumer)).toContain('crash-test');
    expect(await outbox.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await outbox.drain();
    expect(seen).toHaveLength(1);
    // The dead worker's late completion is refused: its claim was taken over.
    const late = claimed.find((d) => d.consumer === 'crash-test')!;
    expect(await createEventRepository(t.database.db).complete(late)).toBe(false);
  });

  it('a process stopped between commit and delivery delivers the notification after restart', async () => {
    // This file's own server must not deliver it either.
    await t.app.deps.events.stop();
    const admin = await insertUser(t.database, { role: 'admin' });
    // The first server records the contact message's event, then stops before its worker runs.
    const first = await buildApp(testConfig(), { database: t.database, logger: false });
    await first.ready();
    await first.deps.events.stop();
    const sent = await call(first, {
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        name: 'After Crash',
        email: 'crash@example.test',
        subject: 'Restart',
        message: 'Hello there',
      },
      remoteAddress: '10.77.0.1',
    });
    expect(sent.statusCode).toBe(201);
    await first.close();
    const before = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', admin.id)
      .where('message', 'like', '%After Crash%')
      .execute();
    expect(before).toHaveLength(0);

    const second = await buildApp(testConfig(), { database: t.database, logger: false });
    await second.ready();
    await second.deps.events.drain();
    await second.close();
    const after = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', admin.id)
      .where('message', 'like', '%After Crash%')
      .execute();
    expect(after).toHaveLength(1);
  });
});

describe(`two workers on one database (${testDatabaseKind})`, () => {
  it('process each event once', async () => {
    // Two connections pools (two instances) on PostgreSQL; on SQLite two workers over the one file.
    const { first, second, close } = await twoInstances(t.database);
    try {
      const a = recorder('twin', { delayMs: 2 });
      const b = recorder('twin', { delayMs: 2 });
      const outboxA = createOutbox(first.db, [a.consumer], { pollMs: 0, batchSize: 5 });
      const outboxB = createOutbox(second.db, [b.consumer], { pollMs: 0, batchSize: 5 });
      for (let n = 0; n < 60; n += 1) {
        await first.db.transaction().execute((trx) => outboxA.record(trx, contactEvent(100 + n)));
      }
      await Promise.all([outboxA.drain(), outboxB.drain(), outboxA.drain(), outboxB.drain()]);
      const all = [...a.seen, ...b.seen];
      expect(all).toHaveLength(60);
      expect(new Set(all).size).toBe(60);
      if (testDatabaseKind === 'postgres') {
        // Both instances took part.
        expect(a.seen.length).toBeGreaterThan(0);
        expect(b.seen.length).toBeGreaterThan(0);
      }
      const rows = await deliveriesOf(first, 'twin');
      expect(rows.every((row) => row.done_at !== null && row.attempts === 1)).toBe(true);
    } finally {
      await close();
    }
  });
});
