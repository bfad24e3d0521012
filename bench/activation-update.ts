/**
 * npx tsx bench/activation-update.ts [ROUNDS] (decisions 0053, 0054): an activation's update of a
 * device (the statement of device-repository.ts) under the schema before and after each of those
 * decisions' migrations, in alternating rounds on a copy of the seeded bench file (npm run bench seeds
 * .bench-data/sqlite-1000000-1000/app.sqlite; the copy is deleted at the end). Each measurement
 * activates 1,000 devices of a reseller no other measurement touched, for a year from now, as the
 * bench's activations do. Per schema: µs per update inside one transaction (rolled back), then µs per
 * update and WAL frames (pages) per commit with each update committed alone, the writer's own
 * checkpoint off.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const ROUNDS = Number(process.argv[2] ?? 6);
const source = path.resolve(import.meta.dirname, '../.bench-data/sqlite-1000000-1000/app.sqlite');
if (!fs.existsSync(source)) {
  console.error(`${source} does not exist: run npm run bench -- --db sqlite --scenarios a first.`);
  process.exit(1);
}
const file = path.resolve(import.meta.dirname, '../.bench-data/tmp/activation-update.sqlite');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.copyFileSync(source, file);

const MAC_ALWAYS = `CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices BEGIN
  UPDATE device_documents
  SET mac = NEW.mac, device_key = NEW.device_key, is_banned = NEW.is_banned, body = NULL, version = version + 1
  WHERE device_id = NEW.id; END;`;
const MAC_WHEN_CHANGED = `CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices BEGIN
  UPDATE device_documents
  SET device_key = NEW.device_key, is_banned = NEW.is_banned, body = NULL, version = version + 1
  WHERE device_id = NEW.id; END;
  CREATE TRIGGER device_documents_device_moved AFTER UPDATE OF mac ON devices
  WHEN NEW.mac IS NOT OLD.mac BEGIN UPDATE device_documents SET mac = NEW.mac WHERE device_id = NEW.id; END;`;
/** Each schema: its device_documents trigger, and whether devices_expires_idx exists. */
const SCHEMAS = {
  'before 0023: the MAC always written': { trigger: MAC_ALWAYS, expiresIndex: true },
  '0023: the MAC only when changed': { trigger: MAC_WHEN_CHANGED, expiresIndex: true },
  '0023 and 0024: no devices_expires_idx': { trigger: MAC_WHEN_CHANGED, expiresIndex: false },
};
type Schema = keyof typeof SCHEMAS;

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('wal_autocheckpoint = 0');
// Resellers with 1,000 devices or more, one for each measurement.
const owners = db
  .prepare(
    'SELECT owner_id FROM devices WHERE owner_id IS NOT NULL GROUP BY owner_id HAVING count(*) >= 1000',
  )
  .pluck()
  .all() as number[];
const schemas = Object.keys(SCHEMAS) as Schema[];
if (owners.length < ROUNDS * schemas.length) {
  console.error(`${owners.length} resellers with 1,000 devices: too few for ${ROUNDS} rounds.`);
  process.exit(1);
}
const devicesOf = db.prepare('SELECT id FROM devices WHERE owner_id = ? ORDER BY id LIMIT 1000').pluck();

function use(schema: Schema): void {
  const { trigger, expiresIndex } = SCHEMAS[schema];
  db.exec(`DROP TRIGGER IF EXISTS device_documents_device_changed;
    DROP TRIGGER IF EXISTS device_documents_device_moved; ${trigger}`);
  db.exec(
    expiresIndex
      ? 'CREATE INDEX IF NOT EXISTS devices_expires_idx ON devices (expires_at)'
      : 'DROP INDEX IF EXISTS devices_expires_idx',
  );
}

function measure(schema: Schema, ids: number[]) {
  use(schema);
  // The activation's statement (activationUpdate in device-repository.ts): a year from now, one
  // millisecond apart, as activations a second apart would be.
  const update = db.prepare(`UPDATE devices SET payment_type = 'year', is_paid = 1, paid_at = ?,
    expires_at = ?, owner_id = owner_id, name = coalesce(?, name), phone = coalesce(?, phone),
    updated_at = ? WHERE id = ? RETURNING *`);
  const now = Date.now();
  const run = (id: number, index: number) => {
    const at = new Date(now + index).toISOString();
    update.get(at, new Date(now + 365 * 86_400_000 + index).toISOString(), null, null, at, id);
  };
  const perUpdate = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e3 / ids.length;

  let start = process.hrtime.bigint();
  db.exec('BEGIN');
  ids.forEach(run);
  db.exec('ROLLBACK');
  const inTransaction = perUpdate(start);

  db.pragma('wal_checkpoint(TRUNCATE)');
  start = process.hrtime.bigint();
  ids.forEach((id, index) => {
    db.exec('BEGIN');
    run(id, index);
    db.exec('COMMIT');
  });
  const committed = perUpdate(start);
  // A WAL frame is a 24-byte header and a page, after the WAL's 32-byte header.
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const frames = (fs.statSync(`${file}-wal`).size - 32) / (24 + pageSize) / ids.length;
  return { inTransaction, committed, frames };
}

const results = Object.fromEntries(schemas.map((schema) => [schema, [] as ReturnType<typeof measure>[]]));
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round in another order, so no schema always comes first after a rebuilt index.
    const order = round % 2 === 0 ? schemas : [...schemas].reverse();
    order.forEach((schema, index) => {
      const ids = devicesOf.all(owners[round * schemas.length + index]) as number[];
      results[schema]?.push(measure(schema, ids));
    });
  }
} finally {
  db.close();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
console.log(`The activation's update of 1,000 devices, ${ROUNDS} rounds of each schema, medians`);
console.log(
  '| schema | µs per update (in one transaction) | µs per update committed | WAL pages per commit |',
);
console.log('|---|---:|---:|---:|');
for (const schema of schemas) {
  const rows = results[schema] ?? [];
  const cell = (pick: (row: (typeof rows)[number]) => number, digits: number) =>
    median(rows.map(pick)).toFixed(digits);
  console.log(
    `| ${schema} | ${cell((r) => r.inTransaction, 1)} | ${cell((r) => r.committed, 1)} | ${cell((r) => r.frames, 2)} |`,
  );
}
