import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { numberedLines } from '../../src/common/lines.js';
import { runCli } from '../../src/cli/run.js';
import { createChecker } from '../../src/index.js';

// The one-product `batch <product> <file | ->` path and its line reader, in
// process: what each input line becomes. Written for the mutants of
// src/cli/batch.ts that the other in-process tests left alive.

async function lines(chunks: readonly (string | Buffer)[]): Promise<[number, string][]> {
  const all: [number, string][] = [];
  for await (const [n, text] of numberedLines(Readable.from(chunks))) all.push([n, text]);
  return all;
}

async function batch(product: string, stdin: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['batch', product, '-'], { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from([stdin]), env: {} });
  return { code, rows: out.map((l) => JSON.parse(l) as Record<string, unknown>), err };
}

describe('numberedLines', () => {
  it('a \\r before \\n belongs to the break and is dropped; a lone \\r, or one at the start, stays', async () => {
    expect(await lines(['a\r\nb\r\n'])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(await lines(['\rx\r\ny\rz'])).toEqual([
      [1, '\rx'],
      [2, 'y\rz'],
    ]);
  });

  it('a byte order mark is dropped from the first line only; a last line without \\n counts; Buffers and strings alike', async () => {
    expect(await lines([Buffer.from('\uFEFFa\n'), '\uFEFFb\nc'])).toEqual([
      [1, 'a'],
      [2, '\uFEFFb'],
      [3, 'c'],
    ]);
  });
});

describe('batch <product> -: each line', () => {
  it('no blank line → nothing on stderr', async () => {
    const { code, err } = await batch('email', 'a@gmail.com\n');
    expect(code).toBe(0);
    expect(err).toEqual([]);
  });

  it('one blank line → the singular', async () => {
    expect((await batch('email', 'a@gmail.com\n\n')).err).toEqual(['batch: 1 blank line skipped (line 2)']);
  });

  it('the value is trimmed; a JSON line may have spaces before it', async () => {
    const { rows } = await batch('email', '  a@gmail.com  \n   {"email":"b@gmail.com"}\n');
    expect(rows).toEqual([
      { line: 1, ...createChecker().email('a@gmail.com') },
      { line: 2, ...createChecker().email('b@gmail.com') },
    ]);
  });

  it('names: "First,Last"; without a comma the whole line is the first name; a leading comma leaves the first name empty', async () => {
    const checker = createChecker();
    const { rows } = await batch('name', 'Jane,Doe\nCher\n,Doe\n');
    expect(rows).toEqual([
      { line: 1, ...checker.name('Jane', 'Doe') },
      { line: 2, ...checker.name('Cher', '') },
      { line: 3, ...checker.name('', 'Doe') },
    ]);
  });
});

describe('batch --input: the environment read is io.env, not the process\'s', () => {
  const saved = process.env.IDENTITY_SIGNALS_DATA;
  afterEach(() => {
    if (saved === undefined) delete process.env.IDENTITY_SIGNALS_DATA;
    else process.env.IDENTITY_SIGNALS_DATA = saved;
  });

  it('a bundle named only in process.env is not used when io.env is given', async () => {
    process.env.IDENTITY_SIGNALS_DATA = '/nonexistent/identity-signals-bundle';
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['batch', '--input', '-', '--workers', '1', '--quiet'], { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from(['{"email":"a@gmail.com"}\n']), env: {} });
    expect(err.join('\n')).not.toContain('DataError');
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ line: 1, email: { value: 'a@gmail.com' } });
  });
});
