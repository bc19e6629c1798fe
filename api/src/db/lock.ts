/**
 * PGlite is a single-process database: two processes writing one directory
 * corrupt it. A lock file beside the directory holds the owner's PID; a lock
 * whose process is gone is stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Directories this process holds, so a second app in the same process is refused too. */
const heldHere = new Set<string>();

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database at ${dir} is already in use by another server (process ${pid}). ` +
        'Stop that server first, or point this one at another directory with DATA_DIR (or at PostgreSQL with DATABASE_URL).',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** Whether process `pid` still runs (a lock or an address it left behind is stale once it does not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockPathFor(dir: string): string {
  return `${path.resolve(dir)}.lock`;
}

/** Takes the lock or throws DatabaseLockedError; returns the release function. */
export function acquireDirectoryLock(dir: string): () => void {
  const resolved = path.resolve(dir);
  const lockPath = lockPathFor(resolved);
  if (heldHere.has(resolved)) throw new DatabaseLockedError(resolved, process.pid);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldHere.add(resolved);
      return () => {
        heldHere.delete(resolved);
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(resolved, pid);
      }
      // Stale lock (crashed server, or an earlier run of this PID): take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not create the lock file ${lockPath}`);
}
