import { describe, expect, it } from 'vitest';
import { IdentitySignalsError, InputError } from '../../src/errors.js';
import { RISK_CLUSTERS, SCORECARD_BANDS } from '../../src/scoring/bands.js';
import { createScorer } from '../../src/scoring/createScorer.js';
import type { ScoreModel, ScoringOptions } from '../../src/scoring/types.js';

const E = 'made-up weights of a test model';
const MODEL: ScoreModel<'NAME_KNOWN' | 'NAME_FAMOUS' | 'NAME_FREE' | 'NAME_INVALID' | 'NAME_SOFT_GATE' | 'NAME_NOTE' | 'NAME_CARRIED'> = {
  product: 'name',
  clusters: RISK_CLUSTERS,
  signals: {
    NAME_KNOWN: { kind: 'trust', weight: 1.2, evidence: E, description: 'known name' },
    NAME_FAMOUS: { kind: 'risk', weight: 2, evidence: E, description: 'famous person' },
    NAME_FREE: { kind: 'risk', weight: 0.3, evidence: E, description: 'weak risk' },
    NAME_INVALID: { kind: 'risk', weight: 3, capBand: 0, evidence: E, description: 'garbage' },
    NAME_SOFT_GATE: { kind: 'risk', weight: 0, capBand: 1, evidence: E, description: 'gate without weight' },
    NAME_NOTE: { kind: 'info', weight: 0, description: 'not known offline' },
    NAME_CARRIED: { kind: 'carried', weight: 0.5, evidence: E, description: 'another score' },
  },
};

const sum = (reasons: readonly { points: number }[]) => reasons.reduce((s, r) => s + r.points, 0);
const sigmoid = (x: number) => Math.round(1000 / (1 + Math.exp(-x)));

