import { QUALITY_CLUSTERS } from '../scoring/index.js';
import type { QualityCluster, ScoreModel, Scorer, SignalSpec, WeightedCode } from '../scoring/index.js';

/**
 * The signals of the device check, one entry per code: the single list of
 * its reason codes ({@link DeviceReasonCode} is derived from its keys, so a
 * code cannot exist in one place and not the other); see
 * {@link DEVICE_SCORE_MODEL}.
 */
const DEVICE_SIGNALS = {
  DEVICE_EMPTY: { kind: 'risk', weight: 0, capBand: 0, evidence: 'corpus: 0/97 abusive, 0/504 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work', description: 'the user agent is empty or blank' },
  DEVICE_MALFORMED: {
    kind: 'risk',
    weight: 0,
    capBand: 0,
    evidence: 'corpus: 0/97 abusive, 0/504 genuine; no fit-half row carries it: no rate, so no weight; the gate does the work',
    description: 'the user agent is garbage: control characters or no letters at all',
  },
  DEVICE_TOO_LONG: { kind: 'risk', weight: 0, evidence: 'corpus: 0/97 abusive, 0/504 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)', description: 'the user agent is longer than any real browser sends (cut before parsing)' },
  DEVICE_HEADER_NAME: {
    kind: 'risk',
    weight: 0,
    evidence: 'corpus: 0/97 abusive, 0/504 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)',
    description: "the value starts with the header's own name ('User-Agent: Mozilla/5.0 …'): a hand-built request or a logging slip",
  },
  DEVICE_ROBOT: { kind: 'risk', weight: 6, capBand: 1, evidence: 'corpus: 63/97 abusive, 0/504 genuine', description: 'a crawler, monitor, script or HTTP library (isbot)' },
  DEVICE_HEADLESS: {
    kind: 'risk',
    weight: 6,
    capBand: 1,
    evidence: 'corpus: 41/97 abusive, 0/504 genuine',
    description: "a headless or scripted browser: named in the user agent, or in a Sec-CH-UA brand (Chromium's headless shell brands itself HeadlessChrome) behind a user agent that passes for Chrome",
  },
  DEVICE_IMPOSSIBLE_COMBINATION: {
    kind: 'risk',
    weight: 2.7,
    capBand: 1,
    evidence: 'corpus: 1/97 abusive, 0/504 genuine',
    description: 'the browser, OS and device cannot occur together (e.g. Internet Explorer on Android)',
  },
  DEVICE_FEED_READER: {
    kind: 'risk',
    weight: 0,
    evidence: 'corpus: 0/97 abusive, 0/504 genuine; no fit-half row carries it: no rate, so no weight until one is measured (scoring.weights sets one)',
    description: "a feed-reader app (is_feed_reader): a person's client, not a bot, but one that polls feeds rather than a browser a person fills a form in",
  },
  DEVICE_HINTS_MISMATCH: {
    kind: 'risk',
    weight: 6,
    evidence: 'corpus: 39/97 abusive, 0/504 genuine',
    description: "client-hint headers contradict the user agent: the platform, the mobile flag, Chromium's major version, or hints at all from Firefox or Safari, which send none",
  },
  DEVICE_BROWSER_OUTDATED: {
    kind: 'risk',
    weight: 1.6,
    evidence: 'corpus: 15/97 abusive, 16/504 genuine',
    description: "a newer major of the browser's family came out two years or more before the checker's clock (release history: caniuse), or its vendor retired it",
  },
  DEVICE_VERSION_UNRELEASED: {
    kind: 'risk',
    weight: 6,
    evidence:
      'corpus as DEVICE_HINTS_MISMATCH: 39/97 abusive, 0/504 genuine; no fit-half row carries it: like a hint that contradicts the user agent, it is a request contradicting itself (here the calendar), which a browser cannot send and a forger can',
    description: "the browser's version is further ahead of its family's newest release (on the checker's clock) than any beta or nightly channel runs: a number typed into a forged user agent",
  },
  DEVICE_BROWSER_RECENT: {
    kind: 'trust',
    weight: 5.2,
    evidence: 'corpus: 0/97 abusive, 476/504 genuine',
    description: "a current browser: the newest major of its family on the checker's clock, or superseded less than six months before, and nothing in the request contradicts it",
  },
  // What the parser could name says how much is known about the device, not whether a person holds it: reported, not scored.
  DEVICE_BROWSER_UNKNOWN: { kind: 'info', weight: 0, description: 'no browser or app could be identified: browser fields are null' },
  DEVICE_OS_UNKNOWN: { kind: 'info', weight: 0, description: 'no operating system could be identified: OS fields are null' },
  DEVICE_CATEGORY_UNKNOWN: { kind: 'info', weight: 0, description: 'the kind of hardware could not be told: category is unknown' },
  DEVICE_BROWSER_IDENTIFIED: { kind: 'info', weight: 0, description: 'browser and version identified' },
  DEVICE_OS_IDENTIFIED: { kind: 'info', weight: 0, description: 'operating system and version identified' },
  DEVICE_MODEL_IDENTIFIED: { kind: 'info', weight: 0, description: 'the device model is named and found in the model table' },
  DEVICE_HINTS_CONSISTENT: {
    kind: 'info',
    weight: 0,
    description: 'client-hint headers agree with the user agent: nothing against it; not scored, as only Chromium browsers send hints (a current Safari sends none)',
  },
  DEVICE_MODEL_HIDDEN: {
    kind: 'info',
    weight: 0,
    description: 'the user agent hides the model, as every iPhone and reduced Android UA does: the norm, not a risk; model-specific fields are null',
  },
  DEVICE_SPECS_UNKNOWN: { kind: 'info', weight: 0, description: 'the model is not in the specs table; screen, age and price are null' },
  DEVICE_APP: { kind: 'info', weight: 0, description: 'an app or WebView, not a stand-alone browser' },
  DEVICE_PROVIDER_ONLY: {
    kind: 'info',
    weight: 0,
    description: 'display_color_depth, jqm, v_card_download and supports_client_side are not in a user agent: null offline',
  },
} satisfies Readonly<Record<`DEVICE_${string}`, SignalSpec>>;

