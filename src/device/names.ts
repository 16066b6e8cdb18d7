/**
 * Name vocabulary of the device check. ua-parser-js 1.0.41 names things its
 * own way (`Samsung Internet`, `Mac OS`, `Linux`); results use the common
 * family names that analytics tools report (`Samsung Browser`, `Mac`,
 * `GNU/Linux`), which is also what the test corpora expect. The tables below
 * were written by hand for this project from the names ua-parser-js emits
 * (its source, `src/ua-parser.js`) and the product names vendors use; keys are
 * lower-cased ua-parser-js names. Brand spellings are the maker list's
 * (data/device/makers.json, through canonicalBrand).
 */
import { canonicalBrand } from './data/index.js';
import type { MakerTable } from './data/index.js';

/** ua-parser-js browser name → result name (platform variants are added in `browserDisplayName`). */
const BROWSER_NAMES: Readonly<Record<string, string>> = {
  chrome: 'Chrome',
  'chrome webview': 'Chrome Webview',
  'chrome headless': 'Headless Chrome',
  chromium: 'Chromium',
  'mobile chrome': 'Chrome Mobile',
  firefox: 'Firefox',
  fennec: 'Firefox Mobile',
  'firefox focus': 'Firefox Focus',
  'firefox reality': 'Firefox Reality',
  mozilla: 'Mozilla',
  safari: 'Safari',
  'mobile safari': 'Mobile Safari',
  mobilesafari: 'Mobile Safari',
  webkit: 'WebKit',
  ie: 'Internet Explorer',
  iemobile: 'IE Mobile',
  edge: 'Microsoft Edge',
  opera: 'Opera',
  'opera mobi': 'Opera Mobile',
  'opera mini': 'Opera Mini',
  'opera touch': 'Opera Touch',
  'opera gx': 'Opera GX',
  'samsung internet': 'Samsung Browser',
  'android browser': 'Android Browser',
  yandex: 'Yandex Browser',
  ucbrowser: 'UC Browser',
  'miui browser': 'Mi Browser',
  'huawei browser': 'Huawei Browser Mobile',
  'vivo browser': 'vivo Browser',
  heytap: 'HeyTapBrowser',
  dragon: 'Comodo Dragon',
  qqbrowser: 'QQ Browser',
  'qqbrowserlite': 'QQ Browser Lite',
  baidu: 'Baidu Browser',
  silk: 'Mobile Silk',
  puffin: 'Puffin Web Browser',
  duckduckgo: 'DuckDuckGo Privacy Browser',
  'up.browser': 'Openwave Mobile Browser',
  upbrowser: 'Openwave Mobile Browser',
  netfront: 'NetFront',
  obigo: 'Obigo',
  polaris: 'Polaris',
  dolphin: 'Dolphin',
  palemoon: 'Pale Moon',
  'pico browser': 'PICO Browser',
  'oculus browser': 'Oculus Browser',
  'avast secure browser': 'Avast Secure Browser',
  'sogou explorer': 'Sogou Explorer',
  'coc coc': 'Coc Coc',
  naver: 'Naver',
  gsa: 'Google Search App',
  line: 'Line',
  nokiabrowser: 'Nokia Browser',
  ovibrowser: 'Nokia Browser',
  kindle: 'Kindle Browser',
  'k-meleon': 'K-meleon',
  rekonq: 'Rekonq',
  epiphany: 'GNOME Web',
  whale: 'Whale Browser',
  brave: 'Brave',
  vivaldi: 'Vivaldi',
  maxthon: 'Maxthon',
  quark: 'Quark',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  wechat: 'WeChat',
  twitter: 'Twitter',
  snapchat: 'Snapchat',
  kakaotalk: 'KakaoTalk',
  electron: 'Electron',
};

/** In-app agents (not browsers): they set `is_app`. Keys are result names. @example APP_NAMES.has('Facebook') // true */
export const APP_NAMES: ReadonlySet<string> = new Set([
  'Facebook', 'Instagram', 'TikTok', 'WeChat', 'Twitter', 'Snapchat', 'KakaoTalk', 'Line', 'Naver',
  'Google Search App', 'Electron', 'Baidu Box App',
]);

/**
 * Result name of a browser. Mobile platforms get the mobile product name
 * (Chrome on Android is the separate "Chrome Mobile" product, Firefox on
 * Android "Firefox Mobile", Opera on Android "Opera Mobile").
 *
 * @example
 * browserDisplayName('Chrome', 'Android', false, false); // 'Chrome Mobile'
 */
export function browserDisplayName(raw: string, os: string | null, webview: boolean, yandexLite: boolean): string {
  const key = raw.toLowerCase();
  const base = BROWSER_NAMES[key] ?? raw;
  const android = os !== null && ANDROID_FAMILY.has(os);
  const ios = os === 'iOS' || os === 'iPadOS';
  switch (base) {
    case 'Chrome':
      if (android) return webview ? 'Chrome Webview' : 'Chrome Mobile';
      if (ios) return 'Chrome Mobile iOS';
      return base;
    case 'Firefox':
      if (android) return 'Firefox Mobile';
      if (ios) return 'Firefox Mobile iOS';
      return base;
    case 'Opera':
      return android ? 'Opera Mobile' : base;
    case 'Microsoft Edge':
      return ios ? 'Microsoft Edge' : base;
    case 'Yandex Browser':
      return yandexLite ? 'Yandex Browser Lite' : base;
    case 'Android Browser':
      return webview ? 'Chrome Webview' : base;
    default:
      return base;
  }
}

