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

describe('batch --resume on a CSV output: by records, not lines (a cell may hold a line break)', () => {
  const fields = ['line', 'name.value', 'name.score'];
  const HEADER = 'line,name.value,name.score\n';

  it('the last row has a line break inside a quoted cell: its line number, nothing cut', () => {
    const text = `${HEADER}2,"Ann,Lee",700\n3,"John\nJr,Smith",28\n`;
    const out = path('multi.csv', text);
    expect(resumePoint(out, undefined, 'csv', fields)).toEqual({ line: 3, cutBytes: 0 });
    expect(readFileSync(out, 'utf8')).toBe(text);
  });

  it('a row torn inside a quoted cell with line breaks: cut back to the end of the last whole row', () => {
    const whole = `${HEADER}2,"Ann\nMarie,Lee",700\n5,"Bo,Li",650\n`;
    for (const torn of ['7,"Cy\n', '7,"Cy\nNg,', '7,"Cy\n\nNg",3', '7,"Cy ""the\nkid"""', '7', '7,"Cy\n12,"']) {
      const out = path('torn-multi.csv', `${whole}${torn}`);
      expect(resumePoint(out, undefined, 'csv', fields), JSON.stringify(torn)).toEqual({ line: 5, cutBytes: Buffer.byteLength(torn) });
      expect(readFileSync(out, 'utf8')).toBe(whole);
    }
  });

  it('text inside a torn quoted cell that reads as a row of its own is not taken for one', () => {
    const whole = `${HEADER}2,"Ann,Lee",700\n`;
    const torn = '4,"note\n9,x,1\n';
    const out = path('lookalike.csv', `${whole}${torn}`);
    expect(resumePoint(out, undefined, 'csv', fields)).toEqual({ line: 2, cutBytes: torn.length });
    expect(readFileSync(out, 'utf8')).toBe(whole);
  });

  it('quoted cells longer than a read block (1 MiB), with line breaks and doubled quotes, a block ending on each of their bytes', () => {
    const long = `"${'a""b\n'.repeat(300_000)}"`;
    // A first row 0..5 bytes longer moves the block boundaries over every byte of the repeated 6.
    for (let shift = 0; shift < 6; shift++) {
      const text = `${HEADER}2,"${'x'.repeat(shift)}",0\n3,${long},1\n4,${long},2\n`;
      const out = path('long-multi.csv', `${text}5,${long.slice(0, 90_001)}`);
      expect(resumePoint(out, undefined, 'csv', fields), `shift ${shift}`).toEqual({ line: 4, cutBytes: 2 + 90_001 });
      expect(readFileSync(out, 'utf8') === text).toBe(true);
    }
  });

  it('a file this command did not write (a quote where RFC 4180 has none, a line that is no row) is refused, and nothing is cut', () => {
    for (const text of [`${HEADER}2,An"n,700\n3,"Bo,Li",650\n`, `${HEADER}2,"Ann"x,700\n`, `${HEADER}2,"Ann,Lee",700\n3,x,1\nnot a row\n`]) {
      const out = path('foreign.csv', text);
      expect(() => resumePoint(out, undefined, 'csv', fields), text).toThrow(ResumeError);
      expect(readFileSync(out, 'utf8')).toBe(text);
    }
  });
});

describe('batch: a real run killed with SIGKILL, then --resume (nothing lost)', () => {
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

describe('batch: CSV rows with line breaks in their cells, killed with SIGKILL at random moments, then --resume', () => {
  it('the output and the rejects are byte for byte those of a run never killed', async () => {
    // Id,Email,First Name,Last Name: names hold a line break (so the output's name.value cells do) but on
    // every 7th row (7 is prime to the chunk of 50: a chunk's last row, where a kill leaves the output, mostly
    // has one); every 701st row has a stray quote (rejected alone: the framer reads on after it); a blank line
    // now and then.
    const lines = ['Id,Email,First Name,Last Name'];
    for (let i = 1; i <= 30_000; i++) {
      if (i % 701 === 0) lines.push(`${i},u${i}@example.com,"Stray,Quote`);
      else if (i % 997 === 0) lines.push('');
      else if (i % 7 === 0) lines.push(`${i},u${i}@example.com,Ann,Lee`);
      else lines.push(`${i},u${i}@example.com,"Ann${i % 3 === 0 ? ' ""Nan""' : ''}`, `Marie","Lee, ${i}"`);
    }
    writeLines(join(dir, 'multi-kill.csv'), lines);
    const args = (out: string) => ['batch', '--input', 'multi-kill.csv', '--format', 'csv', '--output', `${out}.csv`, '--rejects', `${out}.rejects.ndjson`, '--workers', '2', '--chunk', '50', '--quiet'];

    const reference = await runBin(args('multi-ref'), dir);
    expect(reference.code, reference.stderr).toBe(1); // the stray quotes and blank lines are rejected
    const expected = readFileSync(join(dir, 'multi-ref.csv'), 'utf8');
    expect(expected.split('\n').length).toBeGreaterThan(50_000); // the name cells do span lines

    // Each run is killed a random while after it has written more than the one before it got to.
    const delays: number[] = [];
    const resumedAfter: string[] = [];
    for (let kill = 0; kill < 5; kill++) {
      const before = readFileSafe(join(dir, 'multi-kill.csv.out.csv')).length;
      const running = startBin([...args('multi-kill.csv.out'), ...(kill === 0 ? [] : ['--resume'])], dir);
      running.child.stdin!.end();
      await until(() => readFileSafe(join(dir, 'multi-kill.csv.out.csv')).length > before || running.child.exitCode !== null, 60_000, 'more results');
      const delay = Math.floor(Math.random() * 300);
      delays.push(delay);
      await new Promise((ok) => setTimeout(ok, delay));
      running.child.kill('SIGKILL');
      const killed = await running.done;
      expect(killed.signal, `kill ${kill} (delays ${delays.join(', ')} ms): ${killed.stderr}`).toBe('SIGKILL');
      resumedAfter.push(/resuming after input line ([\d,]+)/.exec(killed.stderr)?.[1] ?? '-');
    }
    const last = await runBin([...args('multi-kill.csv.out'), '--resume'], dir);
    const why = `delays ${delays.join(', ')} ms; resumed after lines ${resumedAfter.join(', ')}; ${last.stderr}`;
    expect(last.code, why).toBe(1);
    expect(readFileSync(join(dir, 'multi-kill.csv.out.csv'), 'utf8') === expected, why).toBe(true);
    expect(readFileSync(join(dir, 'multi-kill.csv.out.rejects.ndjson'), 'utf8'), why).toBe(readFileSync(join(dir, 'multi-ref.rejects.ndjson'), 'utf8'));
  }, 300_000);
});

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
