import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import { InputError } from '../../src/errors.js';
import { parseScoringFile, readScoringFile, scoringFileText } from '../../src/tuning/scoringFile.js';
import type { ScoringProvenance } from '../../src/tuning/types.js';

const dir = mkdtempSync(join(tmpdir(), 'scoring-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROVENANCE: ScoringProvenance = {
  tool: 'identity-signals test',
  created: '2026-12-07T00:00:00.000Z',
  input: { file: 'signups.csv', sha256: 'ab'.repeat(32), rows: 400, abusive: 100, genuine: 300 },
  options: { folds: 5 },
  subjects: { email: { rows: 400, aucBefore: 0.7, aucAfter: 0.8 } },
  refused: [],
};

const BANDS = [
  { min: 0, max: 149 },
  { min: 150, max: 299 },
  { min: 300, max: 549 },
  { min: 550, max: 799 },
  { min: 800, max: 1000 },
] as const;

function refusal(text: string): InputError {
  try {
    parseScoringFile(text, 'tuned.json');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('no error');
}

describe('scoring file', () => {
  it('round-trips: what scoringFileText writes, readScoringFile reads, and a checker scores by it', () => {
    const path = join(dir, 'tuned.json');
    writeFileSync(path, scoringFileText({ weights: { EMAIL_FREE: 0 }, bands: { email: BANDS } }, PROVENANCE));
    const scoring = readScoringFile(path);
    expect(scoring.provenance.input.sha256).toBe('ab'.repeat(32));
    const plain = createChecker().email('jane.doe@gmail.com');
    const tuned = createChecker({ scoring }).email('jane.doe@gmail.com');
    expect(plain.reasons.some((r) => r.code === 'EMAIL_FREE' && r.points !== 0)).toBe(true);
    expect(tuned.reasons.find((r) => r.code === 'EMAIL_FREE')?.points).toBe(0);
    expect(tuned.score).not.toBe(plain.score);
  });

  it('names the file and the field at fault: a misspelt code, a weight out of range, a band gap', () => {
    const file = (weights: object, bands: object = {}) => JSON.stringify({ format: 'identity-signals/scoring', version: 1, weights, bands, provenance: PROVENANCE });
    const misspelt = refusal(file({ EMAILFREE: 0.3 }));
    expect(misspelt.message).toMatch(/^tuned\.json: scoring\.weights\.EMAILFREE /);
    expect(misspelt.field).toBe('scoring.weights.EMAILFREE');
    expect(refusal(file({ PHONE_VOIP: 11 })).field).toBe('scoring.weights.PHONE_VOIP');
    expect(refusal(file({ IDENTITY_EMAIL: 1.5 })).field).toBe('scoring.weights.IDENTITY_EMAIL');
    expect(refusal(file({}, { ip: [{ min: 0, max: 10 }, { min: 12, max: 20 }, { min: 21, max: 30 }, { min: 31, max: 40 }, { min: 41, max: 1000 }] })).field).toBe('scoring.bands.ip[1].min');
  });

  it('refuses what is not a scoring file of this version', () => {
    expect(refusal('{ nope').message).toMatch(/^tuned\.json: not JSON/);
    expect(refusal('[]').message).toMatch(/must be a JSON object, got an array/);
    expect(refusal(JSON.stringify({ format: 'other', version: 1, weights: {}, bands: {}, provenance: {} })).field).toBe('format');
    expect(refusal(JSON.stringify({ format: 'identity-signals/scoring', version: 2, weights: {}, bands: {}, provenance: {} })).field).toBe('version');
    expect(refusal(JSON.stringify({ format: 'identity-signals/scoring', version: 1, weights: {}, bands: {}, provenance: {}, extra: 1 })).field).toBe('extra');
    expect(refusal(JSON.stringify({ format: 'identity-signals/scoring', version: 1, weights: {}, bands: {} })).field).toBe('provenance');
    expect(() => readScoringFile(join(dir, 'missing.json'))).toThrow(/missing\.json: cannot read the scoring file \(ENOENT\)/);
  });
});
