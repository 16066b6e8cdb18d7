import { RISK_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { RiskCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

const info = (description: string) => ({ kind: 'info', weight: 0, description }) satisfies SignalSpec;

/**
 * The signals of the phone check, one entry per code: the single list of
 * its reason codes ({@link PhoneReasonCode} is derived from its keys, so a code
 * cannot exist in one place and not the other). Weights are log-likelihood
 * ratios in nats with their evidence (docs/scoring.md).
 */
const PHONE_SIGNALS = {
  // Not a phone number, or a number no operator could hold: gated to the bottom band whatever else is known.
  PHONE_SYNTAX: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/97 abusive, 0/269 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'not the shape of a phone number: letters, symbols, too few or too many digits' },
  PHONE_INVALID_COUNTRY: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/97 abusive, 0/269 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'the calling code is not assigned to any country or service' },
  PHONE_TOO_SHORT: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/97 abusive, 0/269 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'fewer digits than the numbering plan allows' },
  PHONE_TOO_LONG: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/97 abusive, 0/269 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'more digits than the numbering plan allows' },
  PHONE_INVALID_LENGTH: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/97 abusive, 0/269 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'a length between the allowed ones that the numbering plan does not use' },
  PHONE_NOT_IN_PLAN: { kind: 'risk', weight: 4, capBand: 0, evidence: 'corpus: 9/97 abusive, 0/269 genuine', description: 'possible length, but in no range of the numbering plan' },
  PHONE_NATIONAL_WITHOUT_COUNTRY: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/97 abusive, 0/269 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'a national number (no + or 00) and no defaultCountry to read it with' },
  // Number types that bill the caller or reach no one person's own line: real, reachable numbers, so no gate.
  PHONE_PREMIUM_RATE: { kind: 'risk', weight: 3.2, evidence: 'corpus: 4/97 abusive, 0/269 genuine', description: 'premium-rate number: bills the caller' },
  PHONE_SHARED_COST: { kind: 'risk', weight: 3, evidence: 'corpus: 3/97 abusive, 0/269 genuine', description: 'shared-cost number' },
  PHONE_PERSONAL_NUMBER: {
    kind: 'risk',
    weight: 3,
    evidence: 'corpus as PHONE_SHARED_COST: 3/97 abusive, 0/269 genuine; no fit-half number is of this type: measured as the shared-cost numbers, another type that reaches no one person\'s own line',
    description: 'personal (follow-me) number forwarding to another line',
  },
  PHONE_PAGER: { kind: 'risk', weight: 3, evidence: 'corpus as PHONE_SHARED_COST: 3/97 abusive, 0/269 genuine; no fit-half number is of this type: measured as the shared-cost numbers, another type that reaches no one person\'s own line', description: 'pager number' },
  PHONE_UAN: { kind: 'risk', weight: 3, evidence: 'corpus as PHONE_SHARED_COST: 3/97 abusive, 0/269 genuine; no fit-half number is of this type: measured as the shared-cost numbers, another type that reaches no one person\'s own line', description: 'universal access number (company switchboard)' },
  PHONE_TOLL_FREE: { kind: 'risk', weight: 3.7, evidence: 'corpus: 7/97 abusive, 0/269 genuine', description: 'toll-free number: the called party pays; a company line, not a person\'s own' },
  PHONE_VOICEMAIL: { kind: 'risk', weight: 3.7, evidence: 'corpus as PHONE_TOLL_FREE: 7/97 abusive, 0/269 genuine; no fit-half number is of this type: measured as the toll-free numbers, another type that reaches no one person\'s own line', description: 'voicemail access number: reaches a mailbox, not a person\'s own line' },
  // Facts about the number itself.
  PHONE_FICTIONAL: {
    kind: 'risk',
    weight: 5.4,
    capBand: 0,
    evidence: 'corpus: 41/97 abusive, 0/269 genuine; the ranges: NANPA, Ofcom and ACMA documents cited per range in data/phone/fictional.json',
    description: 'in a range the regulator reserves for fiction and examples (NANPA 555-0100–0199, Ofcom\'s drama ranges, ACMA\'s creative-works numbers): never issued to a subscriber; the detail names the document',
  },
  PHONE_REPEATED_DIGITS: {
    kind: 'risk',
    weight: 2.8,
    evidence: 'corpus: 15/97 abusive, 2/269 genuine; thresholds from the chance rate of a uniformly random subscriber number (at most 1 in 1,000), not from the corpus',
    description: 'the subscriber number repeats one digit, or uses so few digits, as a random number of its length does at most once in 1,000 (docs/phone.md)',
  },
  PHONE_SEQUENTIAL_DIGITS: {
    kind: 'risk',
    weight: 5,
    evidence: 'corpus: 27/97 abusive, 0/269 genuine; thresholds from the chance rate of a uniformly random subscriber number (at most 1 in 1,000), not from the corpus',
    description: 'the subscriber number runs up or down in steps of one as a random number of its length does at most once in 1,000 (docs/phone.md)',
  },
  PHONE_PERSONAL_LINE: {
    kind: 'trust',
    weight: 5.3,
    evidence: 'corpus: 0/97 abusive, 267/269 genuine',
    description: 'a valid mobile or fixed line in no reserved range and with no repeated or sequential subscriber digits',
  },
  PHONE_VOIP: { kind: 'risk', weight: 0, evidence: 'corpus: 0/97 abusive, 0/269 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'VoIP number: cheap and easy to obtain in bulk' },
  // That a number can be read, and whose range it is in, say how much is known: reported, not scored.
  PHONE_VALID: info('valid per its numbering plan: `type`, formats, country and time zones are filled'),
  PHONE_CARRIER_KNOWN: info('the carrier data names the operator the range is allocated to: original_network'),
  PHONE_CARRIER_UNKNOWN: info('the carrier data has no operator for this range: original_network is null'),
  PHONE_PORTING_UNKNOWN: info('porting is not known offline: current_network is the original network; an HLR or number-portability provider fills is_ported and the current network'),
  PHONE_CONNECTIVITY_UNKNOWN: info('whether the handset is connected or roaming is not known offline: status undetermined; an HLR provider fills it'),
  PHONE_MESSAGING_UNKNOWN: info('messaging-app presence is not known offline: has_whatsapp is null; a messaging-app lookup provider fills it'),
} satisfies Readonly<Record<`PHONE_${string}`, SignalSpec>>;

