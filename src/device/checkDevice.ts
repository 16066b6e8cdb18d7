import { dataOptionRule, openData, withClock } from '../data/context.js';
import type { DataContext } from '../data/context.js';
import { clockOption, readClock } from '../common/clock.js';
import { preloadOnce } from '../data/preload.js';
import { WARM_UP_CALLS, warmUpDevice } from '../common/warmUp.js';
import { BoundedCache, cacheKey } from '../common/boundedCache.js';
import type { CacheKey } from '../common/boundedCache.js';
import { assertString } from '../common/input.js';
import { checkOptions, countOption, dateOption, recordOption } from '../common/options.js';
import type { OptionRules } from '../common/options.js';
import { scoringRule } from '../scoring/createScorer.js';
import { sharedChecker } from '../data/sharedChecker.js';
import { createScorer } from '../scoring/index.js';
import type { Signal } from '../scoring/index.js';
import { lookupCapabilities } from './capabilities.js';
import { browserAge } from './browserAge.js';
import type { CapabilityTable } from './capabilities.js';
import { hintsKeyParts, readClientHints } from './headers.js';
import type { ClientHints } from './headers.js';
import { ANDROID_FAMILY, osFamily } from './names.js';
import { isbotLib } from './dependencies.js';
import { automationBrand, parseDevice } from './parse.js';
import type { ParsedDevice } from './parse.js';
import { openDeviceTables } from './tables.js';
import type { DeviceTables } from './tables.js';
import type { DeviceRules } from './rules.js';
import { CHECKER, CONTROL, E_READER, FILTER, HAS_LETTER, HEADER_NAME_PREFIX, HEADLESS, HTTP_LIBRARY, MAJOR_MINOR, MAX_UA_LENGTH, MOBILE_TOKEN, SPAM } from './patterns.js';
import { DEVICE_SCORE_MODEL, type DeviceScorer } from './scoreModel.js';
import type { ScoringOptions } from '../scoring/index.js';
import type { DeviceWeightCode } from './scoreModel.js';
import type {
  DeviceCallOptions,
  DeviceCategory,
  DeviceCheck,
  DeviceCheckFactoryOptions,
  DeviceCheckOptions,
  DeviceReasonCode,
  DeviceResult,
} from './types.js';
import { hiddenSlot } from '../common/hiddenSlot.js';

/** `scoring` checked against this product's model: its own codes (another product's are that product's business). */
const scoringOption = scoringRule([DEVICE_SCORE_MODEL]);

const DAY_MS = 86_400_000;
/** The warm-up's results are thrown away: a fixed instant spares it reading the clock. */
const WARM_UP_INSTANT = Date.UTC(2026, 0, 1);

/** Default number of cached results per checker. */
const DEFAULT_CACHE_SIZE = 1000;

/** Categories of handheld or worn devices (`mobile_device: 1`). */
const MOBILE_CATEGORIES: ReadonlySet<DeviceCategory> = new Set(['smartphone', 'phablet', 'tablet', 'feature_phone', 'wearable']);
const PHONE_CATEGORIES: ReadonlySet<DeviceCategory> = new Set(['smartphone', 'phablet', 'feature_phone']);
const TOUCH_CATEGORIES: ReadonlySet<DeviceCategory> = new Set(['smartphone', 'phablet', 'tablet']);

/** Engines of graphical browsers: all render PNG/GIF/JPEG and run DOM scripting. */
const GRAPHICAL_ENGINES = new Set(['Blink', 'WebKit', 'Gecko', 'Trident', 'EdgeHTML', 'Presto', 'Goanna', 'KHTML', 'Servo', 'NetFront']);

/**
 * Stable 31-bit FNV-1a hash of brand and model: the `id` of a detected
 * device, equal for equal devices across calls and versions.
 */
