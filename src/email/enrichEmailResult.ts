import type { Signal } from '../scoring/types.js';
import type { EmailScorer } from './scoreModel.js';
import type { EmailReasonCode, EmailResult, EmailStatus } from './types.js';

/**
 * What an e-mail provider may report. Every field is optional: a provider
 * fills what it knows and leaves the rest out. These are the facts that no
 * offline check can know (MX, SMTP, social presence, company data, domain age).
 */
export interface EmailEnrichment {
  /** The domain accepts mail (MX, or an A/AAAA record as implicit MX per RFC 5321 §5.1). */
  readonly mx?: boolean;
  /**
   * The mailbox was verified to exist (`true`: SMTP RCPT accepted or a
   * vendor's verdict) or the server refused it (`false`: RCPT answered 550).
   */
  readonly deliverable?: boolean;
  /** The server accepts every recipient, so the mailbox cannot be verified. */
  readonly accept_all?: boolean;
  /** The address is a known spam trap. */
  readonly spam_trap?: boolean;
  /** Age of the domain in days (WHOIS/RDAP). */
  readonly domain_age?: number;
  /** How many of the configured domain block lists (DNSBL/RHSBL zones) list the domain. */
  readonly domain_black_list_count?: number;
  readonly has_twitter?: boolean;
  readonly has_amazon?: boolean;
  readonly has_linkedin?: boolean;
  readonly has_airbnb?: boolean;
  readonly has_instagram?: boolean;
  readonly found_on_serp?: boolean;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly company_name?: string;
  readonly company_description?: string;
  readonly company_industry?: string;
  readonly company_employees?: number;
  readonly company_job_title?: string;
  readonly company_founded?: number;
  readonly company_keywords?: string;
  readonly company_annual_revenue?: number;
  readonly company_logo?: string;
  readonly company_country?: string;
  readonly company_twitter_url?: string;
  readonly company_facebook_url?: string;
  readonly company_linkedin_url?: string;
  readonly company_total_funding?: number;
  readonly company_tech_stack?: string;
  readonly education?: string;
  readonly employment?: string;
  readonly avatar?: string;
}

/** The result fields a provider may fill directly (same name in {@link EmailEnrichment} and {@link EmailResult}). */
const LATE_FIELDS = [
  'domain_age',
  'has_twitter',
  'has_amazon',
  'has_linkedin',
  'has_airbnb',
  'has_instagram',
  'found_on_serp',
  'first_name',
  'last_name',
  'company_name',
  'company_description',
  'company_industry',
  'company_employees',
  'company_job_title',
  'company_founded',
  'company_keywords',
  'company_annual_revenue',
  'company_logo',
  'company_country',
  'company_twitter_url',
  'company_facebook_url',
  'company_linkedin_url',
  'company_total_funding',
  'company_tech_stack',
  'education',
  'employment',
  'avatar',
] as const satisfies readonly (keyof EmailEnrichment & keyof EmailResult)[];

/** Providers' answers for one address: merged facts, who answered, who failed. */
export interface EmailProviderFacts {
  readonly enrichment: EmailEnrichment;
  readonly answered: readonly string[];
  readonly errors: readonly { readonly provider: string; readonly message: string }[];
}

/**
 * Merges provider facts into an offline result and re-scores it. Pure: the
 * offline result is not changed.
 *
 * Status follows docs/design.md's precedence with the provider facts added:
 * syntax → invalid (offline, no MX, or the mailbox refused) → disposable → spam-trap → role →
 * accept-all → deliverable → undetermined. `is_valid` becomes `true` when a
 * provider verified the mailbox, `false` when the domain takes no mail or
 * the server refused the mailbox, and
 * stays as it was otherwise.
 *
 * @param result the offline result of `checkEmail`
 * @param facts what the providers said (see `runEmailProviders`)
 * @param score the scorer of the checker's configuration (`createScorer(EMAIL_SCORE_MODEL, scoring)`)
 * @example
 * const scorer = createScorer(EMAIL_SCORE_MODEL);
 * const late = enrichEmailResult(checkEmail('a@acme.com'), { enrichment: { mx: false }, answered: ['dns-mx'], errors: [] }, scorer);
 * late.status; // 'invalid'
 */
export function enrichEmailResult(result: EmailResult, facts: EmailProviderFacts, score: EmailScorer): EmailResult {
  const e = facts.enrichment;
  const signals: Signal<EmailReasonCode>[] = [];
  for (const reason of result.reasons) {
    if (reason.code === 'EMAIL_BASELINE') continue;
    // The "needs a provider" note goes once a provider has answered.
    if (reason.code === 'EMAIL_PROVIDER_ONLY' && facts.answered.length > 0) continue;
    signals.push(reason.detail === undefined ? { code: reason.code } : { code: reason.code, detail: reason.detail });
  }
  const by = facts.answered.join(', ');
  if (e.mx === false) signals.push({ code: 'EMAIL_NO_MX', detail: `reported by ${by}` });
  if (e.spam_trap === true) signals.push({ code: 'EMAIL_SPAM_TRAP', detail: `reported by ${by}` });
  if (e.accept_all === true) signals.push({ code: 'EMAIL_ACCEPT_ALL', detail: `reported by ${by}` });
  if (e.deliverable === true && e.mx !== false) signals.push({ code: 'EMAIL_DELIVERABLE', detail: `reported by ${by}` });
  if (e.deliverable === false && e.mx !== false) signals.push({ code: 'EMAIL_MAILBOX_REJECTED', detail: `reported by ${by}` });
  if (e.domain_black_list_count !== undefined && e.domain_black_list_count > 0) {
    signals.push({ code: 'EMAIL_DOMAIN_BLOCKLISTED', detail: `on ${e.domain_black_list_count} list${e.domain_black_list_count === 1 ? '' : 's'}, reported by ${by}` });
  }
  for (const error of facts.errors) signals.push({ code: 'EMAIL_PROVIDER_FAILED', detail: `${error.provider}: ${error.message}` });

  const status = lateStatus(result.status, e);
  const is_valid =
    status === 'syntax' ? result.is_valid : e.mx === false || e.deliverable === false ? false : e.deliverable === true ? true : result.is_valid;
  const late: Record<string, unknown> = {};
  for (const field of LATE_FIELDS) {
    const value = e[field];
    if (value !== undefined && value !== null) late[field] = value;
  }
  return { ...result, ...late, status, is_valid, ...score(signals) } as EmailResult;
}

function lateStatus(offline: EmailStatus, e: EmailEnrichment): EmailStatus {
  if (offline === 'syntax' || offline === 'invalid') return offline;
  // A refused mailbox bounces like a domain without mail: the spec's `invalid`.
  if (e.mx === false || e.deliverable === false) return 'invalid';
  if (offline === 'disposable') return offline;
  if (e.spam_trap === true) return 'spam-trap';
  if (offline === 'role') return offline;
  if (e.accept_all === true) return 'accept-all';
  if (e.deliverable === true) return 'deliverable';
  return offline;
}
