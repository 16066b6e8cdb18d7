/**
 * `fitScoring`: fits each product's weights, then the identity's, to a
 * team's labelled outcomes, and places the bands at the operating points
 * asked for, every figure from cross-validation.
 *
 * The solver is our own: a box-constrained L2-regularised logistic
 * regression by cyclic coordinate Newton steps over sparse columns. The
 * one kept npm package for logistic regression (`ml-logistic-regression`
 * 2.0.0, mljs) runs a fixed number of plain gradient steps over a dense
 * matrix, has no penalty, no bounds, no prior to pull toward and no way to
 * fix the weights of rare codes, all of which the fit needs; no kept
 * package offers bounded L-BFGS (L-BFGS-B) either. The problem is small
 * (tens of codes per subject), so a hundred lines do it exactly.
 */
import { checkOptions, optionError } from '../common/options.js';
import { InputError } from '../errors.js';
import { SCORE_MODELS } from '../registry.js';
import type { WeightCode } from '../registry.js';
import { MAX_CARRIED_LOGIT, MAX_WEIGHT, checkScoringOptions } from '../scoring/createScorer.js';
import type { ProductBandTable, SignalSpec } from '../scoring/index.js';
import { auc, bandsOf, labelOf, modelOf, resultOf, SUBJECTS } from './common.js';
import type { FitOptions, LabelledRow, Refusal, RocPoint, ScoringFit, Subject, SubjectFit, WeightChange } from './types.js';
import { prng } from '../common/prng.js';

/** A subject with fewer labelled rows than this is not fitted. */
export const MIN_FIT_ROWS = 200;
/** A subject with fewer rows of either label than this is not fitted. */
export const MIN_FIT_LABEL_ROWS = 30;

/** The defaults of {@link FitOptions}. */
export const FIT_DEFAULTS: Required<Omit<FitOptions, 'scoring'>> = Object.freeze({
  folds: 5,
  seed: 1,
  l2: 1,
  minCodeRows: 30,
  targetFpr: 0.01,
  targetAcceptedAbusive: 0.05,
});

/** Points of each ROC curve at most. */
const ROC_POINTS = 200;
/** Coordinate sweeps at most, and the largest weight change (nats) that ends them. */
const MAX_SWEEPS = 300;
const TOLERANCE = 1e-6;
/** A Newton step moves a weight by at most this much (nats): keeps a flat stretch of the likelihood from throwing it far. */
const MAX_STEP = 2;

/** One weight of a subject's model, as the fit sees it. */
interface Feature {
  readonly code: WeightCode;
  readonly kind: 'risk' | 'trust' | 'carried';
  readonly before: number;
  readonly max: number;
  /** The product a carried code carries, and which side of its log-odds. */
  readonly product?: Subject;
  readonly side?: 'trust' | 'risk';
  /** Rows that raised it (carried: on which it moved the score), over the subject's rows. */
  rows: number;
}

/** A sparse column: the subject rows a feature is non-zero on, and its value there (±1 for risk/trust, the carried log-odds). */
interface Column {
  readonly idx: Int32Array;
  readonly val: Float64Array;
}

/** One subject's labelled rows. */
interface SubjectRows {
  readonly subject: Subject;
  /** Index of each subject row in the input. */
  readonly input: Int32Array;
  /** 1 genuine, 0 abusive. */
  readonly y: Uint8Array;
  readonly given: Float64Array;
  /** The lowest gate band among the row's codes, -1 for none. */
  readonly gate: Int8Array;
  readonly folds: Uint8Array;
  readonly genuine: number;
  readonly abusive: number;
}

/** A product's scores over the input rows under some weights (NaN where the row has no result for it). */
type ProductScores = Float64Array;

