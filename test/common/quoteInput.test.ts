import { describe, expect, it } from 'vitest';
import { MAX_QUOTED_INPUT, quoteInput } from '../../src/common/quoteInput.js';

describe('quoteInput', () => {
  it('quotes a short string whole, with control characters escaped', () => {
    expect(quoteInput('credit_card')).toBe('"credit_card"');
    expect(quoteInput('a\nb\u0000')).toBe('"a\\nb\\u0000"');
    expect(quoteInput('y'.repeat(MAX_QUOTED_INPUT))).toBe(`"${'y'.repeat(MAX_QUOTED_INPUT)}"`);
  });

  it('cuts a long string to 64 characters, marks the cut and gives the original length', () => {
    const quoted = quoteInput(`ab${'x'.repeat(1 << 20)}`);
    expect(quoted).toBe(`"ab${'x'.repeat(62)}…" (${(1 << 20) + 2} characters)`);
    expect(quoteInput(`${'x'.repeat(100)}/GeoIP2-City.mmdb`, 'end')).toBe(`"…${'x'.repeat(47)}/GeoIP2-City.mmdb" (117 characters)`);
  });

  it('never leaves half a surrogate pair at the cut', () => {
    const emoji = '😀'.repeat(40); // 80 UTF-16 units: unit 64 is the first half of a pair
    expect(quoteInput(`a${emoji}`)).toBe(`"a${'😀'.repeat(31)}…" (81 characters)`);
    expect(quoteInput(`${emoji}a`, 'end')).toBe(`"…${'😀'.repeat(31)}a" (81 characters)`);
  });

  it('names values of unbounded size by their kind instead of serialising them', () => {
    expect(quoteInput(['x'.repeat(1 << 20)])).toBe('an array');
    expect(quoteInput({ a: 'x'.repeat(1 << 20) })).toBe('an object');
    expect(quoteInput(() => 1)).toBe('a function');
    expect([quoteInput(42), quoteInput(true), quoteInput(null), quoteInput(undefined)]).toEqual(['42', 'true', 'null', 'undefined']);
  });
});
