import { isbotLib } from './dependencies.js';
import { brandKinds, lookupSpecs } from './data/index.js';
import type { DeviceTables } from './tables.js';
import { applyOsRules } from './osRules.js';
import { cleanModel, readModelBlock } from './modelBlocks.js';
import type { OsFacts } from './osRules.js';
import type { DeviceSpecs, ModelInfo } from './data/index.js';
import type { ClientHints } from './headers.js';
import { applyDeviceRules, brandOfToken, familyKind, leadingDevice, nameReading } from './brandRules.js';
import type { DeviceFacts } from './brandRules.js';
import { decideCategory } from './category.js';
import {
  ANDROID_FAMILY,
  APP_NAMES,
  brandDisplayName,
  browserDisplayName,
  osDisplayName,
  osFamily,
} from './names.js';
import {
  ANDROID_MODEL,
  ANDROID_WEBVIEW,
  APPLE_DEVICE_ONLY,
  BRAND_TOKEN,
  DALVIK,
  EXTRA_BROWSER,
  HOBBY_DESKTOP_OS,
  PLATFORM_APP_BUILD,
  HUMAN_DEVICE,
  MONITOR_BOT,
  ANDROID_MODEL_BARE,
  ERICSSON_PREFIX,
  EMBEDDED_APP,
  FUCHSIA,
  SONY_ERICSSON,
  SAFARI_CFNETWORK,
  UC_MODEL,
  DOWNLOAD_MANAGER,
  E_READER,
  FEATURE_PHONE,
  FEED_READER,
  AUTOMATION_BRAND,
  HEADLESS,
  MAJOR_MINOR,
  MEDIA_PLAYER,
  MOBILE_TOKEN,
  SET_TOP_BOX,
  SMART_SPEAKER,
  STRONG_BOT,
  TV,
  WEARABLE,
  YANDEX_LITE,
} from './patterns.js';
import type { BrowserFacts } from './capabilities.js';
import type { DeviceCategory } from './types.js';

/** Everything the result is built from, before capabilities and score. @example parseDevice(openDeviceTables(openData(undefined)), 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', {}).category // 'tablet' */
export interface ParsedDevice extends BrowserFacts {
  readonly robot: boolean;
  readonly headless: boolean;
  /** The OS the UA itself names, before client hints (for the consistency check). */
  readonly uaOs: string | null;
  readonly brand: string | null;
  /** Marketing name when the table knows the code, else the code. */
  readonly model: string | null;
  /** The model code as sent (UA or Sec-CH-UA-Model). */
  readonly modelCode: string | null;
  /** The code was found in the model table. */
  readonly modelKnown: boolean;
  /** The UA hides the model (iPhone, reduced Android `K`). */
  readonly modelHidden: boolean;
  readonly specs: DeviceSpecs | undefined;
  readonly category: DeviceCategory;
  readonly webview: boolean;
  readonly app: boolean;
  readonly feedReader: boolean;
  readonly mediaPlayer: boolean;
  readonly downloader: boolean;
  /** Isbot flagged it or it does not claim to be a Mozilla-compatible browser. */
  readonly nonBrowser: boolean;
  readonly setTopBox: boolean;
}

/** Browser packages that send X-Requested-With themselves: not an app WebView. */
const BROWSER_PACKAGES = new Set([
  'com.android.browser', 'com.android.chrome', 'com.chrome.beta', 'com.chrome.dev', 'com.sec.android.app.sbrowser',
  'com.opera.browser', 'com.opera.mini.native', 'org.mozilla.firefox', 'com.UCMobile.intl', 'com.uc.browser.en',
  'com.mi.globalbrowser', 'com.huawei.browser', 'com.heytap.browser', 'com.vivo.browser', 'com.yandex.browser',
  'com.brave.browser', 'com.microsoft.emmx', 'com.duckduckgo.mobile.android', 'XMLHttpRequest',
]);

/** Maker kinds (brandKinds) that name a category on their own. */
const KIND_CATEGORY: Readonly<Record<string, DeviceCategory>> = {
  tv: 'tv', stb: 'tv', wearable: 'wearable', tablet: 'tablet', ereader: 'tablet', pos: 'peripheral', projector: 'peripheral',
  peripheral: 'peripheral', smart_speaker: 'smart_speaker', smart_display: 'smart_display', car: 'car', console: 'console',
  media_player: 'media_player', camera: 'camera',
};

