/**
 * PGlite takes no lock of its own: a second process would silently open the same data directory and lose writes.
 * This exclusive lock file (beside the data directory) makes the second process fail fast with a clear message.
 * A lock left by a process that died (kill -9) is taken over, because its PID no longer runs.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  path: string;
  release(): void;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner !== undefined && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirLockedError(
          `The PGlite data directory ${dataDir} is in use by another process (pid ${owner}). ` +
            `Stop that process, or set PGLITE_DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).`,
        );
      }
      // Stale lock from a process that no longer runs (or an unreadable one): remove it and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(
    `Could not take the lock ${lockPath} for the PGlite data directory ${dataDir}`,
  );
}
