/**
 * User agents and client hints: what genuine browsers sent on the corpus
 * date, and the abusive families (headless browsers, hints that contradict
 * the UA, outdated browsers, scripts and HTTP libraries).
 *
 * Versions come from caniuse-lite's agents data (release dates per
 * version): a genuine browser runs a version released on or before the
 * corpus date, mostly the newest (evergreen browsers update within weeks),
 * with a tail of older ones. UA strings follow the browsers' current
 * formats: Chromium's reduced UA (`Android 10; K`, `Chrome/N.0.0.0`),
 * Safari's frozen macOS 10_15_7 and, since Safari 26, the frozen
 * `iPhone OS 18_6` with the real Safari version in `Version/`. Client hints
 * are what a Chromium browser sends by default (`sec-ch-ua`,
 * `sec-ch-ua-mobile`, `sec-ch-ua-platform`), plus the high-entropy ones on
 * the share of sites that ask for them (Accept-CH); Safari and Firefox send
 * none.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Random } from './random.js';
import { ROOT } from './schema.js';

// caniuse-lite ships no types; only the release dates of its agents are read.
const { agents } = createRequire(join(ROOT, 'package.json'))('caniuse-lite') as { agents: Record<string, { release_date: Record<string, number | null> } | undefined> };

type AgentName = 'chrome' | 'firefox' | 'safari' | 'ios_saf' | 'edge' | 'samsung' | 'opera';

/** Versions of `agent` released on or before `day` (YYYY-MM-DD), oldest first, with their release day. */
export function releasedVersions(agent: AgentName, day: string): { version: string; released: string }[] {
  const data = agents[agent];
  if (!data) throw new Error(`caniuse-lite has no agent ${agent}`);
  return Object.entries(data.release_date)
    .filter(([, at]) => at !== null)
    .map(([version, at]) => ({ version, released: new Date(at! * 1000).toISOString().slice(0, 10) }))
    .filter((v) => v.released <= day)
    .sort((a, b) => (a.released < b.released ? -1 : a.released > b.released ? 1 : 0));
}

/** The major version `behind` releases before the newest one of `agent` on `day`. */
function major(agent: AgentName, day: string, behind: number): number {
  const list = releasedVersions(agent, day);
  const v = list[Math.max(0, list.length - 1 - behind)]!;
  return Number(v.version.split('.')[0]);
}

function version(agent: AgentName, day: string, behind: number): string {
  const list = releasedVersions(agent, day);
  return list[Math.max(0, list.length - 1 - behind)]!.version;
}

/** The newest major of `agent` released at least `days` days before `day`. */
function majorDaysBefore(agent: AgentName, day: string, days: number): number {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return major(agent, at.toISOString().slice(0, 10), 0);
}

/** How far behind the newest release a genuine evergreen browser is: mostly current, a tail of a few releases. */
function lag(random: Random): number {
  return random.weighted([
    [0, 0.55],
    [1, 0.25],
    [2, 0.1],
    [3, 0.05],
    [random.int(4, 8), 0.05],
  ]);
}

/** Chromium's GREASE brand for a major version (the "Not A Brand" entry and the brand order). */
function greasedBrands(majorVersion: number, brands: readonly (readonly [string, string])[]): string {
  const chars = [' ', '(', ':', '-', '.', '/', ')', ';', '=', '?', '_'];
  const versions = ['8', '99', '24'];
  const grease: readonly [string, string] = [`Not${chars[majorVersion % chars.length]}A${chars[(majorVersion + 1) % chars.length]}Brand`, versions[majorVersion % 3]!];
  const all = [grease, ...brands];
  const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const order = orders[majorVersion % 6]!.filter((i) => i < all.length);
  return order.map((i) => `"${all[i]![0]}";v="${all[i]![1]}"`).join(', ');
}

export interface Device {
  readonly userAgent: string;
  readonly headers: Record<string, string>;
  readonly mobile: boolean;
  /** What was generated, for the row's per-product family. */
  readonly kind: string;
}