/** Browser product family (platform variants folded), for metrics and the capability table. */
const BROWSER_FAMILY: Readonly<Record<string, string>> = {
  'Chrome Mobile': 'Chrome',
  'Chrome Mobile iOS': 'Chrome',
  'Chrome Webview': 'Chrome',
  'Headless Chrome': 'Chrome',
  Chromium: 'Chrome',
  'Chrome Frame': 'Chrome',
  'Firefox Mobile': 'Firefox',
  'Firefox Mobile iOS': 'Firefox',
  'Firefox Focus': 'Firefox',
  Fennec: 'Firefox',
  IceDragon: 'Firefox',
  'Comodo Dragon': 'Chrome',
  'Mobile Safari': 'Safari',
  'IE Mobile': 'Internet Explorer',
  'Opera Mobile': 'Opera',
  'Opera Mini': 'Opera',
  'Opera Next': 'Opera',
  'Opera Touch': 'Opera',
  'Opera GX': 'Opera',
  'Opera Devices': 'Opera',
  'Yandex Browser Lite': 'Yandex Browser',
  'QQ Browser Lite': 'QQ Browser',
  'QQ Browser Mini': 'QQ Browser',
  'UC Browser Mini': 'UC Browser',
  'UC Browser Turbo': 'UC Browser',
  'Huawei Browser Mobile': 'Huawei Browser',
  'Huawei Browser': 'Huawei Browser',
  'Mi Browser': 'Mi Browser',
  'Mobile Silk': 'Silk',
};

/**
 * Family of a browser name: `Chrome Mobile` → `Chrome`, `Mobile Safari` →
 * `Safari`. Exported for the corpus metric and for callers that group.
 *
 * @example
 * browserFamily('Chrome Webview'); // 'Chrome'
 */
export function browserFamily(name: string): string {
  return BROWSER_FAMILY[name] ?? name;
}

/** ua-parser-js OS name → result name. */
const OS_NAMES: Readonly<Record<string, string>> = {
  'mac os': 'Mac',
  macos: 'Mac',
  linux: 'GNU/Linux',
  'chromium os': 'Chrome OS',
  'chrome os': 'Chrome OS',
  android: 'Android',
  kaios: 'KaiOS',
  webos: 'webOS',
  symbian: 'Symbian OS',
  series40: 'Series 40',
  blackberry: 'BlackBerry OS',
  'windows phone os': 'Windows Phone',
  'windows phone': 'Windows Phone',
  'windows mobile': 'Windows Mobile',
  ios: 'iOS',
  // TV middleware that ua-parser-js reports as an OS runs on Linux.
  netrange: 'GNU/Linux',
  nettv: 'GNU/Linux',
  chromecast: 'GNU/Linux',
  viera: 'GNU/Linux',
  'risc os': 'RISC OS',
  suse: 'SUSE',
  'firefox os': 'Firefox OS',
  fuchsia: 'Fuchsia',
  harmonyos: 'HarmonyOS',
  openharmony: 'OpenHarmony',
  nintendo: 'Nintendo',
  playstation: 'PlayStation',
};

/**
 * Result name of an OS reported by ua-parser-js.
 *
 * @example
 * osDisplayName('Mac OS'); // 'Mac'
 */
export function osDisplayName(raw: string): string {
  return OS_NAMES[raw.toLowerCase()] ?? raw;
}

/** Android and its forks (they run Android apps and Chrome-based browsers). @example ANDROID_FAMILY.has('Fire OS') // true */
export const ANDROID_FAMILY: ReadonlySet<string> = new Set([
  'Android', 'Fire OS', 'Android TV', 'Google TV', 'Wear OS', 'MocorDroid', 'CyanogenMod', 'Lineage OS', 'Remix OS',
  'Smartisan OS', 'HarmonyOS', 'Meta Horizon', 'PICO OS', 'Chrome OS Android',
]);

/** Linux distributions reported by name. */
const LINUX_FAMILY: ReadonlySet<string> = new Set([
  'GNU/Linux', 'Ubuntu', 'Kubuntu', 'Xubuntu', 'Lubuntu', 'Debian', 'Fedora', 'Red Hat', 'CentOS', 'Gentoo', 'Arch Linux',
  'Mandriva', 'Mageia', 'Sabayon', 'Slackware', 'SUSE', 'openSUSE', 'Linux Mint', 'Knoppix', 'Ordissimo', 'Elementary OS',
  'Manjaro', 'Raspbian', 'Zenwalk', 'PCLinuxOS', 'VectorLinux', 'Deepin',
]);

