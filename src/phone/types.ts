import type { DataOptions } from '../data/context.js';
import type { BaselineCode, Reason, RiskCluster, ScoringOptions } from '../scoring/types.js';
import type { PhoneReasonCode, PhoneWeightCode } from './scoreModel.js';

/**
 * What kind of line a number is, from the numbering plan (libphonenumber
 * types in lower snake case). `unknown` when the number is not valid, or
 * valid but of no listed type.
 */
export type PhoneType =
  | 'mobile'
  | 'fixed_line'
  | 'fixed_line_or_mobile'
  | 'toll_free'
  | 'premium_rate'
  | 'shared_cost'
  | 'voip'
  | 'personal_number'
  | 'pager'
  | 'uan'
  | 'voicemail'
  | 'unknown';

/**
 * The spec's status values.
 * - `syntax`: not the shape of a phone number (letters, symbols, too few or too many digits).
 * - `invalid`: phone-shaped, but no operator could have been assigned it (wrong length, unknown calling code, no numbering-plan range).
 * - `undetermined`: valid per the numbering plan; whether it is connected is not known offline.
 * - `connected`: only set by a provider (HLR lookup) that saw the handset connected; never offline.
 */
export type PhoneStatus = 'connected' | 'syntax' | 'invalid' | 'undetermined';

// The reason codes are derived from the score model's signals, so the two cannot drift.
export type { PhoneReasonCode } from './scoreModel.js';

/** Options of {@link checkPhone} and {@link createPhoneCheck}. */
export interface PhoneCheckOptions {
  /**
   * ISO 3166-1 alpha-2 country (`'IT'`, case-insensitive) used to read
   * numbers written without an international prefix. An unknown code throws
   * `InputError` (`INPUT_OPTION`).
   * @default undefined (numbers must start with `+` or `00`)
   */
  readonly defaultCountry?: string;
  /** Bands and weight overrides, by this check's risk and trust codes (`PhoneWeightCode`). @default { bands: 'default' } */
  readonly scoring?: ScoringOptions<PhoneWeightCode>;
  /** The data bundle to read (a directory, whole or partial); see docs/data.md. @default the package's bundle (for the one-call functions: the one `configureDefaults` set, else IDENTITY_SIGNALS_DATA's, else the package's) */
  readonly data?: DataOptions;
}

/** Per-call options of a check made by {@link createPhoneCheck}. */
export interface PhoneCallOptions {
  /** Overrides the factory's `defaultCountry` for this call. @default the factory's */
  readonly defaultCountry?: string;
}

/**
 * The spec's `phone` object, plus `reasons` and a few fields beyond the
 * spec (`e164`, `national_format`, `international_format`, `time_zones`,
 * `geographic_area`). Fields only a provider can know are `null` offline.
 */
export interface PhoneResult {
  /** The phone number as sent. */
  readonly value: string;
  /** Line type from the numbering plan. */
  readonly type: PhoneType;
  readonly status: PhoneStatus;
  /** `true` when the number is valid per its numbering plan, `false` for `syntax` and `invalid`. */
  readonly is_valid: boolean | null;
  /** ISO 3166-1 alpha-2 country of the number (`'IT'`); `null` when unknown or for non-geographic codes (+800, +882…). */
  readonly country: string | null;
  /** Calling code with a plus (`'+39'`); `null` when none could be read. */
  readonly country_code: string | null;
  /** Provider only (HLR / number-portability lookup). */
  readonly is_ported: boolean | null;
  /** Provider only. */
  readonly ported_times: number | null;
  /** Provider only, `YYYY-MM-DD`. */
  readonly first_ported: string | null;
  /** Provider only, `YYYY-MM-DD`. */
  readonly last_ported: string | null;
  /** Operator the number's range was allocated to (Google libphonenumber carrier data); `null` when the data has none or the number is not valid. */
  readonly original_network: string | null;
  /** Offline, the same as `original_network` (porting unknown, see reason `PHONE_PORTING_UNKNOWN`); a provider replaces it. */
  readonly current_network: string | null;
  /** Provider only (HLR lookup). */
  readonly is_roaming: boolean | null;
  /** Provider only (messaging-app lookup). */
  readonly has_whatsapp: boolean | null;
  /** Provider only. */
  readonly whatsapp_privacy_status: string | null;
  /** Provider only. */
  readonly whatsapp_image: string | null;
  /** Beyond the spec: the number in E.164 (`'+393331234567'`), `null` unless valid. */
  readonly e164: string | null;
  /** Beyond the spec: national format (`'333 123 4567'`), `null` unless valid. Computed on first read. */
  readonly national_format: string | null;
  /** Beyond the spec: international format (`'+39 333 123 4567'`), `null` unless valid. Computed on first read. */
  readonly international_format: string | null;
  /** Beyond the spec: IANA time zones of the number's range, `null` when unknown or not valid. */
  readonly time_zones: readonly string[] | null;
  /** Beyond the spec: area of a geographic range in English (`'Milano'`), `null` when the data has none or the number is not valid. */
  readonly geographic_area: string | null;
  /** 0–1000, higher is better. */
  readonly score: number;
  /** One of `very_low`, `low`, `review`, `high`, `very_high`, whatever band edges are configured. */
  readonly score_cluster: RiskCluster;
  /** Signals that moved the score (or explain a `null`), with their points. */
  readonly reasons: readonly Reason<PhoneReasonCode | BaselineCode<'phone'>>[];
}

/** A phone check bound to one set of options, made by {@link createPhoneCheck}. */
export type PhoneCheck = ((phoneNumber: string, callOptions?: PhoneCallOptions) => PhoneResult) & {
  /**
   * Reads and verifies the carrier, time zone and area tables (every calling code decoded) and loads libphonenumber's metadata now, builds the tables the check reads, and
   * runs the check on a few hundred built-in inputs so that its code is
   * compiled too: the first real call then costs about what later ones do
   * (servers call it before taking traffic). Returns at once once done.
   *
   * @throws DataError when a dataset file is missing or fails verification
   */
  readonly preload: () => void;
};
