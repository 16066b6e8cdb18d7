import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileProblem, openFile, requireFile } from '../../src/common/files.js';
import { runCliLines } from '../support/cli.js';

// A file named on the command line that cannot be used is the person's fault
// (exit 2), said in one line with the path as they wrote it; never an
// "internal error" with a stack, never a 4 kB path echoed whole.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-cli-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(argv: readonly string[]) {
  return runCliLines(argv);
}

async function faultOf(check: () => Promise<unknown>): Promise<{ message: string }> {
  try {
    await check();
  } catch (error) {
    expect(error).toBeInstanceOf(FileProblem);
    return { message: (error as FileProblem).message };
  }
  throw new Error('no FileProblem');
}

const file = join(dir, 'a.txt');
writeFileSync(file, 'a@gmail.com\n');
const folder = join(dir, 'folder');
mkdirSync(folder);
// A path through a file: ENOTDIR, which a person reads as "not there".
const throughFile = join(file, 'b.txt');
// A name longer than any file system allows (ENAMETOOLONG).
const long = join(dir, 'x'.repeat(5000));
// Two links pointing at each other (ELOOP).
symlinkSync(join(dir, 'loop2'), join(dir, 'loop1'));
symlinkSync(join(dir, 'loop1'), join(dir, 'loop2'));
const loop = join(dir, 'loop1');

describe('requireFile and openFile', () => {
  it('a readable file passes; openFile gives a handle to it', async () => {
    await expect(requireFile(file)).resolves.toBeUndefined();
    const handle = await openFile(file);
    try {
      expect((await handle.readFile('utf8')).trim()).toBe('a@gmail.com');
    } finally {
      await handle.close();
    }
  });

  it.each([
    ['missing', join(dir, 'nope.txt'), `no such file: ${join(dir, 'nope.txt')}`],
    ['through a file', throughFile, `no such file: ${throughFile}`],
    ['a directory', folder, `not a file: ${folder}`],
    ['a symbolic link loop', loop, `cannot read ${loop}: too many symbolic links`],
    ['a name too long', long, `cannot read "…${'x'.repeat(64)}" (${long.length} characters): the name is too long`],
  ])('%s → one line, no usage after it', async (_, path, message) => {
    expect(await faultOf(() => requireFile(path))).toEqual({ message });
    expect(await faultOf(() => openFile(path))).toEqual({ message });
  });

  it('through the command line: exit 2, the line alone, for --db and for batch', async () => {
    expect(await cli(['ip', '8.8.8.8', '--db', long])).toEqual({ code: 2, out: [], err: [`cannot read "…${'x'.repeat(64)}" (${long.length} characters): the name is too long`] });
    expect(await cli(['batch', 'email', loop])).toEqual({ code: 2, out: [], err: [`cannot read ${loop}: too many symbolic links`] });
    expect(await cli(['batch', 'email', throughFile])).toEqual({ code: 2, out: [], err: [`no such file: ${throughFile}`] });
  });
});
