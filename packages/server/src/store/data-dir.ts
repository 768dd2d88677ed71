/**
 * The data folder of one server: created readable by its owner only, with a lock so that one
 * server at a time uses it (two PGlite processes on one folder corrupt each other's writes), and
 * the secrets kept in it (generated owner-only; an existing one that others may read is refused).
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes, MatchdError } from '@matchd/engine';

/** Creates the folder (mode 700), or tightens an existing one of ours to 700. */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stat = statSync(dataDir);
  if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) chmodSync(dataDir, 0o700);
}

/** True while a process with this id runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock (`matchd.lock`, holding the pid). Throws MM_ERR_UNAVAILABLE naming the
 * folder and the process when a running server holds it; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const file = join(dataDir, 'matchd.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && running(holder)) {
        throw new MatchdError(
          ErrorCodes.UNAVAILABLE,
          `data dir ${dataDir} is in use by another matchd server (pid ${holder}, ${file}); one server per data dir`,
          { dataDir, pid: holder },
        );
      }
      // The holder died without releasing it.
      unlinkSync(file);
    }
  }
  throw new MatchdError(ErrorCodes.UNAVAILABLE, `data dir ${dataDir}: could not take ${file}`, { dataDir });
}

/**
 * A secret kept in a file of the data folder, created (random, owner-only) on first use. An existing
 * file that group or others may read is refused: the secret in it may be known.
 */
export function fileSecret(dataDir: string, name: string, bytes: number): { value: string; file: string } {
  const file = join(dataDir, name);
  if (!existsSync(file))
    writeFileSync(file, `${randomBytes(bytes).toString('base64url')}\n`, { mode: 0o600 });
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `${file} may be read by others (mode ${mode.toString(8)}): chmod 600 it, or remove it to make a new one`,
      { path: name, file },
    );
  }
  return { value: readFileSync(file, 'utf8').trim(), file };
}
