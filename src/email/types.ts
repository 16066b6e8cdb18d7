import type { DataOptions } from '../data/context.js';
import type { BaselineCode, QualityCluster, Reason, ScoringOptions } from '../scoring/types.js';
import type { EmailReasonCode, EmailWeightCode } from './scoreModel.js';

/**
 * The spec's `status` values. Offline, only `syntax`, `invalid`,
 * `disposable`, `role` and `undetermined` can occur; `spam-trap`,
 * `accept-all` and `deliverable` need a provider (no public spam-trap list
 * exists, and deliverability needs an SMTP conversation).
 *
 * Precedence (docs/design.md): syntax → invalid → disposable → spam-trap → role →
 * accept-all → deliverable → undetermined.
 *
 * @example
 * const status: EmailStatus = checkEmail('info@acme.com').status; // 'role'
 */
export type EmailStatus =
  | 'deliverable'
  | 'invalid'
  | 'undetermined'
  | 'syntax'
  | 'role'
  | 'accept-all'
  | 'disposable'
  | 'spam-trap';

// The reason codes are derived from the score model's signals, so the two cannot drift.
export type { EmailReasonCode } from './scoreModel.js';

/**
 * The spec's `email` object, plus `suggestion` and `reasons`.
 *
 * Fields that only a provider can know are `null` in the synchronous,
 * offline result: `has_*` and `found_on_serp` (webhook-only social
 * lookups), `first_name`/`last_name`/`education`/`employment`/`avatar`
 * (social lookups), `company_*` (company enrichment) and `domain_age`
 * (WHOIS/RDAP; the spec types it `number`, it stays `null` until a provider
 * fills it).
 *
 * @example
 * const r: EmailResult = checkEmail('maria.kowalska@gmail.com');
 * // { value: 'maria.kowalska@gmail.com', status: 'undetermined', is_valid: null, is_free: true,
 * //   domain: 'gmail.com', has_twitter: null, …, score: 870, score_cluster: 'high', suggestion: null,
 * //   canonical: 'mariakowalska@gmail.com', reasons: […] }
 */
export interface EmailResult {
  /** The address exactly as given. */
  readonly value: string;
  readonly status: EmailStatus;
  /**
   * `false` when the address provably cannot receive mail (malformed, bad or
   * reserved domain); `null` otherwise: offline nothing proves it will not
   * bounce. A likely typo is `null` too: the typed domain may exist.
   */
  readonly is_valid: boolean | null;
  /**
   * `true` at a free provider (email-providers minus disposable-email-domains),
   * `false` at any other well-formed, non-disposable domain, `null` when
   * malformed, reserved, or disposable/a likely typo not on the free list.
   */
  readonly is_free: boolean | null;
  /** The domain, lower case, Unicode form for IDNs (`bücher.de`); `''` when there is no `@`. */
  readonly domain: string;
  readonly has_twitter: boolean | null;
  readonly has_amazon: boolean | null;
  readonly has_linkedin: boolean | null;
  readonly has_airbnb: boolean | null;
  readonly has_instagram: boolean | null;
  readonly found_on_serp: boolean | null;
  readonly first_name: string | null;
  readonly last_name: string | null;
  readonly company_name: string | null;
  readonly company_description: string | null;
  readonly company_industry: string | null;
  readonly company_employees: number | null;
  readonly company_job_title: string | null;
  readonly company_founded: number | null;
  readonly company_keywords: string | null;
  readonly company_annual_revenue: number | null;
  readonly company_logo: string | null;
  readonly company_country: string | null;
  readonly company_twitter_url: string | null;
  readonly company_facebook_url: string | null;
  readonly company_linkedin_url: string | null;
  readonly company_total_funding: number | null;
  readonly company_tech_stack: string | null;
  /** Age of the domain in days: `null` until a WHOIS/RDAP provider fills it. */
  readonly domain_age: number | null;
  readonly education: string | null;
  readonly employment: string | null;
  readonly avatar: string | null;
  /** 0..1000, higher is better. */
  readonly score: number;
  /** `poor`, `bad`, `moderate`, `good` or `high`, whatever band edges are configured. */
  readonly score_cluster: QualityCluster;
  /**
   * The intended domain when the typed one is a likely typo of a popular
   * mail domain (`gmail.com` for `jane@gmial.com`, status `syntax`), else `null`.
   */
  readonly suggestion: string | null;
  /**
   * The address as its provider delivers it, so that one person's many
   * sign-ups can be found: at a provider with a sourced rule, lower case,
   * without the sub-address tag, without dots where the provider ignores
   * them and at the provider's main domain (`J.Doe+shop@googlemail.com` →
   * `jdoe@gmail.com`; `jane+x@outlook.com` → `jane@outlook.com`); at any
   * other domain the local part as typed at the lower-case domain (its owner
   * decides what the local part means). `null` for a malformed address.
   */
  readonly canonical: string | null;
  /** Signals that moved the score, with their points (they add up to `score`), after `EMAIL_BASELINE`. */
  readonly reasons: readonly Reason<EmailReasonCode | BaselineCode<'email'>>[];
}