function chromiumHints(
  random: Random,
  brands: readonly (readonly [string, string])[],
  majorVersion: number,
  platform: string,
  mobile: boolean,
  extra: { model?: string; platformVersion?: string } = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'sec-ch-ua': greasedBrands(majorVersion, brands),
    'sec-ch-ua-mobile': mobile ? '?1' : '?0',
    'sec-ch-ua-platform': `"${platform}"`,
  };
  // About a third of sites ask for the high-entropy hints (Accept-CH); a rounded guess from HTTP Archive's Accept-CH counts.
  if (random.chance(0.3)) {
    if (extra.platformVersion !== undefined) headers['sec-ch-ua-platform-version'] = `"${extra.platformVersion}"`;
    headers['sec-ch-ua-model'] = `"${extra.model ?? ''}"`;
  }
  return headers;
}

// --- Android models (popular 2023–2026 phones, as their UA and hints spell them)
const SAMSUNG = ['SM-S921B', 'SM-S926B', 'SM-S928B', 'SM-S931B', 'SM-S938B', 'SM-A556B', 'SM-A356B', 'SM-A256B', 'SM-A155F', 'SM-A165F', 'SM-A057F', 'SM-S911B', 'SM-A546B', 'SM-G991B'];
const OTHER_ANDROID = ['Pixel 8', 'Pixel 9', 'Pixel 9a', 'Pixel 7a', '23129RAA4G', '24117RN76G', '2409BRN2CA', 'CPH2581', 'CPH2591', 'V2250', 'moto g84 5G', 'moto g54 5G', 'TECNO KJ5', 'Infinix X6833B', 'RMX3771'];

function windowsPlatformVersion(random: Random): string {
  return random.chance(0.6) ? random.pick(['15.0.0', '19.0.0']) : '10.0.0';
}

/** A current desktop browser. */
function desktop(random: Random, day: string, country: string): Device {
  const os = random.weighted<'win' | 'mac' | 'linux'>([
    ['win', 0.72],
    ['mac', 0.23],
    ['linux', 0.05],
  ]);
  const browser =
    os === 'win'
      ? random.weighted<string>([['chrome', 0.62], ['edge', 0.2], ['firefox', 0.1], ['yandex', country === 'RU' ? 0.2 : 0], ['opera', 0.05]])
      : os === 'mac'
        ? random.weighted<string>([['chrome', 0.45], ['safari', 0.45], ['firefox', 0.05], ['edge', 0.05]])
        : random.weighted<string>([['chrome', 0.55], ['firefox', 0.45]]);
  const osToken = os === 'win' ? 'Windows NT 10.0; Win64; x64' : os === 'mac' ? 'Macintosh; Intel Mac OS X 10_15_7' : 'X11; Linux x86_64';
  const platform = os === 'win' ? 'Windows' : os === 'mac' ? 'macOS' : 'Linux';
  const platformVersion = os === 'win' ? windowsPlatformVersion(random) : os === 'mac' ? random.pick(['15.6.1', '26.0.1', '26.1.0', '14.7.6']) : '6.8.0';
  if (browser === 'safari') {
    const v = version('safari', day, lag(random));
    return { userAgent: `Mozilla/5.0 (${osToken}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v.includes('.') ? v : `${v}.0`} Safari/605.1.15`, headers: {}, mobile: false, kind: 'safari-mac' };
  }
  if (browser === 'firefox') {
    const m = major('firefox', day, lag(random));
    return { userAgent: `Mozilla/5.0 (${osToken.replace('Intel Mac OS X 10_15_7', 'Intel Mac OS X 10.15')}; rv:${m}.0) Gecko/20100101 Firefox/${m}.0`, headers: {}, mobile: false, kind: 'firefox-desktop' };
  }
  const m = major('chrome', day, lag(random));
  const chromeUa = `Mozilla/5.0 (${osToken}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${m}.0.0.0 Safari/537.36`;
  if (browser === 'edge') {
    const e = major('edge', day, lag(random));
    return {
      userAgent: `Mozilla/5.0 (${osToken}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${e}.0.0.0 Safari/537.36 Edg/${e}.0.0.0`,
      headers: chromiumHints(random, [['Microsoft Edge', String(e)], ['Chromium', String(e)]], e, platform, false, { platformVersion }),
      mobile: false,
      kind: 'edge-desktop',
    };
  }
  if (browser === 'opera') {
    const o = major('opera', day, lag(random));
    const c = m - 1;
    return {
      userAgent: `Mozilla/5.0 (${osToken}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${c}.0.0.0 Safari/537.36 OPR/${o}.0.0.0`,
      headers: chromiumHints(random, [['Opera', String(o)], ['Chromium', String(c)]], c, platform, false, { platformVersion }),
      mobile: false,
      kind: 'opera-desktop',
    };
  }
  if (browser === 'yandex') {
    // Yandex Browser: its own yy.m version on a Chromium base one or two releases behind.
    const c = m - 2;
    const y = `25.${random.int(6, 10)}.${random.int(0, 5)}.${random.int(1000, 3000)}`;
    return {
      userAgent: `Mozilla/5.0 (${osToken}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${c}.0.0.0 YaBrowser/${y} Yowser/2.5 Safari/537.36`,
      headers: chromiumHints(random, [['Chromium', String(c)], ['YaBrowser', y.split('.').slice(0, 2).join('.')], ['Yowser', '2.5']], c, platform, false, { platformVersion }),
      mobile: false,
      kind: 'yandex-desktop',
    };
  }
  return {
    userAgent: chromeUa,
    headers: chromiumHints(random, [['Google Chrome', String(m)], ['Chromium', String(m)]], m, platform, false, { platformVersion }),
    mobile: false,
    kind: 'chrome-desktop',
  };
}

