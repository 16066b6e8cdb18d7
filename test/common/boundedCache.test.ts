import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInputError } from '../../src/errors.js';
import { BoundedCache, cacheKey } from '../../src/common/boundedCache.js';
import type { CacheKey, KeyPart } from '../../src/common/boundedCache.js';

describe('cacheKey', () => {
  it('keeps apart part lists that a separator join would merge', () => {
    const keys = [
      cacheKey('a\u0000b'),
      cacheKey('a', 'b'),
      cacheKey('a', ['b']),
      cacheKey(['a', 'b']),
      cacheKey('a', undefined, 'b'),
      cacheKey('a', null, 'b'),
      cacheKey('a', '', 'b'),
      cacheKey('ab'),
      cacheKey('a', 'b', ''),
      cacheKey('1'),
      cacheKey(1),
      cacheKey(true),
      cacheKey('true'),
      cacheKey(undefined),
      cacheKey(null),
      cacheKey(),
      cacheKey(''),
      cacheKey([]),
      cacheKey(['']),
      cacheKey('s1:a'),
      cacheKey('a', 's1:b'),
      // What a tag-only encoding (no lengths) would merge:
      cacheKey('as:b'),
      cacheKey('au'),
      cacheKey('a', undefined),
      cacheKey('at'),
      cacheKey('a', true),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the device key of a forged user agent apart from a real one plus hints', () => {
    const ua = 'Mozilla/5.0 (Linux; Android 10; K)';
    expect(cacheKey(`${ua}\u0000SM-S911B\u0000Android\u000014.0.0\u0000true\u0000\u0000`, undefined, undefined, undefined, undefined, undefined, undefined))
      .not.toBe(cacheKey(ua, 'SM-S911B', 'Android', '14.0.0', true, undefined, undefined));
  });

  it('can be decoded back into its parts, so distinct part lists cannot share a key (property, fixed seed)', () => {
    // A left inverse of the documented encoding: if every key decodes to the
    // parts it was built from, no two part lists can have built it.
    const decode = (key: string): KeyPart[] => {
      let at = 0;
      const until = (stop: string): string => {
        const end = key.indexOf(stop, at);
        if (end < 0) throw new Error(`no ${stop} after ${at} in ${JSON.stringify(key)}`);
        const text = key.slice(at, end);
        at = end + 1;
        return text;
      };
      const one = (): KeyPart => {
        const tag = key[at++];
        if (tag === 's') {
          const length = Number(until(':'));
          const text = key.slice(at, at + length);
          if (text.length !== length) throw new Error('short string');
          at += length;
          return text;
        }
        if (tag === 'n') return Number(until(';'));
        if (tag === 't' || tag === 'f') return tag === 't';
        if (tag === 'z') return null;
        if (tag === 'u') return undefined;
        if (tag === 'a') return Array.from({ length: Number(until(':')) }, one);
        throw new Error(`tag ${tag} at ${at - 1} in ${JSON.stringify(key)}`);
      };
      const parts: KeyPart[] = [];
      while (at < key.length) parts.push(one());
      return parts;
    };
    const part: fc.Arbitrary<KeyPart> = fc.letrec<{ part: KeyPart }>((tie) => ({
      part: fc.oneof(
        { depthSize: 'small' },
        fc.string({ unit: fc.constantFrom('a', '\u0000', ':', ';', 's', 'n', '1', 'u', 'z') }),
        fc.integer({ min: -20, max: 20 }).map((n) => (Object.is(n, -0) ? 0 : n)),
        fc.double({ noNaN: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(tie('part'), { maxLength: 3 }),
      ),
    })).part;
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        expect(decode(cacheKey(...parts))).toEqual(parts);
      }),
      { seed: 12, numRuns: 2000 },
    );
  });

  it('gives equal part lists the same key', () => {
    expect(cacheKey('x', 1, [true, null])).toBe(cacheKey('x', 1, [true, null]));
  });
});

