import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import type { Checker } from '../../src/checker.js';
import { evaluateScores } from '../../src/tuning/evaluate.js';
import { readLabel } from '../../src/tuning/labels.js';
import type { Evaluation, LabelledRow } from '../../src/tuning/types.js';
import { runCliLines } from '../support/cli.js';
import { labelledCsv } from '../support/labelledCsv.js';
import { scratchFolders } from '../support/scratch.js';
import { writeScoringFiles } from '../support/scoringFiles.js';

// `identity-signals evaluate` in process (its threads run the source through
// tsx): on a synthetic labelled file (test/support/labelledCsv.ts: made up
// from what the package checks, so its figures say the command agrees with
// the library, nothing about real abuse), and on every kind of bad label file.

const { root: dir } = scratchFolders('identity-signals-evaluate-');
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const CSV = [...labelledCsv(240, 5)].join('\n') + '\n';
const signups = file('signups.csv', CSV);
const evaluate = (args: readonly string[]) => runCliLines(['evaluate', '--workers', '1', '--max-memory', '1000000', ...args]);

/**
 * The rows as the library scores them: checker.identity on each row's
 * inputs, whose product results batch's rows equal (a name read with the
 * country the identity reads it with). The identity score itself is left
 * out: it reads the clock's hour at the IP, which may turn between two runs.
 */
function libraryRows(text: string, checker: Checker = createChecker()): LabelledRow[] {
  const records = parse(text, { columns: true }) as Record<string, string>[];
  return records.map((r, i) => {
    const result = checker.identity({ email: r.email!, phone: r.phone!, ip: r.ip!, userAgent: r.user_agent!, firstName: r.first_name!, lastName: r.last_name! });
    return { label: readLabel(r.outcome)!, line: i + 2, email: result.email!, device: result.device!, ip: result.ip!, phone: result.phone!, name: result.name! };
  });
}

describe('evaluate', () => {
  it('per product: rows, labels, AUC, band shares and separating codes exactly as evaluateScores gives them on the library\'s results', async () => {
    const run = await evaluate(['--input', signups, '--label', 'outcome', '--json']);
    expect(run.code).toBe(0);
    const got = JSON.parse(run.out.join('\n')) as Evaluation;
    const expected = evaluateScores(libraryRows(CSV));
    expect(got.rows).toBe(240);
    expect(got.abusive).toBeGreaterThanOrEqual(30);
    expect(got.genuine).toBeGreaterThanOrEqual(30);
    expect([got.abusive, got.genuine]).toEqual([expected.abusive, expected.genuine]);
    expect(got.subjects.filter((s) => s.subject !== 'identity')).toEqual(expected.subjects);
    expect(got.subjects.map((s) => s.subject)).toEqual(['email', 'device', 'ip', 'phone', 'name', 'identity']);
    expect(run.err[0]).toBe('evaluate: checking email ← "email", device ← "user_agent", ip ← "ip", phone ← "phone", name ← "first_name" + "last_name" (CSV, delimiter ",")');
    expect(run.err[1]).toMatch(/^evaluate: 240 rows read, 240 checked, 0 rejected; /);
  });

  it('prints a table a person reads: the AUC, each band with both labels\' shares, each code with its two rates', async () => {
    const run = await evaluate(['--input', signups, '--label', 'OUTCOME']);
    expect(run.code).toBe(0);
    const text = run.out.join('\n');
    const email = evaluateScores(libraryRows(CSV)).subjects[0]!;
    expect(text).toContain(`email: 240 rows (${email.abusive} abusive, ${email.genuine} genuine), AUC ${email.auc!.toFixed(3)}`);
    const band = email.bands[0]!;
    expect(text).toMatch(new RegExp(`\\n  ${band.cluster} ${band.min}–${band.max} +${(band.abusiveShare * 100).toFixed(1)}% +${(band.genuineShare * 100).toFixed(1)}%\\n`));
    const code = email.codes[0]!;
    expect(text).toMatch(new RegExp(`\\n  ${code.code} +${(code.abusiveRate * 100).toFixed(1)}% +${(code.genuineRate * 100).toFixed(1)}% +${code.logRatio.toFixed(2)}\\n`));
  });

  it('a row batch would reject is counted and named, not dropped in silence; the others are evaluated', async () => {
    const lines = CSV.trimEnd().split('\n');
    lines.splice(5, 0, 'broken@x.com,"+441234,1.2.3.4,ua,A,B,bad');
    const run = await evaluate(['--input', file('one-broken.csv', `${lines.join('\n')}\n`), '--label', 'outcome', '--json']);
    expect(run.code).toBe(0);
    expect(run.err[1]).toMatch(/^evaluate: 241 rows read, 240 checked, 1 rejected \(line 6\) \(not kept: give --rejects FILE to keep them\); /);
    expect((JSON.parse(run.out.join('\n')) as Evaluation).rows).toBe(240);
  });

  it('a tuned scoring file is evaluated with --scoring; a bad one is exit 2 naming the file and the code', async () => {
    const files = writeScoringFiles(dir);
    const tuned = await evaluate(['--input', signups, '--label', 'outcome', '--json', '--scoring', files.tuned]);
    expect(tuned.code).toBe(0);
    const got = JSON.parse(tuned.out.join('\n')) as Evaluation;
    const { readScoringFile } = await import('../../src/tuning/scoringFile.js');
    const scoring = readScoringFile(files.tuned);
    expect(got.subjects[0]).toEqual(evaluateScores(libraryRows(CSV, createChecker({ scoring })), { scoring }).subjects[0]);
    expect(got.subjects[0]).not.toEqual(evaluateScores(libraryRows(CSV)).subjects[0]);
    const bad = await evaluate(['--input', signups, '--label', 'outcome', '--scoring', files.outOfRange]);
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toMatch(/^InputError SCORING_CONFIG: .*out-of-range\.json: .*EMAIL_FREE/);
  });
});

