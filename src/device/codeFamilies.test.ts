import { describe, expect, it } from 'vitest';
import { CODE_FAMILIES, codeFamily, matchShape } from './codeFamilies.js';

describe('matchShape', () => {
  it('matches digit and letter runs greedily, case-insensitively', () => {
    expect(matchShape('U30GT-H', 'U#GT*')).toBe(true);
    expect(matchShape('u9gts_a', 'U#GT*')).toBe(true);
    expect(matchShape('U30', 'U#GT*')).toBe(false);
    expect(matchShape('RC9724C', 'RC#@')).toBe(true);
    expect(matchShape('RC9724C2', 'RC#@')).toBe(false);
  });
  it('counts single digits and checks digit boundaries', () => {
    expect(matchShape('ST70216-1', 'ST~~~~*')).toBe(true);
    expect(matchShape('ST100', 'ST~~~~*')).toBe(false);
    expect(matchShape('CN80', 'CN~~!*')).toBe(true);
    expect(matchShape('CN80G', 'CN~~!*')).toBe(true);
    expect(matchShape('CN8012', 'CN~~!*')).toBe(false);
  });
  it('is linear on long junk', () => {
    expect(matchShape('U'.padEnd(100_000, '9'), 'U#GT*')).toBe(false);
  });
});

describe('codeFamily', () => {
  it('names maker and kind of a family code', () => {
    expect(codeFamily('RC9724C')).toMatchObject({ brand: '3Q', type: 'tablet' });
    expect(codeFamily('SM-R765V')).toMatchObject({ brand: 'Samsung', type: 'wearable' });
    expect(codeFamily('YNDX-00092')).toMatchObject({ brand: 'Yandex', type: 'tv' });
    expect(codeFamily('YNDX-00055')).toMatchObject({ brand: 'Yandex', type: 'smart_speaker' });
    expect(codeFamily('TM-MID730')).toMatchObject({ brand: 'Touchmate' });
    // A shape that starts with a digit token (size-first TV numbering).
    expect(codeFamily('43LEX-7246FTS2C')).toMatchObject({ brand: 'BBK', type: 'tv' });
  });
  it('tries the last word of a code behind a maker or product word', () => {
    expect(codeFamily('Technologies MC2700')).toMatchObject({ brand: 'Zebra', type: 'peripheral' });
  });
  it('leaves unknown, too short and too long codes alone', () => {
    expect(codeFamily('K')).toBeUndefined();
    expect(codeFamily('SM-S911B')).toBeUndefined();
    expect(codeFamily('CT1006')).toBeUndefined();
    expect(codeFamily('x'.repeat(100))).toBeUndefined();
  });
  it('every row explains itself and uses only the shape tokens as documented', () => {
    for (const f of CODE_FAMILIES) {
      expect(f.why.length).toBeGreaterThan(5);
      // A greedy run followed by a token of the same class could never match.
      expect(f.shape).not.toMatch(/#[#~]|@[@%]/);
      // `*` only last.
      expect(f.shape.slice(0, -1)).not.toContain('*');
    }
  });
});
