import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePrefixTables } from '../../scripts/phone/encode.js';
import { decodeEntries, PrefixTable } from '../../src/phone/prefixTable.js';

/** Longest prefix by brute force: the reference the table must match. */
function reference(entries: ReadonlyMap<string, string>, national: string): string | null {
  for (let n = national.length; n >= 0; n--) {
    const hit = entries.get(national.slice(0, n));
    if (hit !== undefined) return hit;
  }
  return null;
}

describe('prefix table encoding', () => {
  it('decodes what it encodes (front coding, index elision)', () => {
    const input = new Map([['39', new Map([['33', 'TIM'], ['330', 'TIM'], ['3310', 'Vodafone'], ['32', 'WIND'], ['', 'Italy']])]]);
    const json = encodePrefixTables(input);
    expect(json.names).toEqual(['Italy', 'WIND', 'TIM', 'Vodafone']);
    const { map } = decodeEntries(json.tables['39']!);
    expect([...map].sort()).toEqual([['', 0], ['32', 1], ['33', 2], ['330', 2], ['3310', 3]]);
  });

  it('longest-prefix lookups match brute force (fast-check, fixed seed)', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 8 });
    fc.assert(
      fc.property(fc.dictionary(digits, fc.constantFrom('A', 'B', 'C', 'D'), { maxKeys: 60 }), fc.array(digits, { maxLength: 20 }), (dict, probes) => {
        const entries = new Map(Object.entries(dict));
        const table = new PrefixTable(encodePrefixTables(new Map([['7', entries]])));
        for (const p of [...probes, ...entries.keys()]) {
          const national = `${p}123`;
          expect(table.lookup('7', national)).toBe(reference(entries, national));
        }
        expect(table.lookup('8', '123')).toBeNull();
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});
