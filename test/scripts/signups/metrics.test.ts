import { describe, expect, it } from 'vitest';
import { auc, decision, defaultBand, share } from '../../../scripts/signups/metrics.js';
import { prng } from '../../support/prng.js';

/** The definition itself, pair by pair: what the rank-sum form must equal. */
function bruteAuc(genuine: number[], abusive: number[]): number {
  let wins = 0;
  for (const g of genuine) for (const a of abusive) wins += g > a ? 1 : g === a ? 0.5 : 0;
  return wins / (genuine.length * abusive.length);
}

describe('auc (Mann–Whitney, ties half)', () => {
  it('is 1 when every genuine row outscores every abusive one, 0 the other way round', () => {
    expect(auc([900, 800], [100, 200, 300])).toBe(1);
    expect(auc([100], [900])).toBe(0);
  });

  it('counts a tie as half a win', () => {
    expect(auc([500], [500])).toBe(0.5);
    // pairs: 900>100, 900>700, 700>100, 700=700 → 3.5 of 4
    expect(auc([900, 700], [100, 700])).toBe(0.875);
    // g=3: 3 wins; g=1: beats 0 only → 1; g=2: ties 2 and 2, beats 0 → 2; 6 of 9
    expect(auc([3, 1, 2], [2, 2, 0])).toBeCloseTo(6 / 9, 12);
    // every score equal: no information
    expect(auc([5, 5, 5], [5, 5])).toBe(0.5);
  });

  it('is NaN when a side is empty', () => {
    expect(auc([], [1])).toBeNaN();
    expect(auc([1], [])).toBeNaN();
  });

  it('equals the pairwise definition on random scores with many ties', () => {
    const random = prng(0xa0c);
    for (let round = 0; round < 50; round++) {
      const g = Array.from({ length: 1 + Math.floor(random() * 30) }, () => Math.floor(random() * 12) * 100);
      const a = Array.from({ length: 1 + Math.floor(random() * 30) }, () => Math.floor(random() * 12) * 100);
      expect(auc(g, a)).toBeCloseTo(bruteAuc(g, a), 12);
    }
  });
});

describe('bands and decisions', () => {
  it('puts each edge of the default bands in its band', () => {
    expect([0, 199, 200, 399, 400, 599, 600, 799, 800, 1000].map(defaultBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('accepts the top two bands, reviews the middle, blocks the bottom two', () => {
    expect([0, 1, 2, 3, 4].map(decision)).toEqual(['block', 'block', 'review', 'accept', 'accept']);
  });

  it('share is the fraction that passes, NaN on nothing', () => {
    expect(share([1, 2, 3, 4], (x) => x > 2)).toBe(0.5);
    expect(share([], () => true)).toBeNaN();
  });
});
