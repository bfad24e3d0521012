import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase, restoreDatabase } from '../backup/backup';
import { loadConfig } from '../config';
import { databaseOptionsFrom } from '../db';

const USAGE = `Usage:
  npm run backup [-- --out FILE]     back up the database (SQLite: online backup; PostgreSQL: pg_dump)
  npm run restore -- --from FILE     restore into an empty database (stop the server first)
Uses DATABASE_URL when set, otherwise the SQLite file under DATA_DIR.`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, from: { type: 'string' } },
  });
  const options = databaseOptionsFrom(loadConfig());
  const command = positionals[0];
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const extension = options.kind === 'sqlite' ? 'sqlite' : 'sql';
    const file = values.out ?? path.join('backups', `backup-${stamp}.${extension}`);
    await backupDatabase(options, file);
    process.stdout.write(`Backed up to ${file}\n`);
  } else if (command === 'restore' && values.from) {
    await restoreDatabase(options, values.from);
    process.stdout.write(`Restored from ${values.from}\n`);
  } else {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
