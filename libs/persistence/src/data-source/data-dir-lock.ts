import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'gatehouse.lock';
const heldHere = new Set<string>();

/**
 * Claims a PGlite data directory for this process. PGlite does not stop a second process from
 * opening the same files, which would corrupt them; this lock file does. A lock left by a
 * process that died (kill -9, power loss) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  if (heldHere.has(path))
    throw new Error(`PGlite data directory ${dataDir} is already open in this process`);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (isAlive(holder)) {
        throw new Error(
          `PGlite data directory ${dataDir} is in use by process ${holder}. ` +
            `Stop that process, or delete ${path} if it is not a Gatehouse process.`,
        );
      }
      unlinkSync(path);
    }
  }
  heldHere.add(path);
  return () => {
    heldHere.delete(path);
    try {
      unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

/** Our own pid counts as dead here: a lock of ours not in `heldHere` was left by an earlier run (pid 1 in containers). */
function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
