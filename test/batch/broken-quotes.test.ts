import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLines } from '../support/batchData.js';
import { ndjson, runBin, startBin, until } from '../support/batchBin.js';

// A row with a quote that is never closed where it should be, as a person's
// spreadsheet export has one now and then: the built bin, real processes.
// Nothing lost: every row of the input is in the output or in the rejects,
// each under its own line.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-quotes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Reject {
  line: number;
  reason: string;
  record: string;
}

async function run(name: string, text: string, extra: readonly string[] = []) {
  writeFileSync(join(dir, name), text);
  const base = name.replace(/\.csv$/, '');
  const finished = await runBin(['batch', '--input', name, '--output', `${base}.ndjson`, '--rejects', `${base}.rejects.ndjson`, '--workers', '1', ...extra], dir);
  const out = ndjson<{ line: number; email: { value: string } | null }>(join(dir, `${base}.ndjson`));
  const rejects = ndjson<Reject>(join(dir, `${base}.rejects.ndjson`));
  return { ...finished, out, rejects, summary: finished.stderr.trimEnd().split('\n').at(-1)! };
}

const HEADER = 'Email,First,Last';

describe('batch: a broken quote costs its own row, and every row after it is read', () => {
  it('7 rows, a stray quote in the 5th that a quote two rows later seems to close: 7 read, 6 checked, 1 rejected (line 6)', async () => {
    const rows = [
      HEADER,
      'ana.silva@gmail.com,Ana,Silva',
      'bob.jones@yahoo.com,Bob,Jones',
      'carla.rossi@outlook.com,Carla,Rossi',
      'dan.brown@gmail.com,Dan,Brown',
      'eve.adams@gmail.com,"Eve,Adams',
      'fay.clark@gmail.com,Fay,Clark',
      '"gus.hall@gmail.com",Gus,Hall',
    ];
    const { code, out, rejects, summary } = await run('seven.csv', `${rows.join('\n')}\n`);
    expect(summary).toMatch(/^batch: 7 rows read, 6 checked, 1 rejected \(line 6\) → seven\.rejects\.ndjson; /);
    expect(code).toBe(1);
    expect(out.map((r) => [r.line, r.email!.value])).toEqual([
      [2, 'ana.silva@gmail.com'],
      [3, 'bob.jones@yahoo.com'],
      [4, 'carla.rossi@outlook.com'],
      [5, 'dan.brown@gmail.com'],
      [7, 'fay.clark@gmail.com'],
      [8, 'gus.hall@gmail.com'],
    ]);
    // The bad row's own text, not the rows after it.
    expect(rejects).toEqual([{ line: 6, reason: expect.stringMatching(/^broken quoting: Quote Not Closed/) as string, record: 'eve.adams@gmail.com,"Eve,Adams' }]);
  });

  it('a stray quote on the last row', async () => {
    const { out, rejects, summary } = await run('last.csv', `${HEADER}\na@gmail.com,Ann,Lee\nb@gmail.com,Bo,Li\nc@gmail.com,"Cy,Ng\n`);
    expect(summary).toMatch(/^batch: 3 rows read, 2 checked, 1 rejected \(line 4\)/);
    expect(out.map((r) => r.line)).toEqual([2, 3]);
    expect(rejects.map((r) => [r.line, r.record])).toEqual([[4, 'c@gmail.com,"Cy,Ng']]);
  });

  it('two broken rows in a row, each seeming to close the other: each rejected alone, the rows after read', async () => {
    const { out, rejects, summary } = await run('two.csv', `${HEADER}\na@gmail.com,"Ann,Lee\nb@gmail.com,"Bo,Li\n"c@gmail.com",Cy,Ng\nd@gmail.com,Di,Ro\n`);
    expect(summary).toMatch(/^batch: 4 rows read, 2 checked, 2 rejected \(lines 2, 3\)/);
    expect(out.map((r) => [r.line, r.email!.value])).toEqual([
      [4, 'c@gmail.com'],
      [5, 'd@gmail.com'],
    ]);
    expect(rejects.map((r) => [r.line, r.record])).toEqual([
      [2, 'a@gmail.com,"Ann,Lee'],
      [3, 'b@gmail.com,"Bo,Li'],
    ]);
  });

  it('a broken row followed by a valid cell with a line break: the cell is read whole, under its first line', async () => {
    const { out, rejects, summary } = await run('multi.csv', `${HEADER}\na@gmail.com,"Ann,Lee\nb@gmail.com,Bo,"Li\nJones"\nc@gmail.com,Cy,Ng\n`);
    expect(summary).toMatch(/^batch: 3 rows read, 2 checked, 1 rejected \(line 2\)/);
    expect(out.map((r) => r.line)).toEqual([3, 5]);
    expect(ndjson<{ name: { value: string } }>(join(dir, 'multi.ndjson'))[0]!.name.value).toBe('Bo,Li\nJones');
    expect(rejects.map((r) => [r.line, r.record])).toEqual([[2, 'a@gmail.com,"Ann,Lee']]);
  });
});

describe('batch: a file with broken quotes, killed with SIGKILL, then --resume', () => {
  it('every row is written exactly once, in input order, with its own value; every broken row is rejected once, under its line', async () => {
    // Id,Email,Note: every 701st row has a stray quote, every 97th a note with a line break,
    // which a stray quote before it seems to close.
    const lines = ['Id,Email,Note'];
    const valid: [number, string][] = [];
    const broken: number[] = [];
    for (let i = 1; i <= 30_000; i++) {
      const line = lines.length + 1;
      const email = `u${i}@example.com`;
      if (i % 701 === 0) {
        lines.push(`${i},${email},"stray`);
        broken.push(line);
      } else if (i % 97 === 0) {
        lines.push(`${i},${email},"two`, 'lines"');
        valid.push([line, email]);
      } else {
        lines.push(`${i},${email},`);
        valid.push([line, email]);
      }
    }
    writeLines(join(dir, 'kill.csv'), lines);
    const args = ['batch', '--input', 'kill.csv', '--output', 'kill.ndjson', '--rejects', 'kill.rejects.ndjson', '--workers', '2', '--chunk', '100', '--quiet'];

    const running = startBin(args, dir);
    running.child.stdin!.end();
    await until(() => readSafe(join(dir, 'kill.ndjson')).length > 0, 60_000, 'the first results');
    running.child.kill('SIGKILL');
    expect((await running.done).signal).toBe('SIGKILL');
    expect(readSafe(join(dir, 'kill.ndjson')).split('\n').length - 1).toBeLessThan(valid.length);

    const resumed = await runBin([...args, '--resume'], dir);
    expect(resumed.stderr).toMatch(/batch: resuming after input line \d/);
    expect(resumed.code).toBe(1);
    const out = ndjson<{ line: number; email: { value: string } }>(join(dir, 'kill.ndjson'));
    expect(out.map((r) => [r.line, r.email.value])).toEqual(valid);
    const rejects = ndjson<Reject>(join(dir, 'kill.rejects.ndjson'));
    expect(rejects.map((r) => r.line)).toEqual(broken);
    expect(rejects.every((r) => r.record.endsWith(',"stray'))).toBe(true);
  }, 240_000);
});

function readSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
