import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { batchPerTurn } from '../src/server/db/batch-per-turn';

/**
 * The physical limits to compare with, in a process of their own: GET /bare, a bare Fastify route
 * answering a fixed JSON of the same size; GET /lookup, the same route plus the TV app's lookup (one
 * statement by MAC on device_documents, the key compared, the stored body spliced in) on the bench's
 * database, with no limits, hooks or validation. The second is what HTTP and the data cost on this
 * machine before any of the product's own work (LOOKUP_SQLITE=file or LOOKUP_POSTGRES=url). On
 * PostgreSQL the lookups of one turn of the event loop go in one statement, as the app sends them
 * (decision 0021): one statement per request made this row lower than the app's own (a) with Redis.
 * A device changed since it was last polled has no stored body (the app builds it again on the next
 * poll, migration 0004): this route answers those 401, so after the activation scenarios of an
 * earlier run a few in a hundred thousand of its answers are 401s.
 */
const port = Number(process.env.PORT);
const size = Number(process.env.BODY_BYTES ?? 600);
const body = JSON.stringify({ success: true, data: { padding: 'x'.repeat(Math.max(0, size - 40)) } });
const LOOKUP_SQL = 'SELECT device_id, device_key, version, body FROM device_documents WHERE mac = $1';
const LOOKUP_MANY_SQL =
  'SELECT mac, device_id, device_key, version, body FROM device_documents WHERE mac = ANY($1::text[])';

type Document = { device_id: number; device_key: string; version: number; body: string | null };
let lookup: ((mac: string) => Document | undefined | Promise<Document | undefined>) | null = null;
let close = async () => {};
if (process.env.LOOKUP_SQLITE) {
  const db = new Database(process.env.LOOKUP_SQLITE, { fileMustExist: true });
  db.pragma('journal_mode = WAL');
  const statement = db.prepare(LOOKUP_SQL.replace('$1', '?'));
  lookup = (mac) => statement.get(mac) as Document | undefined;
  close = async () => {
    db.close();
  };
} else if (process.env.LOOKUP_POSTGRES) {
  const pool = new pg.Pool({ connectionString: process.env.LOOKUP_POSTGRES, max: 10 });
  lookup = batchPerTurn(async (macs: string[]) => {
    const { rows } = await pool.query<Document & { mac: string }>({
      name: 'lookup',
      text: LOOKUP_MANY_SQL,
      values: [macs],
    });
    const byMac = new Map(rows.map((row) => [row.mac, row]));
    return macs.map((mac) => byMac.get(mac));
  });
  close = () => pool.end();
}

const app = Fastify({ logger: false });
app.get('/bare', async (_request, reply) => reply.type('application/json').send(body));
app.get('/lookup', async (request, reply) => {
  const { mac, cle_mac: key } = request.query as { mac?: string; cle_mac?: string };
  const found = mac && lookup ? await lookup(mac) : undefined;
  if (!found || found.device_key !== key || found.body === null) return reply.code(401).send();
  reply.header('etag', `"${found.device_id}.${found.version}"`);
  return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${found.body}}`);
});
await app.listen({ port, host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(close)
      .then(() => process.exit(0)),
);
