/**
 * npm run bench:lookup [-- FILE]: the TV app's lookup (device_documents by MAC, the statement behind
 * GET /api/v1/device) in a tight loop on a seeded bench file (npm run bench seeds
 * .bench-data/sqlite-1000000-1000/app.sqlite), with SQLite's memory map off and at two sizes, over
 * 40,000 MACs drawn from the whole table in random order, as the bench's wrk scripts draw them. Prints
 * µs per lookup and the process's RSS after each pass (a mapped page that was read counts in RSS).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const file =
  process.argv[2] ?? path.resolve(import.meta.dirname, '../.bench-data/sqlite-1000000-1000/app.sqlite');
if (!fs.existsSync(file)) {
  console.error(`${file} does not exist: run npm run bench -- --db sqlite --scenarios a first.`);
  process.exit(1);
}
const db = new Database(file, { readonly: true, fileMustExist: true });
const { devices } = db.prepare('SELECT count(*) AS devices FROM device_documents').get() as {
  devices: number;
};
const step = Math.max(1, Math.floor(devices / 40_000));
const macs = (
  db.prepare('SELECT mac FROM device_documents WHERE device_id % ? = 0').all(step) as { mac: string }[]
).map((row) => row.mac);
for (let i = macs.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [macs[i], macs[j]] = [macs[j] as string, macs[i] as string];
}
const lookup = db.prepare(
  'SELECT device_id AS id, device_key, is_banned, version, body FROM device_documents WHERE mac = ?',
);

console.log(
  `${file}: ${devices.toLocaleString('en')} devices, ${macs.length.toLocaleString('en')} random MACs`,
);
console.log('| mmap_size | µs per lookup | RSS after |');
console.log('|---:|---:|---:|');
for (const mib of [0, 256, 0, 256, 2048]) {
  db.pragma(`mmap_size = ${mib * 1024 * 1024}`);
  const started = process.hrtime.bigint();
  for (const mac of macs) lookup.get(mac);
  const micros = Number(process.hrtime.bigint() - started) / 1000 / macs.length;
  console.log(`| ${mib} MiB | ${micros.toFixed(1)} | ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB |`);
}
db.close();
