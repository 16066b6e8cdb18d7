import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';

/** Symbolic links followed before a name is taken as it stands (the kernel's own limit on Linux). */
const MAX_LINKS = 40;

/**
 * What a path names, as a key two paths share only when they name one file:
 * `./x.csv`, `dir/../x.csv`, an absolute path, a symbolic link and a hard
 * link to the same file all give the same key, because a file that exists
 * is keyed by its device and inode. A file that does not exist yet is keyed
 * by the real path of its folder and its name, after following a dangling
 * link, which is where opening it for writing would create it. Anything
 * but a regular file (a terminal, `/dev/null`, a pipe) gives `undefined`:
 * writing there destroys nothing, and two names of one terminal are fine.
 */
export function fileKey(path: string): string | undefined {
  let stats: BigIntStats;
  try {
    stats = statSync(path, { bigint: true });
  } catch {
    return `name:${whereCreated(path)}`;
  }
  return stats.isFile() ? inodeKey(stats) : undefined;
}

/** The key of a file already opened (its `fstat`), as {@link fileKey} gives it. */
export function inodeKey(stats: BigIntStats): string {
  return `inode:${stats.dev}:${stats.ino}`;
}

/** Where opening `path` for writing would create a file: dangling links followed, the folder's real path and the name. */
function whereCreated(path: string): string {
  // Never resolved by string (path.resolve): `link/../x` is where the kernel takes it, beside the link's target.
  let at = path;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    let target: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) break;
      target = readlinkSync(at);
    } catch {
      break;
    }
    at = isAbsolute(target) ? target : `${dirname(at)}${sep}${target}`;
  }
  let folder: string;
  try {
    // .native: the JavaScript realpath resolves `..` by string first.
    folder = realpathSync.native(dirname(at));
  } catch {
    // No such folder: the open will fail on its own; the name as resolved still tells two such paths apart.
    folder = resolve(dirname(at));
  }
  return join(folder, basename(at));
}

/**
 * Why the files a run writes (`--output`, `--rejects`, `--report`; absent
 * ones `undefined`) cannot be written by a run that reads `input`, or
 * `undefined` when they can: one of them is the input (which writing would
 * destroy), or two of them are one file. `-` (stdin, stdout) is never a file.
 */
export function writtenFilesProblem(input: string, written: readonly (string | undefined)[]): string | undefined {
  const files = written.flatMap((path) => (path === undefined || path === '-' ? [] : [{ path, key: fileKey(path) }]));
  const inputKey = input === '-' ? undefined : fileKey(input);
  for (const file of files) {
    if (inputKey !== undefined && file.key === inputKey) return destroysInput(file.path, input);
  }
  const keys = files.flatMap((f) => (f.key === undefined ? [] : [f.key]));
  if (new Set(keys).size !== keys.length) return '--output, --rejects and --report must be different files';
  return undefined;
}

/** The message for a file written that is the input. */
export function destroysInput(path: string, input: string): string {
  return `${path} is the input${path === input ? '' : ` (${input})`}: writing there would destroy it`;
}
