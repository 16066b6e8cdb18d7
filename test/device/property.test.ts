/**
 * Invariants of the device check over generated input (fast-check, fixed
 * seed): any string gets a result (never a throw), the score is an integer in
 * 0..1000, the reasons add up to it, the result is deterministic, and header
 * values of any type are tolerated.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDevice, createDeviceCheck } from '../../src/device/index.js';
import { codeFamily, matchShape } from '../../src/device/codeFamilies.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

const SEED = 20260301;
const check = createDeviceCheck({ cacheSize: 0 });

/** Fragments of real UAs, so generated strings reach deep into the parser. */
const fragment = fc.constantFrom(
  'Mozilla/5.0 ', '(Linux; Android 13; ', 'SM-S911B', 'K', ') AppleWebKit/537.36 (KHTML, like Gecko) ', 'Chrome/120.0.0.0 ',
  'Mobile ', 'Safari/537.36', '(iPhone; CPU iPhone OS 17_4 like Mac OS X) ', 'Version/4.0 ', '; wv)', 'Build/', 'SAMSUNG-',
  'MIDP-2.0', 'bot', 'Googlebot/2.1', '(Windows NT 10.0; Win64; x64) ', 'Trident/7.0', 'HeadlessChrome/1', 'UCWEB/2.0 (Adr 9; ru; ',
  '(Mobile; ALCATEL 4052C; rv:48.0) ', 'KAIOS/2.5', 'Darwin/22.0.0 (x86_64) (MacBookPro11%2C2)', 'iPhone14,7', '\u0000', '"', '/',
  // Maker words, paren-less Android tokens and maker fields (brand vocabulary paths).
  'Linux; Android 8.1.0; ', 'Ulefone_S1_Pro', ' AppleWebKit/', 'KIVI 32H500GR', 'SonyEricssonK750i/R1', 'Reeder/3.2 ', 'BIRD.A150',
  '(BREW 3.1.5; U; en-us; Sanyo; ', 'Samsung/I8910', 'POCO X3 Pro', 'Redmi Note 9 Pro', 'ERISSON_shell_', 'BAFF32YSTV-R', 'MyBox', ' 4K',
  // Code-family shapes (codeFamilies.ts).
  'U30GT-H', 'RC9724C', 'AN10BG3', 'TM-MID730', 'YNDX-00092', 'SM-R765V', 'AS1_HD', 'iconBIT Movie UNO', '43LEX-7246', 'CN80',
);
const uaLike = fc.array(fc.oneof(fragment, fc.string({ maxLength: 20 })), { maxLength: 30 }).map((parts) => parts.join(''));
const anyString = fc.oneof(uaLike, fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ maxLength: 2000 }));
const headerValue = fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null), fc.array(fc.anything(), { maxLength: 3 }), fc.object());
const headers = fc.dictionary(
  fc.constantFrom('Sec-CH-UA-Model', 'sec-ch-ua-platform', 'Sec-CH-UA-Platform-Version', 'Sec-CH-UA-Mobile', 'Sec-CH-UA-Full-Version-List', 'Sec-CH-UA', 'X-Requested-With', 'Other'),
  headerValue,
);

describe('device check properties', () => {
  it('any string: a result, score in 0..1000, reasons add up, deterministic', () => {
    fc.assert(
      fc.property(anyString, (ua) => {
        const r = check(ua);
        expect(Number.isInteger(r.score)).toBe(true);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(1000);
        expect(r.reasons.reduce((a, b) => a + b.points, 0)).toBe(r.score);
        expect(check(ua)).toEqual(r);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('a phablet is always a phone the UA or the tables named', () => {
    fc.assert(
      fc.property(uaLike, (ua) => {
        const r = check(ua);
        if (r.category === 'phablet') {
          expect(r.model).not.toBeNull();
          expect(r.mobile_device).toBe(1);
        }
        // A brand is never invented for a UA that names no device and no maker.
        if (r.brand !== null) expect(r.brand.length).toBeGreaterThan(0);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a code family found for any string really has that shape', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const f = codeFamily(T.codeFamilies, s);
        if (f === undefined) return;
        const code = s.replaceAll('_', ' ');
        const first = code.indexOf(' ');
        const last = code.lastIndexOf(' ');
        expect(matchShape(code, f.pattern) || (first > 0 && matchShape(code.slice(first + 1), f.pattern)) || (last > 0 && matchShape(code.slice(last + 1), f.pattern))).toBe(true);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('headers of any type never throw', () => {
    fc.assert(
      fc.property(uaLike, headers, (ua, h) => {
        const r = checkDevice(ua, { headers: h as Record<string, string> });
        expect(typeof r.is_robot).toBe('boolean');
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('huge and junk inputs (0 to 100 kB) get a result', () => {
    for (const size of [0, 1, 1024, 10_000, 100_000]) {
      for (const unit of ['a', '(', '\u0000', 'Mozilla/5.0 (', 'é', '\uD83D\uDE00']) {
        const ua = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
        const r = check(ua);
        expect(r.value).toBe(ua);
      }
    }
  });
});
