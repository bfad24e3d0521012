/**
 * Whether an error means a dependency (the database, Redis) is out of service rather than that our
 * code failed: such a request is answered 503 service_unavailable with Retry-After, never 500, and
 * /health names which one and how. 'read_only': it answers but refuses writes (a PostgreSQL replica
 * after a failover, a SQLite file that went read-only or a full disk, a Redis replica).
 */
export type Outage = 'unreachable' | 'read_only';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // PostgreSQL: connection exceptions (class 08), admin/crash shutdown, cannot connect now, too many connections.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // SQLite: locked past busy_timeout, the file gone or unreadable.
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

const READ_ONLY_CODES = new Set([
  // PostgreSQL: read_only_sql_transaction, disk full, out of memory.
  '25006',
  '53100',
  '53200',
  'SQLITE_READONLY',
  'SQLITE_FULL',
]);

const UNREACHABLE_MESSAGES =
  /Connection terminated|driver has already been destroyed|Cannot use a pool after calling end|database connection is not open|timeout exceeded when trying to connect|database is locked|Stream isn't writeable|Connection is closed|Reached the max retries per request|^LOADING|^MASTERDOWN|^TRYAGAIN|^CLUSTERDOWN/;
const READ_ONLY_MESSAGES = /^READONLY|^OOM command not allowed|^MISCONF/;

export function outageOf(error: unknown): Outage | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLite's extended codes (SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE, ...) share the primary's prefix.
    const primary = code.startsWith('SQLITE_') ? code.split('_').slice(0, 2).join('_') : code;
    if (READ_ONLY_CODES.has(primary)) return 'read_only';
    if (UNREACHABLE_CODES.has(primary)) return 'unreachable';
  }
  const message = error instanceof Error ? error.message : '';
  if (READ_ONLY_MESSAGES.test(message)) return 'read_only';
  if (UNREACHABLE_MESSAGES.test(message) || (error as Error).name === 'MaxRetriesPerRequestError') {
    return 'unreachable';
  }
  return null;
}
