import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';

/**
 * The data `npm run bench` seeds (1,000,000 devices, 1,000 resellers), opened and migrated, for the
 * scripts that call the repositories directly: the SQLite file, or PostgreSQL's database
 * (BENCH_DATABASE_URL). `close` ends it, and with it the timer that holds the process open: SQLite's
 * reader threads do not.
 */
export async function openBenchDatabase(
  kind: string | undefined,
  script: string,
): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`usage: ${script} sqlite|postgres`);
  const handle =
    kind === 'sqlite'
      ? openDatabase({
          kind: 'sqlite',
          filename: path.resolve(import.meta.dirname, '../.bench-data/sqlite-1000000-1000/app.sqlite'),
        })
      : openDatabase({
          kind: 'postgres',
          url:
            process.env.BENCH_DATABASE_URL ??
            'postgres://postgres@127.0.0.1:5432/streambox_bench_1000000_1000',
        });
  const keepAlive = setInterval(() => {}, 1000);
  await migrateToLatest(handle);
  return {
    handle,
    close: async () => {
      clearInterval(keepAlive);
      await handle.destroy();
    },
  };
}

/**
 * A PostgreSQL database of a script's own on BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres
 * by default), named after `prefix` and the process: its URL, and `drop` to remove it after.
 */
export async function scratchPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
