import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BANDS, QUALITY_CLUSTERS, SCORECARD_BANDS, bandIndex, createScorer, validateBands } from '../../src/scoring/index.js';
import type { ScoreModel, SignalSpec } from '../../src/scoring/index.js';

const SEED = 20261122;

/** A random model: 1–12 signals of every kind, some gated; risks and trusts weigh 0..10 nats, carried signals damp by 0..1. */
const modelArb = fc
  .record({
    specs: fc.array(
      fc.record({
        kind: fc.constantFrom<'risk' | 'trust' | 'carried' | 'info'>('risk', 'trust', 'carried', 'info'),
        weight: fc.double({ min: 0, max: 10, noNaN: true }),
        // Steps of 0.05 as the fit gives, besides any double (fast-check favours tiny ones, which move no rounded score).
        damping: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 20 }).map((k) => k / 20)),
        capBand: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
        side: fc.constantFrom<'trust' | 'risk' | undefined>(undefined, 'trust', 'risk'),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  })
  .map(({ specs }) => {
    const signals: Record<string, SignalSpec> = {};
    specs.forEach((s, i) => {
      const gate = s.capBand === undefined || s.kind === 'info' ? {} : { capBand: s.capBand };
      signals[`EMAIL_S${i}`] =
        s.kind === 'info'
          ? { kind: 'info', weight: 0, description: 'generated' }
          : s.kind === 'carried'
            ? { kind: s.kind, weight: s.damping, evidence: 'generated', ...gate, ...(s.side === undefined ? {} : { side: s.side }), description: 'generated' }
            : { kind: s.kind, weight: s.weight, evidence: 'generated', ...gate, description: 'generated' };
    });
    return { product: 'email', clusters: QUALITY_CLUSTERS, signals } as ScoreModel;
  });

/** A signal for each code of a subset of the model's; carried ones with a logit of either sign. */
const subsetOf = (model: ScoreModel) =>
  fc
    .subarray(Object.keys(model.signals))
    .chain((codes) => fc.tuple(fc.constant(codes), fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: codes.length, maxLength: codes.length })))
    .map(([codes, logits]) => codes.map((code, i) => ({ code, logit: logits[i]! })));

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

  it('adding a risk signal never raises the score; adding a trust never lowers it; a carried score moves it its own way, a one-sided one only its side’s way', () => {
    fc.assert(
      fc.property(
        modelArb.chain((m) => fc.tuple(fc.constant(m), subsetOf(m), fc.constantFrom(...Object.keys(m.signals)), fc.double({ min: -20, max: 20, noNaN: true }))),
        ([model, signals, extra, logit]) => {
          const score = createScorer(model);
          const others = signals.filter((s) => s.code !== extra);
          const before = score(others).score;
          const after = score([...others, { code: extra, logit }]).score;
          const spec = model.signals[extra]!;
          // A one-sided carried signal moves the score only its own way, whatever the sign of its logit.
          const side = spec.kind === 'carried' ? spec.side : undefined;
          const lowers = spec.kind === 'risk' || (spec.kind === 'carried' && (side === 'risk' || (side === undefined && logit <= 0)));
          const raises = spec.kind === 'trust' || (spec.kind === 'carried' && (side === 'trust' || (side === undefined && logit >= 0)));
          if (lowers) expect(after).toBeLessThanOrEqual(before);
          if (spec.capBand !== undefined) expect(after).toBeLessThanOrEqual(DEFAULT_BANDS[spec.capBand]!.max);
          if (raises && spec.capBand === undefined) expect(after).toBeGreaterThanOrEqual(before);
          if (spec.kind === 'info') expect(after).toBe(before);
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('a one-sided carried signal never moves the score against its side, whatever its logit and the other signals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'trust' | 'risk'>('trust', 'risk'),
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.array(fc.record({ trust: fc.boolean(), weight: fc.double({ min: 0, max: 3, noNaN: true }) }), { maxLength: 4 }),
        (side, k, logit, rest) => {
          const signals: Record<string, SignalSpec> = { EMAIL_SIDE: { kind: 'carried', side, weight: k / 20, evidence: 'generated', description: 'generated' } };
          rest.forEach((r, i) => {
            signals[`EMAIL_R${i}`] = { kind: r.trust ? 'trust' : 'risk', weight: r.weight, evidence: 'generated', description: 'generated' };
          });
          const score = createScorer({ product: 'email', clusters: QUALITY_CLUSTERS, signals } as ScoreModel);
          const others = rest.map((_, i) => ({ code: `EMAIL_R${i}` }));
          const before = score(others).score;
          const after = score([...others, { code: 'EMAIL_SIDE', logit }]).score;
          if (side === 'trust') expect(after).toBeGreaterThanOrEqual(before);
          else expect(after).toBeLessThanOrEqual(before);
        },
      ),
      { seed: SEED, numRuns: 1000 },
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