/**
 * Fits each subject's weights (the five products, then the identity) to
 * labelled outcomes, and places its bands at the operating points asked for.
 *
 * The model is the score engine's own: `logit = Σ trust w − Σ risk w +
 * Σ carried w·L`, a code's feature its presence in the row's `reasons`
 * (no product signal carries a strength today, so presence is what a code
 * says); for the identity, each product's score rescored with that
 * product's fitted weights and carried as its log-odds `L`, clamped to ±6
 * and to the code's side. It is fitted as a logistic regression of
 * genuine-vs-abusive with:
 * - an intercept fitted without penalty and dropped from the output: the
 *   engine has none (nothing known is 500), the AUC does not depend on it,
 *   and the bands are placed on the scores the engine gives, without it;
 * - an L2 pull of each weight toward the weight the rows were scored with
 *   (`options.scoring`, else the package's): `l2 / 2 · (w − w₀)²` added to
 *   the summed log-loss of the subject's rows, so one unit weighs like one
 *   row; a code on few rows stays near its weight, one on thousands is set
 *   by its rows;
 * - the engine's bounds: a risk or trust weight in 0..10 (a risk stays a
 *   risk: a code whose rows say the opposite gets 0, not a negative
 *   weight), a carried damping in 0..1;
 * - a code raised on fewer than `minCodeRows` rows keeps its weight
 *   (`kept: 'seen on 12 rows, fewer than 30'`); gates (`capBand`) are kept
 *   as the model has them, applied after the sum as the engine does.
 *
 * Every figure is cross-validated: the input rows are split into `folds`
 * folds, stratified by label, by a PRNG seeded with `seed`; each fold is
 * scored by weights fitted on the others (the identity's products rescored
 * by their weights fitted on the others too) and the held-out scores are
 * pooled. `aucBefore` is the AUC of the scores as given, `aucAfter` of the
 * pooled held-out scores. The bands are placed on those held-out scores,
 * each row's gate counted as the engine applies it (a genuine row gated
 * into a block band is blocked at any edge, see {@link placeBands}):
 * - the block edge (start of the middle band) at the highest score with at
 *   most `targetFpr` of genuine rows below it, the inner block edge (start
 *   of band 1) at `targetFpr / 10`;
 * - the accept edge (start of band 3) at the lowest score with at most
 *   `targetAcceptedAbusive` of abusive rows at or above it, the inner accept
 *   edge (start of band 4) at a tenth of that;
 * - integer, contiguous, each band at least one point. When the targets
 *   conflict the block edge wins: an accept edge at or below it moves to one
 *   point above it (a one-point review band), which accepts fewer abusive
 *   rows than asked; an edge the scores cannot honour (half the genuine rows
 *   at 0) is moved to keep every band one point wide, and `heldOut` shows
 *   the shares reached. `heldOut`, `roc`, `histogram` and `calibration` are
 *   read from the held-out scores gated with the fitted bands.
 * The weights returned are fitted on all rows.
 *
 * A subject with fewer than 200 rows, or 30 of either label, is not fitted:
 * it is listed in `refused` with why, and left out of `scoring` (the
 * identity then carries that product's scores as given). A row's subject
 * result absent or `{ error }` leaves the row out of that subject;
 * `labels[subject]` overrides `label`. A reason code the subject's model
 * does not have (a result from another release) is ignored. The identity
 * carries a product from the row's own result for it: a row without that
 * product's result (or with its `{ error }`) carries nothing of it.
 *
 * @param rows labelled rows of results already computed
 * @param options folds, seed, penalty, targets and the scoring the rows were scored with
 * @throws InputError `INPUT_OPTION` naming the option for a bad option, and,
 * naming each subject and why, when no subject can be fitted; `INPUT_TYPE`
 * for a row whose label is neither `'abusive'` nor `'genuine'`;
 * `SCORING_CONFIG` for a `scoring` a checker would refuse
 * @example
 * import { createChecker, fitScoring, type LabelledRow } from 'identity-signals';
 * // not run: needs your labelled rows (a batch run's results with their outcomes)
 * declare const rows: LabelledRow[];
 * const fit = fitScoring(rows, { targetFpr: 0.01 });
 * const checker = createChecker({ scoring: fit.scoring });
 */