/**
 * Reason codes of the device check. Risks lower the score, trusts raise it,
 * info codes explain a `null` field and move nothing; a result's `reasons`
 * also open with `DEVICE_BASELINE`, the starting score.
 *
 * @example
 * checkDevice('curl/8.4.0').reasons.some((r) => r.code === 'DEVICE_ROBOT'); // true
 */
export type DeviceReasonCode = keyof typeof DEVICE_SIGNALS;

/**
 * The codes `scoring.weights` takes for the device check: its risk and trust
 * signals, derived from the same table as {@link DeviceReasonCode} (an `info`
 * code takes no weight).
 *
 * @example
 * const weights: Partial<Record<DeviceWeightCode, number>> = { DEVICE_BROWSER_OUTDATED: 0.5 };
 */
export type DeviceWeightCode = WeightedCode<typeof DEVICE_SIGNALS>;

/** The scorer of {@link DEVICE_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type DeviceScorer = Scorer<DeviceReasonCode, QualityCluster, 'device'>;

/** What {@link DeviceScorer} returns: score, `device` cluster and `device` reasons. */
export type DeviceScoreOutcome = ReturnType<DeviceScorer>;

/**
 * The device score model (docs/scoring.md): the trust that the user agent
 * is a person's browser. What the parser could name (browser, OS, model,
 * specs) is reported, not scored: an iPhone never names its model, and a
 * current one is as good as a named Galaxy. Scored are the facts whose rate
 * differs between genuine and abusive sign-ups, each weight a
 * log-likelihood ratio in nats with its evidence: robots and headless
 * browsers (gated to the second band), hints that contradict the user
 * agent, a browser years out of date or a current one. Callers can
 * override any weight through `scoring.weights`.
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * createScorer(DEVICE_SCORE_MODEL)([{ code: 'DEVICE_ROBOT' }]).score; // 2 ('poor')
 */
export const DEVICE_SCORE_MODEL: ScoreModel<DeviceReasonCode, QualityCluster, 'device'> = Object.freeze({
  product: 'device',
  clusters: QUALITY_CLUSTERS,
  signals: Object.freeze(DEVICE_SIGNALS),
});
