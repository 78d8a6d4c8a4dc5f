import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { StartupError } from './startup-error';

/**
 * One app process per DATA_DIR: a lock file holding the owner's pid, created atomically (O_EXCL). A lock whose
 * process is gone (killed) is taken over; a live one makes the second start refuse without touching the data.
 */
export class DataDirLock {
  private released = false;

  private constructor(private readonly file: string) {}

  static acquire(file: string, dataDir: string): DataDirLock {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx', 0o644);
        writeSync(fd, `${process.pid}\n`);
        closeSync(fd);
        return new DataDirLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = Number(readFileSafely(file).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new StartupError(
          `The data folder ${dataDir} is in use by another Curbside (process ${owner}). Stop that one first, or set DATA_DIR to another folder.`,
        );
      }
      // The owner died without releasing it: remove and try once more (a racing start may win; then we refuse).
      try {
        unlinkSync(file);
      } catch {
        // Already taken over by the racing start.
      }
    }
    throw new StartupError(`The data folder ${dataDir} is in use by another Curbside starting at the same time.`);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    try {
      if (Number(readFileSafely(this.file).trim()) === process.pid) unlinkSync(this.file);
    } catch {
      // Nothing to release.
    }
  }
}

function readFileSafely(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Whether a process exists (EPERM: it does, owned by someone else). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
