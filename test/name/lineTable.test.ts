/**
 * The in-place line table the name data is searched with (first
 * call): every key found where a Map would find it, values cut out right,
 * sections (lines by first unit) found by binary search at the text's edges.
 */
import { describe, expect, it } from 'vitest';
import { flatString, LineTable } from '../../src/name/data/lineTable.js';
import { prng as rng } from '../support/prng.js';

describe('LineTable', () => {
  it('finds keys with and without values, and answers -1 for others', () => {
    const t = new LineTable(LineTable.textOf([['bob', '22'], ['ann', '1'], ['cy', undefined], ['anna', 'x\ty']]));
    expect(t.text).toBe('ann\t1\nanna\tx\ty\nbob\t22\ncy');
    expect(t.value(t.find('ann'))).toBe('1');
    expect(t.value(t.find('anna'))).toBe('x\ty');
    expect(t.key(t.find('anna'))).toBe('anna');
    expect(t.hasValue(t.find('cy'))).toBe(false);
    expect(t.value(t.find('cy'))).toBe('');
    expect(t.hasValue(t.find('bob'))).toBe(true);
    // Prefixes and extensions of keys are not keys.
    for (const missing of ['an', 'annaa', 'bo', 'bobb', 'c', 'cyy', '', 'zed', 'Ann', 'ñ']) expect(t.find(missing)).toBe(-1);
    expect([...t.lines()].map((l) => t.key(l))).toEqual(['ann', 'anna', 'bob', 'cy']);
  });

  it('finds the first and last lines and keys of other scripts', () => {
    const keys = ['a', 'aa', 'zz', 'ölaf', 'ива', 'иван', '김', 'ﬀ'];
    const t = new LineTable(LineTable.textOf(keys.map((k, i): [string, string] => [k, String(i)])));
    keys.forEach((k, i) => expect(t.value(t.find(k))).toBe(String(i)));
    expect(t.find('и')).toBe(-1);
    expect(new LineTable('').find('a')).toBe(-1);
    expect(new LineTable('solo').find('solo')).toBe(0);
  });

  it('agrees with a Map on random tables, asked in random order', () => {
    const next = rng(18);
    const alphabet = 'abcdeéкж李';
    for (let round = 0; round < 20; round++) {
      const map = new Map<string, string>();
      const size = Math.floor(next() * 300);
      while (map.size < size) {
        let key = '';
        const len = 1 + Math.floor(next() * 6);
        for (let i = 0; i < len; i++) key += alphabet[Math.floor(next() * alphabet.length)];
        map.set(key, String(map.size));
      }
      const t = new LineTable(LineTable.textOf(map));
      for (let q = 0; q < 400; q++) {
        let key = '';
        const len = 1 + Math.floor(next() * 6);
        for (let i = 0; i < len; i++) key += alphabet[Math.floor(next() * alphabet.length)];
        const line = t.find(key);
        expect(line >= 0 ? t.value(line) : undefined).toBe(map.get(key));
      }
      for (const [key, value] of map) expect(t.value(t.find(key))).toBe(value);
    }
  });

  it('finds a pair of words as find finds them joined by a space, on random tables', () => {
    const next = rng(19);
    const alphabet = 'ab éкж李';
    const word = (most: number): string => {
      let w = '';
      const len = Math.floor(next() * most);
      for (let i = 0; i < len; i++) w += alphabet[Math.floor(next() * alphabet.length)];
      return w;
    };
    for (let round = 0; round < 20; round++) {
      const rows = new Map<string, string>();
      const size = Math.floor(next() * 300);
      while (rows.size < size) {
        const key = `${word(4)} ${word(4)}`;
        rows.set(key, String(rows.size));
      }
      const t = new LineTable(LineTable.textOf(rows));
      const asked: [string, string][] = [];
      for (const key of rows.keys()) for (let at = key.indexOf(' '); at >= 0; at = key.indexOf(' ', at + 1)) asked.push([key.slice(0, at), key.slice(at + 1)]);
      for (let q = 0; q < 400; q++) asked.push([word(5), word(5)]);
      for (const [a, b] of asked) expect(t.findPair(a, b), `${a}|${b}`).toBe(t.find(`${a} ${b}`));
    }
    expect(new LineTable('ann lee\t1\nbob\t22').findPair('ann', 'lee')).toBe(0);
    expect(new LineTable('ann lee\t1').findPair('ann', 'le')).toBe(-1);
    expect(new LineTable('ann lee').findPair('ann', 'leeds')).toBe(-1);
  });

  it('indexes only the sections a lookup needs (the first call does not index the whole table)', () => {
    const keys = Array.from({ length: 26 * 40 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}name${i}`);
    const t = new LineTable(LineTable.textOf(keys.map((k): [string, undefined] => [k, undefined])));
    expect(t.indexedSections).toBe(0);
    expect(t.find('sname18')).toBeGreaterThanOrEqual(0);
    expect(t.find('sname19')).toBe(-1);
    expect(t.indexedSections).toBe(1);
    expect(t.find('kowalski')).toBe(-1);
    expect(t.indexedSections).toBe(2);
  });

  it('refuses rows it could not read back', () => {
    expect(() => LineTable.textOf([['a\tb', '1']])).toThrow(/tab or newline/);
    expect(() => LineTable.textOf([['', '1']])).toThrow(/empty key/);
    expect(() => LineTable.textOf([['a', 'x\ny']])).toThrow(/newline/);
    expect(() => LineTable.textOf([['a', '1'], ['a', '2']])).toThrow(/twice/);
  });

  it('finds long keys whatever string they are (ropes, slices, two-byte, surrogate pairs)', () => {
    const rows: [string, string][] = [
      ['jean-baptiste poquelin', '1'],
      ['абвгдежзиклмноп', '2'],
      ['𝒜𝒷𝒸𝒹𝒺𝒻𝒼𝒽', '3'],
      ['short', '4'],
    ];
    const t = new LineTable(LineTable.textOf(rows));
    const pad = 'xxxxxxxxxxxxxxxxxxxx';
    for (const [key, value] of rows) {
      // A template and a slice of 13+ units are a rope and a view in V8: same units, other representation.
      const rope = `${key.slice(0, 4)}${key.slice(4)}`;
      const view = `${pad}${key}${pad}`.slice(pad.length, pad.length + key.length);
      for (const k of [key, rope, view, flatString(rope)]) {
        expect(flatString(k)).toBe(key);
        expect(t.value(t.find(k))).toBe(value);
      }
    }
    expect(t.find(`${'jean-baptiste'} ${'poquelin!'}`)).toBe(-1);
  });
});
