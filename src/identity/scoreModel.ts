import { RISK_CLUSTERS } from '../scoring/bands.js';
import type { Scorer } from '../scoring/createScorer.js';
import type { RiskCluster, ScoreModel, SignalSpec, WeightedCode } from '../scoring/types.js';

/**
 * The signals of the identity score, one entry per code: the single list of
 * its reason codes. Weights were written from reasoning before any fixture
 * was scored (docs/identity.md gives the argument for each); callers
 * override them with `scoring.weights`, as the products' weights.
 *
 * Products carried in (`IDENTITY_EMAIL` …) are risks whose strength is the
 * product's own risk, squared: `(1 − score/1000)²`. Squared so that an
 * ordinary product (score 700–900, risk 0.1–0.3) costs a few points while a
 * bad one (score under 300) costs most of its weight: each product's score
 * already sits below 1000 for an ordinary input because of its baseline.
 */
const IDENTITY_SIGNALS = {
  // Products carried in: their weight is how much that product's verdict can move the whole identity.
  IDENTITY_EMAIL: { kind: 'risk', weight: 0.6, description: "the e-mail check's own risk, carried in" },
  IDENTITY_PHONE: { kind: 'risk', weight: 0.6, description: "the phone check's own risk, carried in" },
  IDENTITY_IP: { kind: 'risk', weight: 0.6, description: "the IP check's own risk, carried in" },
  IDENTITY_NAME: { kind: 'risk', weight: 0.6, description: "the name check's own risk, carried in" },
  // Lower: an unusual but real browser is less telling than a disposable address or a Tor exit.
  IDENTITY_DEVICE: { kind: 'risk', weight: 0.5, description: "the device check's own risk, carried in" },

  // Name against e-mail local part.
  IDENTITY_NAME_IN_EMAIL: {
    kind: 'trust',
    weight: 0.5,
    description: 'the e-mail local part spells the name: jane.doe, jdoe, doe.jane, janedoe, initials (accents, transliteration and nicknames folded)',
  },
  IDENTITY_NAME_PART_IN_EMAIL: { kind: 'trust', weight: 0.25, description: 'the e-mail local part holds the first or the last name only' },
  IDENTITY_OTHER_NAME_IN_EMAIL: {
    kind: 'risk',
    weight: 0.25,
    description: "the e-mail local part is another person's name (two name words, neither the given nor the family name)",
  },

  // Countries.
  IDENTITY_PHONE_IP_COUNTRY: { kind: 'trust', weight: 0.3, description: "the phone's country is the IP's country" },
  IDENTITY_PHONE_IP_COUNTRY_MISMATCH: {
    kind: 'risk',
    weight: 0.2,
    description: "the phone's country is not the IP's country (travellers and expatriates do this: weak on its own)",
  },
  IDENTITY_EMAIL_COUNTRY_MISMATCH: {
    kind: 'risk',
    weight: 0.15,
    description: "the e-mail domain's country code (.de, .co.uk) is neither the phone's nor the IP's country",
  },
  IDENTITY_EMAIL_COUNTRY: { kind: 'trust', weight: 0.15, description: "the e-mail domain's country code is the phone's or the IP's country" },
  IDENTITY_NAME_ORIGIN_MISMATCH: {
    kind: 'risk',
    weight: 0.08,
    description: "the family name is listed for some countries, none of them the phone's, the IP's or the declared country (migration makes this very weak)",
  },
  IDENTITY_DECLARED_COUNTRY_MISMATCH: {
    kind: 'risk',
    weight: 0.15,
    description: 'the declared country is neither the phone’s nor the IP’s',
  },

  // Time.
  IDENTITY_NIGHT_ACTIVITY: { kind: 'risk', weight: 0.1, description: "checked between 01:00 and 04:59 in the IP's time zone" },

  // Device against network.
  IDENTITY_MOBILE_ON_ANONYMOUS_IP: {
    kind: 'risk',
    weight: 0.35,
    description: 'a phone or tablet user agent from a data-centre, VPN, proxy or Tor address (emulator farms, spoofed user agents)',
  },
  IDENTITY_ROBOT_ON_RESIDENTIAL_IP: {
    kind: 'risk',
    weight: 0.4,
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
    weight: 0.5,
    description: 'a disposable e-mail address from a VPN, proxy, Tor or data-centre address: both ways of staying unreachable at once',
  },
  IDENTITY_BUSINESS_NAME_FREE_EMAIL: {
    kind: 'risk',
    weight: 0.2,
    description: 'a company name on a free-mail address, where a real business would write from its own domain',
  },
  IDENTITY_BUSINESS_NAME_OWN_DOMAIN: { kind: 'trust', weight: 0.3, description: "a company name whose words name the e-mail's domain" },
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
 * const weights: Partial<Record<IdentityWeightCode, number>> = { IDENTITY_NAME_IN_EMAIL: 0.3 };
 */
export type IdentityWeightCode = WeightedCode<typeof IDENTITY_SIGNALS>;

/** The scorer of {@link IDENTITY_SCORE_MODEL}. */
export type IdentityScorer = Scorer<IdentityReasonCode, RiskCluster, 'identity'>;

/**
 * The identity score model: baseline 0.1 (900 when nothing at all is
 * known), the products' risks carried in and every cross-signal finding,
 * combined by the products' engine (trusts remove baseline uncertainty,
 * risks combine as noisy-OR, points add up to the score). Clusters are the
 * ip/name/phone scale. Baseline 0.1 rather than the products' 0.3–0.4:
 * most of the doubt about an identity is already in the products' own
 * scores, carried in as risks.
 *
 * @example
 * createScorer(IDENTITY_SCORE_MODEL)([{ code: 'IDENTITY_NIGHT_ACTIVITY' }]).score // 810
 */
export const IDENTITY_SCORE_MODEL: ScoreModel<IdentityReasonCode, RiskCluster, 'identity'> = Object.freeze({
  product: 'identity',
  clusters: RISK_CLUSTERS,
  baseline: 0.1,
  signals: Object.freeze(IDENTITY_SIGNALS),
});
