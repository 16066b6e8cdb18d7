import type { Reason, ScoringOptions } from '../scoring/types.js';

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

/**
 * Every reason code the name check can raise (see `NAME_SCORE_MODEL` for weights).
 * @example
 * checkName('John', '123').reasons.map((r) => r.code); // ['NAME_BASELINE', 'NAME_DIGITS', …]
 */
export type NameReasonCode =
  // INVALID (gated to the bottom band)
  | 'NAME_EMPTY'
  | 'NAME_TOO_LONG'
  | 'NAME_TOO_MANY_WORDS'
  | 'NAME_CONTROL_CHARS'
  | 'NAME_EMOJI'
  | 'NAME_DIGITS'
  | 'NAME_EMAIL'
  | 'NAME_URL'
  | 'NAME_SYMBOLS'
  | 'NAME_NO_LETTERS'
  | 'NAME_SINGLE_LETTER'
  // list matches
  | 'NAME_PLACEHOLDER'
  | 'NAME_TITLE_AS_NAME'
  | 'NAME_FICTIONAL'
  | 'NAME_FICTIONAL_COMMON'
  | 'NAME_FAMOUS'
  | 'NAME_FAMOUS_COMMON'
  | 'NAME_HUMOROUS'
  | 'NAME_HUMOROUS_COMMON'
  | 'NAME_VULGAR'
  // first and last alike
  | 'NAME_PARTS_SIMILAR'
  // random typing (gated to the bottom band)
  | 'NAME_KEYBOARD_WALK'
  | 'NAME_REPEATED_PATTERN'
  | 'NAME_NO_VOWELS'
  | 'NAME_UNLIKELY_LETTERS'
  // OTHER
  | 'NAME_MIXED_SCRIPT'
  | 'NAME_ODD_PUNCTUATION'
  | 'NAME_ORGANIZATION'
  // soft risks that do not make a name invalid
  | 'NAME_INITIAL'
  | 'NAME_TITLE_PREFIX'
  // trust
  | 'NAME_FIRST_KNOWN'
  | 'NAME_FIRST_KNOWN_UNISEX'
  | 'NAME_LAST_KNOWN'
  | 'NAME_LAST_PLAUSIBLE'
  // info
  | 'NAME_GENDER_UNKNOWN';

/**
 * Options of {@link checkName} and {@link createNameCheck}.
 * @example
 * const options: NameCheckOptions = { scoring: { bands: 'scorecard', weights: { NAME_FAMOUS: 0.3 } } };
 */
export interface NameCheckOptions {
  /**
   * Band table and weight overrides (codes `NAME_*`).
   * @default {}
   */
  readonly scoring?: ScoringOptions;
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
  /** `very_low`, `low`, `review`, `high` or `very_high`. */
  readonly score_cluster: string;
  /** The signals that moved the score, with their points (they add up to `score`). */
  readonly reasons: readonly Reason[];
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
export type NameCheck = (firstName: string, lastName: string) => NameResult;