/** iOS versions in use: Apple's adoption figures put most iPhones on the last two majors within months of a release. */
function iosVersion(random: Random, day: string): { ua: string; real: string; safari: string } {
  const newest = major('ios_saf', day, 0);
  const step = random.weighted([
    [0, 0.5],
    [1, 0.35],
    [2, 0.1],
    [3, 0.05],
  ]);
  // iOS 26 renumbered from 18: the release before 26 is 18.
  const m = newest - step < 26 && newest - step > 18 ? 18 - (25 - (newest - step)) : newest - step;
  const minor = random.int(0, m >= newest ? 1 : 6);
  const real = `${m}.${minor}`;
  const safari = m >= 26 ? `${m}.${minor}` : `${m}.${Math.min(minor, 6)}`;
  // Safari 26 and later freeze the OS in the UA at 18_6.
  const ua = m >= 26 ? '18_6' : `${m}_${minor}`;
  return { ua, real, safari };
}

/** A current phone browser. */
function phone(random: Random, day: string, country: string, iosShare: number): Device {
  if (random.chance(iosShare)) {
    const ios = iosVersion(random, day);
    const app = random.weighted<string>([['safari', 0.85], ['chrome', 0.1], ['instagram', 0.05]]);
    const head = `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios.ua} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)`;
    if (app === 'chrome') {
      const m = major('chrome', day, lag(random));
      return { userAgent: `${head} CriOS/${m}.0.${7000 + (m - 140) * 60 + random.int(0, 50)}.${random.int(30, 120)} Mobile/15E148 Safari/604.1`, headers: {}, mobile: true, kind: 'chrome-ios' };
    }
    if (app === 'instagram') {
      return {
        userAgent: `${head} Mobile/15E148 Instagram ${random.int(380, 410)}.0.0.${random.int(10, 40)}.${random.int(70, 120)} (iPhone${random.int(14, 17)},${random.int(2, 5)}; iOS ${ios.real.replace('.', '_')}; en_US; en; scale=3.00; 1179x2556; ${random.int(600000000, 799999999)})`,
        headers: {},
        mobile: true,
        kind: 'instagram-ios',
      };
    }
    return { userAgent: `${head} Version/${ios.safari} Mobile/15E148 Safari/604.1`, headers: {}, mobile: true, kind: 'safari-ios' };
  }
  const samsung = random.chance(0.45);
  const model = samsung ? random.pick(SAMSUNG) : random.pick(OTHER_ANDROID);
  const android = random.weighted([
    ['16', 0.3],
    ['15', 0.35],
    ['14', 0.2],
    ['13', 0.1],
    ['12', 0.05],
  ]);
  const m = major('chrome', day, lag(random));
  const app = random.weighted<string>([
    ['chrome', 0.72],
    ['samsung', samsung ? 0.3 : 0],
    ['facebook', 0.07],
    ['firefox', 0.03],
    ['yandex', country === 'RU' ? 0.15 : 0],
  ]);
  if (app === 'samsung') {
    const sb = releasedVersions('samsung', day);
    const pick = sb[sb.length - 1 - random.weighted([[0, 0.7], [1, 0.25], [2, 0.05]])]!;
    // Samsung Internet ships on a Chromium a couple of months older than its own release.
    const base = majorDaysBefore('chrome', pick.released, 60);
    return {
      userAgent: `Mozilla/5.0 (Linux; Android ${android}; SAMSUNG ${model}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${pick.version}.0 Chrome/${base}.0.0.0 Mobile Safari/537.36`,
      headers: chromiumHints(random, [['Samsung Internet', `${pick.version}.0`], ['Chromium', String(base)]], base, 'Android', true, { model, platformVersion: `${android}.0.0` }),
      mobile: true,
      kind: 'samsung-internet',
    };
  }
  if (app === 'facebook') {
    return {
      userAgent: `Mozilla/5.0 (Linux; Android ${android}; ${model} Build/AP3A.${random.int(240905, 250905)}.0${random.int(10, 19)}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${m}.0.${7000 + (m - 140) * 60 + random.int(0, 50)}.${random.int(30, 120)} Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/${random.int(480, 530)}.0.0.${random.int(10, 60)}.${random.int(70, 120)};]`,
      headers: chromiumHints(random, [['Android WebView', String(m)], ['Chromium', String(m)]], m, 'Android', true, { model, platformVersion: `${android}.0.0` }),
      mobile: true,
      kind: 'facebook-android',
    };
  }
  if (app === 'firefox') {
    const f = major('firefox', day, lag(random));
    return { userAgent: `Mozilla/5.0 (Android ${android}; Mobile; rv:${f}.0) Gecko/${f}.0 Firefox/${f}.0`, headers: {}, mobile: true, kind: 'firefox-android' };
  }
  if (app === 'yandex') {
    const c = m - 2;
    const y = `25.${random.int(6, 10)}.${random.int(0, 5)}.${random.int(100, 300)}`;
    return {
      userAgent: `Mozilla/5.0 (Linux; arm_64; Android ${android}; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${c}.0.0.0 YaBrowser/${y} YaApp_Android/${y.split('.').slice(0, 2).join('.')} Mobile Safari/537.36`,
      headers: chromiumHints(random, [['Chromium', String(c)], ['YaBrowser', y.split('.').slice(0, 2).join('.')]], c, 'Android', true, { model, platformVersion: `${android}.0.0` }),
      mobile: true,
      kind: 'yandex-android',
    };
  }
  return {
    userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${m}.0.0.0 Mobile Safari/537.36`,
    headers: chromiumHints(random, [['Google Chrome', String(m)], ['Chromium', String(m)]], m, 'Android', true, { model, platformVersion: `${android}.0.0` }),
    mobile: true,
    kind: 'chrome-android',
  };
}

/** A genuine current browser; `mobileShare` and `iosShare` from the country. */
export function genuineDevice(random: Random, day: string, country: string, mobileShare: number, iosShare: number): Device {
  return random.chance(mobileShare) ? phone(random, day, country, iosShare) : desktop(random, day, country);
}

/**
 * A genuine but older device, a year or two behind: iPhones that cannot
 * take the current iOS (iPhone 8/X stop at iOS 16), Windows 7/8.1 PCs on
 * Chrome 109 (the last Chrome for them), Firefox ESR, Macs stuck on an
 * older Safari, Android phones whose Chrome stopped updating.
 */
export function olderDevice(random: Random, day: string): Device {
  const kind = random.weighted<string>([
    ['old-iphone', 0.3],
    ['win7-chrome109', 0.15],
    ['firefox-esr', 0.15],
    ['old-mac-safari', 0.15],
    ['old-android-chrome', 0.25],
  ]);
  if (kind === 'old-iphone') {
    const v = random.pick(['16_7_10', '16_7_11', '16_7_12', '17_6_1', '17_7_2', '18_3_2', '18_5']);
    const safari = v.split('_').slice(0, 2).join('.');
    return { userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari} Mobile/15E148 Safari/604.1`, headers: {}, mobile: true, kind };
  }
  if (kind === 'win7-chrome109') {
    const nt = random.pick(['6.1', '6.3']);
    return {
      userAgent: `Mozilla/5.0 (Windows NT ${nt}; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36`,
      headers: chromiumHints(random, [['Google Chrome', '109'], ['Chromium', '109']], 109, 'Windows', false, { platformVersion: '0.3.0' }),
      mobile: false,
      kind,
    };
  }
  if (kind === 'firefox-esr') {
    const v = random.pick(['115', '128', '140']);
    return { userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`, headers: {}, mobile: false, kind };
  }
  if (kind === 'old-mac-safari') {
    const v = random.pick(['16.6', '17.6', '18.6', '17.4.1']);
    return { userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v} Safari/605.1.15`, headers: {}, mobile: false, kind };
  }
  const m = majorDaysBefore('chrome', day, random.int(180, 730));
  const android = random.pick(['10', '11', '12', '13']);
  const model = random.pick([...SAMSUNG, ...OTHER_ANDROID]);
  return {
    userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${m}.0.0.0 Mobile Safari/537.36`,
    headers: chromiumHints(random, [['Google Chrome', String(m)], ['Chromium', String(m)]], m, 'Android', true, { model, platformVersion: `${android}.0.0` }),
    mobile: true,
    kind,
  };
}

// --- abusive -------------------------------------------------------------------

/** Headless Chrome as it announces itself (Puppeteer/Playwright defaults): in the UA and in the hints. */
export function headless(random: Random, day: string): Device {
  const m = major('chrome', day, random.int(0, 12));
  const os = random.pick(['X11; Linux x86_64', 'Windows NT 10.0; Win64; x64', 'Macintosh; Intel Mac OS X 10_15_7']);
  const platform = os.startsWith('X11') ? 'Linux' : os.startsWith('Win') ? 'Windows' : 'macOS';
  return {
    userAgent: `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/${m}.0.0.0 Safari/537.36`,
    headers: random.chance(0.8) ? chromiumHints(random, [['HeadlessChrome', String(m)], ['Chromium', String(m)]], m, platform, false) : {},
    mobile: false,
    kind: 'headless-ua',
  };
}

/** A script that set a normal Chrome UA but left the headless brand in `sec-ch-ua` (setUserAgent does not touch the hints). */
export function headlessHints(random: Random, day: string): Device {
  const m = major('chrome', day, random.int(0, 6));
  const real = m - random.int(0, 3);
  const platform = random.chance(0.6) ? 'Linux' : 'Windows';
  return {
    userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${m}.0.0.0 Safari/537.36`,
    headers: chromiumHints(random, [['HeadlessChrome', String(real)], ['Chromium', String(real)]], real, platform, false),
    mobile: false,
    kind: 'headless-hints',
  };
}