describe('createScorer', () => {
  const score = createScorer(MODEL);

  it('starts from the neutral middle, 500, when no signal is raised', () => {
    const out = score([]);
    expect(out.score).toBe(500);
    expect(out.score_cluster).toBe('review');
    expect(out.reasons).toEqual([expect.objectContaining({ code: 'NAME_BASELINE', points: 500 })]);
  });

  it('adds trusts and subtracts risks in log-odds, and the points add up', () => {
    const out = score([{ code: 'NAME_KNOWN' }, { code: 'NAME_FAMOUS', detail: 'head of state' }, { code: 'NAME_FREE' }]);
    // logit 1.2 − 2 − 0.3 = −1.1 → 1000 / (1 + e^1.1) = 249.7
    expect(out.score).toBe(250);
    expect(out.score).toBe(sigmoid(1.2 - 2 - 0.3));
    expect(sum(out.reasons)).toBe(out.score);
    expect(out.reasons.map((r) => r.code)).toEqual(['NAME_BASELINE', 'NAME_KNOWN', 'NAME_FAMOUS', 'NAME_FREE']);
    // Each step is the difference of the rounded running score: 500 → 769 → 310 → 250.
    expect(out.reasons.map((r) => r.points)).toEqual([500, sigmoid(1.2) - 500, sigmoid(-0.8) - sigmoid(1.2), 250 - sigmoid(-0.8)]);
    expect(out.reasons[2]).toEqual({ code: 'NAME_FAMOUS', points: sigmoid(-0.8) - sigmoid(1.2), detail: 'head of state' });
  });

  it('a weight is a log-likelihood ratio: ln 4 of trust quadruples the odds of good faith', () => {
    const own = createScorer(MODEL, { weights: { NAME_KNOWN: Math.log(4) } });
    expect(own([{ code: 'NAME_KNOWN' }]).score).toBe(800); // odds 4:1
    expect(createScorer(MODEL, { weights: { NAME_FAMOUS: Math.log(4) } })([{ code: 'NAME_FAMOUS' }]).score).toBe(200);
  });

  it('carries another score in as its damped log-odds, clamped to ±6', () => {
    const carried = (logit: number) => score([{ code: 'NAME_CARRIED', logit }]).score;
    expect(carried(2)).toBe(sigmoid(1));
    expect(carried(-2)).toBe(sigmoid(-1));
    expect(carried(40)).toBe(sigmoid(3));
    expect(carried(Number.NaN)).toBe(500);
    expect(score([{ code: 'NAME_CARRIED' }]).score).toBe(500);
    // Carried signals come first, then trusts, then risks.
    const out = score([{ code: 'NAME_FREE' }, { code: 'NAME_KNOWN' }, { code: 'NAME_CARRIED', logit: 1 }]);
    expect(out.reasons.map((r) => r.code)).toEqual(['NAME_BASELINE', 'NAME_CARRIED', 'NAME_KNOWN', 'NAME_FREE']);
    expect(out.score).toBe(sigmoid(0.5 + 1.2 - 0.3));
    expect(sum(out.reasons)).toBe(out.score);
  });

  it('a one-sided carried signal carries only its side of the logit', () => {
    const sided = createScorer({
      ...MODEL,
      signals: {
        ...MODEL.signals,
        NAME_UP: { kind: 'carried', side: 'trust', weight: 0.5, evidence: E, description: 'trust side' },
        NAME_DOWN: { kind: 'carried', side: 'risk', weight: 0.5, evidence: E, description: 'risk side' },
      },
    });
    const one = (code: 'NAME_UP' | 'NAME_DOWN', logit: number) => sided([{ code, logit }]);
    expect(one('NAME_UP', 2).score).toBe(sigmoid(1));
    expect(one('NAME_UP', -2).score).toBe(500);
    expect(one('NAME_UP', -2).reasons.at(-1)).toEqual({ code: 'NAME_UP', points: 0 });
    expect(one('NAME_DOWN', -2).score).toBe(sigmoid(-1));
    expect(one('NAME_DOWN', 40).score).toBe(500);
    expect(one('NAME_DOWN', -40).score).toBe(sigmoid(-3));
    expect(sided([{ code: 'NAME_UP', logit: 4 }, { code: 'NAME_DOWN', logit: -4 }]).score).toBe(500);
    // Either side's damping is a `scoring.weights` override like any carried one.
    const off = createScorer({ ...MODEL, signals: { ...MODEL.signals, NAME_DOWN: { kind: 'carried', side: 'risk', weight: 0.5, evidence: E, description: 'risk side' } } }, { weights: { NAME_DOWN: 0 } });
    expect(off([{ code: 'NAME_DOWN', logit: -3 }]).score).toBe(500);
  });

  it('caps the score at the top of the gate band and books the cut on the gate signal', () => {
    const out = score([{ code: 'NAME_KNOWN' }, { code: 'NAME_SOFT_GATE' }]);
    expect(out.score).toBe(399);
    expect(out.reasons.find((r) => r.code === 'NAME_SOFT_GATE')!.points).toBe(399 - sigmoid(1.2));
    expect(sum(out.reasons)).toBe(399);
    expect(out.score_cluster).toBe('low');
    // Below the cap the gate cuts nothing.
    expect(score([{ code: 'NAME_FAMOUS' }, { code: 'NAME_SOFT_GATE' }]).score).toBe(sigmoid(-2));
  });

  it('uses the band table given in the options', () => {
    const scorecard = createScorer(MODEL, { bands: 'scorecard' });
    expect(scorecard([{ code: 'NAME_SOFT_GATE' }]).score).toBe(SCORECARD_BANDS[1]!.max);
    expect(scorecard([{ code: 'NAME_FREE' }]).score_cluster).toBe('low'); // 426 is in 226–450
    const custom = createScorer(MODEL, {
      bands: [
        { min: 0, max: 99 },
        { min: 100, max: 199 },
        { min: 200, max: 299 },
        { min: 300, max: 399 },
        { min: 400, max: 1000 },
      ],
    });
    expect(custom([{ code: 'NAME_FREE' }]).score_cluster).toBe('very_high');
  });

  it('takes weight overrides in their ranges and rejects bad ones', () => {
    expect(createScorer(MODEL, { weights: { NAME_FAMOUS: 0 } })([{ code: 'NAME_FAMOUS' }]).score).toBe(500);
    expect(createScorer(MODEL, { weights: { NAME_FAMOUS: 10 } })([{ code: 'NAME_FAMOUS' }]).score).toBe(0);
    expect(() => createScorer(MODEL, { weights: { NAME_FAMOUS: 10.5 } })).toThrow(/log-likelihood ratio in nats, a number in 0\.\.10, got 10\.5/);
    expect(() => createScorer(MODEL, { weights: { NAME_FAMOUS: -1 } })).toThrow(InputError);
    expect(() => createScorer(MODEL, { weights: { NAME_CARRIED: 1.5 } })).toThrow(/damping in 0\.\.1/);
    expect(createScorer(MODEL, { weights: { NAME_CARRIED: 1 } })([{ code: 'NAME_CARRIED', logit: 2 }]).score).toBe(sigmoid(2));
    expect(() => createScorer(MODEL, { weights: { NAME_NOPE: 0.1 } } as never)).toThrow(/not a name signal/);
    expect(() => createScorer(MODEL, { weights: { NAME_NOTE: 0.1 } } as never)).toThrow(/info signal/);
    // Another product's codes are ignored, so one options object serves every product.
    const shared: ScoringOptions = { weights: { EMAIL_FREE: 0.1, NAME_FAMOUS: 0.2 } };
    expect(() => createScorer(MODEL, shared)).not.toThrow();
  });

  it('rejects a model whose weight is outside its range or that gives no evidence', () => {
    const bad = (spec: object) => () => createScorer({ ...MODEL, signals: { ...MODEL.signals, NAME_FREE: spec } } as ScoreModel);
    expect(bad({ kind: 'risk', weight: 11, evidence: E, description: 'x' })).toThrow(/outside 0\.\.10/);
    expect(bad({ kind: 'carried', weight: 2, evidence: E, description: 'x' })).toThrow(/outside 0\.\.1$/);
    expect(bad({ kind: 'risk', weight: 1, description: 'x' })).toThrow(/no evidence/);
    expect(bad({ kind: 'trust', weight: 1, evidence: '  ', description: 'x' })).toThrow(IdentitySignalsError);
    expect(bad({ kind: 'info', weight: 0, description: 'x' })).not.toThrow();
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

  it('ignores repeated signals and lists info signals last with 0 points', () => {
    const out = score([{ code: 'NAME_NOTE', detail: 'x' }, { code: 'NAME_FREE' }, { code: 'NAME_FREE' }]);
    expect(out.reasons.filter((r) => r.code === 'NAME_FREE')).toHaveLength(1);
    expect(out.reasons.at(-1)).toEqual({ code: 'NAME_NOTE', points: 0, detail: 'x' });
    expect(out.score).toBe(sigmoid(-0.3));
  });

  it('throws a typed error for a signal the model does not define', () => {
    expect(() => score([{ code: 'NAME_UNKNOWN' as 'NAME_FREE' }])).toThrow(IdentitySignalsError);
  });
});
