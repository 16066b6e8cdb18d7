/**
 * The shapes of evaluation and tuning: labelled rows of results already
 * computed, what `evaluateScores` and `fitScoring` return, and the scoring
 * file `identity-signals tune` writes.
 */
import type { BandTable, ProductBandTable, ScoredName } from '../scoring/index.js';
import type { ScoringOptions, WeightCode } from '../registry.js';

/** What a sign-up turned out to be: abusive (fraud, abuse, a chargeback) or genuine. */
export type Label = 'abusive' | 'genuine';

/** What a figure is about: one product's score, or the identity score. */
export type Subject = ScoredName;

/** The part of a result evaluation and tuning read: its score and the reasons behind it. */
export interface ScoredResult {
  readonly score: number;
  readonly reasons: readonly { readonly code: string; readonly points: number }[];
}

/**
 * One labelled sign-up: the results a checker (or `batch`) gave for it and
 * what it turned out to be. A product absent (or one that gave
 * `{ error }`) is not counted for that product. `labels` overrides `label`
 * for one subject (a corpus whose every input carries its own label).
 *
 * @example
 * const checker = createChecker();
 * const row: LabelledRow = { label: 'abusive', line: 2, email: checker.email('kf83hd92ks@gmail.com') };
 * row.email !== undefined && 'score' in row.email; // → true
 */
export interface LabelledRow {
  readonly label: Label;
  /** The input line, for messages. */
  readonly line?: number;
  readonly labels?: Readonly<Partial<Record<Subject, Label>>>;
  readonly email?: ScoredResult | { readonly error: unknown };
  readonly phone?: ScoredResult | { readonly error: unknown };
  readonly ip?: ScoredResult | { readonly error: unknown };
  readonly device?: ScoredResult | { readonly error: unknown };
  readonly name?: ScoredResult | { readonly error: unknown };
  readonly identity?: ScoredResult | { readonly error: unknown };
}

/** The share of each label's rows in one band. */
export interface BandShare {
  /** The band's cluster name (`very_low` … `very_high`, `poor` … `high`). */
  readonly cluster: string;
  readonly min: number;
  readonly max: number;
  /** Rows of each label in the band. */
  readonly abusive: number;
  readonly genuine: number;
  /** Their share of all rows of that label (0..1). */
  readonly abusiveShare: number;
  readonly genuineShare: number;
}

/** How often a reason code is raised among each label's rows. */
export interface CodeRate {
  readonly code: string;
  readonly abusive: number;
  readonly genuine: number;
  /** Shares of the label's rows (0..1). */
  readonly abusiveRate: number;
  readonly genuineRate: number;
  /**
   * ln(abusive rate / genuine rate), each rate smoothed by half a row
   * (positive: the code is commoner among abusive rows). Codes are listed
   * by its absolute value, the best separating first.
   */
  readonly logRatio: number;
}

/** One subject's evaluation. */
export interface SubjectEvaluation {
  readonly subject: Subject;
  readonly rows: number;
  readonly abusive: number;
  readonly genuine: number;
  /** Area under the ROC curve of the score for genuine over abusive (ties half); null without both labels. */
  readonly auc: number | null;
  readonly bands: readonly BandShare[];
  /** The codes that separate best, at most `EvaluateOptions.codes` of them. */
  readonly codes: readonly CodeRate[];
}

/** What {@link evaluateScores} returns. */
export interface Evaluation {
  readonly rows: number;
  readonly abusive: number;
  readonly genuine: number;
  /** Each subject with at least one row, in the order email, device, ip, phone, name, identity. */
  readonly subjects: readonly SubjectEvaluation[];
}

/** The bands one subject is judged by (its cluster names and edges). */
export interface SubjectBandsInUse {
  readonly clusters: readonly string[];
  readonly bands: BandTable;
}

/** Options of {@link evaluateScores}. */
export interface EvaluateOptions {
  /**
   * The scoring the results were computed with (its `bands` place the band
   * shares; a tuned file's per-subject bands included).
   * @default the package's (default bands)
   */
  readonly scoring?: ScoringOptions;
  /** How many separating codes each subject lists. @default 10 */
  readonly codes?: number;
}