/**
 * Tie-breaker for an Android device the model table does not know: a maker
 * whose every listed kind maps to one category (a TV-only maker, a
 * tablet-only maker, a point-of-sale maker) names that category. A TV or
 * tablet maker's UA that says `Mobile` is trusted only when the maker makes
 * nothing else; a maker that also makes phones decides nothing.
 */
function makerCategory(t: DeviceTables, brand: string | null, mobile: boolean): DeviceCategory | undefined {
  if (brand === null) return undefined;
  const kinds = brandKinds(t.makers, brand);
  if (kinds.length === 0) return undefined;
  let found: DeviceCategory | undefined;
  let mixed = false;
  let tablet = false;
  for (const k of kinds) {
    const c = KIND_CATEGORY[k];
    if (c === undefined) return undefined;
    if (c === 'tablet') tablet = true;
    if (found === undefined) found = c;
    else if (c !== found) mixed = true;
  }
  // A maker of several kinds none of which is a phone or a tablet (smart
  // displays and speakers, consoles and accessories, TVs and media players)
  // is best told by what it mostly makes, its first kind: the UA's missing
  // `Mobile` token would otherwise make it a tablet.
  if (mixed && tablet) return undefined;
  // A `Mobile` token on a TV maker's device is more often a phone or a
  // TV box's mobile-mode browser; keep the UA's own word there.
  if (found === 'tv' && mobile) return undefined;
  return found;
}

/** The category of what a maker mostly makes (its first listed kind), if that names one. */
function mainKindCategory(t: DeviceTables, brand: string | null): DeviceCategory | undefined {
  if (brand === null) return undefined;
  const main = brandKinds(t.makers, brand)[0];
  if (main === undefined) return undefined;
  return main === 'phone' || main === 'rugged' ? 'smartphone' : KIND_CATEGORY[main];
}


/** Name of a browser found by its own token (EXTRA_BROWSER), or undefined to keep ua-parser-js's. */
function extraBrowser(tokenName: string, os: string | null, parsed: string | undefined): string | undefined {
  switch (tokenName) {
    case 'QtWebEngine':
      return 'QtWebEngine';
    case 'DuckDuckGo':
      return 'DuckDuckGo Privacy Browser';
    case 'YaBrowser':
    case 'YandexSearch':
      return 'Yandex Browser';
    case 'MZBrowser':
      return 'Meizu Browser';
    case 'Mint Browser':
      return 'Mint Browser';
    case 'AlohaBrowser':
      return 'Aloha Browser';
    case 'IceDragon':
      return 'IceDragon';
    case 'Ecosia':
      return 'Ecosia';
    case 'LG Browser':
      return 'LG Browser';
    case 'MAUI':
    case 'WAP Browser':
    case 'WAP_Browser':
      return parsed === undefined ? 'MAUI WAP Browser' : undefined;
    case 'Tizen':
      return parsed === undefined || parsed === 'Safari' || parsed === 'Mobile Safari' || parsed === 'WebKit' ? 'Tizen Browser' : undefined;
    case 'NokiaBrowser':
    case 'BrowserNG':
      return 'Nokia Browser';
    case 'CoolNovo':
      return 'CoolNovo';
    case 'SznProhlizec':
      return 'Seznam Browser';
    case 'Odin':
      return 'Odin';
    case 'TV Bro':
      return 'TV Bro';
    case 'Odd':
      return os === null ? undefined : 'Odd Browser';
    default:
      return undefined;
  }
}

/**
 * Messenger WebViews that isbot flags on incidental tokens (WeChat's
 * `Process/tools`, a `1024x720` screen size read as `24x7`): ua-parser-js
 * identifies the app, and nothing in the UA says crawler.
 */
const MESSENGER_APPS: ReadonlySet<string> = new Set(['wechat', 'instagram']);

/** isbot matches that are only about a UA's shape, not about what sent it. */
const SHAPE_ONLY: ReadonlySet<string> = new Set(['(', ';', '|']);

