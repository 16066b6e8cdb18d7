import type { QUALITY_CLUSTERS, RISK_CLUSTERS } from './clusters.js';

/** The five products, named as the spec's claims. */
export type ProductName = 'email' | 'device' | 'ip' | 'phone' | 'name';

/**
 * What a score model can score: the five products, and `identity`, the
 * cross-signal score of several products' inputs together (src/identity).
 */
export type ScoredName = ProductName | 'identity';

/**
 * Cluster names of email and device, lowest band first (the spec's field
 * table wins over its sample, docs/design.md).
 *
 * @example
 * const cluster: QualityCluster = checkEmail('x7q@yahoo.com').score_cluster; // 'moderate'
 */
export type QualityCluster = (typeof QUALITY_CLUSTERS)[number];

/**
 * Cluster names of ip, phone and name, lowest band first.
 *
 * @example
 * const cluster: RiskCluster = checkIp('8.8.8.8').score_cluster;
 */
export type RiskCluster = (typeof RISK_CLUSTERS)[number];

/**
 * Code of the reason every result opens with: the neutral middle, 500
 * points, "nothing known" (`EMAIL_BASELINE`, …), added by the scorer, not
 * raised by the check.
 *
 * @example
 * const code: BaselineCode<'email'> = 'EMAIL_BASELINE';
 */
export type BaselineCode<Product extends ScoredName = ProductName> = `${Uppercase<Product>}_BASELINE`;

/**
 * One reason in a result: a signal that was seen, with the points it moved
 * the score by. `Code` is the union of the codes the result can carry (each
 * product's result narrows it to its own codes).
 */
export interface Reason<Code extends string = string> {
  /** Stable code, e.g. `EMAIL_DISPOSABLE`. */
  readonly code: Code;
  /**
   * Signed points: how far this signal moved the score, in a fixed order
   * (the baseline's 500 first, then carried, trusts, risks heaviest first;
   * a gate's cut on the gate). The points of all reasons of a result add up
   * to its score; an `info` reason has 0.
   */
  readonly points: number;
  /** Human-readable detail: the list that matched, the suggested fix, … */
  readonly detail?: string;
}

/**
 * How a signal acts on the score (see {@link ScoreModel} for the arithmetic).
 * - `risk`: a fact more common in abusive sign-ups than in genuine ones:
 *   subtracts its weight (a log-likelihood ratio in nats) from the log-odds.
 * - `trust`: a fact more common in genuine sign-ups: adds its weight.
 * - `carried`: another score's evidence taken in whole (the identity score
 *   carries each product's): adds the signal's own `logit`, multiplied by
 *   the weight, a damping in 0..1.
 * - `info`: explains a field or says how much is known (carrier known,
 *   "not known offline"); moves nothing, 0 points.
 */
export type SignalKind = 'risk' | 'trust' | 'carried' | 'info';

/** What every kind of {@link SignalSpec} has. */
interface SignalSpecBase {
  /** What the signal means, for documentation and `detail`-less reasons. */
  readonly description: string;
  /**
   * A gate: when the signal is present the score is at most the top of this
   * band (0 = bottom band, 1 = second band, …) of the active band table.
   * For hard facts (a malformed address, a Tor exit), whatever else is known.
   */
  readonly capBand?: number;
}

/** A fact whose rate differs between genuine and abusive sign-ups. */
export interface EvidenceSignalSpec extends SignalSpecBase {
  readonly kind: 'risk' | 'trust';
  /**
   * The log-likelihood ratio of the fact, in nats (natural log), 0..10:
   * for a trust `ln(P(fact | genuine) / P(fact | abusive))`, for a risk
   * `ln(P(fact | abusive) / P(fact | genuine))`. A weight of 0.7 multiplies
   * the odds of good faith by e^0.7 ≈ 2 (trust) or divides them by it (risk).
   */
  readonly weight: number;
  /**
   * Where the weight comes from: a published rate with its source, or the
   * labelled sign-up corpus's fit half in the fixed form
   * `corpus: 41/212 abusive, 2/208 genuine` (docs/scoring.md). Required:
   * a weight without evidence is a number chosen to order a fixture.
   */
  readonly evidence: string;
}

