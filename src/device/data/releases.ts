/**
 * Release history of the browser families the device check ages, from
 * data/device/releases.json (compiled from caniuse-lite's agents data,
 * CC-BY-4.0, by scripts/device/build.ts): each major version and the day it
 * was first released. Loaded on first use.
 */
import { RELEASES } from './formats.js';
import type { ReleaseJson } from './formats.js';
import type { DataBundle } from '../../data/bundle.js';

/**
 * caniuse agent ids whose release history the table holds: the browsers
 * people sign up with that ship majors on a schedule (Chrome, Firefox,
 * desktop Safari, iOS Safari by iOS version, Edge, Samsung Internet, Opera).
 * Chrome and Firefox for Android share their desktop versions and dates.
 */
export const RELEASE_FAMILIES = ['chrome', 'edge', 'firefox', 'ios_saf', 'opera', 'safari', 'samsung'] as const;

/** A family of {@link RELEASE_FAMILIES}. */
export type ReleaseFamily = (typeof RELEASE_FAMILIES)[number];

/** One family's majors, oldest first, and the UTC day (days since 1970-01-01) each was first released. */
export interface ReleaseHistory {
  readonly majors: readonly number[];
  readonly days: readonly number[];
  /** The day each major was superseded: the first day any higher major came out (Infinity for the newest). */
  readonly superseded: readonly number[];
  /** Median gap in days between the family's last releases: its pace, to count releases past the table's end. */
  readonly cadence: number;
}

const DAY_MS = 86_400_000;

/** Median gap in days between the last nine releases (by date). */
function cadenceDays(days: readonly number[]): number {
  const last = [...days].sort((a, b) => a - b).slice(-9);
  const gaps: number[] = [];
  for (let i = 1; i < last.length; i++) gaps.push(last[i]! - last[i - 1]!);
  gaps.sort((a, b) => a - b);
  return Math.max(1, gaps.length === 0 ? 365 : gaps[Math.floor(gaps.length / 2)]!);
}

/** Each family's release history: open it with {@link openReleases}. */
export type ReleaseTable = ReadonlyMap<string, ReleaseHistory>;

/**
 * Reads data/device/releases.json from `bundle`.
 *
 * @throws DataError when the file is missing or fails verification
 */
export function openReleases(bundle: DataBundle): ReleaseTable {
  return build(bundle.load(RELEASES));
}

function build(json: ReleaseJson): ReadonlyMap<string, ReleaseHistory> {
  const out = new Map<string, ReleaseHistory>();
  for (const [family, rows] of Object.entries(json.families)) {
    const days = rows.map((r) => Math.floor(Date.parse(`${r[1]}T00:00:00Z`) / DAY_MS));
    // Rows are sorted by major, so every later row is a higher major.
    const superseded = days.map(() => Number.POSITIVE_INFINITY);
    for (let i = days.length - 2; i >= 0; i--) superseded[i] = Math.min(superseded[i + 1]!, days[i + 1]!);
    out.set(family, Object.freeze({ majors: Object.freeze(rows.map((r) => r[0])), days: Object.freeze(days), superseded: Object.freeze(superseded), cadence: cadenceDays(days) }));
  }
  return out;
}

/**
 * The release history of a family, or undefined for a family the table
 * does not hold.
 *
 * @example
 * // not run: `releases` stands for a table a checker opened (src/device/tables.ts)
 * declare const releases: ReleaseTable;
 * releaseHistory(releases, 'chrome')?.majors.includes(120); // true
 */
export function releaseHistory(releases: ReleaseTable, family: string): ReleaseHistory | undefined {
  return releases.get(family);
}

/** The format version of data/device/releases.json. */
export const RELEASES_FORMAT = RELEASES.formatVersion;