/**
 * True when isbot's robot verdict on `ua` is a false alarm (docs/device.md,
 * "How a UA is read"): every isbot match and strong crawler word sits inside
 * the Android model name (`B BOT 550`); or, with no strong crawler word, the
 * agent is a person's non-browser client, a messenger WebView flagged on an
 * incidental token, or a fully named browser flagged for its shape alone (a
 * leading `(` or `;` of a truncated header, a `|` in an app's build string).
 * isbot's matches and the strong word are each computed once.
 */
function isbotFalseAlarm(ua: string, browser: { name?: string; version?: string }, osName: string | undefined): boolean {
  const strong = STRONG_BOT.exec(ua);
  let matches: string[] | undefined;
  const botMatches = (): string[] => (matches ??= isbotLib().isbotMatches(ua));
  const model = ANDROID_MODEL.exec(ua);
  if (model !== null) {
    const name = model[1]!;
    if ((strong === null || name.includes(strong[0])) && botMatches().length > 0 && botMatches().every((m) => name.includes(m))) return true;
  }
  if (strong !== null) return false;
  // isbot flags every non-browser agent; feed-reader apps, podcast players,
  // WAP phones and TV middleware are people's clients, not robots.
  if (humanNonBrowser(ua) || APPLE_DEVICE_ONLY.test(ua) || HUMAN_DEVICE.test(ua) || HOBBY_DESKTOP_OS.test(ua) || PLATFORM_APP_BUILD.test(ua) || (ua.startsWith('Mozilla/') && EMBEDDED_APP.test(ua)) || leadingDevice(ua) !== null) return true;
  if (browser.name !== undefined && MESSENGER_APPS.has(browser.name.toLowerCase())) return true;
  return browser.name !== undefined && browser.version !== undefined && osName !== undefined && botMatches().every((m) => SHAPE_ONLY.has(m));
}

/**
 * Human clients that isbot flags because they are not web browsers. Feed-reader
 * apps are among them: `is_robot` follows Matomo's taxonomy, where a feed
 * reader is a client kind of its own (`is_feed_reader`), not a bot; isbot's
 * crawler fixtures list the same apps as crawlers (docs/device.md, Limitations).
 */
function humanNonBrowser(ua: string): boolean {
  return FEED_READER.test(ua) || MEDIA_PLAYER.test(ua) || DOWNLOAD_MANAGER.test(ua) || FEATURE_PHONE.test(ua) || TV.test(ua)
    || WEARABLE.test(ua) || SMART_SPEAKER.test(ua) || E_READER.test(ua);
}

/** Names that only say "some Chromium build": a specific hint brand replaces them. */
const GENERIC_CHROME: ReadonlySet<string> = new Set(['Chrome', 'Chrome Mobile', 'Chrome Webview', 'Chromium']);

/** Result browser name of a Sec-CH-UA brand. */
function browserFromBrand(brand: string): string | undefined {
  switch (brand) {
    case 'Google Chrome':
      return 'Chrome';
    case 'Microsoft Edge':
      return 'Microsoft Edge';
    case 'Opera':
      return 'Opera';
    case 'Brave':
      return 'Brave';
    case 'Samsung Internet':
      return 'Samsung Browser';
    case 'YaBrowser':
    case 'Yandex':
      return 'Yandex Browser';
    case 'DuckDuckGo':
      return 'DuckDuckGo Privacy Browser';
    case 'Opera GX':
      return 'Opera GX';
    case 'Vivaldi':
      return 'Vivaldi';
    case 'HuaweiBrowser':
      return 'Huawei Browser Mobile';
    default:
      return undefined;
  }
}

/** The robot verdict and the non-browser client kinds. */
interface RobotStep {
  readonly robot: boolean;
  readonly headless: boolean;
  readonly nonBrowser: boolean;
  readonly feedReader: boolean;
  readonly mediaPlayer: boolean;
  readonly downloader: boolean;
}

/** Step 1: robot or person (isbot, corrected; docs/device.md), and what kind of non-browser client. */
/**
 * The first Sec-CH-UA brand that names an automation tool (`HeadlessChrome`):
 * a headless browser even when its UA was rewritten to look like Chrome.
 *
 * @example automationBrand({ brands: new Map([['HeadlessChrome', '131']]) }); // 'HeadlessChrome'
 */
export function automationBrand(hints: ClientHints): string | undefined {
  if (hints.brands === undefined) return undefined;
  for (const brand of hints.brands.keys()) if (AUTOMATION_BRAND.test(brand)) return brand;
  return undefined;
}