/** Another score's evidence carried in whole (the identity score carries each product's). */
export interface CarriedSignalSpec extends SignalSpecBase {
  readonly kind: 'carried';
  /**
   * Damping in 0..1: the share of the carried log-odds that counts. Below 1
   * where the carried scores overlap (an e-mail and an identity's name
   * findings read the same letters).
   */
  readonly weight: number;
  /**
   * Which side of the carried log-odds this signal carries: `'trust'` only
   * a positive logit (the score above 500), `'risk'` only a negative one
   * (below 500); absent, both. A score's evidence for and against overlaps
   * with the other carried scores differently (many products agree that a
   * real person is real; a hard fact is usually one product's alone), so
   * the identity damps each side with its own code and weight. A trust
   * side never lowers a score and a risk side never raises one.
   * @default both sides
   */
  readonly side?: 'trust' | 'risk';
  /** Where the damping comes from, as {@link EvidenceSignalSpec.evidence}. */
  readonly evidence: string;
}

/** A fact that is reported, not scored: it moves nothing. */
export interface InfoSignalSpec extends SignalSpecBase {
  readonly kind: 'info';
  /** Always 0: an info signal moves no points. */
  readonly weight: 0;
  readonly capBand?: undefined;
}

/** The definition of one signal in a {@link ScoreModel}. */
export type SignalSpec = EvidenceSignalSpec | CarriedSignalSpec | InfoSignalSpec;

/**
 * A product's score model: data, not code. `Code` is the union of its
 * signal codes, `Cluster` of its cluster names, `Product` its product: the
 * products' models fix all three, so results are typed by them; a model of
 * your own (for {@link createScorer}) may leave them as `string`.
 *
 * The score is the trust that the input belongs to a real person acting in
 * good faith. It is kept as log-odds around the neutral middle: nothing
 * known is log-odds 0, score 500 (the middle of the review band); each
 * trust adds its weight, each risk subtracts its weight, each carried
 * signal adds `weight × logit`; the score is `round(1000 / (1 + e^−logit))`,
 * then the gates of the signals present cap it (docs/scoring.md).
 */
export interface ScoreModel<Code extends string = string, Cluster extends string = string, Product extends ScoredName = ProductName> {
  readonly product: Product;
  /**
   * Cluster names from the lowest band to the highest. A caller's band
   * table changes the edges of the bands, never these names.
   */
  readonly clusters: readonly Cluster[];
  readonly signals: Readonly<Record<Code, SignalSpec>>;
}

/** A signal raised by a check. */
export interface Signal<Code extends string = string> {
  readonly code: Code;
  readonly detail?: string;
  /**
   * Share of a risk's or trust's weight that applies (0..1, default 1), for a
   * fact whose force is a measured amount rather than present or absent.
   */
  readonly strength?: number;
  /**
   * A `carried` signal's evidence: the log-odds of the score carried in,
   * `ln(s / (1000 − s))` for a score `s`, in nats; clamped to ±6 (a score
   * of 2 or 998), and multiplied by the signal's weight. Absent: nothing is
   * carried. Ignored on the other kinds.
   */
  readonly logit?: number;
}

/** One band of a band table: inclusive integer edges. */
export interface Band {
  readonly min: number;
  readonly max: number;
}

/** Bands from the lowest score to the highest, covering 0..1000 without gaps. */
export type BandTable = readonly Band[];

/**
 * A band table of the five products' models: five bands, one per cluster
 * name, so a table of four or six bands does not compile.
 *
 * @example
 * const bands: ProductBandTable = [{ min: 0, max: 99 }, { min: 100, max: 299 }, { min: 300, max: 599 }, { min: 600, max: 899 }, { min: 900, max: 1000 }];
 */
export type ProductBandTable = readonly [Band, Band, Band, Band, Band];