export function fitScoring(rows: readonly LabelledRow[], options: FitOptions = {}): ScoringFit {
  const opts = readOptions(options);
  const folds = assignFolds(rows, opts.folds, opts.seed);
  const subjects: SubjectFit[] = [];
  const refused: Refusal[] = [];
  const weights: Partial<Record<WeightCode, number>> = {};
  const bands: Partial<Record<Subject, ProductBandTable>> = {};
  const why: string[] = [];
  /** Per fitted product: its scores over the input rows, per fold (fitted on the other folds) and final. */
  const productScores = new Map<Subject, { readonly folds: ProductScores[]; readonly final: ProductScores }>();

  for (const subject of SUBJECTS) {
    const data = collect(rows, subject, folds);
    const refusal = refusalOf(data);
    if (refusal !== null) {
      why.push(`${subject}: ${refusal}`);
      if (data.y.length > 0) refused.push({ subject, reason: refusal });
      continue;
    }
    const fitted = fitSubject(rows, data, opts, options, productScores);
    subjects.push(fitted.fit);
    for (const change of fitted.fit.weights) weights[change.code as WeightCode] = change.after;
    bands[subject] = fitted.fit.bands;
    if (subject !== 'identity') productScores.set(subject, fitted.scores);
  }
  if (subjects.length === 0) {
    throw new InputError('INPUT_OPTION', `no subject can be fitted honestly: ${why.join('; ')}`, 'rows');
  }
  return { scoring: { weights, bands }, subjects, refused, options: opts };
}

type Options = Required<Omit<FitOptions, 'scoring'>>;

function readOptions(options: FitOptions): Options {
  const whole = (min: number, max: number) => (value: unknown, path: string) => {
    if (!(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)) throw optionError(path, `must be a whole number in ${min}..${max}`, 'INPUT_OPTION');
  };
  const share = (value: unknown, path: string) => {
    if (!(typeof value === 'number' && value > 0 && value <= 0.5)) throw optionError(path, 'must be a share above 0 and at most 0.5', 'INPUT_OPTION');
  };
  checkOptions(options, 'options', {
    folds: whole(2, 20),
    seed: whole(0, 2 ** 32 - 1),
    l2: (value, path) => {
      if (!(typeof value === 'number' && value >= 0 && Number.isFinite(value))) throw optionError(path, 'must be a finite number ≥ 0', 'INPUT_OPTION');
    },
    minCodeRows: whole(1, Number.MAX_SAFE_INTEGER),
    targetFpr: share,
    targetAcceptedAbusive: share,
    scoring: (value) => checkScoringOptions(value, SCORE_MODELS),
  });
  return {
    folds: options.folds ?? FIT_DEFAULTS.folds,
    seed: options.seed ?? FIT_DEFAULTS.seed,
    l2: options.l2 ?? FIT_DEFAULTS.l2,
    minCodeRows: options.minCodeRows ?? FIT_DEFAULTS.minCodeRows,
    targetFpr: options.targetFpr ?? FIT_DEFAULTS.targetFpr,
    targetAcceptedAbusive: options.targetAcceptedAbusive ?? FIT_DEFAULTS.targetAcceptedAbusive,
  };
}

/** The fold of each input row: each label's rows shuffled (Fisher–Yates, seeded) and dealt round the folds. */
function assignFolds(rows: readonly LabelledRow[], k: number, seed: number): Uint8Array {
  const random = prng(seed);
  const folds = new Uint8Array(rows.length);
  for (const label of ['abusive', 'genuine'] as const) {
    const members: number[] = [];
    for (let i = 0; i < rows.length; i++) if (rows[i]!.label === label) members.push(i);
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [members[i], members[j]] = [members[j]!, members[i]!];
    }
    for (let i = 0; i < members.length; i++) folds[members[i]!] = i % k;
  }
  return folds;
}

