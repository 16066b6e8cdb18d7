import { RISK_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { RiskCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

/**
 * The signals of the identity score, one entry per code: the single list of
 * its reason codes. Callers override the weights with `scoring.weights`, as
 * the products' weights.
 *
 * Products carried in (`IDENTITY_EMAIL` …) are `carried` signals: the
 * product's score `s` enters as its log-odds `ln(s / (1000 − s))`, clamped
 * to ±6, times the signal's weight, a damping in 0..1. Damped because the
 * products' evidence overlaps with each other's and with the cross-signal
 * findings (a disposable address is the e-mail's risk and, on a VPN, a
 * finding too). A product scoring 500 (nothing known) carries nothing; a
 * product not checked carries nothing either, so a missing input lowers
 * the result's `confidence`, never its score.
 */
/** A damping's evidence: the fit of `npm run eval:rates` (scripts/signups/rates.ts). */
const FIT = (damping: string) =>
  `corpus fit: ${damping}; the damping in 0..1 (steps of 0.05) that, with the other products', maximises the log-likelihood of the fit-half sign-ups' labels`;

const IDENTITY_SIGNALS = {
  // Products carried in.
  IDENTITY_EMAIL: { kind: 'carried', weight: 0.6, evidence: FIT('0.6'), description: "the e-mail check's score, carried in as its log-odds" },
  IDENTITY_PHONE: { kind: 'carried', weight: 1, evidence: FIT('1'), description: "the phone check's score, carried in as its log-odds" },
  IDENTITY_IP: { kind: 'carried', weight: 0.1, evidence: FIT('0.1'), description: "the IP check's score, carried in as its log-odds" },
  IDENTITY_NAME: { kind: 'carried', weight: 0, evidence: FIT('0'), description: "the name check's score, carried in as its log-odds" },
  IDENTITY_DEVICE: { kind: 'carried', weight: 0.5, evidence: FIT('0.5'), description: "the device check's score, carried in as its log-odds" },

  // Name against e-mail local part.
  IDENTITY_NAME_IN_EMAIL: {
    kind: 'trust',
    weight: 0.8,
    evidence: 'corpus: 81/305 abusive, 181/296 genuine',
    description: 'the e-mail local part spells the name: jane.doe, jdoe, doe.jane, janedoe, initials (accents, transliteration and nicknames folded)',
  },
  IDENTITY_NAME_PART_IN_EMAIL: { kind: 'trust', weight: 1.1, evidence: 'corpus: 14/305 abusive, 40/296 genuine', description: 'the e-mail local part holds the first or the last name only' },
  IDENTITY_OTHER_NAME_IN_EMAIL: {
    kind: 'risk',
    weight: 3.1,
    evidence: 'corpus: 11/305 abusive, 0/296 genuine',
    description: "the e-mail local part is another person's name (two name words, neither the given nor the family name)",
  },

  // Countries.
  IDENTITY_PHONE_IP_COUNTRY: { kind: 'trust', weight: 0.8, evidence: 'corpus: 65/305 abusive, 141/296 genuine', description: "the phone's country is the IP's country" },
  IDENTITY_PHONE_IP_COUNTRY_MISMATCH: {
    kind: 'risk',
    weight: 1.3,
    evidence: 'corpus: 54/305 abusive, 14/296 genuine',
    description: "the phone's country is not the IP's country (travellers and expatriates do this too)",
  },
  IDENTITY_EMAIL_COUNTRY_MISMATCH: {
    kind: 'risk',
    weight: 3.2,
    evidence: 'corpus: 36/305 abusive, 1/296 genuine',
    description: "the e-mail domain's country code (.de, .co.uk) is neither the phone's nor the IP's country",
  },
  IDENTITY_EMAIL_COUNTRY: { kind: 'trust', weight: 1.5, evidence: 'corpus: 11/305 abusive, 51/296 genuine', description: "the e-mail domain's country code is the phone's or the IP's country" },
  IDENTITY_NAME_ORIGIN_MISMATCH: {
    kind: 'risk',
    weight: 1.3,
    evidence: 'corpus: 16/305 abusive, 4/296 genuine',
    description: "the family name is listed for some countries, none of them the phone's, the IP's or the declared country (migration makes this weak)",
  },
  IDENTITY_DECLARED_COUNTRY_MISMATCH: {
    kind: 'risk',
    weight: 4.4,
    evidence: 'corpus: 40/305 abusive, 0/296 genuine',
    description: 'the declared country is neither the phone’s nor the IP’s',
  },

  // Time.
  IDENTITY_NIGHT_ACTIVITY: { kind: 'risk', weight: 0.8, evidence: 'corpus: 10/305 abusive, 4/296 genuine', description: "checked between 01:00 and 04:59 in the IP's time zone" },

  // Device against network.
  IDENTITY_MOBILE_ON_ANONYMOUS_IP: {
    kind: 'risk',
    weight: 1.1,
    evidence: 'corpus: 52/305 abusive, 16/296 genuine',
    description: 'a phone or tablet user agent from a data-centre, VPN, proxy or Tor address (emulator farms, spoofed user agents)',
  },
  IDENTITY_ROBOT_ON_RESIDENTIAL_IP: {
    kind: 'risk',
    weight: 2.7,
    evidence: 'corpus: 7/305 abusive, 0/296 genuine',
    description: 'a robot or script user agent from a residential or mobile address (residential proxy networks, scripted sign-ups)',
  },
  IDENTITY_DESKTOP_ON_MOBILE_IP: {
    kind: 'info',
    weight: 0,
    description: 'a desktop browser on a mobile-carrier address: normal (tethering, mobile broadband), moves nothing',
  },

  // E-mail against network and name.
  IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP: {
    kind: 'risk',
    weight: 3.9,
    evidence: 'corpus: 24/305 abusive, 0/296 genuine',
    description: 'a disposable e-mail address from a VPN, proxy, Tor or data-centre address: both ways of staying unreachable at once',
  },
  IDENTITY_BUSINESS_NAME_FREE_EMAIL: {
    kind: 'risk',
    weight: 0,
    evidence: 'corpus: 0/305 abusive, 0/296 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)',
    description: 'a company name on a free-mail address, where a real business would write from its own domain',
  },
  IDENTITY_BUSINESS_NAME_OWN_DOMAIN: { kind: 'trust', weight: 0, evidence: 'corpus: 0/305 abusive, 0/296 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: "a company name whose words name the e-mail's domain" },
} satisfies Readonly<Record<`IDENTITY_${string}`, SignalSpec>>;

/**
 * Every code the identity score raises; a result's reasons also open with
 * `IDENTITY_BASELINE`.
 */
export type IdentityReasonCode = keyof typeof IDENTITY_SIGNALS;

/**
 * The codes `scoring.weights` takes for the identity check: its risk and trust
 * signals, derived from the same table as {@link IdentityReasonCode} (an `info`
 * code takes no weight).
 *
 * @example
 * const weights: Partial<Record<IdentityWeightCode, number>> = { IDENTITY_NAME_IN_EMAIL: 1.5 };
 */
export type IdentityWeightCode = WeightedCode<typeof IDENTITY_SIGNALS>;

/** The scorer of {@link IDENTITY_SCORE_MODEL}. */
export type IdentityScorer = Scorer<IdentityReasonCode, RiskCluster, 'identity'>;

/**
 * The identity score model (docs/scoring.md, docs/identity.md): the trust
 * that these inputs are one real person acting in good faith. Nothing known
 * is 500; each product checked is carried in as its damped log-odds, and
 * every cross-signal finding is a trust or a risk weighed, like the
 * products' signals, by its log-likelihood ratio on the labelled sign-up
 * corpus. Clusters are the ip/name/phone scale.
 *
 * @example
 * createScorer(IDENTITY_SCORE_MODEL)([{ code: 'IDENTITY_NIGHT_ACTIVITY' }]).score // 310
 */
export const IDENTITY_SCORE_MODEL: ScoreModel<IdentityReasonCode, RiskCluster, 'identity'> = Object.freeze({
  product: 'identity',
  clusters: RISK_CLUSTERS,
  signals: Object.freeze(IDENTITY_SIGNALS),
});
