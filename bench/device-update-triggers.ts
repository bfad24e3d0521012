/**
 * npx tsx bench/device-update-triggers.ts [ROUNDS] (decision 0053): an activation's update of a device
 * (the statement of device-repository.ts, on 1,000 devices of one reseller) with the trigger that keeps
 * device_documents in step as migration 0004 wrote it (`SET mac = NEW.mac, ...` on every update) and as
 * migration 0023 writes it (the MAC only when it changed), in alternating rounds on a copy of the
 * seeded bench file (npm run bench seeds .bench-data/sqlite-1000000-1000/app.sqlite; the copy is
 * deleted at the end). Per variant: µs per update inside one transaction (rolled back), and the WAL
 * frames (pages) and µs per update committed alone, the writer's own checkpoint off.
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
const file = path.resolve(import.meta.dirname, '../.bench-data/tmp/device-update-triggers.sqlite');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.copyFileSync(source, file);

const UPDATE_OF_DEVICE = `UPDATE device_documents
  SET device_key = NEW.device_key, is_banned = NEW.is_banned, body = NULL, version = version + 1
  WHERE device_id = NEW.id;`;
const VARIANTS = {
  'MAC always (0004)': `CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices BEGIN
    UPDATE device_documents
    SET mac = NEW.mac, device_key = NEW.device_key, is_banned = NEW.is_banned, body = NULL, version = version + 1
    WHERE device_id = NEW.id; END;`,
  'MAC when changed (0023)': `CREATE TRIGGER device_documents_device_changed AFTER UPDATE ON devices BEGIN
    ${UPDATE_OF_DEVICE} END;
    CREATE TRIGGER device_documents_device_moved AFTER UPDATE OF mac ON devices
    WHEN NEW.mac IS NOT OLD.mac BEGIN UPDATE device_documents SET mac = NEW.mac WHERE device_id = NEW.id; END;`,
};
type Variant = keyof typeof VARIANTS;

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('wal_autocheckpoint = 0');
const ids = db
  .prepare('SELECT id FROM devices WHERE owner_id = (SELECT owner_id FROM devices WHERE id = 5) LIMIT 1000')
  .pluck()
  .all() as number[];

function use(variant: Variant): void {
  db.exec(`DROP TRIGGER IF EXISTS device_documents_device_changed;
    DROP TRIGGER IF EXISTS device_documents_device_moved; ${VARIANTS[variant]}`);
}

function measure(variant: Variant): { inTransaction: number; committed: number; frames: number } {
  use(variant);
  // The activation's statement (activationUpdate in device-repository.ts), its values fixed.
  const update = db.prepare(`UPDATE devices SET payment_type = 'year', is_paid = 1, paid_at = ?,
    expires_at = ?, owner_id = owner_id, name = coalesce(?, name), phone = coalesce(?, phone),
    updated_at = ? WHERE id = ? RETURNING *`);
  const at = new Date().toISOString();
  const run = (id: number) => update.get(at, at, null, null, at, id);
  const perUpdate = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e3 / ids.length;

  let start = process.hrtime.bigint();
  db.exec('BEGIN');
  for (const id of ids) run(id);
  db.exec('ROLLBACK');
  const inTransaction = perUpdate(start);

  db.pragma('wal_checkpoint(TRUNCATE)');
  start = process.hrtime.bigint();
  for (const id of ids) {
    db.exec('BEGIN');
    run(id);
    db.exec('COMMIT');
  }
  const committed = perUpdate(start);
  // A WAL frame is a 24-byte header and a page, after the WAL's 32-byte header.
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const frames = (fs.statSync(`${file}-wal`).size - 32) / (24 + pageSize) / ids.length;
  return { inTransaction, committed, frames };
}

const results: Record<Variant, ReturnType<typeof measure>[]> = {
  'MAC always (0004)': [],
  'MAC when changed (0023)': [],
};
const variants = Object.keys(VARIANTS) as Variant[];
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round in the other order, so neither variant always meets a warmer cache.
    for (const variant of round % 2 === 0 ? variants : [...variants].reverse())
      results[variant].push(measure(variant));
  }
} finally {
  db.close();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
console.log(`${ids.length} devices' activation update, ${ROUNDS} rounds of each trigger, medians`);
console.log(
  '| device_documents trigger | µs per update (in one transaction) | µs per update committed | WAL pages per commit |',
);
console.log('|---|---:|---:|---:|');
for (const variant of variants) {
  const rows = results[variant];
  const cell = (pick: (row: (typeof rows)[number]) => number, digits: number) =>
    median(rows.map(pick)).toFixed(digits);
  console.log(
    `| ${variant} | ${cell((r) => r.inTransaction, 1)} | ${cell((r) => r.committed, 1)} | ${cell((r) => r.frames, 2)} |`,
  );
}
