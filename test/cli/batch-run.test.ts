import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { freePort, startRedisServer } from '../support/redisServer.js';
import type { RunningRedis } from '../support/redisServer.js';
import { runCliLines } from '../support/cli.js';

// `batch --input` and `worker` run in this process through runCli (the bin's
// entry function) with an injected io, so mutation testing sees src/cli/batch.ts;
// test/cli/batch-bin.test.ts runs the built bin for what needs a real process
// (signals, a closed pipe, the progress bar). One worker thread each.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-cli-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const path = (name: string, text?: string) => {
  const file = join(dir, name);
  if (text !== undefined) writeFileSync(file, text);
  return file;
};

/**
 * Runs the CLI in this process. A local `batch` run gets a memory budget far
 * above this process's: the budget is measured on the process that runs the
 * threads (src/batch/threads.ts), here the vitest worker, whose own few
 * hundred MB (more under coverage or mutation testing) would otherwise add a
 * budget warning to the exact stderr these tests read. The budget itself is
 * tested in test/batch.
 */
function cli(argv: readonly string[], options: { stdin?: string; env?: Record<string, string>; signal?: AbortSignal } = {}) {
  const local = argv[0] === 'batch' && !argv.includes('--queue') && !argv.includes('--max-memory') && !argv.includes('--help');
  return runCliLines(local ? [...argv, '--max-memory', '1000000'] : argv, options);
}

/** The JSON lines written (io.out may be given several lines in one call). */
const rows = (lines: readonly string[]) =>
  lines
    .join('\n')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('batch --input, in process', () => {
  it('checks every mapped product of a CSV file, results on io.out in input order; mapping and summary on io.err; exit 0', async () => {
    const input = path('two.csv', 'Email,Phone\njane.doe@gmail.com,+393331234567\nbob@mailinator.com,\n');
    const { code, out, err } = await cli(['batch', '--input', input, '--workers', '1', '--quiet']);
    expect(code).toBe(0);
    const results = rows(out);
    expect(results.map((r) => r.line)).toEqual([2, 3]);
    expect(results[0]).toMatchObject({ email: { value: 'jane.doe@gmail.com' }, phone: { country: 'IT' } });
    expect(results[1]).toMatchObject({ email: { status: 'disposable' }, phone: null });
    expect(err[0]).toBe('batch: checking email ← "Email", phone ← "Phone" (CSV, delimiter ",")');
    expect(err[1]).toMatch(/^batch: 2 rows read, 2 checked, 0 rejected; /);
    expect(err).toHaveLength(2);
  });

  it('the checker options reach the worker threads: --country for numbers without +, --bands', async () => {
    const input = path('local.csv', 'phone\n333 123 4567\n');
    const plain = await cli(['batch', '--input', input, '--workers', '1', '--quiet']);
    const italy = await cli(['batch', '--input', input, '--workers', '1', '--quiet', '--country', 'IT', '--bands', 'scorecard']);
    expect(plain.code).toBe(0);
    expect(italy.code).toBe(0);
    expect(rows(plain.out)[0]).toMatchObject({ phone: { country: null } });
    expect(rows(italy.out)[0]).toMatchObject({ phone: { country: 'IT' } });
  });

  it('--output FILE, --format csv --fields, --map, --delimiter', async () => {
    const input = path('semi.txt', 'Mail;Other\na@gmail.com;x\n');
    const output = path('semi.out.csv');
    const { code, out } = await cli(['batch', '--input', input, '--delimiter', ';', '--map', 'email=Mail', '--output', output, '--format', 'csv', '--fields', 'line,email.domain', '--workers', '1', '--quiet']);
    expect(code).toBe(0);
    expect(out).toEqual([]);
    expect(readFileSync(output, 'utf8')).toBe('line,email.domain\n2,gmail.com\n');
  });

  it('NDJSON from stdin', async () => {
    const { code, out } = await cli(['batch', '--input', '-', '--workers', '1', '--quiet'], { stdin: '{"ip":"8.8.8.8"}\n' });
    expect(code).toBe(0);
    expect(rows(out)).toMatchObject([{ line: 1, ip: { country: 'US' } }]);
  });

  it('rejected rows: exit 1, and --allow-rejects exits 0', async () => {
    const input = path('bad.csv', 'Email,Phone\na@gmail.com,+393331234567\nc@gmail.com\n');
    const rejects = path('bad.rejects.ndjson');
    const first = await cli(['batch', '--input', input, '--rejects', rejects, '--workers', '1', '--quiet']);
    expect(first.code).toBe(1);
    expect(rows(first.out).map((r) => r.line)).toEqual([2]);
    expect(rows(readFileSync(rejects, 'utf8').trimEnd().split('\n'))).toEqual([{ line: 3, reason: 'missing column "Phone" (the row has 1 field, the header 2)', record: 'c@gmail.com' }]);
    const allowed = await cli(['batch', '--input', input, '--allow-rejects', '--workers', '1', '--quiet']);
    expect(allowed.code).toBe(0);
  });

  it('faults found on opening the files are one line without usage, exit 2', async () => {
    const input = path('map.csv', 'Email\na@gmail.com\n');
    expect(await cli(['batch', '--input', input, '--map', 'email=Mail', '--workers', '1'])).toEqual({
      code: 2,
      out: [],
      err: ['--map email=Mail: no column "Mail" in the input (columns: "Email")'],
    });
    const empty = path('empty.csv', '\n\n');
    const none = await cli(['batch', '--input', empty, '--workers', '1']);
    expect(none).toEqual({ code: 2, out: [], err: [`${empty} holds no rows`] });
    const missing = join(dir, 'nope.csv');
    expect(await cli(['batch', '--input', missing])).toEqual({ code: 2, out: [], err: [`no such file: ${missing}`] });
  });

  it('a fault of the options is said before any file is opened, with the batch usage', async () => {
    const { code, out, err } = await cli(['batch', '--input', join(dir, 'nope.csv'), '--format', 'xml']);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    const [first, blank, usage] = err.join('\n').split('\n');
    expect([first, blank, usage]).toEqual(['--format must be csv or ndjson, got "xml"', '', 'Usage: identity-signals batch --input <file> | <product> <file> [options]']);
  });

  it.each([
    [['batch', '--input', '-', '--workers', '0'], '--workers must be a whole number 1..256, got "0"', 'batch'],
    [['batch', '--input', '-', '--workers', '257'], '--workers must be a whole number 1..256, got "257"', 'batch'],
    [['worker', '--queue', 'redis://127.0.0.1:1', '--workers', '0'], '--workers must be a whole number 1..256, got "0"', 'worker'],
    [['worker', '--queue', 'http://127.0.0.1:1'], '--queue takes a Redis URL (redis://host:port), got "http://127.0.0.1:1"', 'worker'],
  ])('%j → %s, then the %s usage, exit 2', async (argv, message, command) => {
    const { code, out, err } = await cli(argv);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    const text = err.join('\n').split('\n');
    expect(text[0]).toBe(message);
    expect(text[2]).toMatch(new RegExp(`^Usage: identity-signals ${command} `));
  });
});

