import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPOSABLE, FREE_PROVIDERS, MAILCHECKER } from '../../src/email/data/formats.js';
import { SortedList, countSortedList, joinSortedList } from '../../src/email/sortedList.js';

describe('SortedList (domain lists searched in place)', () => {
  it('answers exactly as a Set of its entries, before and after it builds its own Set (fast-check, fixed seed)', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,6}$/);
    const domain = fc.tuple(label, fc.constantFrom('com', 'co.uk', 'io', 'x')).map(([l, t]) => `${l}.${t}`);
    fc.assert(
      fc.property(fc.array(domain, { maxLength: 60 }), fc.array(domain, { maxLength: 40 }), (entries, probes) => {
        const set = new Set(entries);
        const list = new SortedList(joinSortedList(entries));
        // Enough rounds to pass the point where the list switches to a Set, whatever its size.
        for (let round = 0; round < 30; round++) {
          for (const key of [...probes, ...entries, '', 'a', 'zzzz.com']) expect(list.has(key)).toBe(set.has(key));
        }
      }),
      { seed: 13, numRuns: 200 },
    );
  });

  it('a list text of any content (unsorted, empty entries) answers true or false and terminates (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab.,'.split('')), maxLength: 40 }), fc.string({ unit: fc.constantFrom(...'ab.'.split('')), maxLength: 6 }), (text, key) => {
        expect(typeof new SortedList(text).has(key)).toBe('boolean');
      }),
      { seed: 5, numRuns: 2000 },
    );
  });

  it('finds the first and last entries, entries that are prefixes of others, and nothing in an empty list', () => {
    const list = new SortedList(joinSortedList(['b.com', 'a.com', 'a.co', 'a.com.br', 'zz.io']));
    for (const key of ['a.co', 'a.com', 'a.com.br', 'b.com', 'zz.io']) expect(list.has(key)).toBe(true);
    for (const key of ['a.c', 'a.com.b', 'a', 'zz.i', 'zz.iox', 'b.co']) expect(list.has(key)).toBe(false);
    expect(new SortedList('').has('a.com')).toBe(false);
    expect(new SortedList('only.com').has('only.com')).toBe(true);
  });

  it('the builder layout: unique, sorted, comma-joined; refuses an entry holding the separator', () => {
    expect(joinSortedList(['b.com', 'a.com', 'b.com'])).toBe('a.com,b.com');
    expect(countSortedList('a.com,b.com')).toBe(2);
    expect(countSortedList('')).toBe(0);
    expect(() => joinSortedList(['a,b.com'])).toThrow('contains ","');
    expect(() => joinSortedList([''])).toThrow('is empty');
  });

  it.each([DISPOSABLE, MAILCHECKER, FREE_PROVIDERS])('$name: the check names what is wrong with a file of another shape', (format) => {
    expect(format.check('a.com,b.com')).toBeNull();
    expect(format.check(['a.com'])).toBe('data is an array, expected a string of sorted, comma-separated domains');
    expect(format.check('a.com,,b.com')).toBe('data has an empty entry');
    expect(format.check(',a.com')).toBe('data has an empty entry');
  });
});