function collect(rows: readonly LabelledRow[], subject: Subject, folds: Uint8Array): SubjectRows {
  const specs = modelOf(subject).signals as Readonly<Record<string, SignalSpec>>;
  const input: number[] = [];
  const y: number[] = [];
  const given: number[] = [];
  const gate: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const result = resultOf(rows[i]!, subject);
    if (result === undefined) continue;
    input.push(i);
    y.push(labelOf(rows[i]!, subject) === 'genuine' ? 1 : 0);
    given.push(result.score);
    let lowest = -1;
    for (const r of result.reasons) {
      const cap = specs[r.code]?.capBand;
      if (cap !== undefined && (lowest < 0 || cap < lowest)) lowest = cap;
    }
    gate.push(lowest);
  }
  let genuine = 0;
  for (const v of y) genuine += v;
  const idx = Int32Array.from(input);
  return {
    subject,
    input: idx,
    y: Uint8Array.from(y),
    given: Float64Array.from(given),
    gate: Int8Array.from(gate),
    folds: Uint8Array.from(idx, (i) => folds[i]!),
    genuine,
    abusive: y.length - genuine,
  };
}

function refusalOf(data: SubjectRows): string | null {
  const reasons: string[] = [];
  if (data.y.length < MIN_FIT_ROWS) reasons.push(`${data.y.length} rows, fewer than ${MIN_FIT_ROWS}`);
  if (data.abusive < MIN_FIT_LABEL_ROWS) reasons.push(`${data.abusive} abusive rows, fewer than ${MIN_FIT_LABEL_ROWS}`);
  if (data.genuine < MIN_FIT_LABEL_ROWS) reasons.push(`${data.genuine} genuine rows, fewer than ${MIN_FIT_LABEL_ROWS}`);
  return reasons.length === 0 ? null : reasons.join('; ');
}

/** The subject's weighted signals (risk, trust, carried) with the weights the rows were scored with. */
function featuresOf(subject: Subject, options: FitOptions): Feature[] {
  const overrides = (options.scoring?.weights ?? {}) as Readonly<Partial<Record<string, number>>>;
  const features: Feature[] = [];
  for (const [code, spec] of Object.entries(modelOf(subject).signals as Readonly<Record<string, SignalSpec>>)) {
    if (spec.kind === 'info') continue;
    const before = overrides[code] ?? spec.weight;
    if (spec.kind === 'carried') {
      // IDENTITY_EMAIL and IDENTITY_EMAIL_RISK carry the e-mail score's two sides.
      const product = code.slice('IDENTITY_'.length).replace(/_RISK$/u, '').toLowerCase() as Subject;
      features.push({ code: code as WeightCode, kind: 'carried', before, max: 1, product, side: spec.side, rows: 0 });
    } else {
      features.push({ code: code as WeightCode, kind: spec.kind, before, max: MAX_WEIGHT, rows: 0 });
    }
  }
  return features;
}

/** The risk and trust columns: +1 where a trust is raised, −1 where a risk is, over the subject's rows. */
function codeColumns(rows: readonly LabelledRow[], data: SubjectRows, features: readonly Feature[]): (Column | null)[] {
  const at = new Map<string, number>();
  features.forEach((f, j) => {
    if (f.kind !== 'carried') at.set(f.code, j);
  });
  const lists: number[][] = features.map(() => []);
  for (let i = 0; i < data.input.length; i++) {
    const result = resultOf(rows[data.input[i]!]!, data.subject)!;
    for (const r of result.reasons) {
      const j = at.get(r.code);
      // A code counts once per row, as the engine counts it.
      if (j !== undefined && lists[j]!.at(-1) !== i) lists[j]!.push(i);
    }
  }
  return features.map((f, j) => {
    if (f.kind === 'carried') return null;
    f.rows = lists[j]!.length;
    const idx = Int32Array.from(lists[j]!);
    return { idx, val: new Float64Array(idx.length).fill(f.kind === 'trust' ? 1 : -1) };
  });
}

/** The carried columns of the identity: each product's score (under some weights) as clamped one-sided log-odds. */
function carriedColumns(data: SubjectRows, features: readonly Feature[], scoresOf: (product: Subject) => ArrayLike<number> | undefined): (Column | null)[] {
  return features.map((f) => {
    if (f.kind !== 'carried') return null;
    const scores = scoresOf(f.product!);
    const idx: number[] = [];
    const val: number[] = [];
    if (scores !== undefined) {
      for (let i = 0; i < data.input.length; i++) {
        const s = scores[data.input[i]!]!;
        if (!(s === s)) continue;
        const l = Math.max(-MAX_CARRIED_LOGIT, Math.min(MAX_CARRIED_LOGIT, Math.log(s / (1000 - s))));
        // The engine raises the trust code at log-odds ≥ 0 and the risk code below; each carries its own side only.
        const v = f.side === 'trust' ? (l >= 0 ? l : 0) : f.side === 'risk' ? (l < 0 ? l : 0) : l;
        if (v === 0) continue;
        idx.push(i);
        val.push(v);
      }
    }
    return { idx: Int32Array.from(idx), val: Float64Array.from(val) };
  });
}