/**
 * Options of {@link checkEmail} and {@link createEmailCheck}. Unknown keys
 * throw `InputError` (`INPUT_OPTION`).
 *
 * @example
 * const options: EmailCheckOptions = { scoring: { bands: 'scorecard' }, secondOpinion: false };
 */
export interface EmailCheckOptions {
  /**
   * Band table and weight overrides, by this check's risk and trust codes
   * (`EmailWeightCode`: another code is a compile error).
   * @default {}
   */
  readonly scoring?: ScoringOptions<EmailWeightCode>;
  /**
   * Suggest the intended domain for likely typos of popular mail domains
   * (and give them status `syntax`). Turn off to treat every well-formed
   * domain at face value.
   * @default true
   */
  readonly suggestTypos?: boolean;
  /**
   * Use mailchecker's list as a second opinion on disposable domains
   * (behind a reviewed allowlist of its known false positives). When
   * `false`, only disposable-email-domains is used.
   * @default true
   */
  readonly secondOpinion?: boolean;
  /**
   * The data bundle to read (a directory, whole or partial) and the maximum
   * age of the disposable lists before results carry `EMAIL_DATA_STALE`
   * (measured on `now`); see docs/data.md.
   * @default the package's bundle (for the one-call functions: the one `configureDefaults` set, else IDENTITY_SIGNALS_DATA's, else the package's), 30 days
   */
  readonly data?: DataOptions;
  /**
   * The checker's clock: a fixed date, or a function read once per check.
   * The only time-dependent part of an e-mail result is the age of the
   * disposable lists behind `EMAIL_DATA_STALE` (its detail says how many
   * days old they are), measured on this clock. Anything else, or an
   * invalid Date, throws `InputError` (`INPUT_OPTION`).
   * @default the system clock, read only through `systemClock()` in src/common/clock.ts
   */
  readonly now?: Date | (() => Date);
}

/**
 * A checker made by {@link createEmailCheck}.
 *
 * @example
 * const check: EmailCheck = createEmailCheck();
 * check('jane@gmial.com').suggestion; // 'gmail.com'
 */
export type EmailCheck = ((email: string) => EmailResult) & {
  /**
   * Reads and verifies the e-mail lists (disposable, mailchecker, free providers, roles, popular domains) and loads the public suffix list now, builds the tables the check reads, and
   * runs the check on a few hundred built-in inputs so that its code is
   * compiled too: the first real call then costs about what later ones do
   * (servers call it before taking traffic). Returns at once once done.
   *
   * @throws DataError when a dataset file is missing or fails verification
   */
  readonly preload: () => void;
  /**
   * The check at a given instant: the same result as a plain call made
   * when the checker's clock reads `nowMs`. The only time-dependent part
   * of an e-mail result is `EMAIL_DATA_STALE` (the disposable lists' age);
   * an identity check and the async checks call this with the instant they
   * read once, so one call reads the clock once.
   *
   * @param nowMs the instant, in epoch milliseconds
   * @param email the address, as for a plain call
   * @throws InputError `INPUT_TYPE` when `email` is not a string
   * @example
   * const check = createEmailCheck();
   * check.at(Date.parse('2027-06-01T00:00:00Z'), 'jane@acme-widgets.com').reasons.some((r) => r.code === 'EMAIL_DATA_STALE'); // true: the lists are months old then
   */
  readonly at: (nowMs: number, email: string) => EmailResult;
};
