import { describe, expect, it } from 'vitest';
import { fakeNames, realNames } from '../../test/name/fixtures.js';
import { analysePart } from './analyse.js';

describe('analysePart', () => {
  it('gives the same analysis on the ASCII fast path as on the general path', () => {
    // A non-ASCII character appended then removed is not possible, so compare
    // with the general path forced by a leading BOM-free combining-free
    // non-ASCII space (U+00A0), which the general path collapses away.
    const parts = [...realNames(), ...fakeNames()].flatMap((n) => [n.first, n.last]);
    parts.push('Smith - Jones', 'a  b', ' x ', "O'Neil", 'J. R.', 'www.x.com', '--', '...');
    for (const p of parts) {
      if (!/^[\x20-\x7e]*$/u.test(p)) continue;
      const fast = analysePart(p);
      const general = analysePart(`\u00a0${p}`);
      expect(general, JSON.stringify(p)).toEqual(fast);
    }
  });

  it('rejects a BOM at either end, which trim() would remove unseen', () => {
    for (const raw of ['Well\ufeff', '\ufeffWell', ' Well\ufeff ']) {
      expect(analysePart(raw).invalid).toBe('NAME_CONTROL_CHARS');
    }
    expect(analysePart(' Well\n').invalid).toBeUndefined();
  });

  it('caps before any regex: an over-long part is rejected unnormalised', () => {
    expect(analysePart('a'.repeat(300))).toMatchObject({ invalid: 'NAME_TOO_LONG', normalized: null });
  });

  it('splits tokens on spaces and hyphens and strips edge apostrophes and periods', () => {
    expect(analysePart("Jean-Claude d'Arc").tokens).toEqual(['jean', 'claude', "d'arc"]);
    expect(analysePart('J. R.')).toMatchObject({ tokens: ['j', 'r'], isInitial: true });
  });
});