/**
 * The codes of a table of signals that take a weight: its `risk`, `trust`
 * and `carried` signals (an `info` signal moves no points, so it has none).
 * Each product's weight codes are derived with it from the signal table
 * its score model is built from, so the two cannot drift apart.
 *
 * @example
 * const signals = { A: { kind: 'risk', weight: 1, evidence: 'corpus: 20/100 abusive, 7/100 genuine', description: 'a risk' }, B: { kind: 'info', weight: 0, description: 'a note' } } as const;
 * const code: WeightedCode<typeof signals> = 'A'; // 'B' would not compile
 */
export type WeightedCode<Signals> = { [C in keyof Signals]: Signals[C] extends { readonly kind: 'info' } ? never : C }[keyof Signals] & string;


/**
 * Scoring options a caller can pass to any check or checker. `Code` is the
 * set of codes `weights` takes: every product's (`WeightCode`, src/registry.ts) for a
 * checker, the product's own for a product's check (`EmailWeightCode` for
 * `checkEmail`), so a misspelt code (`EMAILFREE`), an `info` code or
 * another product's code in an object literal is a compile error.
 * `Bands` is the shape of an own band table: five bands for the products'
 * models ({@link ProductBandTable}). The same mistakes are checked at run
 * time for JavaScript callers: anything wrong throws `InputError` with
 * code `SCORING_CONFIG` and the option's path in `field` (`scoring`,
 * `scoring.bands[1].min`, `scoring.weights.EMAILFREE`) when the checker or
 * check is created.
 *
 * @example
 * const scoring: ScoringOptions = { bands: 'scorecard', weights: { EMAIL_DISPOSABLE: 4, PHONE_VOIP: 1.5 } };
 */
export interface ScoringOptions<Code extends string = string, Bands extends BandTable = ProductBandTable> {
  /**
   * Band table: `'default'` (five 200-point bands), `'scorecard'`
   * (0–225, 226–450, 451–550, 551–775, 776–1000) or your own five bands:
   * integer `min`/`max`, the first at 0, each starting one above the last,
   * the last ending at 1000. Or one of those per product and for the
   * identity, by name (`{ email: [...], identity: 'scorecard' }`, what
   * `identity-signals tune` writes); a product not named gets `'default'`.
   * Any other value throws.
   * @default 'default'
   */
  readonly bands?: 'default' | 'scorecard' | Bands | SubjectBands<Bands>;
  /**
   * Override signal weights by code, e.g. `{ EMAIL_FREE: 0.5 }`: a risk's
   * or trust's weight is a log-likelihood ratio in nats, 0..10 (0 turns the
   * signal off; 0.7 doubles or halves the odds); a `carried` signal's (the
   * identity's `IDENTITY_EMAIL` …) is a damping in 0..1. A checker's object
   * can hold codes of all five products and of the identity score. A code
   * that is no product's risk, trust or carried signal (a misspelling such
   * as `EMAILFREE`, an `info` code) or a weight outside its range (NaN
   * included) throws.
   * @default {}
   */
  readonly weights?: Readonly<Partial<Record<Code, number>>>;
  /**
   * Where these options come from (a tuned scoring file's input, dates and
   * figures: see `ScoringFile`): kept for the reader, never read by the
   * scorer. Any plain object.
   */
  readonly provenance?: Readonly<Record<string, unknown>>;
}

/**
 * A band table per product and for the identity score, by name; a name left
 * out gets `'default'`.
 *
 * @example
 * const bands: SubjectBands = { email: 'scorecard', identity: [{ min: 0, max: 99 }, { min: 100, max: 299 }, { min: 300, max: 599 }, { min: 600, max: 899 }, { min: 900, max: 1000 }] };
 */
export type SubjectBands<Bands extends BandTable = ProductBandTable> = Readonly<Partial<Record<ScoredName, 'default' | 'scorecard' | Bands>>>;

/**
 * Score, cluster and reasons: the tail of every result object, typed by
 * the reason codes and cluster names of the model that scored it.
 */
export interface ScoreOutcome<Code extends string = string, Cluster extends string = string> {
  readonly score: number;
  readonly score_cluster: Cluster;
  readonly reasons: readonly Reason<Code>[];
}
