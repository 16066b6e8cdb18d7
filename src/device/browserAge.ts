/**
 * How old a browser is on the checker's clock: the months since a newer major
 * of its own family was released (0 while it is the newest), read from the
 * release history table (data/device/releases.json, caniuse-lite). Every
 * family is judged by its own history, so a yearly Safari and a Chrome that
 * ships every few weeks are measured in the same unit, time.
 */
import { releaseHistory } from './data/index.js';
import type { ReleaseFamily, ReleaseHistory, ReleaseTable } from './data/index.js';
import type { BrowserFacts } from './capabilities.js';
import { caniuseAgent } from './names.js';
import { APP_IOS_VERSION, MAJOR_MINOR } from './patterns.js';

/**
 * A browser superseded for less than this many months is current. Six months
 * covers the slow but routine paths to a new major: Apple users who install a
 * new iOS months after September, managed desktops that defer Chrome and Edge
 * updates, Samsung Internet's quarterly majors.
 */
export const RECENT_MONTHS = 6;

/**
 * A browser superseded for this many months or more is out of date: two
 * years past its successor is beyond the vendors' support of a previous
 * major (Apple patches the previous iOS for about a year; Chrome, Edge and
 * Opera patch only the newest major; a Firefox ESR overlaps its successor by
 * three months).
 */
export const OUTDATED_MONTHS = 24;

/**
 * How many majors ahead of the newest release a pre-release channel runs:
 * Chrome, Edge and Opera Beta are one ahead and Dev/Canary two (Chrome's
 * release channels), Firefox Beta one and Nightly two; Apple's and Samsung's
 * betas preview the next major only. A version further ahead has not been
 * built yet on the checker's clock.
 */
const AHEAD: Readonly<Record<ReleaseFamily, number>> = { chrome: 2, edge: 2, opera: 2, firefox: 2, samsung: 1, safari: 1, ios_saf: 1 };

/** Browsers their vendor has retired: always out of date (Internet Explorer 11 ended on 15 June 2022; IE Mobile with Windows Phone). */
const RETIRED = new Set(['ie', 'ie_mob']);

/** Agents that share the release history of another (Chrome and Firefox for Android ship the desktop majors). */
const SAME_RELEASES: Readonly<Record<string, ReleaseFamily>> = {
  and_chr: 'chrome',
  and_ff: 'firefox',
  chrome: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  ios_saf: 'ios_saf',
  opera: 'opera',
  safari: 'safari',
  samsung: 'samsung',
};

/** iOS browsers that ship their own majors on the App Store (the engine is still the OS's WebKit). */
const IOS_OWN_FAMILY: Readonly<Record<string, ReleaseFamily>> = { 'Chrome Mobile iOS': 'chrome', 'Firefox Mobile iOS': 'firefox', 'Microsoft Edge': 'edge' };

/** The iOS version Safari 26 and later write in every iOS user agent, whatever the device runs. */
const FROZEN_IOS = '18.6';
const DAY_MS = 86_400_000;
const MONTH_DAYS = 365.2425 / 12;

/**
 * Where a browser stands on the checker's clock.
 *
 * @example
 * const age: BrowserAge = { family: 'chrome', major: 109, monthsBehind: 44, recent: false, outdated: true, unreleased: false };
 */
export interface BrowserAge {
  /** The release family it was judged by (caniuse agent id: chrome, ios_saf…). */
  readonly family: string;
  /** Whole months since a newer major of its family was released; 0 while it is the newest (or a pre-release). */
  readonly monthsBehind: number;
  /** Superseded for less than {@link RECENT_MONTHS}, and released. */
  readonly recent: boolean;
  /** Superseded for {@link OUTDATED_MONTHS} or more, or a retired browser. */
  readonly outdated: boolean;
  /** More majors ahead of the newest release than any pre-release channel runs: a version that does not exist yet. */
  readonly unreleased: boolean;
  /** The major judged. */
  readonly major: number;
}

function majorOf(version: string | null): number | undefined {
  if (version === null) return undefined;
  const m = MAJOR_MINOR.exec(version);
  return m === null ? undefined : Number(m[1]);
}

/**
 * The release family and major a browser is aged by, or undefined when it
 * has none the table holds. iOS Safari follows iOS: its `Version/` is the iOS
 * major, and it is read rather than the OS token, which Safari 26 and later
 * freeze at `18_6`. Other iOS browsers run the OS's WebKit, so the OS decides
 * their age, unless the token is the frozen `18_6`, which says only "18.6 or
 * later": then their own release history does.
 */
