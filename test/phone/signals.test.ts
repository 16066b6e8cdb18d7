/**
 * The phone check's evidence signals on numbers that are not sign-up corpus
 * rows: other area codes' drama ranges, other regulators' blocks, other
 * repeated and sequential subscriber numbers, and the chance rates the
 * pattern thresholds come from (checked against brute-force enumeration).
 */
import { describe, expect, it } from 'vitest';
import { checkPhone, createPhoneCheck } from '../../src/phone/index.js';
import { openData } from '../../src/data/context.js';
import { fictionalRange } from '../../src/phone/fictional.js';
import { openPhoneTables } from '../../src/phone/tables.js';
import {
  CHANCE_BOUND,
  alternateChance,
  patternThresholds,
  PATTERN_THRESHOLD_ROWS,
  repeatChance,
  stepChance,
  suffixMeasures,
  varietyChance,
} from '../../src/phone/subscriberPatterns.js';

const codes = (n: string, country?: string): string[] => checkPhone(n, country === undefined ? undefined : { defaultCountry: country }).reasons.map((r) => r.code);

describe('fictional ranges (data/phone/fictional.json)', () => {
  it.each([
    // Ofcom: the drama blocks of other area codes than the common London and mobile ones.
    ['+44 114 496 0500', 'Ofcom'],
    ['+44 131 496 0999', 'Ofcom'],
    ['+44 191 498 0001', 'Ofcom'],
    ['+44 29 2018 0777', 'Ofcom'],
    ['+44 28 9649 6999', 'Ofcom'],
    ['+44 306 999 0500', 'Ofcom'],
    ['+44 909 879 0999', 'Ofcom'],
    ['+44 808 157 0500', 'Ofcom'],
    // NANPA: 555-0100..0199 under any area code.
    ['+1 907 555 0199', 'NANPA'],
    ['+1 867 555 0100', 'NANPA'],
    // ACMA: fixed-line blocks, freephone and local-rate numbers.
    ['+61 8 7010 9999', 'ACMA'],
    ['+61 1800 160 401', 'ACMA'],
    ['+61 1300 975 711', 'ACMA'],
  ])('%s is in a range %s reserves: a risk gated to the bottom band, named in the detail', (number, regulator) => {
    const r = checkPhone(number);
    const reason = r.reasons.find((x) => x.code === 'PHONE_FICTIONAL');
    expect(reason?.detail).toMatch(new RegExp(`^${regulator}: .+ \\(https://`, 'u'));
    expect(r.score).toBeLessThan(200);
    expect(r.reasons.some((x) => x.code === 'PHONE_PERSONAL_LINE')).toBe(false);
  });

  it('reads a national number with its country', () => {
    expect(codes('(907) 555-0142', 'US')).toContain('PHONE_FICTIONAL');
    expect(codes('0114 496 0123', 'GB')).toContain('PHONE_FICTIONAL');
  });

  it.each([
    // One past each end of a block, and a number between ACMA's listed mobiles.
    '+1 907 555 0200',
    '+1 907 555 0099',
    '+44 131 496 1000',
    '+44 29 2018 1000',
    '+44 28 9649 5999',
    '+61 491 570 155',
    '+61 1300 975 712',
  ])('%s is outside every reserved range', (number) => {
    expect(codes(number)).not.toContain('PHONE_FICTIONAL');
  });

  it('covers the whole of a range and only its calling code', () => {
    const { fictional } = openPhoneTables(openData(undefined));
    expect(fictionalRange(fictional, '44', '1144960000')?.regulator).toBe('Ofcom');
    expect(fictionalRange(fictional, '44', '1144960999')?.regulator).toBe('Ofcom');
    expect(fictionalRange(fictional, '44', '1144961000')).toBeNull();
    expect(fictionalRange(fictional, '1', '3035550150')?.regulator).toBe('NANPA');
    expect(fictionalRange(fictional, '1', '30355501500')).toBeNull(); // another length
    expect(fictionalRange(fictional, '61', '1144960500')).toBeNull(); // Ofcom's block under another calling code
    expect(fictionalRange(fictional, '999', '1234')).toBeNull();
  });
});