function readRobot(ua: string, browser: { name?: string; version?: string }, osName: string | undefined, hints: ClientHints): RobotStep {
  const headless = HEADLESS.test(ua) || automationBrand(hints) !== undefined;
  let robot = headless || isbotLib().isbot(ua);
  // Non-browser client kinds: only agents isbot flags or that do not present
  // themselves as Mozilla-compatible browsers can be one (saves three regexes
  // on every ordinary browser UA).
  const nonBrowser = robot || !ua.startsWith('Mozilla/');
  const feedReader = nonBrowser && FEED_READER.test(ua);
  const mediaPlayer = nonBrowser && !feedReader && MEDIA_PLAYER.test(ua);
  const downloadManager = nonBrowser && DOWNLOAD_MANAGER.test(ua);
  // Monitors dressed as devices stay robots whatever else the UA says.
  if (robot && !headless && !MONITOR_BOT.test(ua) && isbotFalseAlarm(ua, browser, osName)) robot = false;
  return { robot, headless, nonBrowser, feedReader, mediaPlayer, downloader: downloadManager };
}

/** The operating system, before and after client hints. */
interface OsStep {
  readonly os: string | null;
  readonly osVersion: string | null;
  /** The OS the UA itself names, before client hints (for the consistency check). */
  readonly uaOs: string | null;
  /** Google's Fuchsia (Nest Hub). */
  readonly fuchsia: boolean;
}

/**
 * Step 2: the OS from ua-parser-js, rewritten by the OS rule tables
 * (osRules.ts): first those on the user agent, then those on the client
 * hints and X-Requested-With.
 */
function readOs(t: DeviceTables, ua: string, parsed: { name?: string; version?: string }, vendor: string | undefined, hints: ClientHints): OsStep {
  const start: OsFacts = { ua, vendor, hints, os: parsed.name === undefined ? null : osDisplayName(parsed.name), osVersion: parsed.version ?? null };
  const fromUa = applyOsRules(t.rules.os, start);
  const { os, osVersion } = applyOsRules(t.rules.osHints, fromUa);
  return { os, osVersion, uaOs: fromUa.os, fuchsia: FUCHSIA.test(ua) };
}

/** The model code the UA (or Sec-CH-UA-Model) carries, before any maker is known. */
interface CodeStep {
  readonly code: string | null;
  /** The UA hides the model (reduced Android `K`, no hint). */
  readonly modelHidden: boolean;
  /** A maker named by the platform's own device block (Windows Phone, HbbTV, KaiOS, MRE…). */
  readonly vendorHint: string | undefined;
  readonly lumia: boolean;
}

/**
 * True when `code` is the start of the UA's `Build/…` id and appears nowhere
 * before it (`SHT21 Build/SC170`): a firmware id, not the model. A build id
 * that leads with a maker word (`Build/HuaweiU8180`) carries the real code.
 */
function inBuildId(ua: string, code: string): boolean {
  const build = ua.indexOf('Build/');
  return build >= 0 && ua.startsWith(code, build + 6) && ua.indexOf(code) > build;
}

/** Step 3: the model code from ua-parser-js, the Android token, platform device blocks and Sec-CH-UA-Model. */
function readModelCode(t: DeviceTables, ua: string, device: { model?: string }, os: string | null, android: boolean, hints: ClientHints): CodeStep {
  let modelHidden = false;
  let code: string | null = device.model === undefined ? null : cleanModel(device.model);
  if (android) {
    if (ua.includes('; K)') || device.model === 'K') {
      // Chrome's reduced UA (Android 10+): "K" stands in for every model.
      code = null;
      modelHidden = true;
    } else {
      // ua-parser-js cuts some codes short (`LG-E460` → `460`): the whole
      // token before `Build/` wins when it contains what the parser kept.
      const m = ANDROID_MODEL.exec(ua) ?? UC_MODEL.exec(ua) ?? ANDROID_MODEL_BARE.exec(ua);
      const token = m === null ? null : cleanModel(m[1]!.replaceAll('_', ' '));
      // ua-parser-js also finds codes inside the build id (`SHT21 Build/SC170`
      // → `SC170`): the model field before `Build/` names the device then.
      if (token !== null && (code === null || (token.length > code.length && token.includes(code)) || (!token.includes(code) && inBuildId(ua, code)))) code = token;
    }
  }
  let vendorHint: string | undefined;
  let lumia = false;
  if (code === null) {
    // Model blocks of non-Android platforms (modelBlocks.ts).
    const found = readModelBlock(t.rules.modelBlocks, { ua, os, makers: t.makers });
    if (found !== undefined) ({ code, vendorHint, lumia } = found);
  } else if (SONY_ERICSSON.test(ua)) {
    code = code.replace(ERICSSON_PREFIX, '');
  }
  if (hints.model !== undefined && (code === null || modelHidden)) {
    code = cleanModel(hints.model);
    modelHidden = code === null;
  }
  return { code, modelHidden, vendorHint, lumia };
}