function ageSource(facts: BrowserFacts, ua: string): [string, number] | undefined {
  const { browser, browserVersion, engine, engineVersion, os, osVersion } = facts;
  if (os === 'iOS' || os === 'iPadOS') {
    const safari = browser === 'Mobile Safari' || browser === 'Safari' ? majorOf(browserVersion) : undefined;
    const system = majorOf(osVersion);
    if (safari !== undefined && (system === undefined || safari >= system)) return ['ios_saf', safari];
    const frozen = osVersion === FROZEN_IOS;
    if (system !== undefined && !frozen) return ['ios_saf', system];
    // In-app browsers write the real iOS version in their own block (Instagram's `iOS 26_1;`, Facebook's `FBSV/26.1`).
    const app = frozen ? APP_IOS_VERSION.exec(ua) : null;
    if (app !== null) return ['ios_saf', Number(app[1] ?? app[2])];
    const own = browser === null ? undefined : IOS_OWN_FAMILY[browser];
    const v = majorOf(browserVersion);
    return own === undefined || v === undefined ? undefined : [own, v];
  }
  const agent = browser === null ? undefined : caniuseAgent(browser, os);
  if (agent !== undefined && RETIRED.has(agent)) return [agent, majorOf(browserVersion) ?? 0];
  const own = agent === undefined ? undefined : SAME_RELEASES[agent];
  const v = majorOf(browserVersion);
  if (own !== undefined && v !== undefined) return [own, v];
  // Browsers without a history of their own (Yandex, WebViews, Opera Mobile…) follow their engine's.
  const e = majorOf(engineVersion);
  if (e === undefined) return undefined;
  if (engine === 'Blink') return ['chrome', e];
  if (engine === 'Gecko') return ['firefox', e];
  return undefined;
}

/**
 * Ages a major of a family at `nowDay` (UTC days since 1970-01-01).
 * A major past the table's newest is placed by the family's cadence: one
 * release per cadence since the table's last, so a table older than the
 * clock still tells a current browser from one that has not been built.
 */
export function ageOfMajor(family: ReleaseFamily, h: ReleaseHistory, major: number, nowDay: number): Omit<BrowserAge, 'family' | 'major'> | undefined {
  const n = h.majors.length;
  // Rows are sorted by major: the last one out by now is the newest release.
  let newest = n - 1;
  while (newest >= 0 && h.days[newest]! > nowDay) newest--;
  if (newest < 0) return undefined;
  const last = n - 1;
  const gap = h.cadence;
  const lastDay = h.days[last]!;
  // Majors past the table released by now, at the family's pace.
  const past = newest === last && nowDay > lastDay ? Math.floor((nowDay - lastDay) / gap) : 0;
  const newestMajor = h.majors[newest]! + past;
  const unreleased = major > newestMajor + AHEAD[family];
  if (major >= newestMajor) return { monthsBehind: 0, recent: !unreleased, outdated: false, unreleased };
  // Superseded on the first day any higher major came out: the row of the highest major not above it, or the first row's day.
  let at = last;
  while (at >= 0 && h.majors[at]! > major) at--;
  let superseded = at < 0 ? h.days[0]! : h.superseded[at]!;
  if (superseded === Number.POSITIVE_INFINITY) superseded = lastDay + (major - h.majors[last]! + 1) * gap;
  const monthsBehind = Math.max(0, Math.floor((nowDay - superseded) / MONTH_DAYS));
  return { monthsBehind, recent: monthsBehind < RECENT_MONTHS, outdated: monthsBehind >= OUTDATED_MONTHS, unreleased: false };
}

/**
 * How old the browser is at `nowMs` (the checker's clock, epoch ms), judged
 * by its own family's release history; undefined when the family or the
 * version is unknown, or the clock predates the family's first release.
 *
 * @example
 * // not run: `releases` stands for a table a checker opened (src/device/tables.ts)
 * declare const releases: ReleaseTable;
 * const ua = 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36';
 * browserAge(releases, { browser: 'Chrome', browserVersion: '109.0.0.0', engine: 'Blink', engineVersion: '109.0.0.0', os: 'Windows', osVersion: '7' }, ua, Date.UTC(2026, 10, 1))?.outdated; // true
 */
export function browserAge(releases: ReleaseTable, facts: BrowserFacts, ua: string, nowMs: number): BrowserAge | undefined {
  const source = ageSource(facts, ua);
  if (source === undefined) return undefined;
  const [family, major] = source;
  if (RETIRED.has(family)) return { family, major, monthsBehind: 0, recent: false, outdated: true, unreleased: false };
  const h = releaseHistory(releases, family);
  if (h === undefined) return undefined;
  const age = ageOfMajor(family as ReleaseFamily, h, major, Math.floor(nowMs / DAY_MS));
  return age === undefined ? undefined : { family, major, ...age };
}
