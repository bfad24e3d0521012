import { parseArgs } from 'node:util';
import { emailSchema, NEW_PASSWORD_MIN } from '../../shared/api/auth';
import { ConfigError, loadConfig } from '../config';
import { databaseOptionsFrom, openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { createOrResetAdmin } from '../modules/users/admin-accounts';
import { createCommandOutbox } from '../app-outbox';

const USAGE = `Usage: npm run admin -- create --email EMAIL --password PASSWORD [--name NAME]
  Creates an admin, or resets the password of an existing admin (and lifts a ban); either is
  in the audit log, and a reset is mailed to the admin (by the server).
  Uses the same database as the server (DATABASE_URL, or DATA_DIR's SQLite file).`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  if (positionals[0] !== 'create' || !values.email || !values.password) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const email = emailSchema.safeParse(values.email);
  if (!email.success) throw new ConfigError(`Not an e-mail address: ${values.email}`);
  if (values.password.length < NEW_PASSWORD_MIN) {
    throw new ConfigError(`The password needs at least ${NEW_PASSWORD_MIN} characters`);
  }
  const config = loadConfig();
  const database = openDatabase(databaseOptionsFrom(config));
  const outbox = createCommandOutbox(database.db, config);
  try {
    await migrateToLatest(database);
    const outcome = await createOrResetAdmin(database.db, outbox.events, {
      email: email.data,
      password: values.password,
      name: values.name,
    });
    process.stdout.write(`Admin ${email.data} ${outcome}.\n`);
  } finally {
    outbox.close();
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
