import type { DataOptions } from '../data/context.js';
import type { BaselineCode, QualityCluster, Reason, ScoringOptions } from '../scoring/index.js';
import type { DeviceReasonCode, DeviceWeightCode } from './scoreModel.js';

/**
 * Primary hardware type of the client (docs/design.md, "device `category`").
 * `robot` wins over everything: a crawler that spoofs a phone is a robot.
 */
export type DeviceCategory =
  | 'desktop'
  | 'smartphone'
  | 'phablet'
  | 'tablet'
  | 'feature_phone'
  | 'tv'
  | 'console'
  | 'car'
  | 'wearable'
  | 'media_player'
  | 'smart_speaker'
  | 'smart_display'
  | 'camera'
  | 'peripheral'
  | 'robot'
  | 'unknown';

/** Retail price class from the launch price in USD (very_low < 150 ≤ low < 300 ≤ medium < 600 ≤ high < 1000 ≤ very_high). */
export type PriceCluster = 'very_low' | 'low' | 'medium' | 'high' | 'very_high';

/** Request headers as Node gives them: a string, several strings, or nothing. */
export type DeviceHeaders = Record<string, string | readonly string[] | undefined>;

/** Options of {@link checkDevice}. */
export interface DeviceCheckOptions {
  /**
   * Request headers. Client hints (`Sec-CH-UA-Model`, `Sec-CH-UA-Platform`,
   * `Sec-CH-UA-Platform-Version`, `Sec-CH-UA-Full-Version-List`,
   * `Sec-CH-UA-Mobile`) and `X-Requested-With` are read; names are
   * case-insensitive; values of another type are ignored, never thrown on,
   * but `headers` itself must be a plain object (`InputError`
   * `INPUT_OPTION` at `headers` otherwise).
   * @default {}
   */
  readonly headers?: DeviceHeaders;
  /** Bands and weight overrides, by this check's risk and trust codes (`DeviceWeightCode`). @default { bands: 'default' } */
  readonly scoring?: ScoringOptions<DeviceWeightCode>;
  /**
   * The instant the browser's age is judged at (how long ago a newer major
   * of its family came out, and whether its version exists yet): pin it in
   * tests and replays. A value that is not a valid Date throws `InputError`
   * (`INPUT_OPTION`, field `now`).
   * @default the system clock
   */
  readonly now?: Date;
}

/** Options of {@link createDeviceCheck}. */
export interface DeviceCheckFactoryOptions {
  /** Bands and weight overrides, by this check's risk and trust codes (`DeviceWeightCode`). @default { bands: 'default' } */
  readonly scoring?: ScoringOptions<DeviceWeightCode>;
  /**
   * Entries of the result cache (CLOCK eviction, an approximation of LRU)
   * keyed by user agent plus the headers that are read; `0` disables it.
   * A value that is not a whole number >= 0 throws `InputError`
   * (`INPUT_OPTION`).
   * @default 1000
   */
  readonly cacheSize?: number;
  /** The data bundle to read (a directory, whole or partial); see docs/data.md. @default the package's bundle (for the one-call functions: the one `configureDefaults` set, else IDENTITY_SIGNALS_DATA's, else the package's) */
  readonly data?: DataOptions;
  /**
   * The checker's clock: a browser's age (`is_recent`, `DEVICE_BROWSER_RECENT`,
   * `DEVICE_BROWSER_OUTDATED`, `DEVICE_VERSION_UNRELEASED`) is judged at the
   * instant it gives, read once per call. A fixed Date or a function
   * returning one; a call's own `now` wins. `createChecker` passes its own.
   * @default the system clock
   */
  readonly now?: Date | (() => Date);
}

/** Per-call options of a checker made by {@link createDeviceCheck}. */
export interface DeviceCallOptions {
  /** Request headers; see {@link DeviceCheckOptions.headers}. @default {} */
  readonly headers?: DeviceHeaders;
  /** The instant of this check instead of the checker's clock; see {@link DeviceCheckOptions.now}. @default the checker's clock */
  readonly now?: Date;
}

/** A device check bound to one configuration. */
export type DeviceCheck = ((userAgent: string, callOptions?: DeviceCallOptions) => DeviceResult) & {
  /**
   * Reads and verifies the device tables (models, makers, specs, browser capabilities) and loads the user-agent parser and isbot now, builds the tables the check reads, and
   * runs the check on a few hundred built-in inputs so that its code is
   * compiled too: the first real call then costs about what later ones do
   * (servers call it before taking traffic). Returns at once once done.
   *
   * @throws DataError when a dataset file is missing or fails verification
   */
  readonly preload: () => void;
  /**
   * The check at a given instant instead of the checker's clock: what the
   * identity and asynchronous checks call so that one call reads the clock
   * once. A call's own `now` option still wins.
   *
   * @param nowMs the instant, in epoch milliseconds
   * @param userAgent the User-Agent header, as for the plain call
   * @param callOptions as for the plain call
   * @example
   * // not run: `device` stands for a check made by createDeviceCheck
   * declare const device: DeviceCheck;
   * device.at(Date.UTC(2026, 0, 1), 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/143.0.0.0 Safari/537.36').is_recent;
   */
  readonly at: (nowMs: number, userAgent: string, callOptions?: DeviceCallOptions) => DeviceResult;
};

// The reason codes are derived from the score model's signals, so the two cannot drift.
export type { DeviceReasonCode } from './scoreModel.js';

/**
 * The spec's `device` object: every main field, every boolean capability and
 * `css_transitions`, with the spec's names and types. `null` means "not
 * known offline from this user agent" — never a guess.
 */
