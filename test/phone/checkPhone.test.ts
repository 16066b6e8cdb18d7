import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkPhone, createPhoneCheck, lookupCarrier, PHONE_SCORE_MODEL } from '../../src/phone/index.js';
import type { PhoneResult } from '../../src/phone/index.js';

const SPEC_FIELDS = [
  'value', 'type', 'status', 'is_valid', 'country', 'country_code', 'is_ported', 'ported_times', 'first_ported',
  'last_ported', 'original_network', 'current_network', 'is_roaming', 'has_whatsapp', 'whatsapp_privacy_status',
  'whatsapp_image', 'score', 'score_cluster',
];
const EXTRA_FIELDS = ['e164', 'national_format', 'international_format', 'time_zones', 'geographic_area', 'reasons'];

const sum = (r: PhoneResult): number => r.reasons.reduce((a, x) => a + x.points, 0);

describe('checkPhone: accepted formats', () => {
  it.each([
    ['+393331234567', undefined],
    ['+39 333 123 4567', undefined],
    ['+39.333.123.4567', undefined],
    ['+39-333-123-4567', undefined],
    ['+39 (333) 123-4567', undefined],
    ['0039 333 1234567', undefined],
    ['00393331234567', undefined],
    ['333 123 4567', 'IT'],
    ['333 123 4567', 'it'],
    ['＋３９ ３３３ １２３ ４５６７', undefined], // full-width, as typed on CJK keyboards
    ['\u00a0+39\u00a0333\u00a0123\u00a04567 ', undefined], // no-break spaces
  ])('%j (defaultCountry %s) → +393331234567, valid mobile', (input, defaultCountry) => {
    const r = checkPhone(input, defaultCountry === undefined ? undefined : { defaultCountry });
    expect(r.value).toBe(input);
    expect(r.status).toBe('undetermined');
    expect(r.is_valid).toBe(true);
    expect(r.type).toBe('mobile');
    expect(r.country).toBe('IT');
    expect(r.country_code).toBe('+39');
    expect(r.e164).toBe('+393331234567');
    expect(r.original_network).toBe('TIM');
  });

  it('reads a "(0)" trunk digit after the calling code, and national numbers with their trunk prefix', () => {
    expect(checkPhone('+44 (0) 20 7946 0958').e164).toBe('+442079460958');
    expect(checkPhone('020 7946 0958', { defaultCountry: 'GB' }).e164).toBe('+442079460958');
    expect(checkPhone('(650) 253-0000', { defaultCountry: 'US' }).e164).toBe('+16502530000');
    // The US international prefix 011, read with defaultCountry US.
    expect(checkPhone('011 39 333 123 4567', { defaultCountry: 'US' }).e164).toBe('+393331234567');
  });

  it('fills every spec field, plus the documented extras, in spec order', () => {
    const r = checkPhone('+39 02 1234 5678');
    expect(Object.keys(r)).toEqual([...SPEC_FIELDS.slice(0, 16), 'e164', 'national_format', 'international_format', 'time_zones', 'geographic_area', 'score', 'score_cluster', 'reasons']);
    expect(new Set([...SPEC_FIELDS, ...EXTRA_FIELDS])).toEqual(new Set(Object.keys(r)));
    expect(JSON.parse(JSON.stringify(r))).toMatchObject({
      type: 'fixed_line',
      country: 'IT',
      national_format: '02 1234 5678',
      international_format: '+39 02 1234 5678',
      time_zones: ['Europe/Rome'],
      geographic_area: 'Milan',
    });
  });

  it('leaves provider-only fields null, with info reasons saying why', () => {
    const r = checkPhone('+39 333 123 4567');
    for (const f of ['is_ported', 'ported_times', 'first_ported', 'last_ported', 'is_roaming', 'has_whatsapp', 'whatsapp_privacy_status', 'whatsapp_image'] as const) {
      expect(r[f]).toBeNull();
    }
    expect(r.status).toBe('undetermined');
    expect(r.current_network).toBe(r.original_network);
    const info = r.reasons.filter((x) => x.points === 0).map((x) => x.code);
    expect(info).toEqual(expect.arrayContaining(['PHONE_PORTING_UNKNOWN', 'PHONE_CONNECTIVITY_UNKNOWN', 'PHONE_MESSAGING_UNKNOWN']));
  });

  it('non-geographic numbers have a calling code but no country', () => {
    const r = checkPhone('+800 1234 5678');
    expect(r).toMatchObject({ is_valid: true, type: 'toll_free', country: null, country_code: '+800', geographic_area: null });
  });
});

