import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseOptions, openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import {
  createPostgresTestDatabase,
  registerDevice,
  signInDevice,
  call,
  testConfig,
  testDatabaseKind,
  insertReseller,
  insertDevices,
} from '../test/test-app';
import { backupDatabase, restoreDatabase } from './backup';

const TABLES = [
  'users',
  'devices',
  'playlists',
  'credit_transactions',
  'notifications',
  'links',
  'client_registrations',
  'contact_messages',
  'sessions',
  'device_sessions',
  'attempt_counters',
  'device_documents',
  'device_list_versions',
] as const;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(workDir, { recursive: true, force: true });
});

async function newDatabase(): Promise<DatabaseOptions> {
  if (testDatabaseKind === 'postgres') {
    const { url, drop } = await createPostgresTestDatabase();
    cleanups.push(drop);
    return { kind: 'postgres', url };
  }
  return { kind: 'sqlite', filename: path.join(workDir, `${Math.random().toString(36).slice(2)}.sqlite`) };
}

/** Every row of every table, in a stable order, as JSON: equal dumps mean nothing was lost. */
async function dump(options: DatabaseOptions): Promise<Record<string, string>> {
  const handle = openDatabase(options);
  try {
    const out: Record<string, string> = {};
    for (const table of TABLES) {
      const rows = await handle.db.selectFrom(table).selectAll().execute();
      out[table] = JSON.stringify(rows.map((r) => JSON.stringify(r)).sort());
    }
    return out;
  } finally {
    await handle.destroy();
  }
}

describe(`backup and restore (${testDatabaseKind})`, () => {
  it('backs up a live database, restores into an empty one, and finds every row', async () => {
    const source = await newDatabase();
    const handle = openDatabase(source);
    await migrateToLatest(handle);
    const app = await buildApp(testConfig(), { database: handle, logger: false });
    const reseller = await insertReseller(handle, { credits: 3 });
    // Owned devices give their list a version (migration 0021): a restore must not raise it again.
    await insertDevices(handle, 2, { ownerId: reseller.id });
    const device = await registerDevice(app);
    const cookie = await signInDevice(app, device.mac, device.key);
    await call(app, {
      method: 'POST',
      url: `/api/v1/playlist/${device.mac}`,
      payload: { name: 'N', url: 'http://x.example/a.m3u', hasPin: true, pin: '1234' },
      cookie,
    });
    await app.close();

    const file = path.join(workDir, `backup-${testDatabaseKind}`);
    await backupDatabase(source, file);
    await handle.destroy();

    const target = await newDatabase();
    await restoreDatabase(target, file);
    const [before, after] = [await dump(source), await dump(target)];
    expect(JSON.parse(before.devices!)).toHaveLength(3);
    expect(JSON.parse(before.playlists!)).toHaveLength(1);
    expect(JSON.parse(before.device_list_versions!)).toHaveLength(1);
    expect(after).toEqual(before);
  });

  it.skipIf(testDatabaseKind !== 'sqlite')('refuses to restore over an existing SQLite file', async () => {
    const target = await newDatabase();
    if (target.kind !== 'sqlite') return;
    fs.writeFileSync(target.filename, '');
    await expect(restoreDatabase(target, target.filename)).rejects.toThrow(/exists/);
  });
});

describe('PostgreSQL backups keep the password out of process arguments', () => {
  it('hands pg_dump and psql the connection by environment only', async () => {
    // Stand-ins for pg_dump and psql, first on PATH, write down what they were given.
    const bin = path.join(workDir, 'bin');
    const record = path.join(workDir, 'invocations.txt');
    fs.mkdirSync(bin, { recursive: true });
    for (const tool of ['pg_dump', 'psql']) {
      const script = `#!/bin/sh\nprintf '%s args=%s password=%s user=%s host=%s port=%s db=%s ssl=%s\\n' ${tool} "$*" "$PGPASSWORD" "$PGUSER" "$PGHOST" "$PGPORT" "$PGDATABASE" "$PGSSLMODE" >> '${record}'\n`;
      fs.writeFileSync(path.join(bin, tool), script, { mode: 0o755 });
    }
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    try {
      const url = 'postgres://streambox:s3cr%40t@db.internal:6543/iptv?sslmode=require';
      const file = path.join(workDir, 'stand-in.sql');
      await backupDatabase({ kind: 'postgres', url }, file);
      fs.writeFileSync(file, '');
      await restoreDatabase({ kind: 'postgres', url }, file);
    } finally {
      process.env.PATH = savedPath;
    }
    const lines = fs.readFileSync(record, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const args = /args=(.*) password=/.exec(line)![1]!;
      expect(args).not.toContain('s3cr');
      expect(args).not.toContain('db.internal');
      expect(line).toContain('password=s3cr@t user=streambox host=db.internal port=6543 db=iptv ssl=require');
    }
  });
});