describe('batch --queue and worker, in process', () => {
  it('a Redis that cannot be reached: one line, exit 1 (batch and worker alike)', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const input = path('queue.csv', 'email\na@gmail.com\n');
    const batch = await cli(['batch', '--input', input, '--queue', url]);
    expect(batch.code).toBe(1);
    expect(batch.out).toEqual([]);
    expect(batch.err).toHaveLength(1);
    expect(batch.err[0]).toMatch(/^cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+: /);
    const worker = await cli(['worker', '--queue', url, '--workers', '1']);
    expect(worker.code).toBe(1);
    expect(worker.err).toHaveLength(1);
    expect(worker.err[0]).toMatch(/^cannot reach Redis at /);
  });

  describe('with a loopback redis-server', () => {
    let redis: RunningRedis | undefined;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(() => redis?.stop());

    it('worker checks a batch run\'s chunks until io.signal aborts, then exits 0', async () => {
      const url = redis!.url;
      const stop = new AbortController();
      const err: string[] = [];
      const worker = runCli(['worker', '--queue', url, '--workers', '1'], { out: () => {}, err: (line) => err.push(line), stdin: Readable.from(['']), env: {}, signal: stop.signal });
      const input = path('queued.csv', 'email\na@gmail.com\nb@mailinator.com\n');
      const batch = await cli(['batch', '--input', input, '--queue', url, '--quiet']);
      stop.abort();
      expect(await worker).toBe(0);
      expect(batch.code).toBe(0);
      expect(rows(batch.out)).toMatchObject([
        { line: 2, email: { value: 'a@gmail.com' } },
        { line: 3, email: { status: 'disposable' } },
      ]);
      expect(err.join('\n')).toContain('checking chunks');
    });
  });
});
