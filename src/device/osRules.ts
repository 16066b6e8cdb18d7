/**
 * The operating system, decided by ordered tables of rules `{ test, result,
 * why }` over what ua-parser-js read: every rule whose test holds rewrites
 * the OS and its version, in table order, so a later rule sees what the
 * earlier ones decided. {@link OS_RULES} reads the user agent;
 * {@link OS_HINT_RULES} then reads the client hints and X-Requested-With
 * (the OS the UA names is kept for the consistency check in between). No
 * rule reads anything but its facts, and no rule keeps state.
 */
import type { ClientHints } from './headers.js';
import { ANDROID_FAMILY, osFamily } from './names.js';
import {
  ANDR0ID,
  APP_DARWIN_MAC,
  APP_IOS,
  APP_IOS_WORD,
  APP_IPADOS,
  APP_MAC,
  APP_WATCHOS,
  APP_WINDOWS,
  APPLE_DEVICE_ONLY,
  APPLE_ID,
  BREW,
  CHROMEBOOK,
  DARWIN_MAC,
  JAVA_ME,
  KAIOS_VERSION,
  MAC_HARDWARE,
  MAJOR_MINOR,
  MRE,
  PACKAGE_NAME,
  SAFARI_CFNETWORK,
  UC_ANDROID,
  UC_IOS_DEVICE,
  UC_IOS_OS,
  VIZIOS,
  WINDOWS_SPECIAL_VERSION,
} from './patterns.js';
import { foundBy, rowsOf } from './ruleRows.js';
import type { RuleRow } from './ruleRows.js';

/** An OS and its version, as a rule decides them. */
export interface OsReading {
  readonly os: string | null;
  readonly osVersion: string | null;
}

/** What the OS rules read: the UA, ua-parser-js's device vendor, the client hints, and the OS decided so far. */
export interface OsFacts extends OsReading {
  readonly ua: string;
  /** ua-parser-js's device vendor. */
  readonly vendor: string | undefined;
  readonly hints: ClientHints;
}

/**
 * An OS rule: when `test` holds (a truthy value: a regex match, or `true`),
 * `result` computes the OS and version from the facts and that value.
 */
export type OsRule = RuleRow<OsFacts, OsReading>;

const rule = rowsOf<OsFacts, OsReading>();

/** The rules on the user agent, in order (each may rewrite what the earlier ones decided). */
export const OS_RULES: readonly OsRule[] = [
  rule(
    (f) => f.os === 'Windows' && f.osVersion !== null && WINDOWS_SPECIAL_VERSION.exec(f.osVersion),
    (_, m) => ({ os: `Windows ${m[1]!}`, osVersion: null }),
    'Windows RT and Windows CE: ua-parser-js reports them as a version of Windows; they are OSes of their own (no desktop applications).',
  ),
  rule(
    (f) => (f.os === null || f.os === 'iOS') && (DARWIN_MAC.test(f.ua) || (f.os === null && MAC_HARDWARE.test(f.ua))),
    () => ({ os: 'Mac', osVersion: null }),
    "Apps' own agents on a Mac: a Darwin kernel on a Mac CPU or a Mac model name (CFNetwork clients, Mac app stores); ua-parser-js reads Darwin as iOS.",
  ),
  rule(
    (f) => (f.os === null || f.os === 'GNU/Linux' || f.os === 'Java ME') && UC_ANDROID.exec(f.ua),
    (_, m) => ({ os: 'Android', osVersion: m[1]! }),
    "UC Browser's own agent writes Android as `Adr <version>`.",
  ),
  rule(
    (f) => (f.os === null || (f.os === 'iOS' && SAFARI_CFNETWORK.test(f.ua))) && APP_MAC.exec(f.ua),
    (_, m) => ({ os: 'Mac', osVersion: m[1] ?? null }),
    "Mac apps' agents (`Mac OS/14.2`, `os=Mac`, PowerPC Macs, Safari's own fetcher on macOS).",
  ),
  rule((f) => f.os === null && APP_WATCHOS.exec(f.ua), (_, m) => ({ os: 'watchOS', osVersion: m[1] ?? null }), "Apple Watch apps' agents (`watchOS 10.2`, `Apple Watch`)."),
  rule((f) => f.os === null && APP_IPADOS.exec(f.ua), (_, m) => ({ os: 'iPadOS', osVersion: m[1]! }), "iPad apps' agents that name iPadOS."),
  rule((f) => f.os === null && ANDR0ID.exec(f.ua), (_, m) => ({ os: 'Android', osVersion: m[1]! }), 'Android spelled with a zero (`Andr0id`), as some Android apps write it.'),
  rule((f) => f.os === null && VIZIOS.exec(f.ua), (_, m) => ({ os: 'ViziOS', osVersion: m[1]! }), "Vizio TVs' own platform token (`ViziOS/…`)."),
  rule((f) => f.os === null && APP_DARWIN_MAC.test(f.ua), (f) => ({ os: 'Mac', osVersion: f.osVersion }), 'Tools built for macOS name their target (`x86_64-apple-darwin`, `(Darwin)`).'),
  rule(
    (f) => f.os === null && (APP_IOS.exec(f.ua) ?? (APPLE_DEVICE_ONLY.test(f.ua) || APP_IOS_WORD.test(f.ua))),
    (_, m) => ({ os: 'iOS', osVersion: m === true ? null : (m[1]?.replace('_', '.') ?? null) }),
    "iOS apps' agents: an `iOS` word or version, or an Apple device name alone (`iPhone14,2`, UC Browser's `dv(iPh…)`).",
  ),
  rule((f) => f.os === null && APP_WINDOWS.test(f.ua), (f) => ({ os: 'Windows', osVersion: f.osVersion }), "Windows apps' agents (`win64`, `CYGWIN_NT`, a `Windows` word)."),
  rule(
    (f) => f.os === 'iOS' && JAVA_ME.test(f.ua),
    () => ({ os: 'Java ME', osVersion: null }),
    'Opera Mini on Java ME handsets names MIDP or CLDC; ua-parser-js reads its agent as iOS.',
  ),
  rule((f) => f.os === null && MRE.test(f.ua), (f) => ({ os: 'MRE', osVersion: f.osVersion }), "MediaTek's MRE feature-phone platform (`MRE/…`)."),
  rule((f) => f.os === null && BREW.test(f.ua), (f) => ({ os: 'Brew', osVersion: f.osVersion }), "Qualcomm's Brew feature-phone platform."),
  rule((f) => f.os === null && JAVA_ME.test(f.ua), (f) => ({ os: 'Java ME', osVersion: f.osVersion }), 'Java ME feature phones (MIDP, CLDC, J2ME profiles).'),
  rule(
    (f) => f.os !== 'KaiOS' && KAIOS_VERSION.exec(f.ua),
    (_, m) => ({ os: 'KaiOS', osVersion: m[1]! }),
    'KaiOS phones (LYF, Nokia, Alcatel) also write `Android` in the platform block; the `KAIOS/` token names the OS.',
  ),
  rule((f) => f.os === 'Android' && CHROMEBOOK.test(f.ua), () => ({ os: 'Chrome OS', osVersion: null }), 'Android apps on a Chromebook name it (`Chromebook`, `CrOS`): the device runs Chrome OS.'),
  rule((f) => f.os === 'Android' && f.vendor === 'Amazon', (f) => ({ os: 'Fire OS', osVersion: f.osVersion }), "Amazon's Android devices (Fire tablets, Fire TV) run Fire OS."),
];

