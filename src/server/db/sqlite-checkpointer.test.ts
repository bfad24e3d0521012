import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './index';
import { SqliteDriver } from './sqlite-driver';
import { WAL_CHECKPOINT_PAGES } from './sqlite';

const PAGE = 8192;

describe('the SQLite checkpointer thread (decision 0051)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  const filename = path.join(dir, 'app.sqlite');
  const handle = openDatabase({ kind: 'sqlite', filename, readers: 0 });
  afterAll(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const walBytes = () => fs.statSync(`${filename}-wal`).size;

  /** `count` rows of almost a page each, in commits of 50, through the app's own connection. */
  async function writePages(count: number): Promise<void> {
    for (let written = 0; written < count; written += 50) {
      await handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 50; i++) {
          await sql`INSERT INTO pages (body) VALUES (${Buffer.alloc(PAGE - 200, 1)})`.execute(trx);
        }
      });
    }
  }

  /**
   * The rows of `pages` in the database file itself, without its WAL: a copy of the file alone shows
   * only what a checkpoint has copied back (-1 while a copy is half done: the file alone is then a
   * mix of two states that SQLite calls malformed).
   */
  function rowsInFileAlone(): number {
    const copy = path.join(dir, `copy-${Date.now()}.sqlite`);
    fs.copyFileSync(filename, copy);
    const raw = new SqliteDriver(copy);
    try {
      const table = raw.prepare("SELECT 1 FROM sqlite_master WHERE name = 'pages'").get();
      return table ? (raw.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n : 0;
    } catch {
      return -1;
    } finally {
      raw.close();
      fs.rmSync(copy, { force: true });
    }
  }

  async function eventually(check: () => boolean, what: string): Promise<void> {
    const until = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > until) throw new Error(`not within 10 s: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('copies committed pages back into the database file, far below the writer’s own threshold', async () => {
    await sql`CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB)`.execute(handle.db);
    await writePages(500);
    // The writer alone would copy nothing back before WAL_CHECKPOINT_PAGES: the rows would be in
    // the WAL only, and the file alone would have no `pages` table at all.
    expect(500).toBeLessThan(WAL_CHECKPOINT_PAGES / 10);
    await eventually(() => rowsInFileAlone() === 500, 'the 500 rows in the database file');
  });

  it('lets the next commit write the WAL again from its start, with no checkpoint on the writer', async () => {
    await writePages(1_500);
    await eventually(() => rowsInFileAlone() === 2_000, 'the 2,000 rows in the database file');
    const before = walBytes();
    expect(before).toBeGreaterThan(1_400 * PAGE);
    // Copied to its end, the WAL is reused from its first frame: these pages overwrite the old ones
    // and the file does not grow (it would reach about 3,500 pages if the WAL had been appended to).
    await writePages(1_000);
    expect(walBytes()).toBeLessThanOrEqual(before);
    const { n } = (await sql<{ n: number }>`SELECT count(*) AS n FROM pages`.execute(handle.db)).rows[0]!;
    expect(n).toBe(3_000);
  });
});