/** Client hints that contradict the UA: its platform, its mobile flag, its major version, or hints from a browser that sends none. */
export function contradictingHints(random: Random, day: string): Device {
  const m = major('chrome', day, random.int(0, 3));
  const kind = random.pick(['platform', 'mobile', 'version', 'safari-with-hints', 'firefox-with-hints']);
  const chrome = (v: number) => [['Google Chrome', String(v)], ['Chromium', String(v)]] as const;
  if (kind === 'platform') {
    return {
      userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${m}.0.0.0 Safari/537.36`,
      headers: chromiumHints(random, chrome(m), m, random.pick(['Linux', 'macOS', 'Android']), false),
      mobile: false,
      kind: 'hints-platform',
    };
  }
  if (kind === 'mobile') {
    return {
      userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${m}.0.0.0 Mobile Safari/537.36`,
      headers: chromiumHints(random, chrome(m), m, random.pick(['Windows', 'Linux']), false),
      mobile: true,
      kind: 'hints-mobile',
    };
  }
  if (kind === 'version') {
    const real = m - random.int(8, 40);
    return {
      userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${m}.0.0.0 Safari/537.36`,
      headers: chromiumHints(random, chrome(real), real, 'Windows', false),
      mobile: false,
      kind: 'hints-version',
    };
  }
  if (kind === 'safari-with-hints') {
    return {
      userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version('ios_saf', day, 0)} Mobile/15E148 Safari/604.1`,
      headers: chromiumHints(random, chrome(m), m, random.pick(['Windows', 'Linux', 'Android']), random.chance(0.5)),
      mobile: true,
      kind: 'hints-on-safari',
    };
  }
  const f = major('firefox', day, 0);
  return {
    userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${f}.0) Gecko/20100101 Firefox/${f}.0`,
    headers: chromiumHints(random, chrome(m), m, 'Windows', false),
    mobile: false,
    kind: 'hints-on-firefox',
  };
}

/**
 * A browser years out of date, as hard-coded in scripts' UA lists
 * (fake-useragent style): Chrome 49–119, Firefox 45–110, IE 11, Safari 9–13,
 * Android 4–7 browsers.
 */
export function outdated(random: Random): Device {
  const kind = random.weighted<string>([
    ['chrome', 0.45],
    ['firefox', 0.2],
    ['ie', 0.1],
    ['safari', 0.1],
    ['android', 0.15],
  ]);
  if (kind === 'chrome') {
    const m = random.int(49, 119);
    const os = random.pick(['Windows NT 10.0; Win64; x64', 'Windows NT 6.1; Win64; x64', 'Windows NT 6.1; WOW64', 'Macintosh; Intel Mac OS X 10_13_6', 'X11; Linux x86_64']);
    const build = `${m}.0.${random.int(2500, 6100)}.${random.int(10, 200)}`;
    const headers = m >= 89 && random.chance(0.6) ? chromiumHints(random, [['Google Chrome', String(m)], ['Chromium', String(m)]], m, os.startsWith('Win') ? 'Windows' : os.startsWith('Mac') ? 'macOS' : 'Linux', false) : {};
    return { userAgent: `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${build} Safari/537.36`, headers, mobile: false, kind: 'outdated-chrome' };
  }
  if (kind === 'firefox') {
    const f = random.int(45, 110);
    return { userAgent: `Mozilla/5.0 (Windows NT ${random.pick(['10.0', '6.1'])}; Win64; x64; rv:${f}.0) Gecko/20100101 Firefox/${f}.0`, headers: {}, mobile: false, kind: 'outdated-firefox' };
  }
  if (kind === 'ie') {
    return { userAgent: random.pick(['Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)']), headers: {}, mobile: false, kind: 'outdated-ie' };
  }
  if (kind === 'safari') {
    const v = random.pick(['9.1.2', '10.1.2', '11.1.2', '12.1.2', '13.1.2']);
    const mac = random.pick(['10_11_6', '10_12_6', '10_13_6', '10_14_6']);
    return { userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X ${mac}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v} Safari/605.1.15`, headers: {}, mobile: false, kind: 'outdated-safari' };
  }
  const android = random.pick(['4.4.2', '5.0', '5.1.1', '6.0.1', '7.0']);
  const model = random.pick(['GT-I9505', 'SM-G900F', 'SM-G920F', 'SM-J500F', 'Nexus 5', 'SM-A510F']);
  const c = random.int(30, 70);
  return { userAgent: `Mozilla/5.0 (Linux; Android ${android}; ${model} Build/${random.pick(['KOT49H', 'LRX22C', 'MMB29K', 'NRD90M'])}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${c}.0.${random.int(1500, 3500)}.${random.int(10, 150)} Mobile Safari/537.36`, headers: {}, mobile: true, kind: 'outdated-android' };
}

