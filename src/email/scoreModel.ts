import { QUALITY_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { QualityCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

/**
 * The signals of the email check, one entry per code: the single list of
 * its reason codes ({@link EmailReasonCode} is derived from its keys, so a
 * code cannot exist in one place and not the other).
 */
const EMAIL_SIGNALS = {
  EMAIL_SYNTAX: {
    kind: 'risk',
    // Mail to a malformed address cannot be delivered: certain risk, gated to the bottom band.
    weight: 1,
    capBand: 0,
    description: 'the address is malformed or uses a form providers refuse (quoted, obsolete, IP literal, too long)',
  },
  EMAIL_INVALID_DOMAIN: {
    kind: 'risk',
    // No ICANN public suffix (unknown TLD, bare suffix): no resolver will find an MX.
    weight: 1,
    capBand: 0,
    description: 'the domain has no known public suffix, so it cannot receive mail',
  },
  EMAIL_RESERVED: {
    kind: 'risk',
    // RFC 2606/6761/6762 names never resolve on the public internet.
    weight: 1,
    capBand: 0,
    description: 'the domain is reserved (example, test, invalid, localhost, .local, …) and never receives mail',
  },
  EMAIL_TYPO: {
    kind: 'risk',
    // The user most likely meant another domain: mail bounces or reaches a squatter. Gated like syntax,
    // because the spec files typos under status `syntax`.
    weight: 0.8,
    capBand: 0,
    description: 'the domain looks like a misspelling of a popular mail domain; see `suggestion`',
  },
  EMAIL_DISPOSABLE: {
    kind: 'risk',
    // Throwaway inboxes work for minutes: the address is real but not a durable identity. Gated to the second band.
    weight: 0.6,
    capBand: 1,
    description: 'the domain belongs to a disposable (throwaway) mail service',
  },
  EMAIL_CONFUSABLE: {
    kind: 'risk',
    // Mixed scripts (Latin with Cyrillic look-alikes) are a phishing and impersonation pattern; real users rarely type them.
    weight: 0.5,
    capBand: 1,
    description: 'the local part or a domain label mixes scripts or uses look-alike letters',
  },
  EMAIL_ROLE: {
    kind: 'risk',
    // A shared mailbox (info@, sales@) is deliverable but not one person: moderate risk for identity.
    weight: 0.3,
    description: 'the local part names a role or a shared mailbox (info, sales, noreply…) rather than a person',
  },
  EMAIL_FREE: {
    kind: 'risk',
    // Free accounts are anyone's in a minute; most are real people, so a light weight.
    weight: 0.1,
    description: 'the domain belongs to a free mail provider',
  },
  EMAIL_CORPORATE: {
    kind: 'trust',
    // Someone runs mail for this domain and it is on no free or disposable list: half the baseline doubt removed.
    weight: 0.5,
    description: 'well-formed address at a domain that is on no free-provider or disposable list',
  },
  // The signals below come only from providers (createChecker({ providers }) → emailAsync).
  EMAIL_NO_MX: {
    kind: 'risk',
    // DNS says the domain takes no mail (no MX, no address, or a null MX): every message bounces.
    weight: 1,
    capBand: 0,
    description: 'a provider found that the domain accepts no mail (no MX or address record, or a null MX)',
  },
  EMAIL_SPAM_TRAP: {
    kind: 'risk',
    // A trap address exists to catch senders of unsolicited mail: never a customer. Gated like disposable.
    weight: 0.9,
    capBand: 1,
    description: 'a provider reports the address as a spam trap',
  },
  EMAIL_ACCEPT_ALL: {
    kind: 'risk',
    // The server accepts any recipient, so the mailbox could not be verified: some doubt remains.
    weight: 0.15,
    description: 'a provider found that the server accepts every recipient (catch-all), so the mailbox is unverified',
  },
  EMAIL_DELIVERABLE: {
    kind: 'trust',
    // A verified mailbox removes most of the offline doubt about the address.
    weight: 0.8,
    description: 'a provider verified that the mailbox exists',
  },
  EMAIL_MAILBOX_REJECTED: {
    kind: 'risk',
    // The domain's mail server refused this recipient (RCPT TO answered 5xx): mail to it bounces, as with no MX.
    weight: 1,
    capBand: 0,
    description: 'a provider found that the mail server refuses this mailbox (SMTP 5xx to RCPT TO)',
  },
  EMAIL_DOMAIN_BLOCKLISTED: {
    kind: 'risk',
    // Domain block lists (RHSBL) list domains seen in spam or abuse: a strong hint, not proof about this sender.
    weight: 0.5,
    description: 'a provider found the domain on a domain block list (`detail` says how many)',
  },
  EMAIL_PROVIDER_FAILED: {
    kind: 'info',
    weight: 0,
    description: 'a provider failed or timed out; the facts it would have given stay unknown (never "false")',
  },
  EMAIL_PROVIDER_ONLY: {
    kind: 'info',
    weight: 0,
    description:
      'deliverability (is_valid, accept-all, spam-trap), domain_age, social presence and company fields need a provider; null offline',
  },
  EMAIL_DATA_STALE: {
    kind: 'info',
    weight: 0,
    description: 'the disposable-domain lists are older than the maximum age (`data.maxAgeDays`): a new throwaway domain may be missing; `detail` gives their date',
  },
} satisfies Readonly<Record<`EMAIL_${string}`, SignalSpec>>;

/**
 * Every code the email check raises (see {@link EMAIL_SCORE_MODEL} for
 * weights); a result's `reasons` also open with `EMAIL_BASELINE`, the
 * starting score.
 *
 * @example
 * checkEmail('x@mailinator.com').reasons.some((r) => r.code === 'EMAIL_DISPOSABLE'); // true
 */
export type EmailReasonCode = keyof typeof EMAIL_SIGNALS;

/**
 * The codes `scoring.weights` takes for the email check: its risk and trust
 * signals, derived from the same table as {@link EmailReasonCode} (an `info`
 * code takes no weight).
 *
 * @example
 * const weights: Partial<Record<EmailWeightCode, number>> = { EMAIL_FREE: 0.3 };
 */
export type EmailWeightCode = WeightedCode<typeof EMAIL_SIGNALS>;

/** The scorer of {@link EMAIL_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type EmailScorer = Scorer<EmailReasonCode, QualityCluster, 'email'>;

/** What {@link EmailScorer} returns: score, `email` cluster and `email` reasons. */
export type EmailScoreOutcome = ReturnType<EmailScorer>;

/**
 * The email score model, as data (docs/design.md, "Score model"). Higher is
 * better. The weights are judgement calls written down, not fitted: each
 * comment says what it encodes so that a caller can disagree with one
 * number (`scoring.weights`) instead of the whole model.
 *
 * Worked examples with the default bands: a well-formed corporate address
 * scores 850 (`high`); a free-provider address 630 (`good`); a role address
 * at a corporate domain 595 (`moderate`); a disposable one at most 399
 * (`bad`); a malformed one, a typo or a reserved domain at most 199 (`poor`).
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * const score = createScorer(EMAIL_SCORE_MODEL);
 * score([{ code: 'EMAIL_FREE' }]).score; // 630
 */
export const EMAIL_SCORE_MODEL: ScoreModel<EmailReasonCode, QualityCluster, 'email'> = Object.freeze({
  product: 'email',
  clusters: QUALITY_CLUSTERS,
  // A well-formed address we know nothing else about starts at 700 ("good"):
  // most such addresses work, but offline we cannot see the mailbox.
  baseline: 0.3,
  signals: Object.freeze(EMAIL_SIGNALS),
});
