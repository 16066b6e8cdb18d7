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
    weight: 2.8,
    // Mail to a malformed address cannot be delivered: gated to the bottom band whatever its weight.
    capBand: 0,
    evidence: 'corpus: 4/212 abusive, 0/389 genuine',
    description: 'the address is malformed or uses a form providers refuse (quoted, obsolete, IP literal, too long)',
  },
  EMAIL_INVALID_DOMAIN: {
    kind: 'risk',
    weight: 0,
    // No ICANN public suffix (unknown TLD, bare suffix): no resolver will find an MX.
    capBand: 0,
    evidence: 'corpus: 0/212 abusive, 0/389 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work',
    description: 'the domain has no known public suffix, so it cannot receive mail',
  },
  EMAIL_RESERVED: {
    kind: 'risk',
    weight: 1.7,
    // RFC 2606/6761/6762 names never resolve on the public internet.
    capBand: 0,
    evidence: 'corpus: 1/212 abusive, 0/389 genuine',
    description: 'the domain is reserved (example, test, invalid, localhost, .local, …) and never receives mail',
  },
  EMAIL_TYPO: {
    kind: 'risk',
    weight: 1.7,
    // The user most likely meant another domain: mail bounces or reaches a squatter. Gated like syntax,
    // because the spec files typos under status `syntax`.
    capBand: 0,
    evidence: 'corpus: 1/212 abusive, 0/389 genuine',
    description: 'the domain looks like a misspelling of a popular mail domain; see `suggestion`',
  },
  EMAIL_DISPOSABLE: {
    kind: 'risk',
    weight: 4.9,
    // Throwaway inboxes work for minutes: the address is real but not a durable identity. Gated to the second band.
    capBand: 1,
    evidence: 'corpus: 38/212 abusive, 0/389 genuine',
    description: 'the domain belongs to a disposable (throwaway) mail service',
  },
  EMAIL_CONFUSABLE: {
    kind: 'risk',
    weight: 0,
    // Mixed scripts (Latin with Cyrillic look-alikes) are a phishing and impersonation pattern. Gated to the second band.
    capBand: 1,
    evidence: 'corpus: 0/212 abusive, 0/389 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work',
    description: 'the local part or a domain label mixes scripts or uses look-alike letters',
  },
  EMAIL_ROLE: {
    kind: 'risk',
    weight: 3,
    evidence: 'corpus: 5/212 abusive, 0/389 genuine',
    description: 'the local part names a role or a shared mailbox (info, sales, noreply…) rather than a person',
  },
  EMAIL_FREE: {
    kind: 'trust',
    weight: 0.2,
    // Most genuine sign-ups write from a free provider; abusive ones also use disposable and unlisted domains.
    evidence: 'corpus: 158/212 abusive, 370/389 genuine',
    description: 'the domain belongs to a free mail provider',
  },
  EMAIL_DOMAIN_UNLISTED: {
    kind: 'info',
    weight: 0,
    description:
      'the domain is on no free-provider or disposable list: a company, a university, a small provider or a made-up domain; unknown, so it moves nothing',
  },
  EMAIL_PROVIDER_RULE: {
    kind: 'risk',
    weight: 4.2,
    evidence: 'corpus: 18/212 abusive, 0/389 genuine',
    description: "the username breaks its provider's published rules (data/raw/email/provider-rules.tsv): the provider cannot have issued it",
  },
  EMAIL_DOT_VARIANT: {
    kind: 'risk',
    weight: 2.6,
    evidence: 'corpus: 3/212 abusive, 0/389 genuine',
    description:
      'at a provider that ignores dots in usernames (Gmail), dots spread through the local part (three or more, or a lone last letter): one mailbox passing for many accounts',
  },
  EMAIL_PLACEHOLDER: {
    kind: 'risk',
    weight: 4.5,
    evidence: 'corpus: 24/212 abusive, 0/389 genuine',
    description: 'the local part is a placeholder word (test, asdf, dummy, nobody…; data/raw/email/placeholders.tsv gives each one\'s reason)',
  },
  EMAIL_KEYBOARD_WALK: {
    kind: 'risk',
    weight: 3.9,
    evidence: 'corpus: 13/212 abusive, 0/389 genuine',
    description: 'the local part is a keyboard walk or one-hand mashing on a layout the name check knows (QWERTY, AZERTY, QWERTZ, ЙЦУКЕН)',
  },
  EMAIL_GENERATED: {
    kind: 'risk',
    weight: 4,
    evidence: 'corpus: 77/212 abusive, 2/389 genuine',
    description: 'the character model reads the local part as a generated string (random letters, letters and digits, hex), not a chosen name or words',
  },
  EMAIL_DIGIT_RUN: {
    kind: 'risk',
    weight: 2.5,
    evidence: 'corpus: 49/212 abusive, 7/389 genuine',
    description: 'the local part holds five or more digits in a row (a phone number, a counter, an ID)',
  },
  EMAIL_SUBADDRESS: {
    kind: 'risk',
    weight: 1.7,
    evidence: 'corpus: 18/212 abusive, 6/389 genuine',
    description: 'the address carries a sub-address tag (`jane+shop@…`); `canonical` gives the mailbox it is delivered to',
  },
  EMAIL_NAME_LIKE: {
    kind: 'trust',
    weight: 1.7,
    evidence: 'corpus: 24/212 abusive, 244/389 genuine',
    description:
      "the local part reads as a person's name: known given names, surnames and particles joined the usual ways (jane.doe, janedoe, j.doe, jdoe, doe.jane), with nothing or one or two digits after",
  },
  EMAIL_NAME_YEAR: {
    kind: 'trust',
    weight: 3.3,
    evidence: 'corpus: 0/212 abusive, 25/389 genuine',
    description: "at a free provider, the local part reads as a person's name followed by a birth year (1920–2015): jane.doe1987",
  },
  EMAIL_NAME_NUMBER: {
    kind: 'trust',
    weight: 2.8,
    evidence: 'corpus: 0/212 abusive, 15/389 genuine',
    description: "at a free provider, the local part reads as a person's name followed by a three-digit number: jane.doe482",
  },
  EMAIL_NAME_UNLISTED_DOMAIN: {
    kind: 'trust',
    weight: 0.7,
    evidence: 'corpus: 3/212 abusive, 12/389 genuine',
    description:
      "at a domain on no list (a company, a university, a small provider or a made-up domain), the local part reads as a person's name, with or without a year or a short number: measured apart from the free providers, where a username is issued once",
  },
  EMAIL_LOCAL_CHOSEN: {
    kind: 'trust',
    weight: 1.6,
    evidence: 'corpus: 7/212 abusive, 70/389 genuine',
    description:
      'at a free provider, the character model reads the local part as chosen by a person (words, a handle) though it is no known name, and no local-part risk applies (no walk, long digit run, placeholder, dot variant or broken provider rule)',
  },
  EMAIL_RELAY: {
    kind: 'info',
    weight: 0,
    description: 'the domain is a relay service that issues random aliases (Apple Hide My Email, Firefox Relay): the local part is not judged as generated',
  },
  // The signals below come only from providers (createChecker({ providers }) → emailAsync); the
  // offline corpus cannot show them, so their weights are those of the offline fact they match.
  EMAIL_NO_MX: {
    kind: 'risk',
    weight: 0,
    // DNS says the domain takes no mail (no MX, no address, or a null MX): every message bounces.
    capBand: 0,
    evidence: 'corpus: 0/212 abusive, 0/389 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work',
    description: 'a provider found that the domain accepts no mail (no MX or address record, or a null MX)',
  },
  EMAIL_SPAM_TRAP: {
    kind: 'risk',
    weight: 0,
    // A trap address exists to catch senders of unsolicited mail: never a customer. Gated like disposable.
    capBand: 1,
    evidence: 'corpus: 0/212 abusive, 0/389 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work',
    description: 'a provider reports the address as a spam trap',
  },
  EMAIL_ACCEPT_ALL: {
    kind: 'info',
    weight: 0,
    description:
      'a provider found that the server accepts every recipient (catch-all), so the mailbox could not be verified: says how much is known, moves nothing',
  },
  EMAIL_DELIVERABLE: {
    kind: 'trust',
    weight: 0,
    evidence:
      'corpus: 0/212 abusive, 0/389 genuine; the offline corpus cannot verify a mailbox: no rate, so no weight until one is measured (scoring.weights sets one)',
    description: 'a provider verified that the mailbox exists',
  },
  EMAIL_MAILBOX_REJECTED: {
    kind: 'risk',
    weight: 0,
    // The domain's mail server refused this recipient (RCPT TO answered 5xx): mail to it bounces, as with no MX.
    capBand: 0,
    evidence: 'corpus: 0/212 abusive, 0/389 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work',
    description: 'a provider found that the mail server refuses this mailbox (SMTP 5xx to RCPT TO)',
  },
  EMAIL_DOMAIN_BLOCKLISTED: {
    kind: 'risk',
    weight: 4.9,
    evidence:
      'corpus as EMAIL_DISPOSABLE: 38/212 abusive, 0/389 genuine; the offline corpus cannot query a domain block list: measured as the disposable domains, which such lists (Spamhaus DBL and the like) list with the domains of spam',
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
 * const weights: Partial<Record<EmailWeightCode, number>> = { EMAIL_ROLE: 1.5 };
 */
export type EmailWeightCode = WeightedCode<typeof EMAIL_SIGNALS>;

/** The scorer of {@link EMAIL_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type EmailScorer = Scorer<EmailReasonCode, QualityCluster, 'email'>;

/** What {@link EmailScorer} returns: score, `email` cluster and `email` reasons. */
export type EmailScoreOutcome = ReturnType<EmailScorer>;

/**
 * The email score model, as data (docs/scoring.md). Higher is better: the
 * trust that the address belongs to a real person acting in good faith.
 * Each risk's and trust's weight is a log-likelihood ratio in nats with its
 * evidence beside it (the labelled sign-up corpus's fit half, `npm run
 * eval:rates`), so a caller can disagree with one number
 * (`scoring.weights`) instead of the whole model.
 *
 * An address about which nothing is known scores 500, the middle of the
 * review band; a domain on no list is unknown, not corporate, and moves
 * nothing. With the default bands: a disposable address scores at most 399
 * (`bad`); a malformed one, a typo or a reserved domain at most 199 (`poor`).
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * const score = createScorer(EMAIL_SCORE_MODEL);
 * score([{ code: 'EMAIL_DISPOSABLE' }]).score; // 7
 */
export const EMAIL_SCORE_MODEL: ScoreModel<EmailReasonCode, QualityCluster, 'email'> = Object.freeze({
  product: 'email',
  clusters: QUALITY_CLUSTERS,
  signals: Object.freeze(EMAIL_SIGNALS),
});
