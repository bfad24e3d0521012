import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { openSqlite, type SqliteDirect, sqliteTypesPlugin } from './sqlite';

export type DatabaseKind = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

/** SQLite databases' synchronous runners (see SqliteDirect), for prepareQuery. */
const sqliteDirect = new WeakMap<Db, SqliteDirect>();

export function directRunnerOf(db: Db): SqliteDirect | undefined {
  return sqliteDirect.get(db);
}

/** For the few statements written differently per database (bulk updates, LIKE without lower()). */
export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Resolves when the database answers a trivial query; used by /health. */
  ping(): Promise<void>;
  destroy(): Promise<void>;
  /** Connection counts for the metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
}

// COUNT(*) and BIGINT come back from pg as strings; every count we keep fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'sqlite'; filename: string };

export function databaseOptionsFrom(config: { databaseUrl?: string; dataDir: string }): DatabaseOptions {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  return { kind: 'sqlite', filename: path.join(config.dataDir, 'app.sqlite') };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A client losing its connection (database restarted, network cut) must not crash the process:
    // idle clients report through the pool, checked-out ones through themselves. The query that was
    // running fails and the error envelope answers 503; the pool opens new connections when it can.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      destroy: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  if (options.filename !== ':memory:') fs.mkdirSync(path.dirname(options.filename), { recursive: true });
  const { database, direct } = openSqlite(options.filename);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins: [sqliteTypesPlugin] });
  sqliteDirect.set(db, direct);
  return {
    db,
    kind: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    destroy: () => db.destroy(),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}
