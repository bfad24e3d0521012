import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, WAL_CHECKPOINT_PAGES, WAL_KEPT_BYTES } from './sqlite';

const PAGE = 8192;

describe('SQLite checkpoints (decisions 0029, 0055)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
  const filename = path.join(dir, 'app.sqlite');
  const { raw } = openSqlite(filename);
  afterAll(() => {
    raw.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const walBytes = () => fs.statSync(`${filename}-wal`).size;
  // One row a page: a blob just under the page size.
  raw.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB)');
  const insert = raw.prepare('INSERT INTO pages (body) VALUES (?)');
  const writePages = (count: number, perCommit = 50) => {
    for (let written = 0; written < count; written += perCommit) {
      raw.transaction(() => {
        for (let i = 0; i < perCommit; i++) insert.run(Buffer.alloc(PAGE - 200, 1));
      })();
    }
  };

  it('keeps 1,500 pages of commits in the WAL, where SQLite alone would copy them back at 1,000', () => {
    writePages(1_500);
    // With the default the WAL is copied back at 1,000 pages and written again from its start, so the
    // file would stay near 1,000 pages long.
    expect(walBytes()).toBeGreaterThan(1_400 * PAGE);
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_CHECKPOINT_PAGES);
  });

  it('copies back once the WAL reaches the limit, then writes over its file rather than grow or cut it', () => {
    // Past the limit: the commit that reaches it checkpoints, and the commits after it write the WAL
    // again from its start, over the file's old frames (decision 0055): twice the limit's pages leave
    // a file of the limit's size, not twice that, nor one cut back to a few pages.
    writePages(2 * WAL_CHECKPOINT_PAGES);
    expect(walBytes()).toBeGreaterThan(0.9 * WAL_CHECKPOINT_PAGES * PAGE);
    expect(walBytes()).toBeLessThan(1.2 * WAL_CHECKPOINT_PAGES * PAGE);
    // The file kept is within journal_size_limit: only a WAL that outgrew its bound is cut back.
    expect(walBytes()).toBeLessThanOrEqual(WAL_KEPT_BYTES);
    expect(raw.pragma('journal_size_limit', { simple: true })).toBe(WAL_KEPT_BYTES);
    const rows = raw.prepare('SELECT count(*) AS n FROM pages').get() as { n: number };
    expect(rows.n).toBe(1_500 + 2 * WAL_CHECKPOINT_PAGES);
  });
});