/** Scripts and HTTP libraries with their own default UA (and the empty UA of a bare client). */
export function script(random: Random): Device {
  const ua = random.pick([
    `python-requests/2.${random.int(25, 32)}.${random.int(0, 4)}`,
    `python-urllib3/2.${random.int(0, 3)}.${random.int(0, 3)}`,
    `Python-urllib/3.${random.int(8, 13)}`,
    `python-httpx/0.${random.int(24, 28)}.${random.int(0, 2)}`,
    `aiohttp/3.${random.int(8, 11)}.${random.int(0, 9)}`,
    `curl/8.${random.int(0, 12)}.${random.int(0, 1)}`,
    `Wget/1.${random.int(20, 25)}.${random.int(0, 3)}`,
    'Go-http-client/1.1',
    'Go-http-client/2.0',
    `Java/${random.pick(['11.0.22', '17.0.12', '21.0.4'])}`,
    `okhttp/4.${random.int(9, 12)}.0`,
    `axios/1.${random.int(4, 9)}.${random.int(0, 7)}`,
    'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
    'node',
    'undici',
    `PostmanRuntime/7.${random.int(36, 45)}.${random.int(0, 3)}`,
    `Scrapy/2.${random.int(9, 13)}.${random.int(0, 2)} (+https://scrapy.org)`,
    `GuzzleHttp/7`,
    `libwww-perl/6.${random.int(60, 78)}`,
    `Apache-HttpClient/4.5.${random.int(10, 14)} (Java/17.0.9)`,
    `Dart/3.${random.int(2, 6)} (dart:io)`,
    '',
  ]);
  return { userAgent: ua, headers: {}, mobile: false, kind: ua === '' ? 'empty-ua' : 'script' };
}
