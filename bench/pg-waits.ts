/**
 * What PostgreSQL's backends are doing, sampled: every 20 ms for S seconds, each non-idle backend of
 * the bench's databases (streambox_bench_*) is counted by its wait event and the start of its statement.
 * Run it beside a scenario (decision 0024 found activation's lock this way):
 *
 *   npx tsx bench/pg-waits.ts 45 & npm run bench -- --db postgres --scenarios d --duration 15; wait
 *
 * BENCH_DATABASE_URL names the server (postgres://postgres@127.0.0.1:5432/postgres by default).
 */
import pg from 'pg';

const seconds = Number(process.argv[2] ?? 30);
const client = new pg.Client({
  connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
});
await client.connect();
const counts = new Map<string, number>();
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const { rows } = await client.query<{ what: string }>(
    `SELECT coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '') || '  ' ||
            left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS what
     FROM pg_stat_activity
     WHERE datname LIKE 'streambox_bench%' AND backend_type = 'client backend'
       AND state <> 'idle' AND pid <> pg_backend_pid()`,
  );
  for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await client.end();
const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
console.log(`${total} samples of non-idle backends in ${seconds} s; the most frequent:`);
for (const [what, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`${String(n).padStart(7)}  ${what}`);
}