describe('repeated and sequential subscriber digits', () => {
  it.each([
    ['+34 699 99 99 99', 'PHONE_REPEATED_DIGITS'], // one digit
    ['+86 138 2999 9947', 'PHONE_REPEATED_DIGITS'], // a run of five 9s in varied digits
    ['+358 40 565 6565', 'PHONE_REPEATED_DIGITS'], // alternating pair
    ['+27 82 121 2121', 'PHONE_REPEATED_DIGITS'], // alternating pair
    ['+91 99887 67676', 'PHONE_REPEATED_DIGITS'], // a five-digit subscriber number alternating throughout
    ['+86 138 9145 4545', 'PHONE_REPEATED_DIGITS'], // three digits, but 454545 alternates
    ['+1 907 338 3833', 'PHONE_REPEATED_DIGITS'], // two digits only, no long run or alternation
    ['+31 6 87654321', 'PHONE_SEQUENTIAL_DIGITS'], // descending
    ['+82 10 4567 8901', 'PHONE_SEQUENTIAL_DIGITS'], // ascending 456789, then 0 and 1
    ['+46 70 234 56 78', 'PHONE_SEQUENTIAL_DIGITS'], // ascending in pairs as written
  ])('%s raises %s and is no personal line', (number, code) => {
    const r = checkPhone(number);
    expect(r.is_valid).toBe(true);
    expect(r.reasons.map((x) => x.code)).toContain(code);
    expect(r.reasons.map((x) => x.code)).not.toContain('PHONE_PERSONAL_LINE');
    expect(r.score).toBeLessThan(400);
  });

  it.each(['+31 6 18273645', '+46 70 381 27 64', '+34 699 48 21 73', '+1 907 482 9163'])('%s: nothing unusual, a personal line', (number) => {
    const r = checkPhone(number);
    expect(r.reasons.map((x) => x.code)).toContain('PHONE_PERSONAL_LINE');
    expect(r.reasons.map((x) => x.code)).not.toEqual(expect.arrayContaining(['PHONE_REPEATED_DIGITS']));
    expect(r.score).toBeGreaterThanOrEqual(800);
  });

  it('reads only the subscriber number, not the area or network code', () => {
    // 0000 is a run of four in a seven-digit subscriber number (below the threshold of five).
    expect(checkPhone('+1 907 482 0000').is_valid).toBe(true);
    expect(codes('+1 907 482 0000')).not.toContain('PHONE_REPEATED_DIGITS');
    // 312 is the network code: 12345 runs five digits across it, the subscriber number 3458164 only three.
    expect(checkPhone('+39 312 345 8164').is_valid).toBe(true);
    expect(codes('+39 312 345 8164')).not.toContain('PHONE_SEQUENTIAL_DIGITS');
  });
});

describe('non-personal types', () => {
  it.each(['+1 800 482 9163', '+33 800 48 29 16', '+39 800 482916'])('%s (toll-free) is never a personal line and lowers the score', (number) => {
    const r = checkPhone(number);
    expect(r.type).toBe('toll_free');
    expect(r.reasons.map((x) => x.code)).not.toContain('PHONE_PERSONAL_LINE');
    expect(r.reasons.map((x) => x.code)).toContain('PHONE_TOLL_FREE');
    expect(r.score).toBeLessThan(500);
  });

  it('a valid mobile in a normal range is a trust; the known carrier is still 0 points', () => {
    const r = checkPhone('+39 333 482 9164');
    const points = Object.fromEntries(r.reasons.map((x) => [x.code, x.points]));
    expect(points.PHONE_PERSONAL_LINE).toBeGreaterThan(0);
    expect(points.PHONE_CARRIER_KNOWN).toBe(0);
    expect(points.PHONE_VALID).toBe(0);
  });

  it('a weight override of 0 leaves a personal line at 500', () => {
    expect(createPhoneCheck({ scoring: { weights: { PHONE_PERSONAL_LINE: 0 } } })('+39 333 482 9164').score).toBe(500);
  });
});

