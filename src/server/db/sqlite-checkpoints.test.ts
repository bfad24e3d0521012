import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limitWal, openSqlite, WAL_CHECKPOINT_PAGES, WAL_KEPT_BYTES, walKeptBytes } from './sqlite';

const PAGE = 8192;

describe('SQLite checkpoints (decisions 0029, 0055, 0064)', () => {
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
    expect(raw.pragma('journal_size_limit', { simple: true })).toBe(WAL_KEPT_BYTES);
  });

  it('keeps a file at least as long as a full WAL of the bound', () => {
    // A full WAL: a 32-byte header, then each page with its 24-byte frame header.
    const fullWal = (pages: number) => 32 + pages * (PAGE + 24);
    for (const pages of [1_000, 2_000, 10_000, WAL_CHECKPOINT_PAGES]) {
      expect(walKeptBytes(pages)).toBeGreaterThan(fullWal(pages));
      expect(walKeptBytes(pages)).toBeLessThan(1.3 * fullWal(pages));
    }
  });

  it('copies back once the WAL reaches the limit, then writes over its file rather than grow or cut it', () => {
    // The shipped bound is 50,000 pages (410 MB); the same settings for 2,000 show the behaviour with
    // a test's writes. Past the limit, the commit that reaches it checkpoints, and the commits after it
    // write the WAL again from its start, over the file's old frames (decision 0055): twice the
    // limit's pages leave a file of the limit's size, not twice that, nor one cut back to a few pages.
    const limit = 2_000;
    limitWal(raw, limit);
    writePages(2 * limit);
    expect(walBytes()).toBeGreaterThan(0.9 * limit * PAGE);
    expect(walBytes()).toBeLessThan(1.2 * limit * PAGE);
    // The file kept is within journal_size_limit: only a WAL that outgrew its bound is cut back.
    expect(walBytes()).toBeLessThanOrEqual(walKeptBytes(limit));
    expect(raw.pragma('journal_size_limit', { simple: true })).toBe(walKeptBytes(limit));
    const rows = raw.prepare('SELECT count(*) AS n FROM pages').get() as { n: number };
    expect(rows.n).toBe(1_500 + 2 * limit);
  });
});
