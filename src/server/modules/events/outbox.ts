import { sql } from 'kysely';
import type { Db } from '../../db';
import type { DomainEvent, EventType, StoredEvent } from './domain-events';
import { type ClaimedDelivery, createEventRepository } from './event-repository';
import { createWorkerLoop } from './worker-loop';

/** Something that reacts to committed events: notifications, webhooks' deliveries, e-mail. */
interface ConsumerBase {
  name: string;
  types: readonly EventType[];
  /** After this many failed attempts the delivery is marked failed and left alone. */
  maxAttempts: number;
}

/**
 * A consumer that only writes to the database. `deliver` runs inside a transaction (the worker's
 * round's) that also marks the delivery done, so its writes happen exactly once; anything else it
 * does (waking a worker) happens at least once. `round` keeps what the round's transaction has read
 * for the deliveries after it (see DeliveryRound).
 */
export interface DatabaseConsumer extends ConsumerBase {
  deliver(event: StoredEvent, trx: Db, round: DeliveryRound): Promise<void>;
}

/**
 * One round's transaction, as its database consumers share it: a read they would repeat for each of
 * the round's events (a webhook consumer's endpoints of the same reseller, for each of a bulk's or a
 * busy reseller's activations) is read once. So each round sees one state of what it reads: the state
 * when its first delivery read it, as if every delivery of the round had been made at that moment.
 */
export interface DeliveryRound {
  /** What `read` answers for `key`, read at the first delivery of the round that asks. */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** A new round: nothing read yet. A read that failed is forgotten, so a later delivery reads again. */
export function newDeliveryRound(): DeliveryRound {
  const kept = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      const known = kept.get(key);
      if (known) return known as Promise<T>;
      const reading = read();
      kept.set(key, reading);
      reading.catch(() => kept.delete(key));
      return reading;
    },
  };
}

/**
 * A consumer that waits on something outside the database (an SMTP server). `send` runs outside any
 * transaction (decision 0050): a slow server must not hold SQLite's one connection, every request's
 * writes, nor a PostgreSQL connection in a transaction. It reads with `db`, does its outside work,
 * and answers what to write, which is written with the delivery's completion in one short transaction
 * once the outside work succeeded. The outside work happens at least once: again when that
 * transaction fails.
 */
export interface OutsideConsumer extends ConsumerBase {
  send(event: StoredEvent, db: Db): Promise<((trx: Db) => Promise<void>) | null>;
}

export type EventConsumer = DatabaseConsumer | OutsideConsumer;

const reachesOutside = (consumer: EventConsumer | undefined): consumer is OutsideConsumer =>
  consumer !== undefined && 'send' in consumer;

/**
 * Runs inside the recording transaction, after the event's row is written: for what must commit or
 * roll back with the change itself (the audit log, decision 0017), never for slow or outside work.
 */
export type RecordHook = (trx: Db, event: DomainEvent, eventId: number, now: Date) => Promise<void>;

export type OutboxOptions = {
  /** In-transaction hooks, in order (see RecordHook). */
  onRecord?: readonly RecordHook[];
  /** How often the worker looks for due deliveries besides being woken by record(); 0: never on its own. */
  pollMs?: number;
  /** How long a claim holds before another worker may take the delivery over. */
  leaseMs?: number;
  batchSize?: number;
  /** The wait before the next attempt after `attempts` failures (default: retryDelayMs). */
  backoff?: (attempts: number) => number;
  /** Where a consumer's failure is reported (the delivery is retried regardless). */
  onError?: (error: unknown, context: { consumer: string; eventId: number }) => void;
};

/** Waits after the n-th failure: 1 s, 2 s, 4 s, … up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

class LeaseLost extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The transactional outbox (decision 0009). Services `record` events in the transaction of their
 * change, so an event exists exactly when its change was committed; the worker claims due deliveries
 * after commit, hands each to its consumer, and retries failures with backoff. Nothing is lost when
 * the process dies between commit and delivery: the rows wait in the database for the next worker.
 */