/** Brand, model and what the tables know of them. */
interface DeviceStep {
  readonly brand: string | null;
  /** Marketing name when the table knows the code, else the code. */
  readonly model: string | null;
  readonly code: string | null;
  readonly modelHidden: boolean;
  readonly info: ModelInfo | undefined;
  readonly specs: DeviceSpecs | undefined;
  /** The kind of the code's maker family, when the family fits the maker. */
  readonly familyKind: DeviceCategory | undefined;
}

/**
 * Step 4: the maker and model — the maker the UA states (vendor, maker
 * words, platform fields), the model table, the maker table's code families
 * and lines — in the maker list's spelling: the maker rules, the naming of
 * the reading, then the naming rules (brandRules.ts).
 */
function readDevice(t: DeviceTables, ua: string, device: { vendor?: string }, engine: string | undefined, os: string | null, android: boolean, codeStep: CodeStep): DeviceStep {
  const { code, modelHidden, vendorHint } = codeStep;
  const parserVendor = device.vendor !== undefined ? brandDisplayName(t.makers, device.vendor) : null;
  const f: DeviceFacts = {
    t,
    ua,
    parserVendor,
    engine,
    os,
    android,
    leading: leadingDevice(ua),
    // On the whole UA only for non-Mozilla agents (feature phones: `SAMSUNG-SGH-Z100`).
    token: code !== null ? BRAND_TOKEN.exec(code) : modelHidden || ua.startsWith('Mozilla') ? null : BRAND_TOKEN.exec(ua),
    uaBrand: parserVendor ?? (vendorHint === undefined ? null : brandOfToken(t.makers, vendorHint)),
    code,
    withMaker: null,
    atStart: undefined,
    modelHidden,
    info: undefined,
    codeFam: undefined,
    brand: null,
    model: null,
  };
  applyDeviceRules(t.rules.naming, nameReading(applyDeviceRules(t.rules.maker, f)));
  const { info } = f;
  return { brand: f.brand, model: f.model, code: f.code, modelHidden: f.modelHidden, info, specs: info === undefined ? undefined : lookupSpecs(t.specs, info.brand, info.model), familyKind: familyKind(f) };
}

/** The browser, its version, and whether an app made the request. */
interface BrowserStep {
  readonly browser: string | null;
  readonly browserVersion: string | null;
  readonly webview: boolean;
  readonly app: boolean;
}

/** Step 5: the browser from ua-parser-js, browsers it does not name, and Sec-CH-UA-Full-Version-List. */
function readBrowser(ua: string, parsed: { name?: string; version?: string }, os: string | null, android: boolean, headless: boolean, hints: ClientHints): BrowserStep {
  const webview = android && ANDROID_WEBVIEW.test(ua);
  let browser: string | null = null;
  let browserVersion = parsed.version ?? null;
  const extra = EXTRA_BROWSER.exec(ua);
  const extraName = extra === null ? undefined : extraBrowser(extra[1]!, os, parsed.name);
  if (headless && parsed.name !== undefined && parsed.name.startsWith('Chrome')) browser = 'Headless Chrome';
  else if (extraName !== undefined) {
    browser = extraName;
    if (extraName === 'Yandex Browser' && YANDEX_LITE.test(ua)) browser = 'Yandex Browser Lite';
  } else if (parsed.name !== undefined) browser = browserDisplayName(parsed.name, os, webview, YANDEX_LITE.test(ua));
  else if (DALVIK.test(ua)) browser = 'Android Browser';
  else if (SAFARI_CFNETWORK.test(ua)) browser = 'Safari';
  // Symbian's stock browser reports itself as plain Safari.
  if (browser === 'Safari' && os !== null && osFamily(os) === 'Symbian') browser = 'Nokia Browser';
  if (hints.brands !== undefined) {
    // The most specific brand wins: DuckDuckGo, Edge or Opera over Google Chrome.
    let picked: [string, string] | undefined;
    for (const [hintBrand, version] of hints.brands) {
      const hinted = browserFromBrand(hintBrand);
      if (hinted === undefined) continue;
      if (picked === undefined || (picked[0] === 'Chrome' && hinted !== 'Chrome')) picked = [hinted, version];
    }
    if (picked !== undefined) {
      const [hinted, version] = picked;
      // A specific brand names the real browser behind a UA that only says Chrome.
      if (browser === null || (hinted !== 'Chrome' && GENERIC_CHROME.has(browser))) browser = hinted;
      // Reduced UAs say Chrome/120.0.0.0; the full version list has the real build.
      if (browser.startsWith(hinted) && version !== '') browserVersion = version;
    }
  }
  const app = (browser !== null && APP_NAMES.has(browser))
    || EMBEDDED_APP.test(ua)
    || (hints.requestedWith !== undefined && !BROWSER_PACKAGES.has(hints.requestedWith));
  return { browser, browserVersion, webview, app };
}