/** Windows version from Sec-CH-UA-Platform-Version (13+ is Windows 11, 1–12 is 10, 0.x is 7/8/8.1). */
function windowsFromPlatformVersion(v: string): string | null {
  const m = MAJOR_MINOR.exec(v);
  if (m === null) return null;
  const major = Number(m[1]);
  if (major >= 13) return '11';
  if (major >= 1) return '10';
  return null;
}

/** Result OS name of a Sec-CH-UA-Platform value. */
function osFromPlatform(platform: string): string {
  switch (platform) {
    case 'macOS':
      return 'Mac';
    case 'Linux':
      return 'GNU/Linux';
    case 'Chrome OS':
    case 'Chromium OS':
      return 'Chrome OS';
    default:
      return platform;
  }
}

/** Platforms whose family a Sec-CH-UA-Platform value overrides the UA's with. */
const HINT_PLATFORMS: ReadonlySet<string> = new Set(['Android', 'Windows', 'Mac', 'iOS', 'GNU/Linux', 'Chrome OS']);

/** The rules on the client hints and X-Requested-With, in order, after {@link OS_RULES}. */
export const OS_HINT_RULES: readonly OsRule[] = [
  rule(
    (f) => f.hints.platform !== undefined,
    (f) => {
      const hinted = osFromPlatform(f.hints.platform!);
      return f.os === null || (HINT_PLATFORMS.has(hinted) && osFamily(f.os) !== osFamily(hinted)) ? { os: hinted, osVersion: null } : f;
    },
    'Sec-CH-UA-Platform is sent truthfully even in "request desktop site" mode, where the UA pretends to be Windows or macOS: the hint wins (User-Agent Client Hints, WICG).',
  ),
  rule(
    (f) => f.hints.platform !== undefined && f.hints.platformVersion !== undefined && f.os !== null,
    (f) => {
      const hinted = osFromPlatform(f.hints.platform!);
      const version = f.hints.platformVersion!;
      if (f.os !== hinted && osFamily(f.os!) !== osFamily(hinted)) return f;
      if (hinted === 'Windows') return { os: f.os, osVersion: windowsFromPlatformVersion(version) ?? f.osVersion };
      if (hinted === 'Android') return { os: f.os, osVersion: MAJOR_MINOR.exec(version)?.[1] ?? f.osVersion };
      return { os: f.os, osVersion: version };
    },
    "Sec-CH-UA-Platform-Version carries the version the reduced UA hides (Windows 11 reports 13+; Android's major).",
  ),
  rule(
    (f) => f.hints.requestedWith !== undefined && PACKAGE_NAME.test(f.hints.requestedWith) && (f.os === null || !ANDROID_FAMILY.has(f.os)),
    () => ({ os: 'Android', osVersion: null }),
    "Only Android WebViews send an app's package in X-Requested-With: a desktop-looking UA with one is an Android app in \"desktop mode\".",
  ),
  rule(
    (f) => f.osVersion === null && !APPLE_ID.test(f.ua) && UC_IOS_DEVICE.test(f.ua),
    (f) => ({ os: f.os, osVersion: UC_IOS_OS.exec(f.ua)?.[1]?.replaceAll('_', '.') ?? null }),
    'UC Browser for iOS writes its own OS field: `ov(15_4_1)`.',
  ),
];

/**
 * Runs `rules` in order over `start`: each rule whose test holds rewrites the OS and version.
 *
 * @example
 * // not run: `facts` stands for what parseDevice read from a user agent
 * declare const facts: OsFacts;
 * applyOsRules(OS_RULES, facts).os;
 */
export function applyOsRules(rules: readonly OsRule[], start: OsFacts): OsFacts {
  let f = start;
  for (const r of rules) {
    const hit = foundBy(r, f);
    if (hit === undefined) continue;
    const next = r.result(f, hit as never);
    if (next !== f) f = { ua: f.ua, vendor: f.vendor, hints: f.hints, os: next.os, osVersion: next.osVersion };
  }
  return f;
}
