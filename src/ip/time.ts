import { lazyRequire } from '../common/lazyRequire.js';

/** tz-lookup, loaded by the first check that places a coordinate, not at import (startup time). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal require bundlers follow (see lazyRequire)
const tzLookup = lazyRequire<typeof import('@photostructure/tz-lookup')>('@photostructure/tz-lookup', () => require('@photostructure/tz-lookup'));

/** Loads tz-lookup now (an IP check's `preload()`); it otherwise loads on the first coordinate. */
export function loadTimezoneLookup(): void {
  tzLookup();
}
import type { RequestTime } from './types.js';

/**
 * IANA timezone at a coordinate (tz-lookup's polygons), or `null` for
 * coordinates it rejects.
 *
 * @example
 * timezoneAt(51.5143, -0.0912) // 'Europe/London'
 */
export function timezoneAt(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  try {
    return tzLookup()(latitude, longitude);
  } catch {
    return null;
  }
}

/**
 * Hours of each `request_time` value, local time at the address:
 * morning 05:00–11:59, afternoon 12:00–16:59, evening 17:00–21:59,
 * night 22:00–04:59.
 *
 * @example
 * requestTimeOfHour(7) // 'morning'
 */
export function requestTimeOfHour(hour: number): RequestTime {
  if (hour >= 5 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 16) return 'afternoon';
  if (hour >= 17 && hour <= 21) return 'evening';
  return 'night';
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();
/** Offset (minutes) per timezone, valid for one 15-minute UTC slot: DST and offset changes happen on 15-minute boundaries. */
const offsets = new Map<string, { slot: number; minutes: number }>();
const SLOT_MS = 15 * 60 * 1000;

function formatterFor(timezone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timezone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' });
    } catch {
      f = null; // a timezone this Node's ICU does not know
    }
    formatters.set(timezone, f);
  }
  return f;
}

/**
 * Local hour (0–23) at `timezone` at instant `ms`, or `null` when the
 * timezone is unknown to the runtime. Intl formatting is slow next to the
 * rest of a check, so the UTC offset is cached per timezone and 15-minute slot.
 *
 * @example
 * localHour('Asia/Tokyo', Date.UTC(2026, 0, 1, 0, 0)) // 9
 */
export function localHour(timezone: string, ms: number): number | null {
  const slot = Math.floor(ms / SLOT_MS);
  let cached = offsets.get(timezone);
  if (cached === undefined || cached.slot !== slot) {
    const f = formatterFor(timezone);
    if (f === null) return null;
    const probe = slot * SLOT_MS;
    let h = 0;
    let m = 0;
    for (const part of f.formatToParts(new Date(probe))) {
      if (part.type === 'hour') h = Number(part.value);
      else if (part.type === 'minute') m = Number(part.value);
    }
    const utcMinutes = Math.floor(probe / 60000) % 1440;
    const minutes = (((h * 60 + m - utcMinutes) % 1440) + 1440) % 1440;
    cached = { slot, minutes };
    offsets.set(timezone, cached);
  }
  const local = (Math.floor(ms / 60000) + cached.minutes) % 1440;
  return Math.floor(((local + 1440) % 1440) / 60);
}
