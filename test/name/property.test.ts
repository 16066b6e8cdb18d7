/**
 * Invariants of checkName over arbitrary strings (fast-check, fixed seed):
 * never throws on strings, score an integer in 0..1000, reasons add up,
 * is_valid exactly when risk_type is null, deterministic, value echoes input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkName, createNameCheck } from '../../src/name/index.js';

const SEED = 20261122;

const nameish = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('John', 'Mohamed', 'O’Brien', 'de la Cruz', '王', 'Иван', 'J.', 'asdf', 'Mr', '', ' ', '-', 'n/a'),
  fc.string({ unit: fc.constantFrom('a', 's', 'd', 'f', 'j', 'k', ' ', '-', "'", '.', 'é', 'о'), maxLength: 20 }),
);

function assertWellFormed(first: string, last: string): void {
  const r = checkName(first, last);
  expect(Number.isInteger(r.score)).toBe(true);
  expect(r.score).toBeGreaterThanOrEqual(0);
  expect(r.score).toBeLessThanOrEqual(1000);
  expect(r.reasons.reduce((s, x) => s + x.points, 0)).toBe(r.score);
  expect(r.is_valid).toBe(r.risk_type === null);
  expect(r.value).toBe(`${first},${last}`);
  expect(['M', 'F', null]).toContain(r.gender);
  expect(checkName(first, last)).toEqual(r);
}

describe('checkName properties', () => {
  it('never throws on strings; score integer 0..1000; reasons add up; deterministic', () => {
    fc.assert(
      fc.property(nameish, nameish, (first, last) => {
        assertWellFormed(first, last);
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });

  it('handles huge and hostile strings with a result', () => {
    const big = 'a'.repeat(10_000);
    const huge = 'é'.repeat(100_000);
    for (const [f, l] of [
      [big, 'Smith'],
      ['John', huge],
      ['\u0000'.repeat(5000), '\uffff'],
      ['\ud800', '\udfff'],
      ['a'.repeat(256), 'b'.repeat(257)],
      ['(a+)+$', '.*.*.*=.*'],
    ] as const) {
      assertWellFormed(f, l);
    }
    expect(checkName(big, 'Smith').risk_type).toBe('INVALID');
    expect(checkName(big, 'Smith').normalized.first).toBeNull();
  });

  it('throws InputError INPUT_TYPE for non-strings', () => {
    for (const bad of [undefined, null, 42, {}, [], Symbol('x')]) {
      expect(() => checkName(bad as unknown as string, 'Smith')).toThrow(InputError);
      expect(() => createNameCheck()('John', bad as unknown as string)).toThrow(InputError);
    }
    try {
      checkName(null as unknown as string, 'x');
    } catch (e) {
      expect((e as InputError).code).toBe('INPUT_TYPE');
      expect((e as InputError).field).toBe('first_name');
    }
  });
});
