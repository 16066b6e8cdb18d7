/**
 * The shortcuts of the joke reading (src/name/reading/reading.ts, its speed work)
 * give the answers the full reading gives: each test is a case one of them
 * could get wrong if it were not exact. Speed itself is measured by
 * bench/name-cpu.ts, never here.
 */
import { describe, expect, it } from 'vitest';
import { catchphraseReading, humorousReading } from '../../src/name/reading/reading.js';
import { rd } from './tables.js';

describe('joke reading shortcuts', () => {
  it('reads a catchphrase said non-rhotically when a token said as spelt is inside its code, not at its start', () => {
    // "ider" (TR) is said as spelt and lies inside PNTRFR: the gate that skips
    // names whose tokens fit no catchphrase must look inside the code too.
    expect(catchphraseReading(rd, ['ben', 'ider', 'ova'])).toBe('reads as "bend her over" (PNTRFR, "-a" said "-er")');
    expect(catchphraseReading(rd, ['ben', 'derova'])).toBe('reads as "bend her over" (PNTRFR, "-a" said "-er")');
    // A token said as spelt that is in no catchphrase code: no reading.
    expect(catchphraseReading(rd, ['ben', 'smith', 'ova'])).toBeUndefined();
  });

  it('answers an everyday phrase the same when its line of the phrase table is remembered', () => {
    // The first call works out the line's phrases and sound keys, the later ones reuse them.
    const first = humorousReading(rd, ['dinah', 'mite'], () => true);
    expect(first).toBe('reads as "dynamite" (TNMT)');
    expect(humorousReading(rd, ['dinah', 'mite'], () => true)).toBe(first);
    expect(catchphraseReading(rd, ['dinah', 'mite'])).toBe(first);
    // Same line, a name spelt too far from every phrase on it.
    expect(humorousReading(rd, ['dean', 'maat'], () => true)).toBeUndefined();
  });

  it('leaves a romanised Chinese name unread when a phrase matches it, the guard asked after the match', () => {
    expect(humorousReading(rd, ['jing', 'li'], () => true)).toBeUndefined();
    expect(catchphraseReading(rd, ['hui', 'min'])).toBeUndefined();
  });
});
