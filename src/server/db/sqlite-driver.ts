import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Which build of better-sqlite3 this Node loads. Version 12 wraps its objects in Node's own
 * ObjectWrap; compiled against Node 24's headers, that wrapper's destructor asserts a live
 * environment, and a statement collected during shutdown or in a worker's teardown aborts the
 * process (SIGABRT, `(env) != nullptr`). Version 13 is built on Node-API and free of it, but
 * segfaults on Node 20. So Node 22 and later load 13 (the `better-sqlite3-napi` alias; prebuilt,
 * nothing to compile) and Node 20 loads 12. Their JavaScript API is the same.
 */
export const sqliteDriverModule =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const require = createRequire(import.meta.url);

export const SqliteDriver = require(sqliteDriverModule) as typeof BetterSqlite3;

/** The driver's entry file, for worker threads that load it themselves (see SqliteReaders). */
export const sqliteDriverPath: string = require.resolve(sqliteDriverModule);
