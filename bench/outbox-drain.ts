/**
 * The outbox's deliveries alone (decision 0049): device.activated events recorded as activations
 * record them, then delivered by `drain()` with the server's database-only consumers (notifications,
 * webhooks), timed. Prints, for each round, deliveries a second and the process's CPU a delivery
 * (main thread and the rest: on SQLite the reader threads are idle here). Runs on a fresh database: a
 * temporary SQLite file, or a PostgreSQL database it makes and drops (BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Usage: npx tsx bench/outbox-drain.ts sqlite|postgres [events a round, 5000] [rounds, 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import { createOutbox } from '../src/server/modules/events/outbox';
import { notificationConsumer } from '../src/server/modules/notifications/notification-consumer';
import { createWebhookConsumer } from '../src/server/modules/webhooks/webhook-consumer';
import { scratchPostgres } from './bench-database';

const [kind, eventsArg = '5000', roundsArg = '5'] = process.argv.slice(2);
if (kind !== 'sqlite' && kind !== 'postgres') {
  throw new Error('usage: npx tsx bench/outbox-drain.ts sqlite|postgres [events] [rounds]');
}
const EVENTS = Number(eventsArg);
const ROUNDS = Number(roundsArg);
/** Events recorded a transaction, as the activations of one group commit record them. */
const PER_TRANSACTION = 25;

async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-drain-'));
    const handle = openDatabase({ kind: 'sqlite', filename: path.join(dir, 'app.sqlite') });
    return { handle, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await scratchPostgres('outbox_drain');
  return { handle: openDatabase({ kind: 'postgres', url }), drop };
}

const { handle, drop } = await freshDatabase();
try {
  await migrateToLatest(handle);
  const { db } = handle;
  const reseller = await db
    .insertInto('users')
    .values({
      name: 'Bench reseller',
      email: 'outbox-drain@bench.invalid',
      password_hash: 'x',
      role: 'reseller',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const outbox = createOutbox(db, [notificationConsumer, createWebhookConsumer()], { pollMs: 0 });

  const results: { rate: number; mainUs: number }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (let first = 0; first < EVENTS; first += PER_TRANSACTION) {
      await db.transaction().execute(async (trx) => {
        for (let n = first; n < Math.min(EVENTS, first + PER_TRANSACTION); n += 1) {
          const mac = `00:1A:79:${[n >> 16, (n >> 8) & 255, n & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;
          await outbox.record(trx, {
            type: 'device.activated',
            actorId: reseller.id,
            subject: `device:${n}`,
            payload: { device_id: n, mac, plan: 'year', owner_id: reseller.id },
          });
        }
      });
    }
    const cpu = process.cpuUsage();
    const started = performance.now();
    const delivered = await outbox.drain();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    // Two consumers of device.activated: two deliveries an event.
    if (delivered !== EVENTS * 2) throw new Error(`delivered ${delivered}, expected ${EVENTS * 2}`);
    const mainUs = (used.user + used.system) / delivered;
    results.push({ rate: delivered / seconds, mainUs });
    console.log(
      `round ${round}: ${delivered} deliveries in ${seconds.toFixed(2)} s: ${Math.round(delivered / seconds)} a second, ` +
        `${mainUs.toFixed(1)} µs of CPU a delivery`,
    );
  }
  const median = <T>(values: T[], key: (v: T) => number) =>
    values.map(key).sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `${kind}: median ${Math.round(median(results, (r) => r.rate))} deliveries a second, ` +
      `${median(results, (r) => r.mainUs).toFixed(1)} µs of CPU a delivery`,
  );
} finally {
  await handle.destroy();
  await drop();
}