describe('evaluate refuses a bad label file: exit 2, naming the line or the column', () => {
  const header = 'email,outcome';
  it.each([
    ['a value that is no label', `${header}\na@gmail.com,bad\nb@gmail.com,good\nc@gmail.com,maybe\n`, /^.*other\.csv: line 4: the label column "outcome" holds "maybe", which is no label \(1, true, bad, abusive, fraud mean abusive; 0, false, good, genuine, legit mean genuine \(any case\)\)$/],
    ['an empty label', `${header}\na@gmail.com,bad\nb@gmail.com,\n`, /: line 3: the label column "outcome" holds an empty cell, which is no label \(1, true, bad/],
    ['no label column', 'email,result\na@gmail.com,bad\n', /^--label outcome: no column "outcome" in the input \(columns: "email", "result"\)$/],
    ['one label only', `${header}\na@gmail.com,bad\nb@gmail.com,1\n`, /: every row's label \(column "outcome"\) is abusive \(2 rows\): evaluate compares abusive with genuine rows, and there is no genuine one/],
    ['a header and no row', `${header}\n`, /has no data rows: nothing to evaluate$/],
    ['an empty file', '', /holds no rows$/],
  ])('%s', async (what, text, message) => {
    const name = what === 'a value that is no label' ? 'other.csv' : `${what.replaceAll(' ', '-')}.csv`;
    const run = await evaluate(['--input', file(name, text), '--label', 'outcome']);
    expect(run.code).toBe(2);
    expect(run.out).toEqual([]);
    expect(run.err.at(-1)).toMatch(message);
  });

  it('NDJSON: JSON true/false and 1/0 are labels; a JSON value that is none is named', async () => {
    const good = file('labels.ndjson', '{"email":"a@gmail.com","bad":true}\n{"email":"b@gmail.com","bad":0}\n');
    const ok = await evaluate(['--input', good, '--label', 'bad', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out.join('\n'))).toMatchObject({ rows: 2, abusive: 1, genuine: 1 });
    const other = file('other.ndjson', '{"email":"a@gmail.com","bad":true}\n{"email":"b@gmail.com","bad":2}\n');
    const run = await evaluate(['--input', other, '--label', 'bad']);
    expect(run.code).toBe(2);
    expect(run.err.at(-1)).toMatch(/other\.ndjson: line 2: the label column "bad" holds the JSON value 2, which is no label/);
  });

  it('--input and --label are required', async () => {
    expect((await runCliLines(['evaluate', '--input', signups])).err[0]).toMatch(/^evaluate needs --label <Column>: the column that says abusive \(1, true, bad\) or genuine \(0, false, good\)\n\nUsage: identity-signals evaluate /);
    expect((await runCliLines(['evaluate', '--label', 'x'])).code).toBe(2);
  });
});
