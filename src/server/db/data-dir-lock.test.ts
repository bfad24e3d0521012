import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'));
  dirs.push(dir);
  return dir;
}

describe('one server per SQLite DATA_DIR', () => {
  it('refuses a DATA_DIR whose lock belongs to a running process, naming it', () => {
    const dir = tempDir();
    // The parent of this test process is alive for sure, and is not us.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`process ${process.ppid}.*DATA_DIR`));
  });

  it('takes over a lock whose process is gone, or that holds our own PID (a restarted container)', () => {
    for (const stale of ['2147483646', String(process.pid)]) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, 'server.lock'), stale);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      release();
      expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    }
  });

  it('a second server on the same DATA_DIR stops at start with a clear message; the first keeps serving', async () => {
    const dir = tempDir();
    const start = (port: number) =>
      spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const first = start(0);
    try {
      // The first is up once it has printed the generated admin password (after the lock and migrations).
      await new Promise<void>((resolve, reject) => {
        first.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('First admin created')) resolve();
        });
        first.once('exit', (code) => reject(new Error(`first server exited with ${code}`)));
      });
      const second = start(0);
      let stderr = '';
      second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(
        `Another server (process ${first.pid}) is using the SQLite database in ${dir}`,
      );
      expect(first.exitCode).toBeNull();
    } finally {
      first.kill('SIGTERM');
      await new Promise((resolve) => first.once('exit', resolve));
    }
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  }, 30_000);
});