/**
 * Box-constrained L2-regularised logistic regression by cyclic coordinate
 * Newton steps: minimises `Σ train log-loss + l2/2 · Σ (w − w₀)²` over the
 * free weights, with an unpenalised intercept, each step clipped to the box.
 * The loss is convex and each coordinate step does not raise it, so the
 * sweeps converge; they stop when no weight moves by more than 1e-6.
 *
 * @returns every feature's weight (a fixed one at its `before`)
 */
function solve(n: number, y: Uint8Array, train: Uint8Array, columns: readonly Column[], features: readonly Feature[], free: readonly boolean[], l2: number): Float64Array {
  const w = Float64Array.from(features, (f) => Math.min(f.max, Math.max(0, f.before)));
  const eta = new Float64Array(n);
  columns.forEach((c, j) => {
    for (let k = 0; k < c.idx.length; k++) eta[c.idx[k]!]! += w[j]! * c.val[k]!;
  });
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let moved = 0;
    // The intercept: a Newton step over every training row. It lives in eta alone: the engine has none, so it is dropped (see fitScoring).
    let g = 0;
    let h = 0;
    for (let i = 0; i < n; i++) {
      if (train[i] === 0) continue;
      const p = 1 / (1 + Math.exp(-eta[i]!));
      g += p - y[i]!;
      h += p * (1 - p);
    }
    if (h > 0) {
      const step = Math.max(-MAX_STEP, Math.min(MAX_STEP, -g / h));
      if (step !== 0) {
        for (let i = 0; i < n; i++) eta[i]! += step;
        moved = Math.max(moved, Math.abs(step));
      }
    }
    for (let j = 0; j < columns.length; j++) {
      if (!free[j]) continue;
      const { idx, val } = columns[j]!;
      const f = features[j]!;
      g = l2 * (w[j]! - f.before);
      h = l2;
      for (let k = 0; k < idx.length; k++) {
        const i = idx[k]!;
        if (train[i] === 0) continue;
        const x = val[k]!;
        const p = 1 / (1 + Math.exp(-eta[i]!));
        g += x * (p - y[i]!);
        h += x * x * p * (1 - p);
      }
      if (!(h > 0)) continue;
      const next = Math.min(f.max, Math.max(0, w[j]! + Math.max(-MAX_STEP, Math.min(MAX_STEP, -g / h))));
      const delta = next - w[j]!;
      if (delta === 0) continue;
      w[j] = next;
      for (let k = 0; k < idx.length; k++) eta[idx[k]!]! += delta * val[k]!;
      moved = Math.max(moved, Math.abs(delta));
    }
    if (moved < TOLERANCE) break;
  }
  return w;
}

/** The engine's score of each subject row under weights `w` before its gate: `round(1000 σ(logit))` (NaN where `only` says no). */
function scoreRows(data: SubjectRows, columns: readonly Column[], w: ArrayLike<number>, only?: (i: number) => boolean): Float64Array {
  const n = data.input.length;
  const logit = new Float64Array(n);
  columns.forEach((c, j) => {
    const wj = w[j]!;
    if (wj === 0) return;
    for (let k = 0; k < c.idx.length; k++) logit[c.idx[k]!]! += wj * c.val[k]!;
  });
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    if (only === undefined || only(i)) out[i] = Math.round(1000 / (1 + Math.exp(-logit[i]!)));
  }
  return out;
}

