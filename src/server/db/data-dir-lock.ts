import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One server per SQLite database: this process owns the file, and answers some things from memory
 * (the guessing limits' counts, the TV answers' freshness), so a second server on the same DATA_DIR
 * would serve stale locks and lost counts. `server.lock` holds the owner's PID, created atomically;
 * a lock whose process is gone (a crash, or our own PID after a container restart) is taken over.
 * The backup and admin commands do not take it: they are meant to run beside the server.
 * Answers the release, also run on exit.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUseError(
          `Another server (process ${owner}) is using the SQLite database in ${path.resolve(dataDir)}. ` +
            'SQLite serves one server per DATA_DIR: stop the other one, give this one its own DATA_DIR, ' +
            'or use PostgreSQL (DATABASE_URL) to run several instances.',
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirInUseError(`Could not lock ${file}: another server is starting on the same DATA_DIR`);
}
