import { checkOptions, isPlainObject, kindOf, optionError, optionPath } from '../common/options.js';
import type { OptionRule } from '../common/options.js';
import { IdentitySignalsError } from '../errors.js';
import { DEFAULT_BANDS, SCORECARD_BANDS, bandIndex, bandTableOf, validateBands } from './bands.js';
import type { BandTable, BaselineCode, Reason, ScoreModel, ScoreOutcome, ScoredName, ScoringOptions, Signal, SignalSpec } from './types.js';

/**
 * Turns the signals raised by one check into a score, cluster and reasons.
 * Its outcome carries the model's codes plus the baseline reason's code,
 * and the model's cluster names.
 */
export type Scorer<Code extends string = string, Cluster extends string = string, Product extends ScoredName = ScoredName> = (
  signals: readonly Signal<Code>[],
) => ScoreOutcome<Code | BaselineCode<Product>, Cluster>;

/** The score of an input about which nothing is known: log-odds 0, the middle of the default review band. */
export const NEUTRAL_SCORE = 500;

/** Largest weight a risk or trust takes (nats): e^10 ≈ 22,000 to 1, beyond any rate a sign-up corpus can show. */
export const MAX_WEIGHT = 10;

/** A carried score's log-odds are clamped to ±6 (scores 2 and 998): the ends of the scale say "certain", not "how certain". */
export const MAX_CARRIED_LOGIT = 6;

interface PreparedSignal {
  readonly code: string;
  readonly spec: SignalSpec;
  readonly weight: number;
  /** Evaluation order: carried first, then trusts, then risks by weight, high to low, then info. */
  readonly rank: number;
}

/** `1000 × p` of log-odds `logit`, rounded: the score of that much evidence. */
function scoreOf(logit: number): number {
  return Math.round(1000 / (1 + Math.exp(-logit)));
}

/**
 * Builds a scorer for one product model and one set of options. Options are
 * validated once here so that scoring a check costs a few additions and one
 * exponential per signal.
 *
 * What a score means: the trust that the input belongs to a real person
 * acting in good faith at sign-up. The bands are decisions: with the
 * default bands the top two (600–1000) accept, the middle (400–599)
 * reviews, the bottom two (0–399) block or step up. Nothing known is 500,
 * the middle of the review band, and only evidence moves a score: a fact
 * whose rate differs between genuine and abusive sign-ups (docs/scoring.md).
 *
 * The arithmetic, in log-odds around that middle:
 * 1. `logit = Σ trust wᵢ·sᵢ − Σ risk wᵢ·sᵢ + Σ carried wᵢ·Lᵢ`, where `w`
 *    is a signal's weight (a log-likelihood ratio in nats for risks and
 *    trusts, a damping in 0..1 for carried scores), `s` its strength
 *    (default 1) and `L` a carried signal's `logit` (clamped to ±6, and
 *    to its `side`: 0..6 for a trust side, −6..0 for a risk side);
 * 2. `score = round(1000 / (1 + e^−logit))`;
 * 3. gates: each signal present with a `capBand` caps the score at the top
 *    of that band.
 *
 * `reasons` open with `<PRODUCT>_BASELINE`, 500 points; each signal's points
 * are the difference of the rounded running score in a fixed order (carried,
 * trusts, then risks heaviest first, then code; info last with 0), and a
 * gate's cut is booked on the gate signal, so the points add up to `score`
 * exactly and the result does not depend on the order the check raised its
 * signals in. A repeated code counts once. Adding a risk never raises a
 * score; adding a trust never lowers it.
 *
 * @param model the product's score model
 * @param options bands (as many as the model has clusters) and weight
 * overrides, typed by the model's codes: a code the model does not have is
 * a compile error in an object literal
 * @returns a pure function from signals to {@link ScoreOutcome}
 * @throws InputError `SCORING_CONFIG`, with the option's path in `field`, when
 * `options` is not an object, has a key other than `bands` and `weights`, has
 * bands that are not a preset or `model.clusters.length` contiguous integer
 * bands over 0..1000, or a weight that is not a number in 0..10 (a risk or
 * trust) or 0..1 (a carried signal), is set on an `info` signal, or names no
 * signal of the model. A code of *another* product (`EMAIL_FREE` given to
 * the name model) is left alone, so one options object can serve every
 * product; the checks themselves reject codes of no product.
 * @throws IdentitySignalsError `INTERNAL` when the model itself is wrong: a
 * weight outside its range, or a risk, trust or carried signal without
 * `evidence`
 * @example
 * const score = createScorer(EMAIL_SCORE_MODEL, { bands: 'scorecard' });
 * score([{ code: 'EMAIL_DISPOSABLE' }]); // { score: 7, score_cluster: 'poor', reasons: [{ code: 'EMAIL_BASELINE', points: 500, … }, { code: 'EMAIL_DISPOSABLE', points: -493 }] }
 */
