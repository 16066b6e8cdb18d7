import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { quoteInput } from './quoteInput.js';

/**
 * A file named on a command line (or in a batch's options) that cannot be
 * read as a file: a fault of what was asked (the CLI exits 2), said in one
 * line with the path as given.
 */
export class FileProblem extends Error {
  override readonly name = 'FileProblem';
}

/**
 * The one line a person needs when a file they named cannot be used: the
 * path as they wrote it, and why. Usage faults (exit 2), not failures: the
 * command line names the wrong file.
 */
function fileProblem(path: string, error: unknown): FileProblem | undefined {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new FileProblem(`no such file: ${path}`);
    case 'EISDIR':
      return new FileProblem(`not a file: ${path}`);
    case 'EACCES':
    case 'EPERM':
      return new FileProblem(`cannot read ${path}: permission denied`);
    case 'ELOOP':
      return new FileProblem(`cannot read ${path}: too many symbolic links`);
    case 'ENAMETOOLONG':
      // Longer than any file system allows, so longer than a message may repeat: its end, where the name is.
      return new FileProblem(`cannot read ${quoteInput(path, 'end')}: the name is too long`);
    default:
      return undefined;
  }
}

/** Throws {@link FileProblem} unless `path` names something that can be read as a file. */
export async function requireFile(path: string): Promise<void> {
  let stats;
  try {
    stats = await stat(path);
  } catch (error) {
    throw fileProblem(path, error) ?? error;
  }
  if (stats.isDirectory()) throw new FileProblem(`not a file: ${path}`);
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
    throw new FileProblem(`not a file: ${path}`);
  }
  return handle;
}
