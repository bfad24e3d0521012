/**
 * What a device list's page statement costs PostgreSQL, sent as an unnamed statement (parsed and
 * planned on every run) and as a named one (planned once per connection), one after the other on
 * one connection, three rounds of 1,500 runs each. Decision 0025 measured it this way. It reads the
 * bench's seeded database (`npm run bench -- --db postgres` makes it):
 *
 *   npx tsx bench/pg-list-statements.ts
 *
 * BENCH_DATABASE_URL names the database (postgres://postgres@127.0.0.1:5432/streambox_bench_1000000_1000
 * by default).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/server/db/schema';
import {
  PANEL_LIST_COLUMNS,
  selectFilteredDevices,
} from '../src/server/modules/devices/device-management-repository';

const url =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/streambox_bench_1000000_1000';
const pool = new pg.Pool({ connectionString: url, max: 1 });
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
// The bench's scenario (b) reseller owns the devices of reseller index 1 (the third user).
const { sql: text, parameters } = selectFilteredDevices(db, {
  ownerId: 3,
  status: 'year',
  search: 'Customer 1',
})
  .select(PANEL_LIST_COLUMNS)
  .orderBy('id', 'desc')
  .limit(25)
  .offset(0)
  .compile();
const values = [...parameters];
const client = await pool.connect();
const RUNS = 1500;
console.log(text);
for (let round = 1; round <= 3; round += 1) {
  for (const named of [false, true]) {
    const start = process.hrtime.bigint();
    for (let run = 0; run < RUNS; run += 1) {
      await client.query(named ? { name: 'list_page', text, values } : { text, values });
    }
    const micros = Number(process.hrtime.bigint() - start) / 1000 / RUNS;
    console.log(`round ${round}, ${named ? 'named  ' : 'unnamed'}: ${micros.toFixed(0)} µs a run`);
  }
}
client.release();
await db.destroy();
