import { describe, expect, it } from 'vitest';
import { evaluateScores } from '../../src/tuning/evaluate.js';
import type { LabelledRow } from '../../src/tuning/types.js';

const email = (score: number, ...codes: string[]) => ({ score, reasons: [{ code: 'EMAIL_BASELINE', points: 500 }, ...codes.map((code) => ({ code, points: 0 }))] });

/** Six rows checked by hand: three genuine, three abusive, one tie across labels. */
const ROWS: LabelledRow[] = [
  { label: 'genuine', email: email(900, 'EMAIL_NAME_LIKE') },
  { label: 'genuine', email: email(700, 'EMAIL_FREE', 'EMAIL_FREE') },
  { label: 'genuine', email: email(300, 'EMAIL_FREE') },
  { label: 'abusive', email: email(300, 'EMAIL_DISPOSABLE', 'EMAIL_FREE') },
  { label: 'abusive', email: email(100, 'EMAIL_DISPOSABLE') },
  { label: 'abusive', email: { error: { code: 'INPUT_TYPE' } }, identity: { score: 250, reasons: [] } },
  { label: 'genuine', labels: { email: 'abusive' }, email: email(50, 'EMAIL_GENERATED') },
];

describe('evaluateScores', () => {
  const evaluation = evaluateScores(ROWS);
  const e = evaluation.subjects.find((s) => s.subject === 'email')!;

  it('counts rows per subject, skipping a result that is an error, with labels[subject] over label', () => {
    expect(evaluation).toMatchObject({ rows: 7, abusive: 3, genuine: 4 });
    expect(evaluation.subjects.map((s) => s.subject)).toEqual(['email', 'identity']);
    expect(e).toMatchObject({ rows: 6, abusive: 3, genuine: 3 });
  });

  it('computes the AUC as Mann–Whitney with ties half', () => {
    // Genuine 900, 700, 300 against abusive 300, 100, 50: 3 + 3 + (0.5 + 1 + 1) = 8.5 of 9.
    expect(e.auc).toBeCloseTo(8.5 / 9, 12);
    expect(evaluation.subjects[1]!.auc).toBeNull();
  });

  it('shares each label across the bands of the scoring in use, with the model cluster names', () => {
    expect(e.bands.map((b) => [b.cluster, b.abusive, b.genuine])).toEqual([
      ['poor', 2, 0],
      ['bad', 1, 1],
      ['moderate', 0, 0],
      ['good', 0, 1],
      ['high', 0, 1],
    ]);
    expect(e.bands[0]!.abusiveShare).toBeCloseTo(2 / 3, 12);
    const scorecard = evaluateScores(ROWS, { scoring: { bands: { email: 'scorecard' } } }).subjects[0]!;
    expect(scorecard.bands.map((b) => b.min)).toEqual([0, 226, 451, 551, 776]);
    expect(scorecard.bands.map((b) => b.genuine)).toEqual([0, 1, 0, 1, 1]);
    expect(evaluation.subjects[1]!.bands.map((b) => b.cluster)).toEqual(['very_low', 'low', 'review', 'high', 'very_high']);
  });

  it('lists the codes by how well they separate, rates smoothed by half a row, a repeated code once', () => {
    expect(e.codes.map((c) => c.code)).toEqual(['EMAIL_DISPOSABLE', 'EMAIL_GENERATED', 'EMAIL_NAME_LIKE', 'EMAIL_FREE']);
    const disposable = e.codes[0]!;
    expect(disposable).toMatchObject({ abusive: 2, genuine: 0, genuineRate: 0 });
    expect(disposable.abusiveRate).toBeCloseTo(2 / 3, 12);
    expect(disposable.logRatio).toBeCloseTo(Math.log(2.5 / 4 / (0.5 / 4)), 12);
    const free = e.codes.find((c) => c.code === 'EMAIL_FREE')!;
    expect(free).toMatchObject({ abusive: 1, genuine: 2 });
    expect(free.logRatio).toBeCloseTo(Math.log(1.5 / 2.5), 12);
    expect(evaluateScores(ROWS, { codes: 1 }).subjects[0]!.codes).toHaveLength(1);
  });

  it('refuses a bad option', () => {
    expect(() => evaluateScores(ROWS, { codes: -1 })).toThrow(/options\.codes/u);
    expect(() => evaluateScores([{ label: 'maybe' as never, line: 4, email: email(10) }])).toThrow(/line 4: the label must be/u);
  });
});
