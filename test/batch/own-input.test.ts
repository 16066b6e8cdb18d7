import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchCheckers, checkChunk } from '../../src/batch/checkChunk.js';
import type { ChunkRunner } from '../../src/batch/pool.js';
import { runBatchFile } from '../../src/batch/run.js';
import type { BatchFileOptions } from '../../src/batch/run.js';
import { runBin } from '../support/batchBin.js';

const checkers = new BatchCheckers();

// `batch` must never write over its own input, however the same file is
// named: ./x.csv, dir/../x.csv, an absolute path, a symbolic link, a hard
// link. The built bin, real processes: the input's bytes are compared after
// each refused run.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-own-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'sub'));
const INPUT = 'Email\njane.doe@gmail.com\nbob@mailinator.com\n';

/** A fresh x.csv with the links to it the cases name. */
function freshInput(): void {
  for (const name of ['x.csv', 'link.csv', 'hard.csv', 'dirlink']) rmSync(join(dir, name), { force: true, recursive: true });
  writeFileSync(join(dir, 'x.csv'), INPUT);
  symlinkSync('x.csv', join(dir, 'link.csv'));
  linkSync(join(dir, 'x.csv'), join(dir, 'hard.csv'));
  symlinkSync('.', join(dir, 'dirlink'));
}

