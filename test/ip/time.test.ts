import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalHours, timezoneAt } from '../../src/ip/time.js';

/** The hour straight from Intl, without the offset cache. */
function intlHour(timezone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', hour: 'numeric' }).formatToParts(new Date(ms));
  return Number(parts.find((p) => p.type === 'hour')!.value);
}

const ZONES = ['Europe/London', 'America/Los_Angeles', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Kiritimati', 'America/Sao_Paulo', 'UTC'];

describe('LocalHours.hourAt', () => {
  // One reader for the whole block, as a checker holds one: its kept offsets are what is under test.
  const hours = new LocalHours();
  const localHour = (timezone: string, ms: number): number | null => hours.hourAt(timezone, ms);

  it('matches Intl for any instant in 2000–2040, including DST and :30/:45 offsets', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (tz, ms) => {
        expect(localHour(tz, ms)).toBe(intlHour(tz, ms));
      }),
      { seed: 42, numRuns: 3000 },
    );
  });

  it('handles the minutes around a DST change', () => {
    // Europe/London springs forward at 01:00 UTC on 2026-03-29.
    const t = Date.UTC(2026, 2, 29, 1, 0);
    for (const d of [-60_000, 0, 60_000, 14 * 60_000]) expect(localHour('Europe/London', t + d)).toBe(intlHour('Europe/London', t + d));
  });

  it('returns null for a timezone the runtime does not know', () => {
    expect(localHour('Mars/Olympus_Mons', Date.UTC(2026, 10, 22, 12))).toBeNull();
  });

  it('a reader that kept the slot before a DST change answers the new offset in the next slot', () => {
    const t = Date.UTC(2026, 2, 29, 0, 50);
    const first = new LocalHours();
    expect(first.hourAt('Europe/London', t)).toBe(0);
    // Past the spring-forward instant, a fresh reader and the one that saw the old slot agree with Intl.
    expect(first.hourAt('Europe/London', t + 15 * 60_000)).toBe(intlHour('Europe/London', t + 15 * 60_000));
    expect(new LocalHours().hourAt('Europe/London', t + 15 * 60_000)).toBe(2);
  });
});

describe('timezoneAt', () => {
  it('finds the zone of a coordinate', () => {
    expect(timezoneAt(51.5143, -0.0912)).toBe('Europe/London');
    expect(timezoneAt(35.6854, 139.7531)).toBe('Asia/Tokyo');
    expect(timezoneAt(Number.NaN, 0)).toBeNull();
    expect(timezoneAt(123, 0)).toBeNull();
  });
});
