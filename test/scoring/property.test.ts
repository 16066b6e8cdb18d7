import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BANDS, QUALITY_CLUSTERS, SCORECARD_BANDS, bandIndex, createScorer, validateBands } from '../../src/scoring/index.js';
import type { ScoreModel, SignalSpec } from '../../src/scoring/index.js';

const SEED = 20261122;

/** A random model: 1–12 signals of every kind, some gated. */
const modelArb = fc
  .record({
    baseline: fc.double({ min: 0, max: 1, noNaN: true }),
    specs: fc.array(
      fc.record({
        kind: fc.constantFrom<'risk' | 'trust' | 'info'>('risk', 'trust', 'info'),
        weight: fc.double({ min: 0, max: 1, noNaN: true }),
        capBand: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  })
  .map(({ baseline, specs }) => {
    const signals: Record<string, SignalSpec> = {};
    specs.forEach((s, i) => {
      signals[`EMAIL_S${i}`] = {
        kind: s.kind,
        weight: s.kind === 'info' ? 0 : s.weight,
        ...(s.capBand === undefined ? {} : { capBand: s.capBand }),
        description: 'generated',
      };
    });
    return { product: 'email', clusters: QUALITY_CLUSTERS, baseline, signals } as ScoreModel;
  });

const subsetOf = (model: ScoreModel) => fc.subarray(Object.keys(model.signals)).map((codes) => codes.map((code) => ({ code })));

describe('score engine invariants (fast-check, fixed seed)', () => {
  it('score is an integer in 0..1000, the cluster matches the band and the points add up', () => {
    fc.assert(
      fc.property(modelArb.chain((m) => fc.tuple(fc.constant(m), subsetOf(m), fc.constantFrom(DEFAULT_BANDS, SCORECARD_BANDS))), ([model, signals, bands]) => {
        const out = createScorer(model, { bands })(signals);
        expect(Number.isInteger(out.score)).toBe(true);
        expect(out.score).toBeGreaterThanOrEqual(0);
        expect(out.score).toBeLessThanOrEqual(1000);
        expect(out.score_cluster).toBe(model.clusters[bandIndex(out.score, bands)]);
        expect(out.reasons.reduce((s, r) => s + r.points, 0)).toBe(out.score);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('adding a risk signal never raises the score; adding a trust signal never lowers it', () => {
    fc.assert(
      fc.property(
        modelArb.chain((m) => fc.tuple(fc.constant(m), subsetOf(m), fc.constantFrom(...Object.keys(m.signals)))),
        ([model, signals, extra]) => {
          const score = createScorer(model);
          const before = score(signals).score;
          const after = score([...signals, { code: extra }]).score;
          const spec = model.signals[extra]!;
          if (spec.kind === 'risk' || spec.capBand !== undefined) expect(after).toBeLessThanOrEqual(before);
          if (spec.kind === 'trust' && spec.capBand === undefined) expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('is deterministic whatever the order of the signals', () => {
    fc.assert(
      fc.property(modelArb.chain((m) => fc.tuple(fc.constant(m), subsetOf(m))), ([model, signals]) => {
        const score = createScorer(model);
        expect(score([...signals].reverse())).toEqual(score(signals));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('every valid band table covers 0..1000 without gaps: each score falls in exactly one band', () => {
    const edgesArb = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 4, maxLength: 4 }).map((cuts) => {
      const sorted = [...cuts].sort((a, b) => a - b);
      const mins = [0, ...sorted];
      return mins.map((min, i) => ({ min, max: i < 4 ? mins[i + 1]! - 1 : 1000 }));
    });
    fc.assert(
      fc.property(edgesArb, (raw) => {
        const bands = validateBands(raw, 5);
        for (let s = 0; s <= 1000; s++) {
          const hits = bands.filter((b) => s >= b.min && s <= b.max).length;
          expect(hits).toBe(1);
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
    for (const preset of [DEFAULT_BANDS, SCORECARD_BANDS]) expect(validateBands(preset, 5)).toEqual(preset);
  });
});