describe('BoundedCache', () => {
  it('never holds more than maxSize entries', () => {
    const cache = new BoundedCache<number, number>(3);
    for (let i = 0; i < 100; i++) {
      cache.set(i, i * 2);
      expect(cache.size).toBeLessThanOrEqual(3);
    }
    expect(cache.size).toBe(3);
    expect([cache.get(97), cache.get(98), cache.get(99)]).toEqual([194, 196, 198]);
  });

  it('evicts an entry not used since it was stored before one that was hit (CLOCK, an LRU approximation)', () => {
    const cache = new BoundedCache<CacheKey, string>(2);
    const a = cacheKey('a');
    const b = cacheKey('b');
    const c = cacheKey('c');
    cache.set(a, 'A');
    cache.set(b, 'B');
    expect(cache.get(a)).toBe('A'); // a is now more recent than b
    cache.set(c, 'C');
    expect(cache.get(b)).toBeUndefined();
    expect(cache.get(a)).toBe('A');
    expect(cache.get(c)).toBe('C');
  });

  it('counts a set of an existing key as a use and keeps one entry for it', () => {
    const cache = new BoundedCache<number, string>(2);
    cache.set(1, 'one');
    cache.set(2, 'two');
    cache.set(1, 'uno');
    expect(cache.size).toBe(2);
    cache.set(3, 'three');
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe('uno');
  });

  it('keeps a key that is hit between insertions through any number of one-off keys', () => {
    const cache = new BoundedCache<CacheKey, number>(8);
    const hot = cacheKey('gmail.com');
    cache.set(hot, 1);
    for (let i = 0; i < 1000; i++) {
      expect(cache.get(hot)).toBe(1);
      cache.set(cacheKey(`one-off-${i}`), i);
      expect(cache.size).toBeLessThanOrEqual(8);
    }
    expect(cache.get(hot)).toBe(1);
  });

  it('always holds the key it stored last and returns what was stored (property, fixed seed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 12 })), { maxLength: 200 }), (max, ops) => {
        const cache = new BoundedCache<number, number>(max);
        const stored = new Map<number, number>();
        ops.forEach(([isSet, key], i) => {
          if (isSet) {
            cache.set(key, i);
            stored.set(key, i);
            expect(cache.get(key)).toBe(i);
          } else {
            const value = cache.get(key);
            if (value !== undefined) expect(value).toBe(stored.get(key));
          }
          expect(cache.size).toBeLessThanOrEqual(max);
        });
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('computes a missing value once and stores null as a value', () => {
    const cache = new BoundedCache<CacheKey, boolean | null>(4);
    let calls = 0;
    const compute = (): null => {
      calls++;
      return null;
    };
    expect(cache.getOrCompute(cacheKey('k'), compute)).toBeNull();
    expect(cache.getOrCompute(cacheKey('k'), compute)).toBeNull();
    expect(calls).toBe(1);
  });

  it('takes as keys only numbers and strings made by cacheKey, never a hand-joined string', () => {
    const cache = new BoundedCache<CacheKey, number>(2);
    // @ts-expect-error a plain string is not a CacheKey: parts must go through cacheKey()
    cache.set('a\u0000b', 1);
    expect(cache.get(cacheKey('a\u0000b'))).toBeUndefined();
    // @ts-expect-error nor is a string key type allowed
    new BoundedCache<string, number>(1);
  });

  it('keeps nothing with maxSize 0', () => {
    const cache = new BoundedCache<number, string>(0);
    cache.set(1, 'one');
    expect(cache.size).toBe(0);
    expect(cache.get(1)).toBeUndefined();
  });

  it('rejects a size that is not a non-negative integer with an InputError', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      let thrown: unknown;
      try {
        new BoundedCache<number, string>(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isInputError(thrown)).toBe(true);
      expect((thrown as { code: string; field: string }).code).toBe('INPUT_OPTION');
      expect((thrown as { field: string }).field).toBe('maxSize');
    }
  });

  it('with admitOnSecondSet, stores a key from its second set within the window, so keys met once never push out the ones that recur', () => {
    const cache = new BoundedCache<number, string>(4, 8);
    cache.set(1, 'one');
    expect(cache.get(1)).toBeUndefined();
    cache.set(1, 'one');
    expect(cache.get(1)).toBe('one');
    for (const hot of [2, 3, 4]) {
      cache.set(hot, 'hot');
      cache.set(hot, 'hot');
    }
    // A stream of keys each set once: none is stored, the four stored stay.
    for (let k = 100; k < 200; k++) cache.set(k, 'once');
    expect(cache.size).toBe(4);
    for (const k of [1, 2, 3, 4]) expect(cache.get(k), String(k)).toBeDefined();
    // The window forgets: a key set again after 8 new keys is new again.
    cache.set(500, 'x');
    for (let k = 600; k < 608; k++) cache.set(k, 'once');
    cache.set(500, 'x');
    expect(cache.get(500)).toBeUndefined();
    cache.set(500, 'x');
    expect(cache.get(500)).toBe('x');
  });

  it('rejects an admission window that is not a non-negative integer with an InputError', () => {
    for (const bad of [-1, 1.5, Number.NaN]) {
      let thrown: unknown;
      try {
        new BoundedCache<number, string>(4, bad);
      } catch (error) {
        thrown = error;
      }
      expect(isInputError(thrown)).toBe(true);
      expect((thrown as { field: string }).field).toBe('admitOnSecondSet');
    }
  });
});