describe('checkPhone: types and score', () => {
  // A mobile or fixed line with nothing unusual is a personal line (a trust); types that bill the
  // caller or reach no one person's line are risks; VoIP has no measured rate yet, so it moves nothing.
  // (Subscriber digits here are neither repeated nor sequential: 1234567 would be a risk of its own.)
  it.each([
    ['+39 333 482 9164', 'mobile', 'very_high'],
    ['+39 02 4829 1637', 'fixed_line', 'very_high'],
    ['+1 650 253 0000', 'fixed_line_or_mobile', 'very_high'],
    ['+39 800 482916', 'toll_free', 'very_low'],
    ['+39 899 482916', 'premium_rate', 'very_low'],
    ['+43 810 482916', 'shared_cost', 'very_low'],
    ['+44 56 4829 1637', 'voip', 'review'],
    ['+44 70 4829 1637', 'personal_number', 'very_low'],
    ['+44 76 2345 6789', 'pager', 'very_low'],
    ['+44 55 4829 1637', 'uan', 'very_low'],
  ])('%s is %s (%s)', (number, type, cluster) => {
    const r = checkPhone(number);
    expect(r.type).toBe(type);
    expect(r.score_cluster).toBe(cluster);
    expect(sum(r)).toBe(r.score);
  });

  it('lowers the non-personal types below a plain valid number, and scores no coverage', () => {
    const plain = checkPhone('+39 02 4829 1637').score;
    expect(plain).toBe(995);
    for (const n of ['+39 899 482916', '+43 810 482916', '+44 70 4829 1637', '+44 76 2345 6789', '+44 55 4829 1637', '+39 800 482916']) {
      expect(checkPhone(n).score).toBeLessThan(500);
    }
    // A mobile whose carrier the data names scores as a plain valid line: a known carrier is reported, not scored.
    const mobile = checkPhone('+39 333 482 9164');
    expect(mobile.original_network).not.toBeNull();
    expect(mobile.score).toBe(plain);
    expect(mobile.reasons.filter((r) => r.code === 'PHONE_CARRIER_KNOWN' || r.code === 'PHONE_VALID').map((r) => r.points)).toEqual([0, 0]);
  });

  it('scorecard bands and weight overrides come from options', () => {
    const check = createPhoneCheck({ scoring: { bands: 'scorecard', weights: { PHONE_PREMIUM_RATE: 0.3 } } });
    const r = check('+39 899 482916');
    // logit −0.3 → 426: 'low' in the scorecard bands (226–450), 'review' in the default ones.
    expect(r.score).toBe(426);
    expect(r.score_cluster).toBe('low');
    expect(checkPhone('+39 899 482916', { scoring: { weights: { PHONE_PREMIUM_RATE: 0.3 } } }).score_cluster).toBe('review');
  });
});

