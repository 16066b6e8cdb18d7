import { describe, expect, it } from 'vitest';
import { Interner } from '../../scripts/lib/interner.js';

describe('Interner (data builders)', () => {
  it('gives each distinct value one index, in first-seen order', () => {
    const brands = new Interner<string>();
    expect([brands.id('Samsung'), brands.id('Xiaomi'), brands.id('Samsung')]).toEqual([0, 1, 0]);
    expect(brands.values).toEqual(['Samsung', 'Xiaomi']);
  });
  it('compares by the key it is given', () => {
    const combos = new Interner<number[], string>((ids) => ids.join(','));
    expect([combos.id([1, 2]), combos.id([1, 2]), combos.id([2])]).toEqual([0, 0, 1]);
    expect(combos.values).toEqual([[1, 2], [2]]);
  });
});