/**
 * Every code the phone check raises (see {@link PHONE_SCORE_MODEL} for
 * weights); a result's `reasons` also open with `PHONE_BASELINE`, the
 * starting score.
 *
 * @example
 * checkPhone('+39 333').reasons.some((r) => r.code === 'PHONE_TOO_SHORT'); // true
 */
export type PhoneReasonCode = keyof typeof PHONE_SIGNALS;

/**
 * The codes `scoring.weights` takes for the phone check: its risk and trust
 * signals, derived from the same table as {@link PhoneReasonCode} (an `info`
 * code takes no weight).
 *
 * @example
 * const weights: Partial<Record<PhoneWeightCode, number>> = { PHONE_VOIP: 1.5 };
 */
export type PhoneWeightCode = WeightedCode<typeof PHONE_SIGNALS>;

/** The scorer of {@link PHONE_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type PhoneScorer = Scorer<PhoneReasonCode, RiskCluster, 'phone'>;

/** What {@link PhoneScorer} returns: score, `phone` cluster and `phone` reasons. */
export type PhoneScoreOutcome = ReturnType<PhoneScorer>;

/**
 * The phone product's score model (docs/scoring.md): the trust that the
 * number is a real person's own line. A number that is valid but about
 * which nothing else is known scores 500, the middle of the review band:
 * validity and a known carrier say how much is known, and are reported, not
 * scored. Gates cap syntax and invalid numbers at the bottom band; number
 * types that bill the caller or reach no one person's line are risks, each
 * weight a log-likelihood ratio in nats with its evidence.
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * const score = createScorer(PHONE_SCORE_MODEL);
 * score([{ code: 'PHONE_VALID' }, { code: 'PHONE_PREMIUM_RATE' }]).score; // 39
 */
export const PHONE_SCORE_MODEL: ScoreModel<PhoneReasonCode, RiskCluster, 'phone'> = Object.freeze({
  product: 'phone',
  clusters: RISK_CLUSTERS,
  signals: Object.freeze(PHONE_SIGNALS),
});
