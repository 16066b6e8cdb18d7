import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ResumeError, resumePoint } from '../../src/batch/resume.js';
import { emailCsv, writeLines } from '../support/batchData.js';
import { ndjson, runBin, startBin, until } from '../support/batchBin.js';

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = (name: string, text?: string) => {
  if (text !== undefined) writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const row = (line: number) => `${JSON.stringify({ line, email: { value: `u${line}@x.com`, score: 500 } })}\n`;
const reject = (line: number) => `${JSON.stringify({ line, reason: 'blank line', record: '' })}\n`;

describe('batch --resume: where a killed run got to, read from its own files', () => {
  it('the last complete row of the output; a torn last line is cut off', () => {
    const out = path('torn.ndjson', `${row(2)}${row(3)}${row(5)}{"line": 6, "ema`);
    expect(resumePoint(out, undefined, 'ndjson', [])).toEqual({ line: 5, cutBytes: 16 });
    expect(readFileSync(out, 'utf8')).toBe(`${row(2)}${row(3)}${row(5)}`);
  });

  it('rejects past the output\'s last row are cut (their chunk is checked again); those before it stay', () => {
    const out = path('r.ndjson', `${row(2)}${row(4)}`);
    const rejects = path('r.rejects.ndjson', `${reject(3)}${reject(5)}${reject(6)}{"line":7,"rea`);
    const point = resumePoint(out, rejects, 'ndjson', []);
    expect(point.line).toBe(4);
    expect(readFileSync(rejects, 'utf8')).toBe(reject(3));
  });

  it('no output yet, or a CSV output with only its header: from the start; a missing file is no fault', () => {
    expect(resumePoint(path('none.ndjson'), path('none.rejects'), 'ndjson', [])).toEqual({ line: 0, cutBytes: 0 });
    const csv = path('h.csv', 'line,email.score\n2,5');
    expect(resumePoint(csv, undefined, 'csv', ['line', 'email.score'])).toEqual({ line: 0, cutBytes: 3 });
    expect(readFileSync(csv, 'utf8')).toBe('line,email.score\n');
    expect(resumePoint(path('h2.csv', 'line,email.score\n2,5\n"9",7\n'), undefined, 'csv', ['line', 'email.score']).line).toBe(9);
  });

  it('a CSV output without the line column, or a last line that is no row of a batch, cannot be resumed', () => {
    expect(() => resumePoint(path('f.csv', 'email.score\n5\n'), undefined, 'csv', ['email.score'])).toThrow(ResumeError);
    expect(() => resumePoint(path('x.ndjson', `${row(2)}not json\n`), undefined, 'ndjson', [])).toThrow('is not a row of this batch');
  });

  it('reads a long output from its end in blocks: a row longer than a block, and empty lines, are read whole', () => {
    const long = `${JSON.stringify({ line: 9, email: { value: 'x'.repeat(200_000) } })}\n`;
    expect(resumePoint(path('long.ndjson', `${row(2)}${long}`), undefined, 'ndjson', []).line).toBe(9);
    expect(resumePoint(path('long2.ndjson', `${long}${row(12)}x`), undefined, 'ndjson', []).line).toBe(12);
  });
});

describe('batch: a real run killed with SIGKILL, then --resume (issue 16: nothing lost)', () => {
  it('every row is written exactly once, in input order, with its own value; every rejected line once', async () => {
    const rows = [...emailCsv(60_000, 7)];
    // Blank lines along the file: the rejects file is written, killed and resumed too.
    for (let at = 50; at < rows.length; at += 997) rows.splice(at, 0, '');
    writeLines(join(dir, 'kill.csv'), rows);
    const args = ['batch', '--input', 'kill.csv', '--output', 'kill.ndjson', '--rejects', 'kill.rejects.ndjson', '--workers', '2', '--chunk', '100', '--quiet'];

    const running = startBin(args, dir);
    running.child.stdin!.end();
    // Killed while the workers are busy, as soon as the first rows are out: no signal handler runs, nothing is flushed.
    await until(() => readFileSafe(join(dir, 'kill.ndjson')).length > 0, 60_000, 'the first results');
    running.child.kill('SIGKILL');
    const killed = await running.done;
    expect(killed.signal).toBe('SIGKILL');
    const before = readFileSafe(join(dir, 'kill.ndjson')).split('\n').length - 1;
    expect(before).toBeLessThan(60_000);

    const resumed = await runBin([...args, '--resume'], dir);
    expect(resumed.stderr).toMatch(/batch: resuming after input line \d/);
    expect(resumed.code).toBe(1); // the blank lines were rejected
    const source = readFileSync(join(dir, 'kill.csv'), 'utf8').split('\n');
    const blank = source.flatMap((text, i) => (i > 0 && text === '' && i < source.length - 1 ? [i + 1] : []));
    const expected = source.flatMap((text, i) => (i > 0 && text !== '' ? [i + 1] : []));
    const out = ndjson<{ line: number; email: { value: string } }>(join(dir, 'kill.ndjson'));
    expect(out.map((r) => r.line)).toEqual(expected);
    expect(out.every((r) => source[r.line - 1]!.endsWith(`,${r.email.value}`))).toBe(true);
    expect(ndjson<{ line: number }>(join(dir, 'kill.rejects.ndjson')).map((r) => r.line)).toEqual(blank);
  }, 240_000);

  it('--resume with stdout, or with --skip, is a usage fault', async () => {
    path('small.csv', 'Email\na@b.com\n');
    const toStdout = await runBin(['batch', '--input', 'small.csv', '--resume'], dir);
    expect(toStdout.code).toBe(2);
    expect(toStdout.stderr).toContain('--resume reads where --output FILE got to');
    const both = await runBin(['batch', '--input', 'small.csv', '--output', 'small.ndjson', '--resume', '--skip', '1'], dir);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --resume or --skip, not both');
  });
});

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