describe('chance rates behind the thresholds', () => {
  // Every string of n digits, measured as the check measures a subscriber number.
  const enumerate = (n: number) => {
    const all = 10 ** n;
    const counts = { repeat: new Map<number, number>(), step: new Map<number, number>(), alternate: new Map<number, number>(), distinct: new Map<number, number>() };
    for (let i = 0; i < all; i++) {
      const m = suffixMeasures(String(i).padStart(n, '0'))[0]!;
      for (const key of ['repeat', 'step', 'alternate', 'distinct'] as const) counts[key].set(m[key], (counts[key].get(m[key]) ?? 0) + 1);
    }
    const atLeast = (map: Map<number, number>, k: number) => [...map].filter(([v]) => v >= k).reduce((a, [, c]) => a + c, 0) / all;
    const atMost = (map: Map<number, number>, k: number) => [...map].filter(([v]) => v <= k).reduce((a, [, c]) => a + c, 0) / all;
    return { counts, atLeast, atMost };
  };

  it.each([4, 5, 6])('the chains agree with enumerating every %i-digit number', (n) => {
    const { counts, atLeast, atMost } = enumerate(n);
    for (let k = 2; k <= n; k++) {
      expect(repeatChance(n, k)).toBeCloseTo(atLeast(counts.repeat, k), 12);
      expect(stepChance(n, k)).toBeCloseTo(atLeast(counts.step, k), 12);
      expect(alternateChance(n, k)).toBeCloseTo(atLeast(counts.alternate, k), 12);
    }
    for (let m = 1; m <= Math.min(n, 10); m++) expect(varietyChance(n, m)).toBeCloseTo(atMost(counts.distinct, m), 12);
  });

  it('each threshold is the loosest one whose chance is within 1 in 1,000', () => {
    const table = patternThresholds();
    const within = (p: number) => p <= CHANCE_BOUND * (1 + 1e-9);
    for (let n = 4; n <= 15; n++) {
      const t = table[n]!;
      if (t.repeat !== null) expect([within(repeatChance(n, t.repeat)), within(repeatChance(n, t.repeat - 1))]).toEqual([true, false]);
      if (t.step !== null) expect([within(stepChance(n, t.step)), within(stepChance(n, t.step - 1))]).toEqual([true, false]);
      if (t.alternate !== null) expect([within(alternateChance(n, t.alternate)), within(alternateChance(n, t.alternate - 1))]).toEqual([true, false]);
      if (t.variety !== null) expect([within(varietyChance(n, t.variety)), within(varietyChance(n, t.variety + 1))]).toEqual([true, false]);
    }
    // The rows a checker reads are these thresholds, written out.
    const row = (pick: (x: (typeof table)[number]) => number | null, none: number) => table.map((x) => pick(x) ?? none);
    expect(PATTERN_THRESHOLD_ROWS).toEqual({
      repeat: row((x) => x.repeat, 99),
      step: row((x) => x.step, 99),
      alternate: row((x) => x.alternate, 99),
      variety: row((x) => x.variety, -1),
    });
    // The figures docs/phone.md writes down.
    expect(table[7]).toEqual({ repeat: 5, step: 5, alternate: 6, variety: 2 });
    expect(table[8]).toEqual({ repeat: 5, step: 5, alternate: 6, variety: 2 });
    expect(table[10]).toEqual({ repeat: 5, step: 5, alternate: 6, variety: 3 });
    expect(table[5]).toEqual({ repeat: 5, step: 5, alternate: 5, variety: 1 });
  });
});