export function createScorer<Code extends string, Cluster extends string = string, Product extends ScoredName = ScoredName>(
  model: ScoreModel<Code, Cluster, Product>,
  // NoInfer: the model alone fixes Code, so a misspelt weight code is an error rather than a widened Code.
  options: ScoringOptions<NoInfer<Code>, BandTable> = {},
): Scorer<Code, Cluster, Product> {
  checkScoringOptions(options, [model]);
  const bands = resolveBands(options.bands, model);
  const prepared = prepareSignals(model, options.weights);
  const baselineReason: Reason<BaselineCode<Product>> = Object.freeze({
    code: `${model.product.toUpperCase() as Uppercase<Product>}_BASELINE` as const,
    points: NEUTRAL_SCORE,
    detail: 'nothing known: the middle of the review band; evidence moves the score from here',
  });

  return (signals) => {
    // Hot path: a check raises a handful of signals, so small arrays beat Maps here.
    const seen: PreparedSignal[] = [];
    const details: (string | undefined)[] = [];
    const amounts: number[] = [];
    for (const signal of signals) {
      const p = prepared.get(signal.code);
      if (p === undefined) {
        throw new IdentitySignalsError('INTERNAL', `signal ${signal.code} is not in the ${model.product} score model`);
      }
      if (seen.includes(p)) continue;
      seen.push(p);
      details.push(signal.detail);
      amounts.push(amountOf(p, signal));
    }
    const order = seen.map((_, i) => i);
    if (order.length > 1) order.sort((a, b) => compareSignals(seen[a]!, seen[b]!));

    let logit = 0;
    let shown = NEUTRAL_SCORE;
    let cap = 1000;
    let capAt = -1;
    const points: number[] = new Array<number>(seen.length);
    for (const i of order) {
      const s = seen[i]!;
      if (amounts[i] !== 0) {
        logit += amounts[i]!;
        const next = scoreOf(logit);
        points[i] = next - shown;
        shown = next;
      } else {
        points[i] = 0;
      }
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

/** The log-odds a signal adds: ± its weight times its strength, or its damped carried logit. */
function amountOf(p: PreparedSignal, signal: Signal): number {
  switch (p.spec.kind) {
    case 'info':
      return 0;
    case 'carried': {
      const l = signal.logit;
      // A NaN or absent logit carries nothing.
      if (l === undefined || !(l === l)) return 0;
      const side = p.spec.side;
      // A one-sided signal carries its side of the logit and nothing of the other.
      const lo = side === 'trust' ? 0 : -MAX_CARRIED_LOGIT;
      const hi = side === 'risk' ? 0 : MAX_CARRIED_LOGIT;
      // `+ 0` turns a −0 (a risk side's damping of 0) into 0.
      return p.weight * Math.max(lo, Math.min(hi, l)) + 0;
    }
    default: {
      // Clamped so the applied share stays in 0..1 (a NaN strength applies nothing).
      const k = signal.strength ?? 1;
      const share = k > 0 ? Math.min(k, 1) : 0;
      return p.spec.kind === 'trust' ? p.weight * share : -p.weight * share;
    }
  }
}

function compareSignals(a: PreparedSignal, b: PreparedSignal): number {
  return a.rank - b.rank || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

function resolveBands(option: ScoringOptions<string, BandTable>['bands'], model: ScoreModel<string, string, ScoredName>): BandTable {
  const bands = bandTableOf(option, model.product);
  return bands === DEFAULT_BANDS || bands === SCORECARD_BANDS ? bands : validateBands(bands, model.clusters.length);
}

function prepareSignals<Code extends string>(
  model: ScoreModel<Code, string, ScoredName>,
  overrides: Readonly<Partial<Record<string, number>>> | undefined,
): Map<string, PreparedSignal> {
  const specs = model.signals as Readonly<Record<string, SignalSpec>>;
  const out = new Map<string, PreparedSignal>();
  for (const [code, spec] of Object.entries(specs)) {
    const weight = spec.kind === 'info' ? 0 : (overrides?.[code] ?? spec.weight);
    const max = spec.kind === 'carried' ? 1 : MAX_WEIGHT;
    if (!(weight >= 0 && weight <= max)) {
      throw new IdentitySignalsError('INTERNAL', `weight of ${code} in the ${model.product} model is outside 0..${max}`);
    }
    if (spec.kind !== 'info' && !(typeof spec.evidence === 'string' && spec.evidence.trim() !== '')) {
      throw new IdentitySignalsError('INTERNAL', `${code} in the ${model.product} model has no evidence: every risk, trust and carried weight says where it comes from`);
    }
    // Carried first (rank 0), trusts (1), then risks heaviest first (2..3), info last (4).
    const rank = spec.kind === 'carried' ? 0 : spec.kind === 'trust' ? 1 : spec.kind === 'risk' ? 2 + (MAX_WEIGHT - weight) / MAX_WEIGHT : 4;
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
 * A weight code must be a risk, trust or carried signal of one of `models`, unless
 * it names a product none of `models` belongs to: that product's own check
 * judges it. Given all five products' models, every code is judged.
 *
 * @param options the caller's `scoring` value
 * @param models the models these options will score with
 * @example
 * let field: string | undefined;
 * try {
 *   checkScoringOptions({ weights: { EMAILFREE: 0.5 } }, [EMAIL_SCORE_MODEL]);
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
        if (!isPlainObject(bands)) {
          for (const count of new Set(models.map((m) => m.clusters.length))) validateBands(bands, count);
          return;
        }
        for (const [subject, table] of Object.entries(bands as Readonly<Record<string, unknown>>)) {
          const at = optionPath('scoring.bands', subject);
          if (!Object.hasOwn(PRODUCT_PREFIXES, subject)) {
            throw optionError(at, `names no product (bands are given per ${Object.keys(PRODUCT_PREFIXES).join(', ')})`, 'SCORING_CONFIG');
          }
          if (table === 'default' || table === 'scorecard') continue;
          const model = models.find((m) => m.product === subject);
          // A subject none of these models scores is judged by its own check, as its weight codes are.
          if (model !== undefined) validateBands(table, model.clusters.length, `.${subject}`);
          else validateBands(table, 5, `.${subject}`);
        }
      },
      provenance: (provenance, path) => {
        if (!isPlainObject(provenance)) throw optionError(path, `must be an object, got ${kindOf(provenance)}`, 'SCORING_CONFIG');
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
    const got = typeof weight === 'number' ? String(weight) : kindOf(weight);
    if (spec.kind === 'carried') {
      if (typeof weight !== 'number' || !(weight >= 0 && weight <= 1)) fail(at, `must be a damping in 0..1 (the share of the carried score's log-odds that counts), got ${got}`);
    } else if (typeof weight !== 'number' || !(weight >= 0 && weight <= MAX_WEIGHT)) {
      fail(at, `must be a log-likelihood ratio in nats, a number in 0..${MAX_WEIGHT}, got ${got}`);
    }
  }
}

/**
 * The option rule of `scoring` for a factory that scores with `models`:
 * {@link checkScoringOptions} with the option's path. A product's own
 * factory passes its model alone (a code of another product is left to that
 * product); the checker passes every model (src/registry.ts).
 */
export function scoringRule(models: readonly ScoreModel<string, string, ScoredName>[]): OptionRule {
  return (value) => {
    checkScoringOptions(value, models);
  };
}