/** The scores with each row's gate applied under `bands`, as the engine applies it: capped at the top of the gate's band. */
function gateAll(raw: Float64Array, gate: Int8Array, bands: ProductBandTable): Float64Array {
  return Float64Array.from(raw, (score, i) => (gate[i]! < 0 ? score : Math.min(score, bands[Math.min(gate[i]!, bands.length - 1)]!.max)));
}

interface Fitted {
  readonly fit: SubjectFit;
  readonly scores: { readonly folds: ProductScores[]; readonly final: ProductScores };
}

function fitSubject(
  rows: readonly LabelledRow[],
  data: SubjectRows,
  opts: Options,
  options: FitOptions,
  products: ReadonlyMap<Subject, { readonly folds: ProductScores[]; readonly final: ProductScores }>,
): Fitted {
  const n = data.input.length;
  const features = featuresOf(data.subject, options);
  const codes = codeColumns(rows, data, features);
  const bandsBefore = bandsOf(options.scoring, data.subject);
  const givenScores = (product: Subject): ArrayLike<number> => {
    const out = new Float64Array(rows.length).fill(Number.NaN);
    for (let i = 0; i < rows.length; i++) {
      const r = resultOf(rows[i]!, product);
      if (r !== undefined) out[i] = r.score;
    }
    return out;
  };
  const given = new Map<Subject, ArrayLike<number>>();
  /** A carried product's scores: its fit's (for a fold, fitted on the other folds), else as given. */
  const carriedScores = (fold: number | null) => (product: Subject) => {
    const fitted = products.get(product);
    if (fitted !== undefined) return fold === null ? fitted.final : fitted.folds[fold];
    if (!given.has(product)) given.set(product, givenScores(product));
    return given.get(product);
  };
  const columnsFor = (fold: number | null): Column[] => {
    const carried = data.subject === 'identity' ? carriedColumns(data, features, carriedScores(fold)) : features.map(() => null);
    return features.map((_, j) => (codes[j] ?? carried[j])!);
  };
  // Which codes are fitted: raised (or, carried, moving the score) on enough of the subject's rows.
  const finalColumns = columnsFor(null);
  finalColumns.forEach((c, j) => {
    if (features[j]!.kind === 'carried') features[j]!.rows = c.idx.length;
  });
  const free = features.map((f) => f.rows >= opts.minCodeRows);

  const heldOut = new Float64Array(n);
  const foldWeights: Float64Array[] = [];
  for (let k = 0; k < opts.folds; k++) {
    const columns = data.subject === 'identity' ? columnsFor(k) : finalColumns;
    const train = Uint8Array.from(data.folds, (f) => (f === k ? 0 : 1));
    const w = solve(n, data.y, train, columns, features, free, opts.l2);
    foldWeights.push(w);
    const scores = scoreRows(data, columns, w, (i) => data.folds[i] === k);
    for (let i = 0; i < n; i++) if (data.folds[i] === k) heldOut[i] = scores[i]!;
  }
  const final = solve(n, data.y, new Uint8Array(n).fill(1), finalColumns, features, free, opts.l2);
  const rounded = Float64Array.from(final, (v) => Math.round(v * 1000) / 1000);
  const bands = placeBands(heldOut, data.y, opts.targetFpr, opts.targetAcceptedAbusive, data.gate);
  // The held-out scores gated by the fitted bands: what the fitted scoring gives.
  const after = gateAll(heldOut, data.gate, bands);

  // A product's scores over the input rows, for the identity to carry: per fold and final, under the fitted bands.
  const spread = (scores: Float64Array): ProductScores => {
    const out = new Float64Array(rows.length).fill(Number.NaN);
    for (let i = 0; i < n; i++) out[data.input[i]!] = scores[i]!;
    return out;
  };
  const scores =
    data.subject === 'identity'
      ? { folds: [], final: new Float64Array(0) }
      : {
          folds: foldWeights.map((w) => spread(gateAll(scoreRows(data, finalColumns, w), data.gate, bands))),
          final: spread(gateAll(scoreRows(data, finalColumns, rounded), data.gate, bands)),
        };

  const weights: WeightChange[] = features.map((f, j) => ({
    code: f.code,
    kind: f.kind,
    rows: f.rows,
    before: f.before,
    after: free[j] ? rounded[j]! : f.before,
    kept: free[j] ? null : `seen on ${f.rows} rows, fewer than ${opts.minCodeRows}`,
  }));
  let genuineBlocked = 0;
  let abusiveAccepted = 0;
  for (let i = 0; i < n; i++) {
    if (data.y[i] === 1 && after[i]! < bands[2].min) genuineBlocked++;
    if (data.y[i] === 0 && after[i]! >= bands[3].min) abusiveAccepted++;
  }
  const fit: SubjectFit = {
    subject: data.subject,
    rows: n,
    abusive: data.abusive,
    genuine: data.genuine,
    aucBefore: auc(data.given, data.y)!,
    aucAfter: auc(after, data.y)!,
    weights,
    bandsBefore,
    bands,
    heldOut: { genuineBlocked: genuineBlocked / data.genuine, abusiveAccepted: abusiveAccepted / data.abusive },
    roc: { before: rocOf(data.given, data.y), after: rocOf(after, data.y) },
    histogram: histogramOf(after, data.y),
    calibration: calibrationOf(after, data.y),
  };
  return { fit, scores };
}