const OS_FAMILY_OF: Readonly<Record<string, string>> = {
  iPadOS: 'iOS',
  watchOS: 'iOS',
  tvOS: 'iOS',
  'Windows Phone': 'Windows Mobile',
  'Windows Mobile': 'Windows Mobile',
  'Windows CE': 'Windows Mobile',
  'Windows RT': 'Windows Mobile',
  FreeBSD: 'BSD',
  OpenBSD: 'BSD',
  NetBSD: 'BSD',
  DragonFly: 'BSD',
  'Symbian OS Series 60': 'Symbian',
  'Symbian OS': 'Symbian',
  'Symbian^3': 'Symbian',
  Symbian: 'Symbian',
  'Series 40': 'Series 40',
};

/**
 * OS family of an OS name: Android forks → `Android`, distributions →
 * `GNU/Linux`, iPadOS/watchOS → `iOS`, Windows Phone/CE/RT → `Windows Mobile`.
 *
 * @example
 * osFamily('Fire OS'); // 'Android'
 */
export function osFamily(name: string): string {
  if (ANDROID_FAMILY.has(name)) return 'Android';
  if (LINUX_FAMILY.has(name)) return 'GNU/Linux';
  return OS_FAMILY_OF[name] ?? name;
}

/** OS families whose devices are desktops or laptops when the UA names no device. @example DESKTOP_OS_FAMILIES.has('Mac') // true */
export const DESKTOP_OS_FAMILIES: ReadonlySet<string> = new Set([
  'Windows', 'Mac', 'GNU/Linux', 'Chrome OS', 'BSD', 'Solaris', 'OpenVMS', 'AmigaOS', 'BeOS', 'Haiku OS', 'OS/2',
  'RISC OS', 'Syllable', 'Unix', 'IRIX', 'HP-UX', 'AIX', 'Fuchsia', 'Ordissimo',
]);

/**
 * OS families that only exist on feature phones. Samsung's Bada is not one:
 * it ran the Wave line of touchscreen smartphones with an app store.
 * @example FEATURE_PHONE_OS.has('KaiOS') // true
 */
export const FEATURE_PHONE_OS: ReadonlySet<string> = new Set(['KaiOS', 'Java ME', 'MRE', 'Brew', 'Series 40', 'REX', 'MTK / Nucleus']);

/** Smartphone OSes whose browsers still send feature-phone tokens (MIDP, CLDC). @example SMARTPHONE_OS.has('Bada') // true */
export const SMARTPHONE_OS: ReadonlySet<string> = new Set(['Bada']);

/** Vendors ua-parser-js reports that are not device makers (an operator, a placeholder). */
const NOT_A_BRAND: ReadonlySet<string> = new Set(['generic', 'smart', 'st', 'opera software', 'facebook', 'sprint', 'verizon', 'at&t']);

/**
 * Brand name of a ua-parser-js vendor in the maker list's spelling
 * (`TECNO` → `Tecno Mobile`, `Realme` → `realme`, `Kindle` → `Amazon`), or
 * null when the vendor is not a device maker.
 *
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * brandDisplayName(makers, 'TECNO'); // 'Tecno Mobile'
 */
export function brandDisplayName(makers: MakerTable, vendor: string): string | null {
  const key = vendor.trim().toLowerCase();
  if (key === '' || NOT_A_BRAND.has(key)) return null;
  return canonicalBrand(makers, vendor);
}

/**
 * caniuse agent id of a browser name and OS, for the capability table.
 * Chromium-based browsers without their own caniuse entry use Chrome's id
 * for their engine version (their features follow Blink's).
 *
 * @example
 * caniuseAgent('Chrome Mobile', 'Android'); // 'and_chr'
 */
export function caniuseAgent(name: string, osName: string | null): string | undefined {
  const android = osName !== null && ANDROID_FAMILY.has(osName);
  const ios = osName === 'iOS' || osName === 'iPadOS';
  switch (name) {
    case 'Mobile Safari':
    case 'Chrome Mobile iOS':
    case 'Firefox Mobile iOS':
      return 'ios_saf';
    case 'Safari':
      return ios ? 'ios_saf' : 'safari';
    case 'Chrome Mobile':
      return 'and_chr';
    case 'Chrome':
    case 'Chromium':
    case 'Headless Chrome':
    case 'Chrome Webview':
      return android ? 'and_chr' : 'chrome';
    case 'Firefox':
    case 'Firefox Mobile':
      return android ? 'and_ff' : 'firefox';
    case 'Microsoft Edge':
      return android ? 'and_chr' : ios ? 'ios_saf' : 'edge';
    case 'Internet Explorer':
      return 'ie';
    case 'IE Mobile':
      return 'ie_mob';
    case 'Opera':
      return 'opera';
    case 'Opera Mobile':
      return 'op_mob';
    case 'Opera Mini':
      return 'op_mini';
    case 'Samsung Browser':
      return 'samsung';
    case 'Android Browser':
      return 'android';
    case 'UC Browser':
      return 'and_uc';
    case 'QQ Browser':
      return 'and_qq';
    case 'Baidu Browser':
      return 'baidu';
    case 'KaiOS Browser':
      return 'kaios';
    default:
      return undefined;
  }
}
