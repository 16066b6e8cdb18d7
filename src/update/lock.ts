/**
 * The lock that keeps two `data update` runs on one bundle from
 * interleaving: a file created with O_EXCL holding the owner's pid. A lock
 * whose process is gone (killed, the machine restarted) is stale and is
 * taken over; taking over is itself guarded by a second O_EXCL file, so two
 * runs that find the same stale lock cannot both take it.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';

/** Thrown when another live process holds the lock. */
export class LockBusyError extends Error {
  override readonly name = 'LockBusyError';
  constructor(
    readonly path: string,
    readonly pid: number | undefined,
  ) {
    super(
      `${path}: another data update${pid === undefined ? '' : ` (pid ${pid})`} is running on this bundle; ` +
        `wait for it, or delete the lock file if no such process is running`,
    );
  }
}

/** Whether a process with this pid exists (EPERM: it exists, owned by another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid written in a lock file; undefined when it is unreadable or half-written. */
function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Creates `path` with O_EXCL and this process's pid; false when it exists. */
function create(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Whether the lock's owner may still be running: its pid is alive, or the
 * file has no pid yet and is new (its owner is between creating and writing it).
 */
function held(path: string): boolean {
  const owner = ownerOf(path);
  if (owner !== undefined) return alive(owner);
  try {
    return fileAgeMs(path) < 10_000;
  } catch {
    return false;
  }
}

/**
 * How long ago `path` was last written, on the filesystem's clock: the
 * mtime of a file written now beside it, minus the file's. The process's
 * clock is another clock (a network share's server keeps its own; faketime
 * moves only the process's), and mixing the two makes every file look new
 * or old.
 */
function fileAgeMs(path: string): number {
  const written = statSync(path).mtimeMs;
  const probe = `${path}.${process.pid}.now`;
  closeSync(openSync(probe, 'w'));
  try {
    return statSync(probe).mtimeMs - written;
  } finally {
    unlinkQuiet(probe);
  }
}

/** Removes a lock file whose owner is not running; true when it did (or the file is gone). */
function breakStale(path: string): boolean {
  if (held(path)) return false;
  const guard = `${path}.break`;
  if (!create(guard)) {
    // Someone else is taking the stale lock over now, or died doing so.
    const breaker = ownerOf(guard);
    if (breaker !== undefined && alive(breaker)) return false;
    unlinkQuiet(guard);
    if (!create(guard)) return false;
  }
  try {
    // Read again under the guard: the lock may have been taken over meanwhile.
    if (held(path)) return false;
    unlinkQuiet(path);
    return true;
  } finally {
    unlinkQuiet(guard);
  }
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Takes the lock at `path`, breaking it when its owner is gone.
 *
 * @returns a function that releases it (only while this process still owns it)
 * @throws LockBusyError when a live process holds it
 */
export function acquireLock(path: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(path)) {
      return () => {
        if (ownerOf(path) === process.pid) unlinkQuiet(path);
      };
    }
    if (!breakStale(path)) break;
  }
  throw new LockBusyError(path, ownerOf(path));
}
