/** The five products, named as the spec's claims. */
export type ProductName = 'email' | 'device' | 'ip' | 'phone' | 'name';

/** One reason in a result: a signal that was seen, with the points it moved the score by. */
export interface Reason {
  /** Stable code, e.g. `EMAIL_DISPOSABLE`. */
  readonly code: string;
  /** Signed points; the points of all reasons of a result add up to its score. */
  readonly points: number;
  /** Human-readable detail: the list that matched, the suggested fix, … */
  readonly detail?: string;
}

/**
 * How a signal acts on the score.
 * - `risk`: raises the risk probability (noisy-OR) by its weight.
 * - `trust`: removes that share of the product's baseline uncertainty.
 * - `info`: explains a field (e.g. "not known offline"); moves nothing.
 */
export type SignalKind = 'risk' | 'trust' | 'info';

/** The definition of one signal in a {@link ScoreModel}. */
export interface SignalSpec {
  readonly kind: SignalKind;
  /** risk: probability in 0..1; trust: share of the baseline uncertainty removed, 0..1; info: 0. */
  readonly weight: number;
  /**
   * A gate: when the signal is present the score is at most the top of this
   * band (0 = bottom band, 1 = second band, …) of the active band table.
   */
  readonly capBand?: number;
  /** What the signal means, for documentation and `detail`-less reasons. */
  readonly description: string;
}

/** A product's score model: data, not code. */
export interface ScoreModel<Code extends string = string> {
  readonly product: ProductName;
  /** Cluster names from the lowest band to the highest. */
  readonly clusters: readonly string[];
  /**
   * Risk assumed when nothing is known (0..1). The score of an input that
   * raises no signal at all is `round(1000 × (1 − baseline))`; trust
   * signals lift it back towards 1000 by removing part of this uncertainty.
   */
  readonly baseline: number;
  readonly signals: Readonly<Record<Code, SignalSpec>>;
}

/** A signal raised by a check. */
export interface Signal<Code extends string = string> {
  readonly code: Code;
  readonly detail?: string;
}

/** One band of a band table: inclusive integer edges. */
export interface Band {
  readonly min: number;
  readonly max: number;
}

/** Bands from the lowest score to the highest, covering 0..1000 without gaps. */
export type BandTable = readonly Band[];

/**
 * Scoring options a caller can pass to any check or checker. Anything wrong
 * in them throws `InputError` with code `SCORING_CONFIG` and the option's
 * path in `field` (`scoring`, `scoring.bands[1].min`,
 * `scoring.weights.EMAILFREE`), when the checker or check is created.
 */
export interface ScoringOptions {
  /**
   * Band table: `'default'` (five 200-point bands), `'scorecard'`
   * (0–225, 226–450, 451–550, 551–775, 776–1000) or your own five bands:
   * integer `min`/`max`, the first at 0, each starting one above the last,
   * the last ending at 1000. Any other value throws.
   * @default 'default'
   */
  readonly bands?: 'default' | 'scorecard' | BandTable;
  /**
   * Override signal weights by code (0..1), e.g. `{ EMAIL_FREE: 0.2 }`; one
   * object can hold codes of all five products. A code that is no product's
   * risk or trust signal (a misspelling such as `EMAILFREE`, an `info`
   * code) or a weight that is not a number in 0..1 (NaN included) throws.
   * @default {}
   */
  readonly weights?: Readonly<Record<string, number>>;
}

/** Score, cluster and reasons: the tail of every result object. */
export interface ScoreOutcome {
  readonly score: number;
  readonly score_cluster: string;
  readonly reasons: readonly Reason[];
}
