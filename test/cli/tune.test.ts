import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import { packageVersion } from '../../src/common/version.js';
import { readScoringFile } from '../../src/tuning/scoringFile.js';
import type { ScoringFile } from '../../src/tuning/types.js';
import { runCliLines } from '../support/cli.js';
import { labelledCsv } from '../support/labelledCsv.js';
import { scratchFolders } from '../support/scratch.js';

// `identity-signals tune` in process, end to end on a synthetic labelled file
// (test/support/labelledCsv.ts: made up from what the package checks; its
// figures show the command works and its file is what it says, nothing about
// real abuse): the file it writes, its provenance, the report, and what it
// refuses.

const { root: dir } = scratchFolders('identity-signals-tune-');
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const CSV = [...labelledCsv(300, 9)].join('\n') + '\n';
const signups = file('signups.csv', CSV);
const tune = (args: readonly string[]) => runCliLines(['tune', '--workers', '1', '--max-memory', '1000000', '--input', signups, '--label', 'outcome', ...args]);

describe('tune', () => {
  it('writes a scoring file createChecker reads, with its provenance; prints AUC before → after per subject; --report writes the page', async () => {
    const out = join(dir, 'scoring.json');
    const report = join(dir, 'report.html');
    const before = Date.now();
    const run = await tune(['--out', out, '--report', report, '--seed', '3']);
    expect(run.err.join('\n')).toMatch(/tune: 300 rows read, 300 checked, 0 rejected/);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as ScoringFile;
    const { provenance } = written;
    expect(provenance.tool).toBe(`identity-signals ${packageVersion()}`);
    expect(Date.parse(provenance.created)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(provenance.created)).toBeLessThanOrEqual(Date.now());
    expect(provenance.input).toEqual({
      file: 'signups.csv',
      sha256: createHash('sha256').update(readFileSync(signups)).digest('hex'),
      rows: 300,
      abusive: CSV.split('\n').filter((l) => /,(?:bad|1|Fraud)$/.test(l)).length,
      genuine: CSV.split('\n').filter((l) => /,(?:good|0|legit)$/.test(l)).length,
      rejected: 0,
    });
    expect(provenance.options).toMatchObject({ folds: 5, seed: 3, targetFpr: 0.01, targetAcceptedAbusive: 0.05, label: 'outcome' });
    const text = run.out.join('\n');
    for (const [subject, figures] of Object.entries(provenance.subjects)) {
      expect(text).toContain(`${subject}: 300 rows`);
      expect(text).toContain(`cross-validated AUC ${figures!.aucBefore.toFixed(3)} → ${figures!.aucAfter.toFixed(3)}`);
    }
    expect(text.split('\n').at(-1)).toBe(`wrote ${out} and ${report}`);
    // The file is what a checker reads, and it moves the scores: its weights are not the package's.
    const scoring = readScoringFile(out);
    const tuned = createChecker({ scoring });
    const scores = ['kf83hd92ks@mailinator.com', 'jane.doe@gmail.com'].map((e) => [tuned.email(e).score, createChecker().email(e).score]);
    expect(scores.some(([a, b]) => a !== b)).toBe(true);
    expect(readFileSync(report, 'utf8')).toMatch(/^<!doctype html>/i);
    expect(readFileSync(report, 'utf8')).toContain(provenance.input.sha256);
  });

  it('the same seed and file give the same weights and bands', async () => {
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    expect((await tune(['--out', a])).code).toBe(0);
    expect((await tune(['--out', b])).code).toBe(0);
    const strip = (path: string) => {
      const { weights, bands } = JSON.parse(readFileSync(path, 'utf8')) as ScoringFile;
      return { weights, bands };
    };
    expect(strip(a)).toEqual(strip(b));
  });

  it('refuses --out that is the input, before reading it, and leaves the input as it was', async () => {
    const run = await tune(['--out', join(dir, '.', 'signups.csv')]);
    expect(run.code).toBe(2);
    expect(run.err[0]).toMatch(/signups\.csv is the input.*writing there would destroy it/);
    expect(readFileSync(signups, 'utf8')).toBe(CSV);
  });

  it('refuses what cannot be fitted honestly, naming each subject and why: too few rows (exit 2, no file)', async () => {
    const small = file('small.csv', [...labelledCsv(60, 4)].join('\n') + '\n');
    const out = join(dir, 'small.json');
    const run = await runCliLines(['tune', '--workers', '1', '--max-memory', '1000000', '--input', small, '--label', 'outcome', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.err.at(-1)).toMatch(/^InputError INPUT_OPTION: no subject can be fitted honestly: email: .*; identity: /);
    expect(() => readFileSync(out)).toThrow(/ENOENT/);
  });

  it.each([
    [['--target-fpr', '0'], '--target-fpr must be a share above 0 and at most 0.5 (0.01 is 1%), got "0"'],
    [['--target-fpr', '0.6'], '--target-fpr must be a share above 0 and at most 0.5 (0.01 is 1%), got "0.6"'],
    [['--target-accepted-abusive', 'x'], '--target-accepted-abusive must be a share above 0 and at most 0.5 (0.01 is 1%), got "x"'],
    [['--folds', '1'], '--folds must be a whole number 2..20, got "1"'],
    [['--seed', '-1'], '--seed needs a value'],
  ])('%j is refused before a row is read: %s', async (flags, message) => {
    const run = await tune(['--out', join(dir, 'never.json'), ...flags]);
    expect(run.code).toBe(2);
    expect(run.err[0]!.split('\n')[0]).toBe(message);
  });

  it('needs --out; takes no stdin', async () => {
    expect((await runCliLines(['tune', '--input', signups, '--label', 'outcome'])).err[0]).toMatch(/^tune needs --out <scoring\.json>/);
    expect((await runCliLines(['tune', '--input', '-', '--label', 'outcome', '--out', join(dir, 'x.json')])).err[0]).toMatch(/^tune reads a file, not stdin/);
  });
});
