import type { DataOptions } from '../data/context.js';
import type { BaselineCode, Reason, RiskCluster, ScoringOptions } from '../scoring/types.js';
import type { NameReasonCode, NameWeightCode } from './scoreModel.js';

/**
 * Why a name is not credible, in the spec's vocabulary. The check reports
 * the first that applies in this order of evidence: `INVALID`,
 * `PLACEHOLDER`, `PLACEHOLDER_TITLE`, `FICTIONAL`, `FAMOUS`, `HUMOROUS`,
 * `STRING_SIMILARITY`, `RANDOM_TYPING`, `OTHER`.
 *
 * @example
 * const risk: NameRiskType | null = checkName('Luke', 'Skywalker').risk_type; // 'FICTIONAL'
 */
export type NameRiskType =
  | 'INVALID'
  | 'PLACEHOLDER'
  | 'PLACEHOLDER_TITLE'
  | 'FICTIONAL'
  | 'FAMOUS'
  | 'HUMOROUS'
  | 'STRING_SIMILARITY'
  | 'RANDOM_TYPING'
  | 'OTHER';

// The reason codes are derived from the score model's signals, so the two cannot drift.
export type { NameReasonCode } from './scoreModel.js';

/**
 * Options of {@link checkName} and {@link createNameCheck}.
 * @example
 * const options: NameCheckOptions = { scoring: { bands: 'scorecard', weights: { NAME_FAMOUS: 0.3 } } };
 */
export interface NameCheckOptions {
  /**
   * Band table and weight overrides, by this check's risk and trust codes
   * (`NameWeightCode`: another code is a compile error).
   * @default {}
   */
  readonly scoring?: ScoringOptions<NameWeightCode>;
  /** The data bundle to read (a directory, whole or partial); see docs/data.md. @default the package's bundle (for the one-call functions: the one `configureDefaults` set, else IDENTITY_SIGNALS_DATA's, else the package's) */
  readonly data?: DataOptions;
  /**
   * Where the names are from, ISO 3166-1 alpha-2 (`IT`, any case): a given
   * name whose sex differs between countries (Andrea, Nikita, Jean, Kim,
   * Simone) is read as in that country. Without it such a name is read by
   * its surname's likely origin when that is clear, else `gender` is null.
   * @default none
   */
  readonly country?: string;
}

/**
 * Per-call options of a configured name check.
 * @example
 * const call: NameCallOptions = { country: 'RU' };
 */
export interface NameCallOptions {
  /** As {@link NameCheckOptions.country}, for this call only. */
  readonly country?: string;
}

/**
 * The spec's `name` result object, plus `reasons` and `normalized`.
 * Field names are the spec's (snake_case).
 *
 * @example
 * const r: NameResult = checkName('Zbigniew', 'Brzezinski');
 * r.gender; // 'M'
 */
export interface NameResult {
  /** The two inputs exactly as sent, joined by a comma: `"First,Last"`. */
  readonly value: string;
  /**
   * `M` or `F` from the first given name's counts (share >= `GENDER_THRESHOLD`),
   * or from a gendered title (`Mr`, `Mrs`, …) given as first name;
   * `null` when the name is unisex, unknown or the evidence is weak.
   */
  readonly gender: 'M' | 'F' | null;
  /** `false` exactly when `risk_type` is set. */
  readonly is_valid: boolean;
  /** The kind of risk when the name is not credible, else `null`. */
  readonly risk_type: NameRiskType | null;
  /** Quality of the name, integer 0..1000 (higher is better). */
  readonly score: number;
  /** `very_low`, `low`, `review`, `high` or `very_high`, whatever band edges are configured. */
  readonly score_cluster: RiskCluster;
  /** The signals that moved the score, with their points (they add up to `score`). */
  readonly reasons: readonly Reason<NameReasonCode | BaselineCode<'name'>>[];
  /**
   * Beyond the spec: each part trimmed, inner spaces collapsed and in Unicode
   * NFC, in the caller's case. `null` for a part longer than the input cap
   * (256 UTF-16 units), which is rejected without being normalised.
   */
  readonly normalized: { readonly first: string | null; readonly last: string | null };
}

/**
 * A configured name check, as returned by {@link createNameCheck}.
 * @example
 * const check: NameCheck = createNameCheck();
 * check('Ali', 'Ali').is_valid; // true
 */
export type NameCheck = ((firstName: string, lastName: string, call?: NameCallOptions) => NameResult) & {
  /**
   * Reads and verifies the name lists and models (given and family names, placeholders, famous and fictional names, the n-gram and sound models, the vocabulary) now, builds the tables the check reads, and
   * runs the check on a few hundred built-in inputs so that its code is
   * compiled too: the first real call then costs about what later ones do
   * (servers call it before taking traffic). Returns at once once done.
   *
   * @throws DataError when a dataset file is missing or fails verification
   */
  readonly preload: () => void;
};