export function createOutbox(db: Db, consumers: readonly EventConsumer[], options: OutboxOptions = {}) {
  const {
    pollMs = 1000,
    leaseMs = 60_000,
    batchSize = 50,
    onError = () => {},
    backoff = retryDelayMs,
    onRecord = [],
  } = options;
  const byName = new Map(consumers.map((consumer) => [consumer.name, consumer]));
  const repository = createEventRepository(db);

  /** The consumer and event of a claimed delivery (a claim only takes this worker's consumers' rows). */
  function partiesOf(delivery: ClaimedDelivery, event: StoredEvent | undefined) {
    const consumer = byName.get(delivery.consumer);
    if (!consumer) throw new Error(`no consumer named ${delivery.consumer} in this version`);
    if (!event) throw new Error(`event ${delivery.eventId} not found`);
    return { consumer, event };
  }

  /** Hands a claimed delivery to its database consumer, in `trx`, the transaction of `round`. */
  async function handOver(
    trx: Db,
    round: DeliveryRound,
    delivery: ClaimedDelivery,
    event: StoredEvent | undefined,
  ): Promise<void> {
    const parties = partiesOf(delivery, event);
    if (reachesOutside(parties.consumer)) throw new Error(`${delivery.consumer} reaches outside`);
    await parties.consumer.deliver(parties.event, trx, round);
  }

  /**
   * One delivery of a consumer that reaches outside: its `send` with no transaction open, then what it
   * answered written with the delivery's completion. A lost claim rolls that write back (the new
   * claimant sends again). Answers the failure to report, if any.
   */
  async function deliverOutside(
    delivery: ClaimedDelivery,
    event: StoredEvent | undefined,
  ): Promise<Failure | null> {
    try {
      const parties = partiesOf(delivery, event);
      if (!reachesOutside(parties.consumer)) throw new Error(`${delivery.consumer} does not reach outside`);
      const write = await parties.consumer.send(parties.event, db);
      await db.transaction().execute(async (trx) => {
        if (write) await write(trx);
        if (!(await createEventRepository(trx).complete(delivery))) throw new LeaseLost();
      });
      return null;
    } catch (error) {
      if (error instanceof LeaseLost) return null;
      await repository
        .retryLater(delivery, messageOf(error), nextAttemptAt(delivery))
        .catch((e: unknown) => onError(e, { consumer: delivery.consumer, eventId: delivery.eventId }));
      return { delivery, error };
    }
  }

  /**
   * Delivers one claimed delivery inside the round's transaction, in a savepoint of its own: a
   * consumer that throws (or a claim lost meanwhile) rolls back only its own writes, and its failure is
   * written in the same transaction. `knownError`: it already failed with that error in this attempt
   * (deliverAllOrNone), so its failure is written without handing it over again. Answers the failure
   * to report, if any.
   */
  async function deliverOne(
    trx: Db,
    round: DeliveryRound,
    delivery: ClaimedDelivery,
    event: StoredEvent | undefined,
    knownError?: { error: unknown },
  ): Promise<{ error: unknown } | null> {
    if (knownError) {
      await createEventRepository(trx).retryLater(
        delivery,
        messageOf(knownError.error),
        nextAttemptAt(delivery),
      );
      return knownError;
    }
    await sql`savepoint delivery`.execute(trx);
    try {
      await handOver(trx, round, delivery, event);
      if (!(await createEventRepository(trx).complete(delivery))) throw new LeaseLost();
      await sql`release savepoint delivery`.execute(trx);
      return null;
    } catch (error) {
      await sql`rollback to savepoint delivery`.execute(trx);
      await sql`release savepoint delivery`.execute(trx);
      if (error instanceof LeaseLost) return null;
      await createEventRepository(trx).retryLater(delivery, messageOf(error), nextAttemptAt(delivery));
      return { error };
    }
  }

  function nextAttemptAt(delivery: ClaimedDelivery): Date | null {
    const max = byName.get(delivery.consumer)?.maxAttempts ?? 1;
    return delivery.attempts >= max ? null : new Date(Date.now() + backoff(delivery.attempts));
  }

  type Failure = { delivery: ClaimedDelivery; error: unknown };
  /** Why a round delivered all or none failed: which delivery threw what (none: the claims, the commit). */
  type RoundFailure = { index: number; error: unknown } | { index: null };

  /**
   * Delivers `deliveries` in one transaction without a savepoint each, and marks them all done in one
   * statement. Nearly every round works, and on PostgreSQL each savepoint and its release is a round
   * trip of its own (decision 0049). When any of them fails (its consumer throws, a claim was lost, the
   * database refuses), everything is rolled back and the answer says which one threw, if one did:
   * deliverTogether then delivers the round again, each in its savepoint, and writes that one's failure
   * without handing it over a second time.
   */
  async function deliverAllOrNone(
    deliveries: ClaimedDelivery[],
    events: Map<number, StoredEvent>,
  ): Promise<RoundFailure | null> {
    let failure: RoundFailure = { index: null };
    try {
      await db.transaction().execute(async (trx) => {
        const round = newDeliveryRound();
        for (const [index, delivery] of deliveries.entries()) {
          try {
            await handOver(trx, round, delivery, events.get(delivery.eventId));
          } catch (error) {
            failure = { index, error };
            throw error;
          }
        }
        if (!(await createEventRepository(trx).completeAll(deliveries))) throw new LeaseLost();
      });
      return null;
    } catch {
      return failure;
    }
  }

  /**
   * Delivers `deliveries` in order in one transaction, each in its savepoint (`known`: the one that
   * already failed in this attempt). If the transaction itself fails (the database, not a consumer),
   * every one of them waits for its next attempt, as one that failed. Answers the failures to report.
   */
  async function deliverTogether(
    deliveries: ClaimedDelivery[],
    events: Map<number, StoredEvent>,
    known: RoundFailure = { index: null },
  ): Promise<Failure[]> {
    try {
      return await db.transaction().execute(async (trx) => {
        const round = newDeliveryRound();
        const failures: Failure[] = [];
        for (const [index, delivery] of deliveries.entries()) {
          const knownError = known.index === index ? { error: known.error } : undefined;
          const failure = await deliverOne(trx, round, delivery, events.get(delivery.eventId), knownError);
          if (failure) failures.push({ delivery, error: failure.error });
        }
        return failures;
      });
    } catch (error) {
      for (const delivery of deliveries) {
        await repository
          .retryLater(delivery, messageOf(error), nextAttemptAt(delivery))
          .catch((e: unknown) => onError(e, { consumer: delivery.consumer, eventId: delivery.eventId }));
      }
      return deliveries.map((delivery) => ({ delivery, error }));
    }
  }

  /**
   * One claim-and-deliver round; answers how many deliveries it claimed. The deliveries of consumers
   * that only write to the database share one transaction: on SQLite a commit costs more than most
   * deliveries (decision 0020), and an activation's event makes two of them. Those of consumers that
   * reach outside are sent one by one, each completed in a transaction of its own (decision 0050).
   * Each consumer sees its events in the order they were recorded.
   */
  async function pass(): Promise<number> {
    const claimed = await repository.claim([...byName.keys()], batchSize, leaseMs);
    if (claimed.length === 0) return 0;
    const events = await repository.findEvents([...new Set(claimed.map((d) => d.eventId))]);
    const apart = (delivery: ClaimedDelivery) => reachesOutside(byName.get(delivery.consumer));
    const together = claimed.filter((delivery) => !apart(delivery));
    const failures: Failure[] = [];
    if (together.length > 0) {
      const failed = await deliverAllOrNone(together, events);
      if (failed) failures.push(...(await deliverTogether(together, events, failed)));
    }
    for (const delivery of claimed.filter(apart)) {
      const failure = await deliverOutside(delivery, events.get(delivery.eventId));
      if (failure) failures.push(failure);
    }
    for (const { delivery, error } of failures) {
      onError(error, { consumer: delivery.consumer, eventId: delivery.eventId });
    }
    return claimed.length;
  }

  const loop = createWorkerLoop(pass, {
    pollMs,
    batchSize,
    onError: (error) => onError(error, { consumer: '*', eventId: 0 }),
  });

  return {
    /** Records an event with the transaction of the change (pass `trx`), for every consumer of its type. */
    async record(trx: Db, event: DomainEvent): Promise<void> {
      const names = consumers.filter((c) => c.types.includes(event.type)).map((c) => c.name);
      const now = new Date();
      const id = await createEventRepository(trx).insert(event, names, now);
      for (const hook of onRecord) await hook(trx, event, id, now);
      // The claim waits for the recording transaction on SQLite (one connection) and may run before its
      // commit on PostgreSQL (the follow-up look, then the poll, find it).
      loop.wake();
    },

    /** Starts the worker: polls every pollMs and whenever an event is recorded. */
    start: loop.start,
    /** Stops polling and waits for the round in progress, so nothing is half-delivered at close. */
    stop: loop.stop,
    /** Delivers everything due now (tests, and the CLI): answers how many deliveries were claimed. */
    drain: loop.drain,
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
/** What services need of the outbox: recording an event in their transaction. */
export type EventRecorder = Pick<Outbox, 'record'>;

/**
 * Runs `change` in a transaction and records the event `describe` makes of its result in that same
 * transaction (null: nothing happened, nothing to record). For services whose repositories are
 * built per connection: `change` builds them on `trx`.
 */
export function changeAndRecord<T>(
  db: Db,
  events: EventRecorder,
  change: (trx: Db) => Promise<T>,
  describe: (result: T) => DomainEvent | null,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    const event = describe(result);
    if (event) await events.record(trx, event);
    return result;
  });
}
