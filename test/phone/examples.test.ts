/**
 * Corpus tests against Google libphonenumber's own example numbers
 * (test/fixtures/phone/google-examples.json, written by
 * scripts/phone/fixtures.ts from google-libphonenumber) and against
 * libphonenumber-js's mobile examples for every country. Every miss is
 * printed; the floors are the issue's (type agreement >= 99%,
 * invalid-length detection >= 99%).
 */
import { getCountries, getCountryCallingCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { checkPhone } from '../../src/phone/index.js';
import { rateOf } from '../support/rate.js';
import fixture from '../fixtures/phone/google-examples.json' with { type: 'json' };

interface Example { region: string; listed_as: string; e164: string; google_type: string; google_region: string | null }
interface Variant { of: string; e164: string; google_valid: boolean; google_length: string }
const examples = fixture.examples as Example[];
const variants = fixture.variants as Variant[];

const TYPE_FLOOR = 0.99;
const INVALID_LENGTH_FLOOR = 0.99;

function report(name: string, hits: number, total: number, misses: string[]): number {
  const rate = rateOf(name, hits, total);
  console.log(`${name}: ${hits}/${total} = ${(rate * 100).toFixed(2)}%${misses.length > 0 ? `; misses:\n  ${misses.join('\n  ')}` : ''}`);
  return rate;
}

describe('Google example numbers (every region, every type with an example)', () => {
  it('covers every region and non-geographic code, and the 11 types', () => {
    expect(new Set(examples.map((e) => e.region)).size).toBeGreaterThanOrEqual(240);
    expect(new Set(examples.map((e) => e.listed_as))).toEqual(
      new Set(['fixed_line', 'mobile', 'toll_free', 'premium_rate', 'shared_cost', 'voip', 'personal_number', 'pager', 'uan', 'voicemail']),
    );
  });

  it(`type agrees with Google's getNumberType >= ${TYPE_FLOOR * 100}%`, () => {
    const misses: string[] = [];
    let hits = 0;
    for (const e of examples) {
      const r = checkPhone(e.e164);
      if (r.type === e.google_type) hits++;
      else misses.push(`${e.region} ${e.listed_as} ${e.e164}: google ${e.google_type}, ours ${r.type} (${r.status}${r.reasons[1] ? ` ${r.reasons[1].code}` : ''})`);
    }
    expect(report('type agreement (Google examples)', hits, examples.length, misses)).toBeGreaterThanOrEqual(TYPE_FLOOR);
  });

  it('country agrees with Google getRegionCodeForNumber (reported with the type floor)', () => {
    const misses: string[] = [];
    let hits = 0;
    for (const e of examples) {
      const r = checkPhone(e.e164);
      // Google names non-geographic numbers "001"; we give null (no country).
      const google = e.google_region === '001' ? null : e.google_region;
      if (r.country === google) hits++;
      else misses.push(`${e.region} ${e.e164}: google ${String(google)}, ours ${String(r.country)}`);
    }
    expect(report('country agreement (Google examples)', hits, examples.length, misses)).toBeGreaterThanOrEqual(TYPE_FLOOR);
  });

  it(`detects invalid lengths (Google TOO_SHORT / TOO_LONG / INVALID_LENGTH) >= ${INVALID_LENGTH_FLOOR * 100}%`, () => {
    const lengthErrors = variants.filter((v) => ['TOO_SHORT', 'TOO_LONG', 'INVALID_LENGTH', 'NOT_PARSED'].includes(v.google_length));
    const misses: string[] = [];
    let hits = 0;
    for (const v of lengthErrors) {
      const r = checkPhone(v.e164);
      if (r.is_valid === false && (r.status === 'invalid' || r.status === 'syntax')) hits++;
      else misses.push(`${v.e164} (from ${v.of}): google ${v.google_length}, ours ${r.status} ${r.type}`);
    }
    expect(lengthErrors.length).toBeGreaterThan(2500);
    expect(report('invalid-length detection (variants of Google examples)', hits, lengthErrors.length, misses)).toBeGreaterThanOrEqual(INVALID_LENGTH_FLOOR);
  });

  it('validity of all length variants agrees with Google isValidNumber (reported with the same floor)', () => {
    const misses: string[] = [];
    let hits = 0;
    for (const v of variants) {
      const r = checkPhone(v.e164);
      if (r.is_valid === v.google_valid) hits++;
      else misses.push(`${v.e164}: google valid=${v.google_valid} (${v.google_length}), ours ${r.status} ${r.type}`);
    }
    expect(report('validity agreement (all variants)', hits, variants.length, misses)).toBeGreaterThanOrEqual(INVALID_LENGTH_FLOOR);
  });
});

describe('assumption of the fast path', () => {
  it('with max metadata, isValid() equals "getType() is defined" on every example and variant', () => {
    const misses: string[] = [];
    for (const e164 of [...examples.map((e) => e.e164), ...variants.map((v) => v.e164)]) {
      const p = parsePhoneNumberFromString(e164);
      if (p !== undefined && p.isValid() !== (p.getType() !== undefined)) misses.push(e164);
    }
    expect(misses).toEqual([]);
  });
});

describe('libphonenumber-js mobile examples (every country)', () => {
  it(`every country's example mobile number is a valid mobile (or fixed_line_or_mobile) of its calling code >= ${TYPE_FLOOR * 100}%`, () => {
    const misses: string[] = [];
    const shared: string[] = [];
    let hits = 0;
    let total = 0;
    for (const country of getCountries()) {
      const example = getExampleNumber(country, mobileExamples);
      if (example === undefined) continue;
      total++;
      // International, and national with defaultCountry: both must read the same.
      const intl = checkPhone(example.number as string);
      const national = checkPhone(example.formatNational(), { defaultCountry: country });
      const callingCode = getCountryCallingCode(country);
      const ok =
        intl.is_valid === true &&
        (intl.type === 'mobile' || intl.type === 'fixed_line_or_mobile') &&
        intl.country_code === `+${callingCode}` &&
        intl.country !== null &&
        getCountryCallingCode(intl.country as typeof country) === callingCode &&
        national.e164 === intl.e164;
      // Territories sharing a plan (AX/FI, IM/GB, VA/IT…) reuse the main country's
      // example number, which libphonenumber attributes to the main country.
      if (ok && intl.country !== country) shared.push(`${country} ${String(example.number)} → ${String(intl.country)}`);
      if (ok) hits++;
      else misses.push(`${country} ${example.number}: ${intl.status} ${intl.type} ${String(intl.country)}; national ${example.formatNational()} → ${String(national.e164)}`);
    }
    console.log(`examples shared with the main country of their calling code: ${shared.join(', ')}`);
    expect(total).toBeGreaterThanOrEqual(240);
    expect(report('mobile examples (libphonenumber-js)', hits, total, misses)).toBeGreaterThanOrEqual(TYPE_FLOOR);
  });
});
