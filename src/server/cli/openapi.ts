import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { resellerApiDocument } from '../plugins/openapi';

/**
 * Prints the API's OpenAPI document as JSON, or with `--reseller` the reseller API's own
 * (`npm run lint:openapi` checks both with redocly). The documents come from the route schemas
 * alone, so an empty in-memory database is enough.
 */
async function main() {
  const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(database);
  const app = await buildApp({ ...loadConfig({}), apiDocs: true }, { database, logger: false });
  try {
    await app.ready();
    const whole = app.swagger() as Parameters<typeof resellerApiDocument>[0];
    const document = process.argv.includes('--reseller') ? resellerApiDocument(whole, undefined) : whole;
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  } finally {
    await app.close();
  }
}

await main();