/** Options of {@link fitScoring}. */
export interface FitOptions {
  /** Folds of the cross-validation. @default 5 */
  readonly folds?: number;
  /** Seed of the fold assignment (the same seed and rows give the same folds and weights). @default 1 */
  readonly seed?: number;
  /**
   * Strength of the pull of each weight toward the weight the rows were
   * scored with (`scoring`, else the package's): `l2 / 2 · (w − w₀)²` is
   * added to the summed log-loss of the subject's rows, so 1 weighs a nat²
   * of distance like one row's loss; a code on thousands of rows is set by
   * them, one on dozens stays near its weight. 0: no pull.
   * @default 1
   */
  readonly l2?: number;
  /** A code raised on fewer rows than this keeps the package's weight. @default 30 */
  readonly minCodeRows?: number;
  /**
   * Share of genuine rows the two block bands may hold, on held-out scores
   * (the inner block band: a tenth of it). Above 0, at most 0.5.
   * @default 0.01
   */
  readonly targetFpr?: number;
  /**
   * Share of abusive rows the two accept bands may hold, on held-out scores
   * (the top band: a tenth of it). Above 0, at most 0.5. When it would put
   * the accept edge at or below the block edge, the block edge wins and the
   * accept band starts one point above it.
   * @default 0.05
   */
  readonly targetAcceptedAbusive?: number;
  /** The scoring the rows' results were computed with (their starting weights). @default the package's */
  readonly scoring?: ScoringOptions;
}

/** One weight before and after the fit. */
export interface WeightChange {
  readonly code: string;
  readonly kind: 'risk' | 'trust' | 'carried';
  /** Rows of the subject that raised it (carried: on which its side of the product's log-odds, the product rescored by its fitted weights, is not 0). */
  readonly rows: number;
  readonly before: number;
  readonly after: number;
  /** Why the weight was not fitted (`seen on 12 rows, fewer than 30`), else null. */
  readonly kept: string | null;
}

/** A point of a ROC curve: the share of genuine rows below a threshold (false positives of a block) and of abusive rows. */
export interface RocPoint {
  readonly fpr: number;
  readonly tpr: number;
}

/** One subject's fit, every figure from held-out folds. */
export interface SubjectFit {
  readonly subject: Subject;
  readonly rows: number;
  readonly abusive: number;
  readonly genuine: number;
  /** Cross-validated AUC of the scores before (as computed) and after (fitted on the other folds). */
  readonly aucBefore: number;
  readonly aucAfter: number;
  readonly weights: readonly WeightChange[];
  readonly bandsBefore: ProductBandTable;
  readonly bands: ProductBandTable;
  /** On held-out scores with the fitted bands: the share of genuine rows blocked and of abusive rows accepted. */
  readonly heldOut: { readonly genuineBlocked: number; readonly abusiveAccepted: number };
  readonly roc: { readonly before: readonly RocPoint[]; readonly after: readonly RocPoint[] };
  /** Held-out scores after the fit: rows of each label in 20 bins of 50 points (0–49 … 900–949, the last 950–1000). */
  readonly histogram: { readonly abusive: readonly number[]; readonly genuine: readonly number[] };
  /** Share abusive per score decile of the held-out scores after the fit (ten groups of equal rows). */
  readonly calibration: readonly { readonly from: number; readonly to: number; readonly rows: number; readonly abusiveShare: number }[];
}

/** A subject that was not fitted, and why. */
export interface Refusal {
  readonly subject: Subject;
  readonly reason: string;
}

/** What {@link fitScoring} returns: the scoring to use, and how it was reached. */
export interface ScoringFit {
  /** Weights of every fitted subject's codes (a subject not fitted is absent) and its bands. */
  readonly scoring: { readonly weights: Readonly<Partial<Record<WeightCode, number>>>; readonly bands: Readonly<Partial<Record<Subject, ProductBandTable>>> };
  readonly subjects: readonly SubjectFit[];
  readonly refused: readonly Refusal[];
  readonly options: Required<Omit<FitOptions, 'scoring'>>;
}

/** Where a tuned scoring file comes from: its input and figures. */
export interface ScoringProvenance {
  /** The tool and version that wrote it (`identity-signals 0.9.0`). */
  readonly tool: string;
  /** When it was written (ISO 8601, the run's clock). */
  readonly created: string;
  /** The input: its name, the sha256 of its bytes, the rows fitted on and their labels, and the rows rejected (not fitted on). */
  readonly input: { readonly file: string; readonly sha256: string; readonly rows: number; readonly abusive: number; readonly genuine: number; readonly rejected?: number };
  readonly options: Readonly<Record<string, unknown>>;
  /** Per subject: rows and the cross-validated AUC before and after. */
  readonly subjects: Readonly<Partial<Record<Subject, { readonly rows: number; readonly aucBefore: number; readonly aucAfter: number }>>>;
  readonly refused: readonly Refusal[];
}

/**
 * A scoring file: a checker's `scoring` option with where it comes from.
 * `createChecker({ scoring: readScoringFile(path) })`, `serve --scoring`,
 * `batch --scoring` and `evaluate --scoring` read it.
 */
export interface ScoringFile {
  readonly format: 'identity-signals/scoring';
  readonly version: 1;
  readonly weights: Readonly<Partial<Record<WeightCode, number>>>;
  readonly bands: Readonly<Partial<Record<Subject, ProductBandTable>>>;
  readonly provenance: ScoringProvenance;
}
