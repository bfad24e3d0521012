import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseOptions } from '../db';
import { SqliteDriver } from '../db/sqlite-driver';

/**
 * Backups of either database. SQLite: the online backup API (a consistent copy while the server
 * keeps running). PostgreSQL: pg_dump in plain SQL, restored with psql into an empty database.
 */
export async function backupDatabase(options: DatabaseOptions, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (options.kind === 'sqlite') {
    if (!fs.existsSync(options.filename)) throw new Error(`No database at ${options.filename}`);
    const source = new SqliteDriver(options.filename, { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    return;
  }
  await run(
    'pg_dump',
    ['--no-owner', '--no-privileges', '--format=plain', `--file=${file}`],
    libpqEnvironment(options.url),
  );
}

/** Restores into an empty database (a SQLite file that does not exist yet, or an empty PostgreSQL database). */
export async function restoreDatabase(options: DatabaseOptions, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  if (options.kind === 'sqlite') {
    if (fs.existsSync(options.filename)) {
      throw new Error(`${options.filename} exists: stop the server and move it away before restoring`);
    }
    fs.mkdirSync(path.dirname(options.filename), { recursive: true });
    const backup = new SqliteDriver(file, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(options.filename);
    } finally {
      backup.close();
    }
    return;
  }
  await run(
    'psql',
    ['--quiet', '--no-psqlrc', '--set=ON_ERROR_STOP=1', '--single-transaction', `--file=${file}`],
    libpqEnvironment(options.url),
  );
}

/**
 * The connection as libpq's environment variables, never as arguments: a process's arguments are
 * readable by every user of the machine (ps, /proc/<pid>/cmdline), its environment only by its owner.
 * Query parameters such as sslmode become PGSSLMODE and the like.
 */
export function libpqEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.hostname) env.PGHOST = decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, ''));
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  for (const [name, value] of parsed.searchParams) {
    if (name === 'host')
      env.PGHOST = value; // a socket directory: postgres:///db?host=/var/run/postgresql
    else if (/^[a-z_]+$/.test(name)) env[`PG${name.replace(/_/g, '').toUpperCase()}`] = value;
  }
  return env;
}

function run(command: string, args: string[], connection: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...connection },
    });
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
