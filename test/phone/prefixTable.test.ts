import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePrefixTables } from '../../scripts/phone/encode.js';
import { decodeEntries, decodeSection, PrefixTable } from '../../src/phone/prefixTable.js';
import type { Decoded } from '../../src/phone/prefixTable.js';

/** The [key, description index] pairs a decoded section holds, keys as digit strings. */
function entriesOf(decoded: Decoded): [string, number][] {
  const out: [string, number][] = [];
  decoded.keys.forEach((key, i) => {
    const length = decoded.lengths[i]!;
    out.push([length === 0 ? '' : String(key).padStart(length, '0'), decoded.nameIndex[i]!]);
  });
  return out.sort();
}

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
    const section = decodeSection(json.tables['39']!);
    expect(section.names).toEqual(['Italy', 'WIND', 'TIM', 'Vodafone']);
    expect(entriesOf(decodeEntries(json.tables['39']!.slice(json.tables['39']!.lastIndexOf('|') + 1)))).toEqual([['', 0], ['32', 1], ['33', 2], ['330', 2], ['3310', 3]]);
    // Leading zeros are digits like any other: '02' and '2' are two keys.
    expect(entriesOf(decodeEntries('0002:1,12:2,02:3'))).toEqual([['002', 1], ['02', 2], ['2', 3]]);
  });

  it('each calling code is a section with its own descriptions, decoded on its own (format version 2)', () => {
    const json = encodePrefixTables(
      new Map([
        ['44', new Map([['20', 'London'], ['161', 'Manchester, England']])],
        ['39', new Map([['02', 'Milan'], ['06', 'Rome'], ['011', 'Turin']])],
      ]),
    );
    expect(json).toEqual({ tables: { '39': 'Turin|Milan|Rome|0011:0,12:1,16:2', '44': 'Manchester, England|London|0161:0,020:1' } });
    // A section alone is enough: no shared list of descriptions.
    expect(decodeSection(json.tables['44']!).names).toEqual(['Manchester, England', 'London']);
    const table = new PrefixTable(json);
    expect(table.lookup('44', '1612345678')).toBe('Manchester, England');
    expect(table.lookup('39', '0612345678')).toBe('Rome');
    expect(decodeSection('').names).toEqual([]);
  });

  it('a number shorter than the longest key gets its longest prefix, however deep the keys it is padded into nest', () => {
    const table = new PrefixTable(encodePrefixTables(new Map([['7', new Map([['1', 'one'], ['120', 'one-two-zero'], ['12000', 'deep'], ['', 'all']])]])));
    expect(table.lookup('7', '12')).toBe('one');
    expect(table.lookup('7', '120')).toBe('one-two-zero');
    expect(table.lookup('7', '1200')).toBe('one-two-zero');
    expect(table.lookup('7', '12000')).toBe('deep');
    expect(table.lookup('7', '')).toBe('all');
    expect(table.lookup('7', '2')).toBe('all');
    expect(table.lookup('7', '1x2000')).toBe('one');
  });

  it('a code string is its own key: "07" is not "7", and a code not written as a plain number still has its section', () => {
    const table = new PrefixTable({ tables: { '7': encodePrefixTables(new Map([['7', new Map([['1', 'seven']])]])).tables['7']!, '007': 'zeros|01:0' } });
    expect(table.lookup('7', '12')).toBe('seven');
    expect(table.lookup('07', '12')).toBeNull();
    expect(table.lookup('007', '12')).toBe('zeros');
    expect(table.lookup('1007', '12')).toBeNull();
    table.decodeAll();
    expect(table.lookup('007', '12')).toBe('zeros');
    expect(table.lookup('7', '12')).toBe('seven');
  });

  it('refuses a description holding the section separator or a prefix that is not digits', () => {
    expect(() => encodePrefixTables(new Map([['1', new Map([['2', 'A|B']])]]))).toThrow('contains "|"');
    expect(() => encodePrefixTables(new Map([['1', new Map([['2x', 'A']])]]))).toThrow('is not digits');
    expect(() => encodePrefixTables(new Map([['1', new Map([['1234567890123456', 'A']])]]))).toThrow('longer than 15 digits');
  });

  it('a section of any content decodes without a throw or an endless loop, and lookups give a string or null (fast-check, fixed seed)', () => {
    // What a hand-made or damaged bundle could hold (the sha256 check passes for a file its manifest was written for).
    const junk = fc.string({ unit: fc.constantFrom(...'0123456789az:,|Z- é'.split('')), maxLength: 60 });
    fc.assert(
      fc.property(junk, fc.string({ unit: fc.constantFrom(...'0123456789x'.split('')), maxLength: 12 }), (section, national) => {
        const table = new PrefixTable({ tables: { '7': section } });
        const found = table.lookup('7', national);
        expect(found === null || typeof found === 'string').toBe(true);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('longest-prefix lookups match brute force (fast-check, fixed seed)', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 8 });
    fc.assert(
      fc.property(
        fc.dictionary(digits, fc.constantFrom('A', 'B, C', 'Zürich', '東京', ''), { maxKeys: 60 }),
        fc.dictionary(digits, fc.constantFrom('A', 'E', 'F'), { maxKeys: 20 }),
        fc.array(digits, { maxLength: 20 }),
        (dict, other, probes) => {
          const entries = new Map<string, string>(Object.entries(dict));
          const otherEntries = new Map<string, string>(Object.entries(other));
          const table = new PrefixTable(encodePrefixTables(new Map([['7', entries], ['81', otherEntries]])));
          for (const p of [...probes, ...entries.keys(), ...otherEntries.keys()]) {
            const national = `${p}123`;
            expect(table.lookup('7', national)).toBe(reference(entries, national));
            expect(table.lookup('81', national)).toBe(reference(otherEntries, national));
            // Shorter than the longest key (a key may then be longer than the number), or cut by a character that is not a digit.
            for (const short of [p, p.slice(0, -1), `${p.slice(0, 2)}x${p.slice(2)}`]) expect(table.lookup('7', short)).toBe(reference(entries, short));
          }
          expect(table.lookup('8', '123')).toBeNull();
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });
});
