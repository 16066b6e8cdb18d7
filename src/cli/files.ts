import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { quoteInput } from '../common/quoteInput.js';
import { UsageError } from './args.js';

/**
 * The one line a person needs when a file they named cannot be used: the
 * path as they wrote it, and why. Usage faults (exit 2), not failures: the
 * command line names the wrong file.
 */
function fileProblem(path: string, error: unknown): UsageError | undefined {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new UsageError(`no such file: ${path}`, 'none');
    case 'EISDIR':
      return new UsageError(`not a file: ${path}`, 'none');
    case 'EACCES':
    case 'EPERM':
      return new UsageError(`cannot read ${path}: permission denied`, 'none');
    case 'ELOOP':
      return new UsageError(`cannot read ${path}: too many symbolic links`, 'none');
    case 'ENAMETOOLONG':
      // Longer than any file system allows, so longer than a message may repeat: its end, where the name is.
      return new UsageError(`cannot read ${quoteInput(path, 'end')}: the name is too long`, 'none');
    default:
      return undefined;
  }
}

/** Throws {@link UsageError} unless `path` names something that can be read as a file. */
export async function requireFile(path: string): Promise<void> {
  let stats;
  try {
    stats = await stat(path);
  } catch (error) {
    throw fileProblem(path, error) ?? error;
  }
  if (stats.isDirectory()) throw new UsageError(`not a file: ${path}`, 'none');
}

/**
 * Opens `path` for reading. A directory opens fine on Linux and fails only on
 * the first read, so it is refused here, where the message can still say why.
 */
export async function openFile(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw fileProblem(path, error) ?? error;
  }
  if ((await handle.stat()).isDirectory()) {
    await handle.close();
    throw new UsageError(`not a file: ${path}`, 'none');
  }
  return handle;
}
