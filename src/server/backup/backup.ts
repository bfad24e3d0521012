import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { DatabaseOptions } from '../db';

/**
 * Backups of either database. SQLite: the online backup API (a consistent copy while the server
 * keeps running). PostgreSQL: pg_dump in plain SQL, restored with psql into an empty database.
 */
export async function backupDatabase(options: DatabaseOptions, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (options.kind === 'sqlite') {
    if (!fs.existsSync(options.filename)) throw new Error(`No database at ${options.filename}`);
    const source = new BetterSqlite3(options.filename, { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    return;
  }
  await run('pg_dump', ['--no-owner', '--no-privileges', '--format=plain', `--file=${file}`, options.url]);
}

/** Restores into an empty database (a SQLite file that does not exist yet, or an empty PostgreSQL database). */
export async function restoreDatabase(options: DatabaseOptions, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  if (options.kind === 'sqlite') {
    if (fs.existsSync(options.filename)) {
      throw new Error(`${options.filename} exists: stop the server and move it away before restoring`);
    }
    fs.mkdirSync(path.dirname(options.filename), { recursive: true });
    const backup = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(options.filename);
    } finally {
      backup.close();
    }
    return;
  }
  await run('psql', [
    '--quiet',
    '--no-psqlrc',
    '--set=ON_ERROR_STOP=1',
    '--single-transaction',
    `--file=${file}`,
    options.url,
  ]);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