/**
 * Parses a length-capped user agent plus client hints into the facts the
 * result is built from: the steps above in turn (robot, OS and client
 * hints, model code, maker and model, browser), then the category table
 * (category.ts), reading only the tables it is given (and their reused
 * parser, tables.ts).
 *
 * @example
 * const tables = openDeviceTables(openData(undefined));
 * parseDevice(tables, 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', {}).model; // 'Galaxy S23'
 */
export function parseDevice(t: DeviceTables, ua: string, hints: ClientHints): ParsedDevice {
  const parser = t.parser;
  parser.setUA(ua);
  const b = parser.getBrowser();
  const o = parser.getOS();
  const d = parser.getDevice();
  const e = parser.getEngine();

  const robot = readRobot(ua, b, o.name, hints);
  const osStep = readOs(t, ua, o, d.vendor, hints);
  const android = osStep.os !== null && ANDROID_FAMILY.has(osStep.os);
  const codeStep = readModelCode(t, ua, d, osStep.os, android, hints);
  const device = readDevice(t, ua, d, e.name, osStep.os, android, codeStep);
  // An iPad on iOS 13 or later runs iPadOS.
  const os = osStep.os === 'iOS' && device.model === 'iPad' && osStep.osVersion !== null && Number(MAJOR_MINOR.exec(osStep.osVersion)?.[1] ?? 0) >= 13 ? 'iPadOS' : osStep.os;
  const browser = readBrowser(ua, b, os, android, robot.headless, hints);
  const unknownAndroid = android && device.info === undefined;
  const category = decideCategory({
    ua,
    robot: robot.robot,
    os,
    osFamily: os === null ? null : osFamily(os),
    android,
    code: device.code,
    model: device.model,
    info: device.info,
    specs: device.specs,
    familyKind: device.familyKind,
    makerCategory: unknownAndroid ? makerCategory(t, device.brand, MOBILE_TOKEN.test(ua)) : undefined,
    makerMainCategory: unknownAndroid ? mainKindCategory(t, device.brand) : undefined,
    parserType: d.type,
    lumia: codeStep.lumia,
    fuchsia: osStep.fuchsia,
    requestedWith: hints.requestedWith,
    hintsMobile: hints.mobile,
  }, t.rules.category);

  return {
    robot: robot.robot,
    headless: robot.headless,
    browser: browser.browser,
    browserVersion: browser.browserVersion,
    engine: e.name ?? null,
    engineVersion: e.version ?? null,
    os,
    osVersion: osStep.osVersion,
    uaOs: osStep.uaOs,
    brand: device.brand,
    model: device.model,
    modelCode: device.code,
    modelKnown: device.info !== undefined,
    modelHidden: device.modelHidden,
    specs: device.specs,
    category,
    webview: browser.webview,
    app: browser.app,
    feedReader: robot.feedReader,
    mediaPlayer: robot.mediaPlayer,
    downloader: robot.downloader,
    nonBrowser: robot.nonBrowser,
    setTopBox: category === 'tv' && SET_TOP_BOX.test(ua),
  };
}