/** Rows of each label per integer score 0..1000. */
function countsByScore(scores: ArrayLike<number>, y: ArrayLike<number>): { readonly g: Float64Array; readonly a: Float64Array; readonly G: number; readonly A: number } {
  const g = new Float64Array(1001);
  const a = new Float64Array(1001);
  let G = 0;
  let A = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = Math.max(0, Math.min(1000, Math.round(scores[i]!)));
    if (y[i] === 1) {
      g[s]!++;
      G++;
    } else {
      a[s]!++;
      A++;
    }
  }
  return { g, a, G, A };
}

/**
 * The five bands at the operating points asked for (see {@link fitScoring}):
 * edges e1 < e2 < e3 < e4 start bands 1..4. `scores` are before the gates;
 * `gate` (the lowest gate band of each row's codes, −1 for none) is
 * counted as the engine applies it: a row gated into band b sits in band b
 * or lower whatever its score, so a genuine row gated into a block band
 * counts against `targetFpr` at every edge, and an abusive row gated below
 * the accept bands never counts as accepted.
 *
 * @param scores each row's score before its gate (integers 0..1000)
 * @param y 1 for a genuine row, 0 for an abusive one
 * @param targetFpr share of genuine rows the two block bands may hold
 * @param targetAcceptedAbusive share of abusive rows the two accept bands may hold
 * @param gate each row's gate band (−1: none); default none
 * @example
 * // Genuine rows (1) at 300, 700, 990; abusive ones (0) at 10, 20, 400; targets of a third each.
 * // The block edge is 700 (one genuine row below it); the accept target alone would start at 21,
 * // below the block edge, so the block edge wins and the accept bands start above a one-point review band.
 * placeBands([300, 700, 990, 10, 20, 400], [1, 1, 1, 0, 0, 0], 0.34, 0.34).map((b) => b.min); // [0, 300, 700, 701, 702]
 */
