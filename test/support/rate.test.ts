import { describe, expect, it } from 'vitest';
import { rateOf } from './rate.js';

describe('rateOf', () => {
  it('is hits over total', () => expect(rateOf('m', 3, 4)).toBe(0.75));
  it('refuses a metric over zero rows instead of calling it 100%', () => {
    expect(() => rateOf('bot recall', 0, 0)).toThrow(/bot recall: measured over 0 rows/);
  });
});