export interface DeviceResult {
  /** The user agent as given (not truncated). */
  readonly value: string;
  /** Year of commercial release of the device; null unless the model is in the specs table. */
  readonly age: number | null;
  /** Company that brings the device to market (e.g. `Samsung`); null when the UA names no device maker. */
  readonly brand: string | null;
  /** Browser or app name in the vocabulary of docs/device.md (`Chrome Mobile`, `Mobile Safari`, …). */
  readonly browser_name: string | null;
  readonly browser_version: string | null;
  readonly is_robot: boolean;
  /** Commercial name (`Galaxy S23`), else the model code the UA carries (`SM-X205`); null when hidden. */
  readonly model: string | null;
  /** OS name in the vocabulary of docs/device.md (`Android`, `iOS`, `Windows`, `Mac`, `GNU/Linux`, …). */
  readonly operating_system: string | null;
  readonly price_cluster: PriceCluster | null;
  readonly screen_size_height: number | null;
  readonly screen_size_width: number | null;
  readonly category: DeviceCategory;
  readonly score: number;
  /** `poor`, `bad`, `moderate`, `good` or `high`, whatever band edges are configured. */
  readonly score_cluster: QualityCluster;
  /** True when the browser is among its family's releases of roughly the last year; null when unknown. */
  readonly is_recent: boolean | null;
  /** Main camera resolution in megapixels, from the specs table. */
  readonly camera: number | null;
  readonly browser_rendering_engine: string | null;
  readonly diagonal_screen_size: number | null;
  /** Not revealed by a user agent: null offline (a client-side probe fills it). */
  readonly display_color_depth: number | null;
  readonly display_ppi: number | null;
  /** Stable 31-bit hash of brand + model, present when the device model was detected. */
  readonly id: number | null;
  readonly manufacturer: string | null;
  /** OS version the UA (or Sec-CH-UA-Platform-Version) reports: the installed one, not necessarily the initial one. */
  readonly os_version: string | null;
  readonly memory_limit_embedded_media: number | null;
  readonly memory_limit_markup: number | null;
  /** A number of bytes (0 where it varies), deliberately not the spec's boolean: see docs/design.md. */
  readonly memory_limit_download: number | null;
  /** 1 for phones, tablets and wearables, 0 for other known categories, null when unknown. */
  readonly mobile_device: 0 | 1 | null;

  // Client and browser features
  readonly cookie_support: boolean | null;
  readonly css_animations: boolean | null;
  readonly css_transforms: boolean | null;
  readonly css_transitions: boolean | null;
  readonly flash_capable: boolean | null;
  readonly html_audio: boolean | null;
  readonly html_canvas: boolean | null;
  readonly html_inlinesvg: boolean | null;
  readonly html_svg: boolean | null;
  readonly html_video: boolean | null;
  readonly https: boolean | null;
  readonly image_gif87: boolean | null;
  readonly image_jpg: boolean | null;
  readonly image_png: boolean | null;
  readonly jqm: boolean | null;
  readonly supports_client_side: boolean | null;
  readonly uri_scheme_sms: boolean | null;
  readonly uri_scheme_tel: boolean | null;
  readonly v_card_download: boolean | null;
  readonly markup_xhtml_basic10: boolean | null;
  readonly markup_xhtml_mp10: boolean | null;
  readonly markup_xhtml_mp11: boolean | null;
  readonly markup_xhtml_mp12: boolean | null;

  // Script-engine features
  readonly js_application_cache: boolean | null;
  readonly js_device_motion: boolean | null;
  readonly js_device_orientation: boolean | null;
  readonly js_geo_location: boolean | null;
  readonly js_indexed_d_b: boolean | null;
  readonly js_json: boolean | null;
  readonly js_local_storage: boolean | null;
  readonly js_modify_css: boolean | null;
  readonly js_modify_dom: boolean | null;
  readonly js_query_selector: boolean | null;
  readonly js_session_storage: boolean | null;
  readonly js_support_basic_java_script: boolean | null;
  readonly js_support_console_log: boolean | null;
  readonly js_support_event_listener: boolean | null;
  readonly js_support_events: boolean | null;
  readonly js_touch_events: boolean | null;
  readonly js_web_gl: boolean | null;
  readonly js_web_sockets: boolean | null;
  readonly js_web_sql_database: boolean | null;
  readonly js_web_workers: boolean | null;
  readonly js_xhr: boolean | null;

  // Network capability
  readonly edge: boolean | null;
  readonly gprs: boolean | null;
  readonly hsdpa: boolean | null;
  readonly hspa_evolved: boolean | null;
  readonly lte: boolean | null;
  readonly lte_advanced: boolean | null;
  readonly umts: boolean | null;

  // Hardware
  readonly nfc: boolean | null;
  readonly touch_screen: boolean | null;

  // Client kind
  readonly is_app: boolean;
  readonly is_browser: boolean;
  readonly is_checker: boolean;
  readonly is_downloader: boolean;
  readonly is_e_reader: boolean;
  readonly is_feed_reader: boolean;
  readonly is_filter: boolean;
  readonly is_games_console: boolean;
  readonly is_media_player: boolean;
  readonly is_mobile_phone: boolean;
  readonly is_set_top_box: boolean;
  readonly is_spam: boolean;
  readonly is_t_v: boolean;
  readonly is_tablet: boolean;

  // Operating system preinstalled
  readonly os_android: boolean;
  readonly os_bada: boolean;
  readonly os_rim: boolean;
  readonly os_symbian: boolean;
  readonly os_web_os: boolean;
  readonly os_windows_mobile: boolean;
  readonly os_windows_phone: boolean;
  readonly os_windows_rt: boolean;
  readonly osi_os: boolean;

  readonly reasons: readonly Reason<DeviceReasonCode | BaselineCode<'device'>>[];
}
