import { checkOptions, isPlainObject, kindOf, optionError, optionPath } from '../common/options.js';
import { IdentitySignalsError } from '../errors.js';
import { DEFAULT_BANDS, SCORECARD_BANDS, bandIndex, validateBands } from './bands.js';
import type { BandTable, BaselineCode, Reason, ScoreModel, ScoreOutcome, ScoredName, ScoringOptions, Signal, SignalSpec } from './types.js';

/**
 * Turns the signals raised by one check into a score, cluster and reasons.
 * Its outcome carries the model's codes plus the baseline reason's code,
 * and the model's cluster names.
 */
export type Scorer<Code extends string = string, Cluster extends string = string, Product extends ScoredName = ScoredName> = (
  signals: readonly Signal<Code>[],
) => ScoreOutcome<Code | BaselineCode<Product>, Cluster>;

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
 * The model (see docs/design.md, "Score model"):
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
 * @param options bands (as many as the model has clusters) and weight
 * overrides, typed by the model's codes: a code the model does not have is
 * a compile error in an object literal
 * @returns a pure function from signals to {@link ScoreOutcome}
 * @throws InputError `SCORING_CONFIG`, with the option's path in `field`, when
 * `options` is not an object, has a key other than `bands` and `weights`, has
 * bands that are not a preset or `model.clusters.length` contiguous integer
 * bands over 0..1000, or a weight that is not a number in 0..1, is set on an
 * `info` signal, or names no signal of the model. A code of *another*
 * product (`EMAIL_FREE` given to the name model) is left alone, so one
 * options object can serve every product; the checks themselves reject codes
 * of no product.
 * @example
 * const score = createScorer(EMAIL_SCORE_MODEL, { bands: 'scorecard' });
 * score([{ code: 'EMAIL_FREE' }]); // { score: 630, score_cluster: 'good', reasons: [...] }
 */
export function createScorer<Code extends string, Cluster extends string = string, Product extends ScoredName = ScoredName>(
  model: ScoreModel<Code, Cluster, Product>,
  // NoInfer: the model alone fixes Code, so a misspelt weight code is an error rather than a widened Code.
  options: ScoringOptions<NoInfer<Code>, BandTable> = {},
): Scorer<Code, Cluster, Product> {
  checkScoringOptions(options, [model]);
  const bands = resolveBands(options.bands, model.clusters.length);
  const prepared = prepareSignals(model, options.weights);
  const baselineScore = 1000 * (1 - model.baseline);
  const baselineReason: Reason<BaselineCode<Product>> = Object.freeze({
    code: `${model.product.toUpperCase() as Uppercase<Product>}_BASELINE` as const,
    points: Math.round(baselineScore),
    detail: `starting score: ${model.baseline} of risk assumed when nothing is known`,
  });

  return (signals) => {
    // Hot path: a check raises a handful of signals, so small arrays beat Maps here.
    const seen: PreparedSignal[] = [];
    const details: (string | undefined)[] = [];
    const strengths: number[] = [];
    for (const signal of signals) {
      const p = prepared.get(signal.code);
      if (p === undefined) {
        throw new IdentitySignalsError('INTERNAL', `signal ${signal.code} is not in the ${model.product} score model`);
      }
      if (seen.includes(p)) continue;
      seen.push(p);
      details.push(signal.detail);
      // Clamped so the applied weight stays in 0..1 (a NaN strength applies nothing).
      const k = signal.strength ?? 1;
      strengths.push(k > 0 ? Math.min(k, 1) : 0);
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
      if (s.spec.kind === 'trust') uncertainty *= 1 - s.weight * strengths[i]!;
      else if (s.spec.kind === 'risk') riskFactor *= 1 - s.weight * strengths[i]!;
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
    const reasons: Reason<Code | BaselineCode<Product>>[] = [baselineReason];
    for (const i of order) {
      const detail = details[i];
      // The prepared signals are the model's own entries, so each code is one of Code.
      const code = seen[i]!.code as Code;
      reasons.push(detail === undefined ? { code, points: points[i]! } : { code, points: points[i]!, detail });
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

function resolveBands(bands: ScoringOptions<string, BandTable>['bands'], count: number): BandTable {
  if (bands === undefined || bands === 'default') return DEFAULT_BANDS;
  if (bands === 'scorecard') return SCORECARD_BANDS;
  return validateBands(bands, count);
}

function prepareSignals<Code extends string>(
  model: ScoreModel<Code, string, ScoredName>,
  overrides: Readonly<Partial<Record<string, number>>> | undefined,
): Map<string, PreparedSignal> {
  const specs = model.signals as Readonly<Record<string, SignalSpec>>;
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

/** Reason-code prefix of each product: `EMAIL_FREE` belongs to `email`. */
const PRODUCT_PREFIXES: Readonly<Record<ScoredName, string>> = {
  email: 'EMAIL_',
  device: 'DEVICE_',
  ip: 'IP_',
  phone: 'PHONE_',
  name: 'NAME_',
  identity: 'IDENTITY_',
};

/**
 * Checks scoring options against the score models that will use them,
 * throwing `InputError` (`SCORING_CONFIG`) with the option's path.
 * A weight code must be a risk or trust signal of one of `models`, unless
 * it names a product none of `models` belongs to: that product's own check
 * judges it. Given all five products' models, every code is judged.
 *
 * @param options the caller's `scoring` value
 * @param models the models these options will score with
 * @example
 * let field: string | undefined;
 * try {
 *   checkScoringOptions({ weights: { EMAILFREE: 0.2 } }, [EMAIL_SCORE_MODEL]);
 * } catch (error) {
 *   field = (error as InputError).field;
 * }
 * field; // 'scoring.weights.EMAILFREE'
 */
export function checkScoringOptions(options: unknown, models: readonly ScoreModel<string, string, ScoredName>[]): void {
  checkOptions(
    options,
    'scoring',
    {
      bands: (bands) => {
        if (bands === 'default' || bands === 'scorecard') return;
        for (const count of new Set(models.map((m) => m.clusters.length))) validateBands(bands, count);
      },
      weights: (weights, path) => checkWeights(weights, path, models),
    },
    'SCORING_CONFIG',
  );
}

function checkWeights(weights: unknown, path: string, models: readonly ScoreModel<string, string, ScoredName>[]): void {
  const fail = (at: string, problem: string): never => {
    throw optionError(at, problem, 'SCORING_CONFIG');
  };
  if (!isPlainObject(weights)) fail(path, `must be an object of code → weight, got ${kindOf(weights)}`);
  for (const [code, weight] of Object.entries(weights as Readonly<Record<string, unknown>>)) {
    const at = optionPath(path, code);
    const model = models.find((m) => Object.hasOwn(m.signals, code));
    if (model === undefined) {
      const owner = (Object.keys(PRODUCT_PREFIXES) as ScoredName[]).find((p) => code.startsWith(PRODUCT_PREFIXES[p]));
      if (owner !== undefined && !models.some((m) => m.product === owner)) continue;
      fail(
        at,
        owner === undefined
          ? `names no product's signal (codes start with ${Object.values(PRODUCT_PREFIXES).join(', ')})`
          : `is not a ${owner} signal`,
      );
    }
    const spec = (model!.signals as Readonly<Record<string, SignalSpec>>)[code]!;
    if (spec.kind === 'info') fail(at, 'is an info signal: it moves no points, so it takes no weight');
    if (typeof weight !== 'number' || !(weight >= 0 && weight <= 1)) {
      fail(at, `must be a number in 0..1, got ${typeof weight === 'number' ? String(weight) : kindOf(weight)}`);
    }
  }
}
