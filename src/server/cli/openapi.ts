import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';

/**
 * Prints the API's OpenAPI document as JSON (`npm run lint:openapi` checks it with redocly). The
 * document comes from the route schemas alone, so an empty in-memory database is enough.
 */
async function main() {
  const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(database);
  const app = await buildApp({ ...loadConfig({}), apiDocs: true }, { database, logger: false });
  try {
    await app.ready();
    process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

await main();
