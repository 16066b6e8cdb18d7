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
  it('tells size-first TV numbering apart by its tail', () => {
    expect(codeFamily('50U660TS')).toMatchObject({ brand: 'Harper', type: 'tv' });
    expect(codeFamily('43U800BU')).toMatchObject({ brand: 'Kivi', type: 'tv' });
    expect(codeFamily('32HR55GU')).toMatchObject({ brand: 'Kivi', type: 'tv' });
    expect(codeFamily('43F550T')).toMatchObject({ brand: 'Leff', type: 'tv' });
    expect(codeFamily('H32F8000Q-d')).toMatchObject({ brand: 'DEXP', type: 'tv' });
    expect(codeFamily('SM-LED43M01SU')).toMatchObject({ brand: 'Soundmax', type: 'tv' });
    expect(codeFamily('SM-A515F')).toBeUndefined();
    expect(codeFamily('65ULES910T2SM')).toMatchObject({ brand: 'Erisson', type: 'tv' });
    // Three digits and no tail letter is none of them.
    expect(codeFamily('43U800')).toBeUndefined();
  });
  it('separates makers that share a word or a letter', () => {
    expect(codeFamily('ENERGY E520 LTE')).toMatchObject({ brand: 'Energizer' });
    expect(codeFamily('Energyi8Dual')).toMatchObject({ brand: 'Energy Sistem' });
    expect(codeFamily('Z2351N')).toMatchObject({ brand: 'nubia' });
    expect(codeFamily('Z3153V')).toBeUndefined();
    expect(codeFamily('PHJ110')).toMatchObject({ brand: 'OPPO' });
    expect(codeFamily('PCLM10')).toMatchObject({ brand: 'OPPO' });
  });
  it('reads Digma article codes behind a line name', () => {
    expect(codeFamily('TT7024MG')).toMatchObject({ brand: 'Digma' });
    expect(codeFamily('HIT HT7070MG')).toMatchObject({ brand: 'Digma' });
    expect(codeFamily('TT7024XG')).toBeUndefined();
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