describe('checkPhone: syntax and invalid', () => {
  it.each([
    ['', 'no digits'],
    ['+', 'no digits'],
    ['   ', 'no digits'],
    ['abc', 'letters'],
    ['+1 800 FLOWERS', 'letters'],
    ['+39 333 123 4567 ext. 12', 'letters'],
    ['📞 +39 333 123 4567', 'emoji'],
    ['+39\t333 1234567', 'control characters'],
    ['+39 333\u0000123', 'control characters'],
    ['+39 333 123 45 67 #', 'characters phone numbers do not use'],
    ['39+333', 'a plus sign after the start'],
    ['++39 333 123 4567', 'a plus sign after the start'],
    ['+1', 'fewer than 3 digits'],
    ['+12', 'fewer than 3 digits'],
    ['+123456789012345678901', 'more than 20 digits'],
    ['+३९ ३३३ १२३ ४५६७', 'digits of a script phone numbers are not parsed in'],
    ['x'.repeat(10_000), 'longer than 64 characters'],
  ])('%j is syntax (%s)', (input, detail) => {
    const r = checkPhone(input);
    expect(r.status).toBe('syntax');
    expect(r.is_valid).toBe(false);
    expect(r.type).toBe('unknown');
    expect(r.score_cluster).toBe('very_low');
    expect(r.reasons[1]).toMatchObject({ code: 'PHONE_SYNTAX', detail });
    expect(sum(r)).toBe(r.score);
  });

  it.each([
    ['+39 33', 'PHONE_TOO_SHORT', '+39'],
    ['+39 333 123 4567 8901', 'PHONE_TOO_LONG', '+39'],
    ['+39 12345678901234567', 'PHONE_TOO_LONG', '+39'],
    ['+999 123 4567', 'PHONE_INVALID_COUNTRY', null],
    ['+1 555 123 4567', 'PHONE_NOT_IN_PLAN', '+1'],
    ['+376 712 3451', 'PHONE_INVALID_LENGTH', '+376'],
    ['333 123 4567', 'PHONE_NATIONAL_WITHOUT_COUNTRY', null],
  ])('%s is invalid (%s)', (input, code, countryCode) => {
    const r = checkPhone(input);
    expect(r.status).toBe('invalid');
    expect(r.is_valid).toBe(false);
    expect(r.reasons[1]?.code).toBe(code);
    expect(r.country_code).toBe(countryCode);
    expect(r.original_network).toBeNull();
    expect(r.e164).toBeNull();
    expect(r.score).toBeLessThanOrEqual(199);
  });
});

describe('options and misuse', () => {
  it('throws InputError INPUT_TYPE on non-strings', () => {
    for (const bad of [undefined, null, 42, {}, ['+39'], Symbol('x')]) {
      expect(() => checkPhone(bad as unknown as string)).toThrow(InputError);
      try {
        checkPhone(bad as unknown as string);
      } catch (e) {
        expect((e as InputError).code).toBe('INPUT_TYPE');
      }
    }
  });

  it('throws InputError INPUT_OPTION on an unknown defaultCountry, at creation and per call', () => {
    for (const bad of ['XX', 'ITA', 'I', '', 39]) {
      expect(() => createPhoneCheck({ defaultCountry: bad as string })).toThrow(expect.objectContaining({ code: 'INPUT_OPTION', field: 'defaultCountry' }));
    }
    const check = createPhoneCheck();
    expect(() => check('333 123 4567', { defaultCountry: 'ZZ' })).toThrow(expect.objectContaining({ code: 'INPUT_OPTION' }));
  });

  it('per-call defaultCountry overrides the factory one', () => {
    const check = createPhoneCheck({ defaultCountry: 'IT' });
    expect(check('333 123 4567').country).toBe('IT');
    expect(check('020 7946 0958', { defaultCountry: 'GB' }).country).toBe('GB');
  });

  it('returns fresh result objects', () => {
    const a = checkPhone('+39 333 123 4567');
    const b = checkPhone('+39 333 123 4567');
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
  });

  it('lookupCarrier validates first and reads mobile types only', () => {
    expect(lookupCarrier('+39 333 123 4567')).toBe('TIM');
    expect(lookupCarrier('+39 333')).toBeNull();
    expect(lookupCarrier('+39 02 1234 5678')).toBeNull();
    expect(lookupCarrier('not a number')).toBeNull();
    expect(() => lookupCarrier(7 as unknown as string)).toThrow(InputError);
  });

  it('score model: every code is PHONE_*, gates on syntax, invalid and reserved-for-fiction only', () => {
    for (const [code, spec] of Object.entries(PHONE_SCORE_MODEL.signals)) {
      expect(code).toMatch(/^PHONE_[A-Z_]+$/);
      if (spec.capBand !== undefined) expect(['PHONE_SYNTAX', 'PHONE_INVALID_COUNTRY', 'PHONE_TOO_SHORT', 'PHONE_TOO_LONG', 'PHONE_INVALID_LENGTH', 'PHONE_NOT_IN_PLAN', 'PHONE_NATIONAL_WITHOUT_COUNTRY', 'PHONE_FICTIONAL']).toContain(code);
    }
  });
});