export function placeBands(scores: ArrayLike<number>, y: ArrayLike<number>, targetFpr: number, targetAcceptedAbusive: number, gate?: ArrayLike<number>): ProductBandTable {
  // Per integer score, the rows free to move with the edge: genuine rows not gated into the band below the edge, abusive not gated below the band above.
  const freeGenuine = (band: number) => counts((i) => y[i] === 1 && !(gateOf(gate, i) >= 0 && gateOf(gate, i) < band));
  const freeAbusive = (band: number) => counts((i) => y[i] === 0 && !(gateOf(gate, i) >= 0 && gateOf(gate, i) < band));
  const counts = (take: (i: number) => boolean): Float64Array => {
    const out = new Float64Array(1001);
    for (let i = 0; i < scores.length; i++) if (take(i)) out[Math.max(0, Math.min(1000, Math.round(scores[i]!)))]!++;
    return out;
  };
  let G = 0;
  for (let i = 0; i < y.length; i++) G += y[i]!;
  const A = y.length - G;
  /** Highest edge s (start of band `band`) with at most `share` of genuine rows below it, gated ones included. */
  const highestBelow = (band: number, share: number): number => {
    const free = freeGenuine(band);
    let total = 0;
    for (const v of free) total += v;
    let below = G - total;
    let s = 0;
    while (s < 1001 && below + free[s]! <= share * G) below += free[s++]!;
    return s;
  };
  /** Lowest edge s (start of band `band`) with at most `share` of abusive rows at or above it; rows gated below it never are. */
  const lowestAbove = (band: number, share: number): number => {
    const free = freeAbusive(band);
    let above = 0;
    let s = 1001;
    while (s > 0 && above + free[s - 1]! <= share * A) above += free[--s]!;
    return s;
  };
  const e2 = Math.max(2, Math.min(998, highestBelow(2, targetFpr)));
  const e3 = Math.max(e2 + 1, Math.min(999, lowestAbove(3, targetAcceptedAbusive)));
  const e4 = Math.max(e3 + 1, Math.min(1000, lowestAbove(4, targetAcceptedAbusive / 10)));
  const e1 = Math.max(1, Math.min(e2 - 1, highestBelow(1, targetFpr / 10)));
  return Object.freeze([
    Object.freeze({ min: 0, max: e1 - 1 }),
    Object.freeze({ min: e1, max: e2 - 1 }),
    Object.freeze({ min: e2, max: e3 - 1 }),
    Object.freeze({ min: e3, max: e4 - 1 }),
    Object.freeze({ min: e4, max: 1000 }),
  ]) as unknown as ProductBandTable;
}

function gateOf(gate: ArrayLike<number> | undefined, i: number): number {
  return gate === undefined ? -1 : gate[i]!;
}

/** ROC points at every score threshold t (block below t), thinned to at most {@link ROC_POINTS}, (0,0) and (1,1) kept. */
function rocOf(scores: ArrayLike<number>, y: ArrayLike<number>): RocPoint[] {
  const { g, a, G, A } = countsByScore(scores, y);
  const points: RocPoint[] = [{ fpr: 0, tpr: 0 }];
  let cg = 0;
  let ca = 0;
  for (let s = 0; s <= 1000; s++) {
    if (g[s] === 0 && a[s] === 0) continue;
    cg += g[s]!;
    ca += a[s]!;
    points.push({ fpr: cg / G, tpr: ca / A });
  }
  if (points.length <= ROC_POINTS) return points;
  const out: RocPoint[] = [];
  for (let k = 0; k < ROC_POINTS; k++) out.push(points[Math.round((k * (points.length - 1)) / (ROC_POINTS - 1))]!);
  return out;
}

/** Rows of each label in 20 bins of 50 points (the last 950–1000). */
function histogramOf(scores: ArrayLike<number>, y: ArrayLike<number>): { abusive: number[]; genuine: number[] } {
  const abusive = new Array<number>(20).fill(0);
  const genuine = new Array<number>(20).fill(0);
  for (let i = 0; i < scores.length; i++) {
    const bin = Math.min(19, Math.floor(scores[i]! / 50));
    if (y[i] === 1) genuine[bin]!++;
    else abusive[bin]!++;
  }
  return { abusive, genuine };
}

/** Share abusive in ten groups of equal rows, lowest scores first. */
function calibrationOf(scores: ArrayLike<number>, y: ArrayLike<number>): { from: number; to: number; rows: number; abusiveShare: number }[] {
  const n = scores.length;
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort((p, q) => scores[p]! - scores[q]!);
  const out: { from: number; to: number; rows: number; abusiveShare: number }[] = [];
  for (let d = 0; d < 10; d++) {
    const start = Math.floor((d * n) / 10);
    const end = Math.floor(((d + 1) * n) / 10);
    if (end <= start) continue;
    let abusive = 0;
    for (let k = start; k < end; k++) if (y[order[k]!] === 0) abusive++;
    out.push({ from: scores[order[start]!]!, to: scores[order[end - 1]!]!, rows: end - start, abusiveShare: abusive / (end - start) });
  }
  return out;
}
