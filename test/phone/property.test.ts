/**
 * Invariants over generated input (fast-check, fixed seed): any string gets
 * a result and never a throw; scores stay in 0..1000 and equal the sum of
 * their reasons; results are deterministic; syntax and invalid stay in the
 * bottom band; only valid numbers get a carrier, zones or formats.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPhone, createPhoneCheck } from '../../src/phone/index.js';
import type { PhoneResult } from '../../src/phone/index.js';

const SEED = 20261122;
const it_ = createPhoneCheck({ defaultCountry: 'IT' });

function invariants(input: string, r: PhoneResult): void {
  expect(r.value).toBe(input);
  expect(Number.isInteger(r.score) && r.score >= 0 && r.score <= 1000).toBe(true);
  expect(r.reasons.reduce((a, x) => a + x.points, 0)).toBe(r.score);
  expect(['syntax', 'invalid', 'undetermined']).toContain(r.status);
  if (r.status !== 'undetermined') {
    expect(r.is_valid).toBe(false);
    expect(r.score).toBeLessThanOrEqual(199);
    expect(r.original_network).toBeNull();
    expect(r.e164).toBeNull();
    expect(r.time_zones).toBeNull();
    expect(r.national_format).toBeNull();
  } else {
    expect(r.is_valid).toBe(true);
    expect(r.e164).toMatch(/^\+\d{3,20}$/);
    expect(typeof r.international_format).toBe('string');
  }
  // JSON round trip keeps everything, the lazily formatted fields included.
  expect(JSON.parse(JSON.stringify(r))).toEqual(JSON.parse(JSON.stringify({ ...r })));
}

/** Phone-ish text: digits, separators, a plus, the odd letter. */
const phoneish = fc.string({ unit: fc.constantFrom(...'0123456789012345678901234567890123456789 +-.()/'.split(''), 'x', '#', '\u00a0', '０'), maxLength: 30 });

describe('phone property tests', () => {
  it('any full-Unicode string: a result, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        invariants(s, checkPhone(s));
        invariants(s, it_(s));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('phone-shaped strings: invariants hold and results are deterministic', () => {
    fc.assert(
      fc.property(phoneish, (s) => {
        const a = checkPhone(s);
        invariants(s, a);
        expect(JSON.stringify(checkPhone(s))).toBe(JSON.stringify(a));
        invariants(s, it_(s));
      }),
      { seed: SEED, numRuns: 5000 },
    );
  });

  it('plus + digits of any length 0..25: syntax outside 3..20 digits, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 25 }), (digits) => {
        const r = checkPhone(`+${digits}`);
        invariants(`+${digits}`, r);
        if (digits.length < 3 || digits.length > 20) expect(r.status).toBe('syntax');
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('huge and hostile strings get a syntax result', () => {
    for (const s of ['9'.repeat(100_000), '+'.repeat(10_000), '\u0000'.repeat(1000), '\ud800'.repeat(50), '٣'.repeat(40), '+39 333 123 4567\u202e']) {
      const r = checkPhone(s);
      invariants(s, r);
      expect(r.status).toBe('syntax');
    }
  });
});
