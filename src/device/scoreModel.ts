import { QUALITY_CLUSTERS } from '../scoring/index.js';
import type { QualityCluster, ScoreModel, Scorer, SignalSpec, WeightedCode } from '../scoring/index.js';

/**
 * The signals of the device check, one entry per code: the single list of
 * its reason codes ({@link DeviceReasonCode} is derived from its keys, so a
 * code cannot exist in one place and not the other); see
 * {@link DEVICE_SCORE_MODEL}.
 */
const DEVICE_SIGNALS = {
  DEVICE_EMPTY: { kind: 'risk', weight: 0.9, capBand: 0, description: 'the user agent is empty or blank' },
  DEVICE_MALFORMED: {
    kind: 'risk',
    weight: 0.7,
    capBand: 0,
    description: 'the user agent is garbage: control characters or no letters at all',
  },
  DEVICE_TOO_LONG: { kind: 'risk', weight: 0.3, description: 'the user agent is longer than any real browser sends (cut before parsing)' },
  DEVICE_HEADER_NAME: {
    kind: 'risk',
    weight: 0.3,
    description: "the value starts with the header's own name ('User-Agent: Mozilla/5.0 …'): a hand-built request or a logging slip",
  },
  DEVICE_ROBOT: { kind: 'risk', weight: 0.7, capBand: 1, description: 'a crawler, monitor, script or HTTP library (isbot)' },
  DEVICE_HEADLESS: { kind: 'risk', weight: 0.7, capBand: 1, description: 'a headless or scripted browser' },
  DEVICE_IMPOSSIBLE_COMBINATION: {
    kind: 'risk',
    weight: 0.6,
    capBand: 1,
    description: 'the browser, OS and device cannot occur together (e.g. Internet Explorer on Android)',
  },
  DEVICE_FEED_READER: {
    kind: 'risk',
    weight: 0.4,
    description: "a feed-reader app (is_feed_reader): a person's client, not a bot, but one that polls feeds rather than a browser a person fills a form in",
  },
  DEVICE_HINTS_MISMATCH: { kind: 'risk', weight: 0.4, description: 'client-hint headers contradict the user agent' },
  DEVICE_BROWSER_OUTDATED: {
    kind: 'risk',
    weight: 0.35,
    description: 'the browser is years behind the newest release of its family in the capability table',
  },
  DEVICE_BROWSER_UNKNOWN: { kind: 'risk', weight: 0.1, description: 'no browser or app could be identified' },
  DEVICE_OS_UNKNOWN: { kind: 'risk', weight: 0.1, description: 'no operating system could be identified' },
  DEVICE_CATEGORY_UNKNOWN: { kind: 'risk', weight: 0.05, description: 'the kind of hardware could not be told' },
  DEVICE_BROWSER_IDENTIFIED: { kind: 'trust', weight: 0.2, description: 'browser and version identified' },
  DEVICE_OS_IDENTIFIED: { kind: 'trust', weight: 0.2, description: 'operating system and version identified' },
  DEVICE_MODEL_IDENTIFIED: { kind: 'trust', weight: 0.3, description: 'the device model is named and found in the model table' },
  DEVICE_BROWSER_RECENT: { kind: 'trust', weight: 0.4, description: 'the browser is among the releases of about the last year' },
  DEVICE_HINTS_CONSISTENT: { kind: 'trust', weight: 0.2, description: 'client-hint headers agree with the user agent' },
  DEVICE_MODEL_HIDDEN: {
    kind: 'info',
    weight: 0,
    description: 'the user agent hides the model (iPhone, reduced Android UA); model-specific fields are null',
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
 * const weights: Partial<Record<DeviceWeightCode, number>> = { DEVICE_ROBOT: 0.3 };
 */
export type DeviceWeightCode = WeightedCode<typeof DEVICE_SIGNALS>;

/** The scorer of {@link DEVICE_SCORE_MODEL}: its outcome carries the model's codes and cluster names. */
export type DeviceScorer = Scorer<DeviceReasonCode, QualityCluster, 'device'>;

/** What {@link DeviceScorer} returns: score, `device` cluster and `device` reasons. */
export type DeviceScoreOutcome = ReturnType<DeviceScorer>;

/**
 * The device score model: how much trustworthy device information a user
 * agent carries and how plausible it is. Weights are judgement calls made
 * against the corpora of test/fixtures/device (a real phone with a named
 * model and a current browser lands in `high`; a bare library or crawler in
 * `bad` or lower); callers can override any of them through
 * `scoring.weights`.
 *
 * @example
 * import { createScorer } from 'identity-signals/scoring';
 * createScorer(DEVICE_SCORE_MODEL)([{ code: 'DEVICE_ROBOT' }]).score; // 150 ('poor')
 */
export const DEVICE_SCORE_MODEL: ScoreModel<DeviceReasonCode, QualityCluster, 'device'> = Object.freeze({
  product: 'device',
  clusters: QUALITY_CLUSTERS,
  baseline: 0.5,
  signals: Object.freeze(DEVICE_SIGNALS),
});