describe('batch: a file written is never the input, however it is named', () => {
  it.each([
    ['--output ./x.csv', ['--output', './x.csv']],
    ['--output sub/../x.csv', ['--output', 'sub/../x.csv']],
    ['--output <absolute path>', ['--output', join(dir, 'x.csv')]],
    ['--output a symbolic link to it', ['--output', 'link.csv']],
    ['--output a hard link to it', ['--output', 'hard.csv']],
    ['--output through a linked folder', ['--output', 'dirlink/x.csv']],
    ['--rejects ./x.csv', ['--output', 'o.ndjson', '--rejects', './x.csv']],
    ['--rejects a hard link to it', ['--output', 'o.ndjson', '--rejects', 'hard.csv']],
    ['--report ./x.csv', ['--output', 'o.ndjson', '--report', './x.csv']],
    ['--report a symbolic link to it', ['--output', 'o.ndjson', '--report', 'link.csv']],
  ])('%s: exit 2 before anything is written, the input unchanged', async (_, flags) => {
    freshInput();
    const { code, stderr } = await runBin(['batch', '--input', 'x.csv', ...flags, '--workers', '1', '--quiet'], dir);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toBe(INPUT);
    expect(code).toBe(2);
    expect(stderr).toMatch(/is the input \(x\.csv\): writing there would destroy it/);
  });

  it('the input named by a link, the output by its own name: refused the same way', async () => {
    freshInput();
    const { code } = await runBin(['batch', '--input', 'hard.csv', '--output', 'x.csv', '--workers', '1', '--quiet'], dir);
    expect(code).toBe(2);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toBe(INPUT);
  });

  it('two of --output, --rejects and --report naming one file, existing or not yet: refused', async () => {
    freshInput();
    writeFileSync(join(dir, 'old.ndjson'), 'kept\n');
    rmSync(join(dir, 'old-link.ndjson'), { force: true });
    symlinkSync('old.ndjson', join(dir, 'old-link.ndjson'));
    // into/.. is sub, as the kernel walks it, not the test folder (as the string reads).
    mkdirSync(join(dir, 'sub', 'inner'), { recursive: true });
    rmSync(join(dir, 'into'), { force: true });
    symlinkSync(join('sub', 'inner'), join(dir, 'into'));
    for (const flags of [
      ['--output', 'new.ndjson', '--rejects', './new.ndjson'],
      ['--output', 'into/../new.ndjson', '--rejects', 'sub/new.ndjson'],
      ['--output', 'sub/../new.ndjson', '--report', 'new.ndjson'],
      ['--output', 'old.ndjson', '--rejects', 'old-link.ndjson'],
    ]) {
      const { code, stderr } = await runBin(['batch', '--input', 'x.csv', ...flags, '--workers', '1', '--quiet'], dir);
      expect(code, flags.join(' ')).toBe(2);
      expect(stderr).toContain('--output, --rejects and --report must be different files');
    }
    expect(readFileSync(join(dir, 'old.ndjson'), 'utf8')).toBe('kept\n');
  });

  it('a file of the same name in another folder, and /dev/null, are written as asked', async () => {
    freshInput();
    writeFileSync(join(dir, 'sub', 'x.csv'), 'old');
    const other = await runBin(['batch', '--input', 'x.csv', '--output', 'sub/x.csv', '--workers', '1', '--quiet'], dir);
    expect(other.code).toBe(0);
    expect(readFileSync(join(dir, 'sub', 'x.csv'), 'utf8')).toMatch(/^\{"line":2,/);
    const devNull = await runBin(['batch', '--input', 'x.csv', '--output', '/dev/null', '--workers', '1', '--quiet'], dir);
    expect(devNull.code).toBe(0);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toBe(INPUT);
  });

  it('a link to the input made while the run goes on: the file opened is compared, and refused before it is emptied', async () => {
    freshInput();
    rmSync(join(dir, 'later.html'), { force: true });
    const options: BatchFileOptions = { input: join(dir, 'x.csv'), output: join(dir, 'o4.ndjson'), report: join(dir, 'later.html'), outputFormat: 'ndjson', maps: {}, quiet: true, allowRejects: false, skip: 0, checker: {} };
    const io = { stdin: process.stdin, out: () => {}, err: () => {} };
    // The report is opened when the rows are done: the link appears after every check made at the start.
    const runner = (): ChunkRunner => {
      linkSync(join(dir, 'x.csv'), join(dir, 'later.html'));
      return { window: 1, run: async (task) => checkChunk(task, checkers), close: async () => {} };
    };
    await expect(runBatchFile(options, io, runner)).rejects.toThrow(/later\.html is the input .*: writing there would destroy it/);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toBe(INPUT);
  });
});

describe('runBatchFile, called from code without the command line\'s check', () => {
  it('compares the files it opens, before truncating any: a hard link to the input is refused', async () => {
    freshInput();
    const options: BatchFileOptions = { input: join(dir, 'x.csv'), output: join(dir, 'hard.csv'), outputFormat: 'ndjson', maps: {}, quiet: true, allowRejects: false, skip: 0, checker: {} };
    const io = { stdin: process.stdin, out: () => {}, err: () => {} };
    const runner = () => {
      throw new Error('no chunk may be checked');
    };
    await expect(runBatchFile(options, io, runner)).rejects.toThrow(/is the input .*: writing there would destroy it/);
    await expect(runBatchFile({ ...options, output: join(dir, 'o2.ndjson'), rejects: join(dir, 'link.csv') }, io, runner)).rejects.toThrow(/writing there would destroy it/);
    await expect(runBatchFile({ ...options, output: join(dir, 'o3.ndjson'), report: join(dir, 'dirlink', 'x.csv') }, io, runner)).rejects.toThrow(/writing there would destroy it/);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toBe(INPUT);
  });

  it('a link to the input made while the run goes on: the file opened is compared, and refused before it is emptied', async () => {
    freshInput();
    rmSync(join(dir, 'later.html'), { force: true });
    const options: BatchFileOptions = { input: join(dir, 'x.csv'), output: join(dir, 'o4.ndjson'), report: join(dir, 'later.html'), outputFormat: 'ndjson', maps: {}, quiet: true, allowRejects: false, skip: 0, checker: {} };
    const io = { stdin: process.stdin, out: () => {}, err: () => {} };
    // The report is opened when the rows are done: the link appears after every check made at the start.
    const runner = (): ChunkRunner => {
      linkSync(join(dir, 'x.csv'), join(dir, 'later.html'));
      return { window: 1, run: async (task) => checkChunk(task, checkers), close: async () => {} };
    };
    await expect(runBatchFile(options, io, runner)).rejects.toThrow(/later\.html is the input .*: writing there would destroy it/);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toBe(INPUT);
  });
});
