import { RISK_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { RiskCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

// Weights are judgement, stated as data so callers can override them
// (`scoring.weights`); they were set before any corpus was run, not fitted.
// - Not a phone number (syntax) or a number no operator could hold
//   (invalid): gated to the bottom band whatever else is known.
// - Premium-rate, shared-cost, VoIP, personal (follow-me), pager and UAN
//   numbers are cheap to obtain or bill the caller: favourites of fraud and
//   throwaway sign-ups, premium-rate most of all. They lower the score by
//   noisy-OR, without a gate: they are real, reachable numbers.
// - Trust: a number valid per its numbering plan removes part of the
//   baseline doubt; a mobile or fixed line whose range the carrier data
//   attributes to an operator removes more.
// - Info (0 points): why provider-only fields are null offline.
const invalid = (description: string) => ({ kind: 'risk', weight: 0.95, capBand: 0, description }) satisfies SignalSpec;
const info = (description: string) => ({ kind: 'info', weight: 0, description }) satisfies SignalSpec;
const risk = (weight: number, description: string) => ({ kind: 'risk', weight, description }) satisfies SignalSpec;
const trust = (weight: number, description: string) => ({ kind: 'trust', weight, description }) satisfies SignalSpec;

/**
 * The signals of the phone check, one entry per code: the single list of
 * its reason codes ({@link PhoneReasonCode} is derived from its keys, so a code
 * cannot exist in one place and not the other).
 */
const PHONE_SIGNALS = {
  PHONE_SYNTAX: invalid('not the shape of a phone number: letters, symbols, too few or too many digits'),
  PHONE_INVALID_COUNTRY: invalid('the calling code is not assigned to any country or service'),
  PHONE_TOO_SHORT: invalid('fewer digits than the numbering plan allows'),
  PHONE_TOO_LONG: invalid('more digits than the numbering plan allows'),
  PHONE_INVALID_LENGTH: invalid('a length between the allowed ones that the numbering plan does not use'),
  PHONE_NOT_IN_PLAN: invalid('possible length, but in no range of the numbering plan'),
  PHONE_NATIONAL_WITHOUT_COUNTRY: invalid('a national number (no + or 00) and no defaultCountry to read it with'),
  PHONE_PREMIUM_RATE: risk(0.6, 'premium-rate number: bills the caller'),
  PHONE_SHARED_COST: risk(0.4, 'shared-cost number'),
  PHONE_VOIP: risk(0.35, 'VoIP number: cheap and easy to obtain in bulk'),
  PHONE_PERSONAL_NUMBER: risk(0.4, 'personal (follow-me) number forwarding to another line'),
  PHONE_PAGER: risk(0.3, 'pager number'),
  PHONE_UAN: risk(0.3, 'universal access number (company switchboard)'),
  PHONE_VALID: trust(0.4, 'valid per its numbering plan'),
  PHONE_CARRIER_KNOWN: trust(0.5, 'a mobile or fixed line whose range is allocated to a known operator'),
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
 * const weights: Partial<Record<PhoneWeightCode, number>> = { PHONE_VOIP: 0.3 };
 */
export type PhoneWeightCode = WeightedCode<typeof PHONE_SIGNALS>;

/** The scorer of {@link PHONE_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type PhoneScorer = Scorer<PhoneReasonCode, RiskCluster, 'phone'>;

/** What {@link PhoneScorer} returns: score, `phone` cluster and `phone` reasons. */
export type PhoneScoreOutcome = ReturnType<PhoneScorer>;

/**
 * The phone product's score model: a 0.5 baseline risk, gates for syntax
 * and invalid numbers, noisy-OR risks for number types favoured by fraud,
 * trust lifts for valid numbers and known carriers.
 *
 * Typical scores with the default bands: a valid mobile with a known
 * carrier 850 (`very_high`), a valid fixed line 700 (`high`), a VoIP number
 * 455 (`review`), a premium-rate number 280 (`low`), invalid or syntax at
 * most 199 (`very_low`).
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * const score = createScorer(PHONE_SCORE_MODEL);
 * score([{ code: 'PHONE_VALID' }, { code: 'PHONE_CARRIER_KNOWN' }]).score; // 850
 */
export const PHONE_SCORE_MODEL: ScoreModel<PhoneReasonCode, RiskCluster, 'phone'> = Object.freeze({
  product: 'phone',
  clusters: RISK_CLUSTERS,
  baseline: 0.5,
  signals: Object.freeze(PHONE_SIGNALS),
});
