import { IdentitySignalsError, InputError } from '../errors.js';
import { DEFAULT_BANDS, SCORECARD_BANDS, bandIndex, validateBands } from './bands.js';
import type { BandTable, Reason, ScoreModel, ScoreOutcome, ScoringOptions, Signal, SignalSpec } from './types.js';

/** Turns the signals raised by one check into a score, cluster and reasons. */
export type Scorer<Code extends string = string> = (signals: readonly Signal<Code>[]) => ScoreOutcome;

interface PreparedSignal {
  readonly code: string;
  readonly spec: SignalSpec;
  readonly weight: number;
  /** Evaluation order: trusts first, then risks by weight, high to low. */
  readonly rank: number;
}

/**
 * Builds a scorer for one product model and one set of options. Options are
 * validated once here so that scoring a check costs a few multiplications.
 *
 * The model (see DESIGN.md, "Score model"):
 * 1. start from `1000 × (1 − baseline)`;
 * 2. each trust signal removes its share of the baseline uncertainty;
 * 3. risks combine as noisy-OR: `score × Π(1 − wᵢ)`;
 * 4. gates cap the score at the top of a band.
 *
 * Each step's points are the difference of the rounded running score, so the
 * points of `reasons` add up to `score` exactly. Order is fixed (trusts,
 * then risks by descending weight, then code), so the result is deterministic.
 *
 * @param model the product's score model
 * @param options bands and weight overrides
 * @returns a pure function from signals to {@link ScoreOutcome}
 * @example
 * const score = createScorer(EMAIL_SCORE_MODEL, { bands: 'scorecard' });
 * score([{ code: 'EMAIL_FREE' }]); // { score: 630, score_cluster: 'good', reasons: [...] }
 */
export function createScorer<Code extends string>(
  model: ScoreModel<Code>,
  options: ScoringOptions = {},
): Scorer<Code> {
  const bands = resolveBands(options.bands, model.clusters.length);
  const prepared = prepareSignals(model, options.weights);
  const baselineScore = 1000 * (1 - model.baseline);
  const baselineReason: Reason = Object.freeze({
    code: `${model.product.toUpperCase()}_BASELINE`,
    points: Math.round(baselineScore),
    detail: `starting score: ${model.baseline} of risk assumed when nothing is known`,
  });

  return (signals) => {
    // Hot path: a check raises a handful of signals, so small arrays beat Maps here.
    const seen: PreparedSignal[] = [];
    const details: (string | undefined)[] = [];
    for (const signal of signals) {
      const p = prepared.get(signal.code);
      if (p === undefined) {
        throw new IdentitySignalsError('INTERNAL', `signal ${signal.code} is not in the ${model.product} score model`);
      }
      if (seen.includes(p)) continue;
      seen.push(p);
      details.push(signal.detail);
    }
    const order = seen.map((_, i) => i);
    if (order.length > 1) order.sort((a, b) => compareSignals(seen[a]!, seen[b]!));

    let uncertainty = model.baseline;
    let riskFactor = 1;
    let shown = baselineReason.points;
    let cap = 1000;
    let capAt = -1;
    const points: number[] = new Array<number>(seen.length);
    for (const i of order) {
      const s = seen[i]!;
      if (s.spec.kind === 'trust') uncertainty *= 1 - s.weight;
      else if (s.spec.kind === 'risk') riskFactor *= 1 - s.weight;
      const next = Math.round(1000 * (1 - uncertainty) * riskFactor);
      points[i] = next - shown;
      shown = next;
      if (s.spec.capBand !== undefined) {
        const top = bands[Math.min(s.spec.capBand, bands.length - 1)]!.max;
        if (top < cap) {
          cap = top;
          capAt = i;
        }
      }
    }
    if (shown > cap) {
      // The gate's cut is booked on the gate signal itself, so its reason shows the whole effect.
      points[capAt]! += cap - shown;
      shown = cap;
    }
    const reasons: Reason[] = [baselineReason];
    for (const i of order) {
      const detail = details[i];
      reasons.push(detail === undefined ? { code: seen[i]!.code, points: points[i]! } : { code: seen[i]!.code, points: points[i]!, detail });
    }
    return {
      score: shown,
      score_cluster: model.clusters[bandIndex(shown, bands)]!,
      reasons,
    };
  };
}

function compareSignals(a: PreparedSignal, b: PreparedSignal): number {
  return a.rank - b.rank || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

function resolveBands(bands: ScoringOptions['bands'], count: number): BandTable {
  if (bands === undefined || bands === 'default') return DEFAULT_BANDS;
  if (bands === 'scorecard') return SCORECARD_BANDS;
  return validateBands(bands, count);
}

function prepareSignals<Code extends string>(
  model: ScoreModel<Code>,
  overrides: Readonly<Record<string, number>> | undefined,
): Map<string, PreparedSignal> {
  const specs = model.signals as Readonly<Record<string, SignalSpec>>;
  if (overrides !== undefined) {
    if (overrides === null || typeof overrides !== 'object') {
      throw new InputError('SCORING_CONFIG', 'scoring.weights must be an object of code → weight', 'scoring.weights');
    }
    for (const [code, weight] of Object.entries(overrides)) {
      if (!Object.hasOwn(specs, code)) {
        // Weights for other products' codes are allowed: one options object serves every product.
        if (code.startsWith(`${model.product.toUpperCase()}_`)) {
          throw new InputError('SCORING_CONFIG', `scoring.weights.${code} is not a ${model.product} signal`, `scoring.weights.${code}`);
        }
        continue;
      }
      if (typeof weight !== 'number' || !(weight >= 0 && weight <= 1)) {
        throw new InputError('SCORING_CONFIG', `scoring.weights.${code} must be a number in 0..1`, `scoring.weights.${code}`);
      }
    }
  }
  const out = new Map<string, PreparedSignal>();
  for (const [code, spec] of Object.entries(specs)) {
    const weight = spec.kind === 'info' ? 0 : (overrides?.[code] ?? spec.weight);
    if (!(weight >= 0 && weight <= 1)) {
      throw new IdentitySignalsError('INTERNAL', `weight of ${code} in the ${model.product} model is outside 0..1`);
    }
    // Trusts first (rank 0), then risks heaviest first (rank 1..2), info last (rank 3).
    const rank = spec.kind === 'trust' ? 0 : spec.kind === 'risk' ? 2 - weight : 3;
    out.set(code, { code, spec, weight, rank });
  }
  return out;
}
