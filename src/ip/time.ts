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

const SLOT_MS = 15 * 60 * 1000;

/**
 * Local hours at timezones, for one checker: Intl formatting is slow next to
 * the rest of a check, so each timezone's formatter is built once and its UTC
 * offset is kept for one 15-minute UTC slot (DST and offset changes happen on
 * 15-minute boundaries). Owned by the tables of the check that reads it.
 */
export class LocalHours {
  readonly #formatters = new Map<string, Intl.DateTimeFormat | null>();
  /** Offset (minutes) per timezone and the slot it holds for. */
  readonly #offsets = new Map<string, { slot: number; minutes: number }>();

  /**
   * Local hour (0–23) at `timezone` at instant `ms`, or `null` when the
   * timezone is unknown to the runtime.
   *
   * @example
   * new LocalHours().hourAt('Asia/Tokyo', Date.UTC(2026, 0, 1, 0, 0)) // 9
   */
  hourAt(timezone: string, ms: number): number | null {
    const slot = Math.floor(ms / SLOT_MS);
    let cached = this.#offsets.get(timezone);
    if (cached === undefined || cached.slot !== slot) {
      const f = this.#formatterFor(timezone);
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
      this.#offsets.set(timezone, cached);
    }
    const local = (Math.floor(ms / 60000) + cached.minutes) % 1440;
    return Math.floor(((local + 1440) % 1440) / 60);
  }

  #formatterFor(timezone: string): Intl.DateTimeFormat | null {
    let f = this.#formatters.get(timezone);
    if (f === undefined) {
      try {
        f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' });
      } catch {
        f = null; // a timezone this Node's ICU does not know
      }
      this.#formatters.set(timezone, f);
    }
    return f;
  }
}
