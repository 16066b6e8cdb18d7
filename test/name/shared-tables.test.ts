/**
 * checkName with options other than a country builds a check for the call;
 * on the one-call functions' data it reads the shared checker's tables and
 * caches, so such a call loads and indexes nothing the shared checker has.
 */
import { describe, expect, it } from 'vitest';
import { lazyLoads } from '../../src/common/loads.js';
import { preloadSharedNameCheck, checkName } from '../../src/name/checkName.js';

describe('checkName with options', () => {
  it("reads the shared checker's tables: after its preload, calls with options load nothing", () => {
    preloadSharedNameCheck();
    const before = new Map(lazyLoads());
    const names: [string, string][] = [['Mike', 'Hunt'], ['Andrea', 'Rossi'], ['Olive', 'Yew'], ['Zbigniew', 'Brzeziński'], ['asdf', 'qwerty'], ['Cole', 'Slaw']];
    for (const [first, last] of names) {
      const withOptions = checkName(first, last, { scoring: { bands: 'scorecard' }, country: 'IT' });
      const plain = checkName(first, last, { country: 'IT' });
      // The same facts, scored on other bands.
      expect(withOptions.reasons.map((r) => r.code), `${first} ${last}`).toEqual(plain.reasons.map((r) => r.code));
      expect(withOptions.gender).toBe(plain.gender);
    }
    const loaded = [...lazyLoads()].filter(([what, n]) => n !== (before.get(what) ?? 0)).map(([what]) => what);
    expect(loaded).toEqual([]);
  });
});