function deviceId(brand: string, model: string): number {
  let h = 0x811c9dc5;
  const s = `${brand.toLowerCase()}|${model.toLowerCase()}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7fffffff;
}

/** The major version each browser removed Flash in (built once, not per call). */
const FLASH_REMOVED_IN: Readonly<Record<string, number>> = { chrome: 88, and_chr: 88, edge: 88, firefox: 85, and_ff: 85, safari: 14 };

/** Flash was removed from Chrome 88, Edge 88, Firefox 85 and Safari 14, and never ran on iOS. */
function flashCapable(p: ParsedDevice, agent: string | undefined, version: number | undefined): boolean | null {
  if (p.os === 'iOS' || p.os === 'iPadOS') return false;
  if (agent === undefined || version === undefined) return null;
  const cut = Object.hasOwn(FLASH_REMOVED_IN, agent) ? FLASH_REMOVED_IN[agent] : undefined;
  return cut !== undefined && version >= cut ? false : null;
}

/** Browser/OS/device combinations no real client sends. */
function impossibleCombination(p: ParsedDevice): string | undefined {
  const fam = p.os === null ? null : osFamily(p.os);
  if ((p.browser === 'Internet Explorer' || p.browser === 'IE Mobile') && fam !== null && fam !== 'Windows' && fam !== 'Windows Mobile') {
    return `${p.browser} on ${p.os}`;
  }
  if (p.browser === 'Mobile Safari' && fam !== null && fam !== 'iOS') return `Mobile Safari on ${p.os}`;
  if (p.browser === 'Safari' && fam === 'Windows' && Number.parseInt(p.browserVersion ?? '0', 10) >= 6) {
    return 'Safari 6+ on Windows (Safari for Windows ended at 5.1)';
  }
  if ((p.browser === 'Samsung Browser' || p.browser === 'Chrome Webview') && fam !== null && fam !== 'Android') {
    return `${p.browser} on ${p.os}`;
  }
  if ((p.model === 'iPhone' || p.model === 'iPad') && fam !== null && fam !== 'iOS') return `${p.model} running ${p.os}`;
  return undefined;
}

/** Desktop OS families a phone's browser claims in "request desktop site" mode. */
const DESKTOP_MODE_FAMILIES: ReadonlySet<string> = new Set(['Windows', 'Mac', 'GNU/Linux']);

/** Engines that implement User-Agent Client Hints: only Chromium's (Blink). */
const HINTING_ENGINES: ReadonlySet<string> = new Set(['Blink']);
/** Engines whose browsers send no client hints (MDN's compatibility data for `Sec-CH-UA`: no Firefox, no Safari, no legacy Edge or IE). */
const NON_HINTING_ENGINES: ReadonlySet<string> = new Set(['Gecko', 'WebKit', 'Trident', 'EdgeHTML', 'Presto', 'Goanna']);
/** Brands that carry Chromium's own version (every Chromium browser lists `Chromium`; Google's also `Google Chrome`). */
const ENGINE_BRANDS = ['Chromium', 'Google Chrome'] as const;

function majorOf(version: string | null | undefined): number | undefined {
  if (version === null || version === undefined) return undefined;
  const m = MAJOR_MINOR.exec(version);
  return m === null ? undefined : Number(m[1]);
}

/**
 * Hints that contradict the UA, or undefined. `consistent` is true when hints were checked and agree.
 * What agrees by design is not a contradiction: the reduced UA's `Android 10; K` and
 * `Chrome/N.0.0.0` (only the major is compared), GREASE brands (dropped when read),
 * a phone's "request desktop site" UA with its true platform and mobile flag.
 */
function compareHints(p: ParsedDevice, h: ClientHints, ua: string): { mismatch?: string; consistent: boolean } {
  let checked = false;
  if (h.brands !== undefined && p.engine !== null) {
    // Firefox, Safari (every iOS browser included) and the pre-Chromium engines never send Sec-CH-UA.
    if (NON_HINTING_ENGINES.has(p.engine)) return { mismatch: `Sec-CH-UA lists ${[...h.brands.keys()].join(', ')}, but the user agent is ${p.browser ?? p.engine} (${p.engine}), which sends no client hints`, consistent: false };
    if (HINTING_ENGINES.has(p.engine)) {
      const uaMajor = majorOf(p.engineVersion);
      for (const brand of ENGINE_BRANDS) {
        const hinted = majorOf(h.brands.get(brand));
        if (hinted === undefined || uaMajor === undefined) continue;
        checked = true;
        if (hinted !== uaMajor) return { mismatch: `Sec-CH-UA says ${brand} ${hinted}, the user agent Chrome/${uaMajor}`, consistent: false };
        break;
      }
    }
  }
  if (h.platform !== undefined && p.uaOs !== null) {
    const platform = h.platform === 'macOS' ? 'Mac' : h.platform === 'Linux' ? 'GNU/Linux' : h.platform === 'Chromium OS' ? 'Chrome OS' : h.platform;
    const known = ['Windows', 'Mac', 'Android', 'GNU/Linux', 'Chrome OS', 'iOS'];
    if (known.includes(platform)) {
      checked = true;
      const uaFamily = osFamily(p.uaOs);
      // Chrome on a Chromebook running an Android app may say either; a phone
      // in "request desktop site" mode sends a desktop UA with its true platform.
      const same = osFamily(platform) === uaFamily
        || (platform === 'Chrome OS' && ANDROID_FAMILY.has(p.uaOs))
        || (platform === 'Android' && DESKTOP_MODE_FAMILIES.has(uaFamily));
      if (!same) return { mismatch: `Sec-CH-UA-Platform says ${h.platform}, the user agent ${p.uaOs}`, consistent: false };
    }
  }
  if (h.mobile === true && p.category === 'desktop') {
    return { mismatch: 'Sec-CH-UA-Mobile says mobile, the user agent a desktop', consistent: false };
  }
  // Chrome on an Android phone writes `Mobile` in its UA and sends ?1; a tablet
  // omits both, and "request desktop site" swaps the UA for a desktop one.
  if (h.mobile === false && p.uaOs !== null && ANDROID_FAMILY.has(p.uaOs) && MOBILE_TOKEN.test(ua)) {
    return { mismatch: "Sec-CH-UA-Mobile says not mobile, the user agent an Android phone's", consistent: false };
  }
  if (h.mobile !== undefined) checked = true;
  return { consistent: checked };
}

/** What gave a headless browser away: its UA, or a Sec-CH-UA brand when the UA passes for Chrome. */
function headlessDetail(ua: string, hints: ClientHints): string {
  const brand = automationBrand(hints);
  return brand !== undefined && !HEADLESS.test(ua) ? `Sec-CH-UA names ${brand}; the user agent hides it` : 'the user agent names a headless browser';
}

/** The check itself, on a string already known to be a string. */
function evaluate(tables: DeviceTables, userAgent: string, hints: ClientHints, score: DeviceScorer, nowMs: number): DeviceResult {
  const signals: Signal<DeviceReasonCode>[] = [];
  const trimmed = userAgent.trim();
  const tooLong = userAgent.length > MAX_UA_LENGTH;
  // Cap before any regex: real UAs stay well under 1 kB.
  const capped = tooLong ? userAgent.slice(0, MAX_UA_LENGTH) : userAgent;
  // `User-Agent: Mozilla/5.0 …`: the header's name inside its value. Read what follows.
  const headerName = HEADER_NAME_PREFIX.exec(capped);
  const ua = headerName === null ? capped : capped.slice(headerName[0].length);
  const empty = trimmed === '' || ua.trim() === '';
  const garbage = !empty && (CONTROL.test(ua) || !HAS_LETTER.test(ua));

  const p = empty || garbage ? undefined : parseDevice(tables, ua, hints);
  if (empty) signals.push({ code: 'DEVICE_EMPTY' });
  if (garbage) signals.push({ code: 'DEVICE_MALFORMED', detail: 'control characters or no letters' });
  if (headerName !== null) signals.push({ code: 'DEVICE_HEADER_NAME' });
  if (tooLong) signals.push({ code: 'DEVICE_TOO_LONG', detail: `${userAgent.length} characters; parsed the first ${MAX_UA_LENGTH}` });

  const caps = p === undefined ? undefined : lookupCapabilities(tables.capabilities, p);
  const table: CapabilityTable | undefined = caps?.table;
  const capVersion = caps === undefined ? undefined : Number.parseInt(caps.version, 10);
  const age = p === undefined || p.robot ? undefined : browserAge(tables.releases, p, ua, nowMs);

  if (p !== undefined) {
    if (p.robot) signals.push({ code: 'DEVICE_ROBOT' });
    if (p.headless) signals.push({ code: 'DEVICE_HEADLESS', detail: headlessDetail(ua, hints) });
    // A feed reader that is not a robot still says what it is: is_feed_reader
    // needs a reason, and the score sits below a person's browser.
    if (p.feedReader && !p.robot) signals.push({ code: 'DEVICE_FEED_READER' });
    const impossible = impossibleCombination(p);
    if (impossible !== undefined) signals.push({ code: 'DEVICE_IMPOSSIBLE_COMBINATION', detail: impossible });
    const hinted = compareHints(p, hints, ua);
    if (hinted.mismatch !== undefined) signals.push({ code: 'DEVICE_HINTS_MISMATCH', detail: hinted.mismatch });
    else if (hinted.consistent) signals.push({ code: 'DEVICE_HINTS_CONSISTENT' });
    if (p.browser === null) signals.push({ code: 'DEVICE_BROWSER_UNKNOWN' });
    else if (p.browserVersion !== null) signals.push({ code: 'DEVICE_BROWSER_IDENTIFIED', detail: `${p.browser} ${p.browserVersion}` });
    if (p.os === null) signals.push({ code: 'DEVICE_OS_UNKNOWN' });
    else if (p.osVersion !== null) signals.push({ code: 'DEVICE_OS_IDENTIFIED', detail: `${p.os} ${p.osVersion}` });
    if (p.category === 'unknown') signals.push({ code: 'DEVICE_CATEGORY_UNKNOWN' });
    if (p.modelKnown) signals.push({ code: 'DEVICE_MODEL_IDENTIFIED', detail: `${p.brand ?? ''} ${p.model ?? ''}`.trim() });
    const contradicted = p.headless || impossible !== undefined || hinted.mismatch !== undefined || age?.unreleased === true;
    if (age?.unreleased === true) signals.push({ code: 'DEVICE_VERSION_UNRELEASED', detail: `${p.browser ?? age.family} ${age.major}: more majors ahead of the newest ${age.family} release than its pre-release channels run` });
    if (age?.outdated === true) signals.push({ code: 'DEVICE_BROWSER_OUTDATED', detail: age.monthsBehind === 0 ? `${p.browser ?? age.family}: retired by its vendor` : `${p.browser ?? age.family} ${age.major}: a newer major came out ${age.monthsBehind} months ago` });
    // Current, and nothing in the request contradicts it.
    else if (age?.recent === true && !contradicted) signals.push({ code: 'DEVICE_BROWSER_RECENT', detail: age.monthsBehind === 0 ? `${p.browser ?? age.family} ${age.major}: the newest major` : `${p.browser ?? age.family} ${age.major}: superseded ${age.monthsBehind} months ago` });
    if (p.modelHidden) signals.push({ code: 'DEVICE_MODEL_HIDDEN' });
    else if (p.modelKnown && p.specs === undefined) signals.push({ code: 'DEVICE_SPECS_UNKNOWN' });
    if (p.app || p.webview) signals.push({ code: 'DEVICE_APP' });
  }
  signals.push({ code: 'DEVICE_PROVIDER_ONLY' });
  const outcome = score(signals);

  // A UA with no letters or with control characters is not parsed; isbot still
  // judges it (`123` and its kind are what scripts send).
  const isRobot = p?.robot ?? (garbage && isbotLib().isbot(ua));
  const category: DeviceCategory = p?.category ?? (isRobot ? 'robot' : 'unknown');
  const specs = p?.specs;
  const graphical = p?.engine != null && GRAPHICAL_ENGINES.has(p.engine);
  const known = (name: keyof CapabilityTable, fallback: boolean | null = null): boolean | null => table?.[name] ?? fallback;
  const ifGraphical = graphical ? true : null;
  const osName = p?.os ?? null;
  const bot = isRobot && p !== undefined;

  const result: DeviceResult = {
    value: userAgent,
    age: specs?.release_year ?? null,
    brand: p?.brand ?? null,
    browser_name: p?.browser ?? null,
    browser_version: p?.browserVersion ?? null,
    is_robot: isRobot,
    model: p?.model ?? null,
    operating_system: osName,
    price_cluster: specs?.price_cluster ?? null,
    screen_size_height: specs?.screen_height ?? null,
    screen_size_width: specs?.screen_width ?? null,
    category,
    score: outcome.score,
    score_cluster: outcome.score_cluster,
    is_recent: age === undefined ? null : age.recent,
    camera: specs?.camera_mp ?? null,
    browser_rendering_engine: p?.engine ?? null,
    diagonal_screen_size: specs?.diagonal_in ?? null,
    display_color_depth: null,
    display_ppi: specs?.ppi ?? null,
    id: p !== undefined && p.modelKnown && p.brand !== null && p.model !== null ? deviceId(p.brand, p.model) : null,
    manufacturer: p?.modelKnown === true || p?.os === 'Mac' || p?.modelHidden === true ? (p.brand ?? null) : null,
    os_version: p?.osVersion ?? null,
    // Modern browsers have no fixed page/media/download limits: 0 = "varies" (spec).
    memory_limit_embedded_media: table === undefined ? null : 0,
    memory_limit_markup: table === undefined ? null : 0,
    memory_limit_download: table === undefined ? null : 0,
    mobile_device: category === 'unknown' || category === 'robot' ? null : MOBILE_CATEGORIES.has(category) ? 1 : 0,

    cookie_support: ifGraphical,
    css_animations: known('css_animations'),
    css_transforms: known('css_transforms'),
    css_transitions: known('css_transitions'),
    flash_capable: p === undefined ? null : flashCapable(p, caps?.agent, capVersion),
    html_audio: known('html_audio'),
    html_canvas: known('html_canvas'),
    html_inlinesvg: known('html_inlinesvg'),
    html_svg: known('html_svg'),
    html_video: known('html_video'),
    https: ifGraphical,
    image_gif87: ifGraphical,
    image_jpg: ifGraphical,
    image_png: known('image_png', ifGraphical),
    jqm: null,
    supports_client_side: null,
    uri_scheme_sms: PHONE_CATEGORIES.has(category) ? true : null,
    uri_scheme_tel: PHONE_CATEGORIES.has(category) ? true : null,
    v_card_download: null,
    // Every graphical engine parses XHTML Basic and the XHTML-MP profiles (subsets of XHTML 1.1).
    markup_xhtml_basic10: ifGraphical,
    markup_xhtml_mp10: ifGraphical,
    markup_xhtml_mp11: ifGraphical,
    markup_xhtml_mp12: ifGraphical,

    js_application_cache: known('js_application_cache'),
    js_device_motion: known('js_device_motion'),
    js_device_orientation: known('js_device_orientation'),
    js_geo_location: known('js_geo_location'),
    js_indexed_d_b: known('js_indexed_d_b'),
    js_json: known('js_json'),
    js_local_storage: known('js_local_storage'),
    js_modify_css: ifGraphical,
    js_modify_dom: ifGraphical,
    js_query_selector: known('js_query_selector'),
    js_session_storage: known('js_session_storage'),
    js_support_basic_java_script: ifGraphical,
    js_support_console_log: known('js_support_console_log'),
    js_support_event_listener: known('js_support_event_listener'),
    js_support_events: ifGraphical,
    js_touch_events: known('js_touch_events'),
    js_web_gl: known('js_web_gl'),
    js_web_sockets: known('js_web_sockets'),
    js_web_sql_database: known('js_web_sql_database'),
    js_web_workers: known('js_web_workers'),
    js_xhr: known('js_xhr'),

    edge: specs?.edge ?? null,
    gprs: specs?.gprs ?? null,
    hsdpa: specs?.hsdpa ?? null,
    hspa_evolved: specs?.hspa_evolved ?? null,
    lte: specs?.lte ?? null,
    lte_advanced: specs?.lte_advanced ?? null,
    umts: specs?.umts ?? null,

    nfc: specs?.nfc ?? null,
    // Every smartphone and tablet sold since 2010 has a touch screen; other kinds vary.
    touch_screen: TOUCH_CATEGORIES.has(category) ? true : null,

    is_app: p !== undefined && !isRobot && (p.app || p.webview),
    // A feed reader's embedded engine does not make it a browser (its own client kind).
    is_browser: p !== undefined && !isRobot && category === 'desktop' && p.browser !== null && !p.app && !p.feedReader,
    is_checker: bot && CHECKER.test(ua),
    is_downloader: p !== undefined && (p.downloader || (isRobot && HTTP_LIBRARY.test(ua))),
    is_e_reader: p !== undefined && E_READER.test(ua),
    is_feed_reader: p?.feedReader ?? false,
    is_filter: p !== undefined && p.nonBrowser && FILTER.test(ua),
    is_games_console: category === 'console',
    is_media_player: category === 'media_player' || (p?.mediaPlayer ?? false),
    is_mobile_phone: PHONE_CATEGORIES.has(category),
    is_set_top_box: p?.setTopBox ?? false,
    is_spam: p !== undefined && p.nonBrowser && SPAM.test(ua),
    is_t_v: category === 'tv',
    is_tablet: category === 'tablet',

    os_android: osName !== null && ANDROID_FAMILY.has(osName),
    os_bada: osName === 'Bada',
    os_rim: osName === 'BlackBerry OS' || osName === 'BlackBerry Tablet OS',
    os_symbian: osName !== null && osFamily(osName) === 'Symbian',
    os_web_os: osName === 'webOS',
    os_windows_mobile: osName === 'Windows Mobile' || osName === 'Windows CE',
    os_windows_phone: osName === 'Windows Phone',
    os_windows_rt: osName === 'Windows RT',
    osi_os: osName === 'iOS' || osName === 'iPadOS',

    reasons: Object.freeze(outcome.reasons.map((r) => Object.freeze(r))),
  };
  return Object.freeze(result);
}

/** The device factory options besides `scoring`; `createChecker` checks its `device` key with them. */
export const DEVICE_OPTION_RULES: OptionRules = { cacheSize: countOption };

/** The options of one call: only the request headers, whose values are read leniently. */
const DEVICE_CALL_RULES: OptionRules = { headers: recordOption, now: dateOption };

/**
 * Creates a device check bound to one scoring configuration, with a bounded
 * result cache (CLOCK eviction, an approximation of LRU) keyed by the user
 * agent plus each client hint that was read, as separate length-prefixed parts.
 * Results are frozen, so a cached result can be handed to every caller.
 *
 * @param options scoring bands/weights and cache size (`0` disables the cache)
 * @returns `(userAgent, { headers }?) => DeviceResult`; a call throws
 * `InputError` `INPUT_TYPE` for a non-string user agent and `INPUT_OPTION`
 * when its options are not an object, have a key other than `headers`, or
 * `headers` is not a plain object
 * @throws InputError `SCORING_CONFIG` for a bad `scoring` (not an object,
 * bad bands, a weight code of no product's model, a weight outside 0..10 nats),
 * `INPUT_OPTION` for any other bad option (not an object, an unknown key,
 * `cacheSize` not a whole number >= 0); `field` is the option's path
 * @example
 * const device = createDeviceCheck({ scoring: { bands: 'scorecard' }, cacheSize: 10_000 });
 * device('Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36').model;
 * // 'Galaxy S23'
 */
export function createDeviceCheck(options?: DeviceCheckFactoryOptions): DeviceCheck {
  return createDeviceCheckIn(options, undefined);
}

/**
 * {@link createDeviceCheck} on `plain` (the one-call functions' data) when
 * given, else on the bundle the options name; on `shared`'s tables when given.
 */
function createDeviceCheckIn(options: DeviceCheckFactoryOptions | undefined, plain: DataContext | undefined, shared?: DeviceCheck): DeviceCheck {
  const { scoring, cacheSize, data, now } = checkOptions<DeviceCheckFactoryOptions>(options, '', {
    ...DEVICE_OPTION_RULES,
    scoring: scoringOption,
    data: dataOptionRule,
    now: clockOption,
  });
  // The clock travels in the data context: a checker's five checks read the same one.
  return deviceCheckOn(plain === undefined ? openData(data, 'data', now) : withClock(plain, now), { scoring, cacheSize, ...(shared === undefined ? {} : { tables: tablesOf(shared) }) });
}

/** What {@link deviceCheckOn} builds a check from besides its data. */
export interface DeviceCheckOnOptions {
  /** Bands and weight overrides (already checked). @default { bands: 'default' } */
  readonly scoring?: ScoringOptions<DeviceWeightCode>;
  /** Cached results (`0`: no cache; already checked). @default 1000 */
  readonly cacheSize?: number;
  /** The rule tables (tests only: the redundancy test removes one rule at a time). @default DEVICE_RULES @internal */
  readonly rules?: DeviceRules;
  /** Tables already opened on a context of the same bundle (the one-call checker's), else opened here. @internal */
  readonly tables?: DeviceTables;
}

/** Where a check keeps its tables, for {@link tablesOf}: a symbol, so no caller meets it by accident. */
const TABLES = hiddenSlot<DeviceTables>('device tables');

/**
 * The device check on an opened data context: its tables are opened here,
 * once, and every call of the check reads them. `createDeviceCheck` and
 * `createChecker` build their device check with it.
 *
 * @param context the checker's data and clock
 * @param options scoring and cache size, already checked
 */
export function deviceCheckOn(context: DataContext, options: DeviceCheckOnOptions = {}): DeviceCheck {
  const { scoring, cacheSize = DEFAULT_CACHE_SIZE } = options;
  const tables = options.tables ?? openDeviceTables(context, options.rules);
  const score = createScorer(DEVICE_SCORE_MODEL, scoring);
  // Keyed by the user agent and each hint as separate, length-prefixed parts:
  // no user agent text can build the key of another user agent plus hints.
  const cache = new BoundedCache<CacheKey, DeviceResult>(cacheSize);
  const run = (userAgent: string, hints: ClientHints, nowMs: number): DeviceResult => {
    // Past 4× the parsed length a user agent is not cached: it would only pin memory.
    if (cacheSize === 0 || userAgent.length > MAX_UA_LENGTH * 4) return evaluate(tables, userAgent, hints, score, nowMs);
    // Ages are whole months judged on a day: a result holds for its UTC day.
    return cache.getOrCompute(cacheKey(userAgent, Math.floor(nowMs / DAY_MS), ...hintsKeyParts(hints)), () => evaluate(tables, userAgent, hints, score, nowMs));
  };
  const check = (userAgent: string, callOptions?: DeviceCallOptions): DeviceResult => {
    assertString(userAgent, 'userAgent');
    const call = checkOptions<DeviceCallOptions>(callOptions, '', DEVICE_CALL_RULES);
    return run(userAgent, readClientHints(call.headers), call.now === undefined ? readClock(context.now) : call.now.getTime());
  };
  const at = (nowMs: number, userAgent: string, callOptions?: DeviceCallOptions): DeviceResult => {
    assertString(userAgent, 'userAgent');
    const call = checkOptions<DeviceCallOptions>(callOptions, '', DEVICE_CALL_RULES);
    return run(userAgent, readClientHints(call.headers), call.now === undefined ? nowMs : call.now.getTime());
  };
  const warmUp = (): void => {
    // Straight to evaluate: the warm-up's user agents would otherwise take slots of the result cache.
    for (let i = 0; i < WARM_UP_CALLS; i++) {
      const { userAgent, headers } = warmUpDevice(i);
      evaluate(tables, userAgent, readClientHints(headers), score, WARM_UP_INSTANT);
    }
  };
  const preload = preloadOnce([() => tables.preload(), warmUp]);
  const device = Object.assign(check, { preload, at });
  TABLES.put(device, tables);
  return device;
}

/**
 * The tables a check made by {@link deviceCheckOn} reads (internal: the
 * one-call function with scoring options reuses its shared checker's).
 *
 * @internal
 */
export function tablesOf(check: DeviceCheck): DeviceTables {
  return TABLES.get(check);
}

// The one-call function's checker, on the one-call functions' bundle; uncached (cacheSize 0), as before.
const defaultCheck = sharedChecker((options: DeviceCheckFactoryOptions | undefined, plain: DataContext | undefined, shared: DeviceCheck | undefined) =>
  createDeviceCheckIn({ cacheSize: 0, ...options }, plain, shared),
);

/** Preloads the checker {@link checkDevice} uses without scoring options (the root's `preload()`). @internal */
export function preloadSharedDeviceCheck(): void {
  defaultCheck(undefined).preload();
}

/**
 * Checks a user agent (plus optional client-hint headers) offline: browser,
 * OS, device brand/model/category, specs and capabilities where known
 * (`null` where the UA does not tell), a robot flag, and a 0–1000 score of
 * how much trustworthy device information the UA carries.
 *
 * @param userAgent the User-Agent header; any string gets a result
 * @param options `headers` (client hints, X-Requested-With) and `scoring`
 * @returns a frozen {@link DeviceResult}
 * @throws InputError `INPUT_TYPE` when `userAgent` is not a string;
 * `INPUT_OPTION` when `options` is not an object, has a key other than
 * `headers` and `scoring`, or `headers` is not a plain object;
 * `SCORING_CONFIG` for a bad `scoring`
 * @example
 * const r = checkDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1');
 * r.browser_name;   // 'Mobile Safari'
 * r.category;       // 'smartphone'
 * r.screen_size_width; // null: the UA does not say which iPhone
 */
export function checkDevice(userAgent: string, options?: DeviceCheckOptions): DeviceResult {
  assertString(userAgent, 'userAgent');
  // `scoring` is checked once, by the factory of the call's check below.
  const { headers, scoring, now } = checkOptions<DeviceCheckOptions>(options, '', { ...DEVICE_CALL_RULES, scoring: () => undefined });
  // Scoring of the call's own: a check for the call, on the shared checker's tables (see sharedChecker).
  const check = defaultCheck(scoring === undefined ? undefined : { scoring });
  return check(userAgent, headers === undefined && now === undefined ? undefined : { ...(headers === undefined ? {} : { headers }), ...(now === undefined ? {} : { now }) });
}
