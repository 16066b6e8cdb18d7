import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import { InputError } from '../../src/errors.js';
import { readScoringFile } from '../../src/tuning/scoringFile.js';
import { BIN, runBin } from '../support/batchBin.js';
import { runCliText } from '../support/cli.js';
import { scratchFolders } from '../support/scratch.js';
import { writeScoringFiles } from '../support/scoringFiles.js';

// `--scoring FILE` on `batch` (the built bin: its worker threads score) and
// on the one-value checks: the scores and clusters are exactly those of
// createChecker({ scoring }) on the same file, and not the package's; a
// misspelt code or a weight out of range is refused naming file and code.

const { root: dir } = scratchFolders('identity-signals-batch-scoring-');
const files = writeScoringFiles(dir);
const EMAILS = ['bob@mailinator.com', 'jane.doe@gmail.com', 'kf83hd92ks@gmail.com'];
writeFileSync(join(dir, 'in.csv'), `email,ip\n${EMAILS.map((e) => `${e},81.2.69.142`).join('\n')}\n`);

const tuned = createChecker({ scoring: readScoringFile(files.tuned) });
const plain = createChecker();

describe('createChecker with a scoring file', () => {
  it('scores by it: the disposable signal off moves a disposable address, the shifted bands move a cluster', () => {
    expect(tuned.email('bob@mailinator.com').score).toBeGreaterThan(plain.email('bob@mailinator.com').score + 100);
    expect(tuned.email('jane.doe@gmail.com').score).toBe(plain.email('jane.doe@gmail.com').score);
    expect(tuned.email('jane.doe@gmail.com').score_cluster).not.toBe(plain.email('jane.doe@gmail.com').score_cluster);
  });

  it.each([
    ['misspelt', 'EMAIL_DISPOSABL'],
    ['outOfRange', 'EMAIL_FREE'],
  ] as const)('refuses the %s file, naming the file and the code', (which, code) => {
    expect(() => createChecker({ scoring: readScoringFile(files[which]) })).toThrow(InputError);
    expect(() => readScoringFile(files[which])).toThrow(new RegExp(`${files[which].replaceAll('/', '\\/')}.*${code}`));
  });
});

describe('batch --scoring (the built bin)', () => {
  it('has been built', () => {
    expect(existsSync(BIN), 'run `npm run build` first').toBe(true);
  });

  it('scores every row, the identity included, as createChecker({ scoring }) does', async () => {
    const run = await runBin(['batch', '--input', 'in.csv', '--scoring', files.tuned, '--workers', '1', '--quiet'], dir);
    expect(run.stderr).toMatch(/0 rejected/);
    expect(run.code).toBe(0);
    const rows = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, { score: number; score_cluster: string }>);
    expect(rows.map((r) => [r.email!.score, r.email!.score_cluster])).toEqual(EMAILS.map((e) => [tuned.email(e).score, tuned.email(e).score_cluster]));
    expect(rows.map((r) => r.identity!.score)).toEqual(EMAILS.map((e) => tuned.identity({ email: e, ip: '81.2.69.142' }).identity!.score));
    // And not the package's scores: the file changed them.
    expect(rows.map((r) => r.email!.score)).not.toEqual(EMAILS.map((e) => plain.email(e).score));
  });

  it.each([
    ['misspelt', 'EMAIL_DISPOSABL'],
    ['outOfRange', 'EMAIL_FREE'],
  ] as const)('refuses the %s file before reading a row: exit 2 naming the file and the code', async (which, code) => {
    const run = await runBin(['batch', '--input', 'in.csv', '--scoring', files[which], '--workers', '1'], dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('InputError SCORING_CONFIG');
    expect(run.stderr).toContain(files[which]);
    expect(run.stderr).toContain(code);
  });
});

describe('the one-value checks take --scoring', () => {
  it('email --scoring scores as the file says', async () => {
    const run = await runCliText(['email', 'bob@mailinator.com', '--scoring', files.tuned, '--compact']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ score: tuned.email('bob@mailinator.com').score });
  });

  it('a bad file is exit 2 naming it; --bands beside --scoring is refused', async () => {
    const bad = await runCliText(['email', 'bob@mailinator.com', '--scoring', files.misspelt]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^InputError SCORING_CONFIG: .*misspelt\.json: .*EMAIL_DISPOSABL/);
    const both = await runCliText(['email', 'bob@mailinator.com', '--scoring', files.tuned, '--bands', 'scorecard']);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/^--bands and --scoring both set the bands/);
  });
});
