import { randomBytes } from 'node:crypto';
import { type Db, isSqlite } from '../../db';
import { prepareQueryOnce, prepareQueryPerCount, prepareWriteOnce } from '../../db/prepared';
import type { DomainEvent, EventType, StoredEvent } from './domain-events';

export type ClaimedDelivery = {
  id: number;
  eventId: number;
  consumer: string;
  attempts: number;
  claimToken: string;
};

const insertEvent = prepareQueryOnce(
  5,
  (db, type: EventType, actorId: number | null, subject: string | null, payload: string, now: Date) =>
    db
      .insertInto('events')
      .values({ type, actor_id: actorId, subject, payload, created_at: now })
      .returning('id'),
);

/** An event's deliveries in one statement, compiled once for each number of consumers (a few). */
const insertDeliveries = prepareQueryPerCount(16, (count) =>
  prepareWriteOnce(2 + count, (db, eventId: number, now: Date, ...consumers: string[]) =>
    db
      .insertInto('event_deliveries')
      .values(consumers.map((consumer) => ({ event_id: eventId, consumer, available_at: now }))),
  ),
);

/** The outbox's SQL (decision 0009). Every function takes the connection or transaction it runs in. */
export function createEventRepository(db: Db) {
  return {
    /** Writes the event and one delivery per consumer; call it with the transaction of the change. */
    async insert(event: DomainEvent, consumers: readonly string[], now = new Date()): Promise<number> {
      const [row] = await insertEvent(db)(
        event.type,
        event.actorId,
        event.subject,
        JSON.stringify(event.payload),
        now,
      );
      const eventId = row!.id;
      if (consumers.length > 0) await insertDeliveries(consumers.length)(db)(eventId, now, ...consumers);
      return eventId;
    },

    /**
     * Claims up to `limit` due deliveries for `leaseMs`: each gets a fresh claim token and one more
     * attempt. On PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so instances claiming at
     * the same moment take different rows; on SQLite this process is the only writer. A claim whose
     * lease ran out (its worker died) is due again. Only the named consumers' rows: a worker never
     * takes what it cannot deliver (another version of the server, during a rolling upgrade).
     */
    async claim(
      consumers: readonly string[],
      limit: number,
      leaseMs: number,
      now = new Date(),
    ): Promise<ClaimedDelivery[]> {
      if (consumers.length === 0) return [];
      const token = randomBytes(12).toString('hex');
      const due = db
        .selectFrom('event_deliveries')
        .select('id')
        .where('done_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('consumer', 'in', consumers)
        .where('available_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('available_at')
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('event_deliveries')
        .set((eb) => ({
          locked_until: new Date(now.getTime() + leaseMs),
          claim_token: token,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', isSqlite(db) ? due : due.forUpdate().skipLocked())
        .returning(['id', 'event_id', 'consumer', 'attempts'])
        .execute();
      return rows
        .map((r) => ({
          id: r.id,
          eventId: r.event_id,
          consumer: r.consumer,
          attempts: r.attempts,
          claimToken: token,
        }))
        .sort((a, b) => a.id - b.id);
    },

    async findEvents(ids: number[]): Promise<Map<number, StoredEvent>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('events').selectAll().where('id', 'in', ids).execute();
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            type: row.type as EventType,
            actorId: row.actor_id,
            subject: row.subject,
            payload: JSON.parse(row.payload) as never,
            createdAt: row.created_at,
          } as StoredEvent,
        ]),
      );
    },

    /** Marks a claimed delivery done; false when the claim was lost (its lease ran out and another took it). */
    async complete(delivery: ClaimedDelivery, now = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('event_deliveries')
        .set({ done_at: now, locked_until: null, claim_token: null, last_error: null })
        .where('id', '=', delivery.id)
        .where('claim_token', '=', delivery.claimToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Marks a round's deliveries done in one statement; false when any claim was lost (then none is
     * marked: the caller rolls back and completes them one by one). A round's deliveries share their
     * claim's token.
     */
    async completeAll(deliveries: readonly ClaimedDelivery[], now = new Date()): Promise<boolean> {
      const tokens = new Set(deliveries.map((delivery) => delivery.claimToken));
      if (tokens.size !== 1) return false;
      const result = await db
        .updateTable('event_deliveries')
        .set({ done_at: now, locked_until: null, claim_token: null, last_error: null })
        .where(
          'id',
          'in',
          deliveries.map((delivery) => delivery.id),
        )
        .where('claim_token', '=', deliveries[0]!.claimToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === deliveries.length;
    },

    /** Gives a failed delivery back for a later attempt, or marks it failed for good. */
    async retryLater(
      delivery: ClaimedDelivery,
      error: string,
      at: Date | null,
      now = new Date(),
    ): Promise<void> {
      await db
        .updateTable('event_deliveries')
        .set({
          locked_until: null,
          claim_token: null,
          last_error: error.slice(0, 500),
          ...(at ? { available_at: at } : { failed_at: now }),
        })
        .where('id', '=', delivery.id)
        .where('claim_token', '=', delivery.claimToken)
        .execute();
    },
  };
}
export type EventRepository = ReturnType<typeof createEventRepository>;
