import { describe, expect, it } from 'vitest';
import { IdentitySignalsError, InputError } from '../errors.js';
import { RISK_CLUSTERS, SCORECARD_BANDS } from './bands.js';
import { createScorer } from './createScorer.js';
import type { ScoreModel, ScoringOptions } from './types.js';

const MODEL: ScoreModel<'NAME_KNOWN' | 'NAME_FAMOUS' | 'NAME_FREE' | 'NAME_INVALID' | 'NAME_SOFT_GATE' | 'NAME_NOTE'> = {
  product: 'name',
  clusters: RISK_CLUSTERS,
  baseline: 0.3,
  signals: {
    NAME_KNOWN: { kind: 'trust', weight: 0.8, description: 'known name' },
    NAME_FAMOUS: { kind: 'risk', weight: 0.5, description: 'famous person' },
    NAME_FREE: { kind: 'risk', weight: 0.1, description: 'weak risk' },
    NAME_INVALID: { kind: 'risk', weight: 0.9, capBand: 0, description: 'garbage' },
    NAME_SOFT_GATE: { kind: 'risk', weight: 0, capBand: 1, description: 'gate without weight' },
    NAME_NOTE: { kind: 'info', weight: 0, description: 'not known offline' },
  },
};

const sum = (reasons: readonly { points: number }[]) => reasons.reduce((s, r) => s + r.points, 0);

describe('createScorer', () => {
  const score = createScorer(MODEL);

  it('starts from the baseline when no signal is raised', () => {
    const out = score([]);
    expect(out.score).toBe(700);
    expect(out.score_cluster).toBe('high');
    expect(out.reasons).toEqual([expect.objectContaining({ code: 'NAME_BASELINE', points: 700 })]);
  });

  it('lifts with trust, lowers with noisy-OR risks, and the points add up', () => {
    const out = score([{ code: 'NAME_KNOWN' }, { code: 'NAME_FAMOUS', detail: 'head of state' }, { code: 'NAME_FREE' }]);
    // 1000 × (1 − 0.3 × 0.2) × 0.5 × 0.9 = 423
    expect(out.score).toBe(423);
    expect(sum(out.reasons)).toBe(out.score);
    expect(out.reasons.map((r) => r.code)).toEqual(['NAME_BASELINE', 'NAME_KNOWN', 'NAME_FAMOUS', 'NAME_FREE']);
    expect(out.reasons[2]).toEqual({ code: 'NAME_FAMOUS', points: -470, detail: 'head of state' });
  });

  it('caps the score at the top of the gate band and books the cut on the gate signal', () => {
    const out = score([{ code: 'NAME_KNOWN' }, { code: 'NAME_SOFT_GATE' }]);
    expect(out.score).toBe(399);
    expect(out.reasons.find((r) => r.code === 'NAME_SOFT_GATE')!.points).toBe(399 - 940);
    expect(sum(out.reasons)).toBe(399);
    expect(out.score_cluster).toBe('low');
  });

  it('uses the band table given in the options', () => {
    const scorecard = createScorer(MODEL, { bands: 'scorecard' });
    expect(scorecard([{ code: 'NAME_SOFT_GATE' }]).score).toBe(SCORECARD_BANDS[1]!.max);
    expect(scorecard([{ code: 'NAME_FAMOUS' }]).score_cluster).toBe('low'); // 350 is in 226–450
    const custom = createScorer(MODEL, {
      bands: [
        { min: 0, max: 99 },
        { min: 100, max: 199 },
        { min: 200, max: 299 },
        { min: 300, max: 399 },
        { min: 400, max: 1000 },
      ],
    });
    expect(custom([{ code: 'NAME_FAMOUS' }]).score_cluster).toBe('high');
  });

  it('takes weight overrides and rejects bad ones', () => {
    expect(createScorer(MODEL, { weights: { NAME_FAMOUS: 0 } })([{ code: 'NAME_FAMOUS' }]).score).toBe(700);
    expect(() => createScorer(MODEL, { weights: { NAME_FAMOUS: 2 } })).toThrow(InputError);
    expect(() => createScorer(MODEL, { weights: { NAME_NOPE: 0.1 } } as never)).toThrow(/not a name signal/);
    // Another product's codes are ignored, so one options object serves every product.
    const shared: ScoringOptions = { weights: { EMAIL_FREE: 0.1, NAME_FAMOUS: 0.2 } };
    expect(() => createScorer(MODEL, shared)).not.toThrow();
  });

  it('rejects band tables with gaps, overlaps or the wrong count', () => {
    const gap = [
      { min: 0, max: 100 },
      { min: 102, max: 200 },
      { min: 201, max: 300 },
      { min: 301, max: 400 },
      { min: 401, max: 1000 },
    ];
    expect(() => createScorer(MODEL, { bands: gap })).toThrow(/no gap/);
    expect(() => createScorer(MODEL, { bands: gap.slice(0, 4) })).toThrow(/5 bands/);
    expect(() => createScorer(MODEL, { bands: [...gap.slice(0, 4), { min: 401, max: 999 }].map((b, i) => (i === 1 ? { min: 101, max: 200 } : b)) })).toThrow(/end at 1000/);
  });

  it('ignores repeated signals and lists info signals with 0 points', () => {
    const out = score([{ code: 'NAME_FREE' }, { code: 'NAME_FREE' }, { code: 'NAME_NOTE', detail: 'x' }]);
    expect(out.reasons.filter((r) => r.code === 'NAME_FREE')).toHaveLength(1);
    expect(out.reasons.at(-1)).toEqual({ code: 'NAME_NOTE', points: 0, detail: 'x' });
  });

  it('throws a typed error for a signal the model does not define', () => {
    expect(() => score([{ code: 'NAME_UNKNOWN' as 'NAME_FREE' }])).toThrow(IdentitySignalsError);
  });
});
