/**
 * What the guessing limits' release costs PostgreSQL, written four ways (decisions 0041 and 0044). The
 * release (`releaseAllStatement`) must lock its rows in key order, so that it and a reservation of the
 * same keys never lock them in opposite orders. It is an upsert that reaches its rows in key order (as
 * it is); it used to be a locking read in key order and then an update, each row written twice (the
 * two "locking read" variants). Four clients at once, each reserving 54 keys of its own (a turn of 27
 * TV polls) and then releasing them, in a table of 600,000 counts; prints each variant's median and p90 release time.
 * The 'no locking read' variant is for measuring only: two such statements could deadlock.
 *
 *   npx tsx bench/pg-release-lock.ts [rounds]
 *
 * It creates a database of its own on BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres
 * by default) and drops it after.
 */
import pg from 'pg';

const rounds = Number(process.argv[2] ?? 150);
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_release_${process.pid}`;
const CLIENTS = 4;
const KEYS = 54;

const lockedRelease = (lock: string) => `
  WITH locked AS MATERIALIZED (SELECT key FROM attempt_counters WHERE key = ANY($1::text[]) ORDER BY key ${lock})
  UPDATE attempt_counters AS c SET failures = GREATEST(c.failures - r.times, 0)
  FROM locked JOIN unnest($1::text[], $2::int[]) AS r(key, times) ON r.key = locked.key
  WHERE c.key = locked.key AND c.failures > 0 AND c.locked_until_at IS NULL`;
const variants: Record<string, string> = {
  'as it is (upsert in key order)': `
    INSERT INTO attempt_counters AS c (key, failures, window_started_at)
    SELECT key, 0, now() FROM unnest($1::text[]) AS key ORDER BY key
    ON CONFLICT (key) DO UPDATE
    SET failures = GREATEST(c.failures - ($2::int[])[array_position($1::text[], excluded.key)], 0)
    WHERE c.failures > 0 AND c.locked_until_at IS NULL`,
  'locking read (FOR UPDATE), then update': lockedRelease('FOR UPDATE'),
  'locking read (FOR NO KEY UPDATE), then update': lockedRelease('FOR NO KEY UPDATE'),
  'no locking read': `
    UPDATE attempt_counters AS c SET failures = GREATEST(c.failures - r.times, 0)
    FROM unnest($1::text[], $2::int[]) AS r(key, times)
    WHERE c.key = r.key AND c.failures > 0 AND c.locked_until_at IS NULL`,
};
const reserve = `
  INSERT INTO attempt_counters AS c (key, failures, window_started_at)
  SELECT key, 1, now() FROM unnest($1::text[]) AS key ORDER BY key
  ON CONFLICT (key) DO UPDATE SET failures = c.failures + 1`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const admin = await connect(adminUrl);
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const clients: pg.Client[] = [];
try {
  const setup = await connect(url.toString());
  clients.push(setup);
  // The table as migrations 0001 and 0020 leave it on PostgreSQL, filled as a fleet's polls leave it.
  await setup.query(`CREATE UNLOGGED TABLE attempt_counters (key text PRIMARY KEY, failures integer NOT NULL,
    window_started_at timestamptz NOT NULL, locked_until_at timestamptz)`);
  await setup.query(`INSERT INTO attempt_counters SELECT 'device:mac:fleet-' || g, 0, now()
    FROM generate_series(1, 600000) AS g`);
  await setup.query('ANALYZE attempt_counters');
  for (let i = 0; i < CLIENTS; i += 1) clients.push(await connect(url.toString()));
  const workers = clients.slice(1);
  for (const pass of [1, 2]) {
    for (const [variant, text] of Object.entries(variants)) {
      const times: number[] = [];
      await Promise.all(
        workers.map(async (client, worker) => {
          for (let round = 0; round < rounds; round += 1) {
            const keys = Array.from(
              { length: KEYS },
              (_, i) => `device:mac:${variant}:${worker}:${(round * KEYS + i) % 2000}`,
            );
            await client.query({ name: 'reserve', text: reserve, values: [keys] });
            const started = performance.now();
            await client.query({ name: variant, text, values: [keys, keys.map(() => 1)] });
            times.push(performance.now() - started);
          }
        }),
      );
      times.sort((a, b) => a - b);
      const at = (share: number) => times[Math.floor(times.length * share)]!.toFixed(2);
      console.log(
        `pass ${pass}, ${variant}: release median ${at(0.5)} ms, p90 ${at(0.9)} ms (${times.length} releases)`,
      );
    }
  }
} finally {
  await Promise.all(clients.map((client) => client.end()));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
