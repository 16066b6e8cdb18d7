import { describe, expect, it } from 'vitest';
import { codeFamily, matchShape, oemMaker, productLine } from './codeFamilies.js';
import { allBrands, makerRules } from './data/index.js';

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
  it('matches letter-or-digit runs and word ends', () => {
    expect(matchShape('M2101K6G', 'M2~~~&')).toBe(true);
    expect(matchShape('M2101K6G-X', 'M2~~~&')).toBe(false);
    expect(matchShape('Xperia Z', 'XPERIA|*')).toBe(true);
    expect(matchShape('Xperia', 'XPERIA|*')).toBe(true);
    expect(matchShape('XperiaZ', 'XPERIA|*')).toBe(false);
  });
  it('is linear on long junk', () => {
    expect(matchShape('U'.padEnd(100_000, '9'), 'U#GT*')).toBe(false);
  });
});

describe('codeFamily', () => {
  it('names maker and kind of a family code', () => {
    expect(codeFamily('RC9724C')).toMatchObject({ brand: '3Q', kind: 'tablet' });
    expect(codeFamily('SM-R765V')).toMatchObject({ brand: 'Samsung', kind: 'wearable' });
    expect(codeFamily('YNDX-00092')).toMatchObject({ brand: 'Yandex', kind: 'tv' });
    expect(codeFamily('YNDX-00055')).toMatchObject({ brand: 'Yandex', kind: 'smart_speaker' });
    expect(codeFamily('TM-MID730')).toMatchObject({ brand: 'Touchmate' });
    // A shape that starts with a digit token (size-first TV numbering).
    expect(codeFamily('43LEX-7246FTS2C')).toMatchObject({ brand: 'BBK', kind: 'tv' });
  });
  it('tells size-first TV numbering apart by its tail', () => {
    expect(codeFamily('50U660TS')).toMatchObject({ brand: 'Harper', kind: 'tv' });
    expect(codeFamily('43U800BU')).toMatchObject({ brand: 'Kivi', kind: 'tv' });
    expect(codeFamily('32HR55GU')).toMatchObject({ brand: 'Kivi', kind: 'tv' });
    expect(codeFamily('43F550T')).toMatchObject({ brand: 'Leff', kind: 'tv' });
    expect(codeFamily('H32F8000Q-d')).toMatchObject({ brand: 'DEXP', kind: 'tv' });
    expect(codeFamily('SM-LED43M01SU')).toMatchObject({ brand: 'Soundmax', kind: 'tv' });
    // Any other SM- code is a Samsung of no single kind (its numbering scheme).
    expect(codeFamily('SM-A515F')).toMatchObject({ brand: 'Samsung', kind: null });
    expect(codeFamily('65ULES910T2SM')).toMatchObject({ brand: 'Erisson', kind: 'tv' });
    // Three digits and no tail letter is none of them.
    expect(codeFamily('43U800')).toBeUndefined();
  });
  it('separates makers that share a word or a letter', () => {
    expect(codeFamily('ENERGY E520 LTE')).toMatchObject({ brand: 'Energizer' });
    expect(codeFamily('Energyi8Dual')).toMatchObject({ brand: 'Energy Sistem' });
    expect(codeFamily('Z2351N')).toMatchObject({ brand: 'Nubia' });
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
    expect(codeFamily('Technologies MC2700')).toMatchObject({ brand: 'Zebra', kind: 'peripheral' });
  });
  it('leaves unknown, too short and too long codes alone', () => {
    expect(codeFamily('K')).toBeUndefined();
    expect(codeFamily('CT1006')).toBeUndefined();
    expect(codeFamily('x'.repeat(100))).toBeUndefined();
  });
  it('every row explains itself and uses only the shape tokens as documented', () => {
    for (const on of ['code', 'line'] as const) {
      for (const f of makerRules(on)) {
        expect(f.why.length).toBeGreaterThan(5);
        // A greedy run followed by a token of the same class could never match.
        expect(f.pattern).not.toMatch(/#[#~]|@[@%]|&[&#~@%]/);
        // `*` only last.
        expect(f.pattern.slice(0, -1)).not.toContain('*');
      }
    }
  });
  it('names every maker as the maker list spells it', () => {
    const names = new Set(allBrands().map((b) => b.brand));
    for (const on of ['code', 'line', 'oem', 'platform'] as const) for (const r of makerRules(on)) expect(names.has(r.brand), `${on} ${r.pattern} → ${r.brand}`).toBe(true);
  });
});

describe('maker schemes moved into the maker table (codes no corpus row carries)', () => {
  it('reads the numbering schemes of the big makers', () => {
    expect(codeFamily('RMX9999')).toMatchObject({ brand: 'realme' });
    expect(codeFamily('CPH9999')).toMatchObject({ brand: 'OPPO' });
    expect(codeFamily('V2999A')).toMatchObject({ brand: 'vivo' });
    expect(codeFamily('LM-Z999')).toMatchObject({ brand: 'LG' });
    expect(codeFamily('GT-Z9999')).toMatchObject({ brand: 'Samsung' });
    expect(codeFamily('2612ABC9G')).toMatchObject({ brand: 'Xiaomi' });
    expect(codeFamily('2699999ZZ')).toBeUndefined(); // month 99: not a Xiaomi number
    expect(codeFamily('20251231')).toBeUndefined(); // a date, no letters
    expect(codeFamily('M2999Z9Z')).toMatchObject({ brand: 'Xiaomi' });
  });
  it('reads the code prefixes of makers missing from the Play list', () => {
    expect(codeFamily('PMP9999')).toMatchObject({ brand: 'Prestigio' });
    expect(codeFamily('TAD-99999')).toMatchObject({ brand: 'Denver', kind: 'tablet' });
    expect(codeFamily('BQ_9999')).toMatchObject({ brand: 'BQ' });
    expect(codeFamily('IQ9999')).toMatchObject({ brand: 'Fly' });
  });
  it('finds product lines at the start of a code, on a word boundary only', () => {
    expect(productLine('Inspiron 9999')).toMatchObject({ brand: 'Dell' });
    expect(productLine('XPERIA ZZ')).toMatchObject({ brand: 'Sony' });
    expect(productLine('KFZZWI')).toMatchObject({ brand: 'Amazon' });
    expect(productLine('XT9999-9')).toMatchObject({ brand: 'Motorola' });
    expect(productLine('Xperiamax')).toBeUndefined();
    expect(productLine('motorola edge')).toBeUndefined(); // `moto` is a line only as a word
  });
  it('reads Internet Explorer OEM fields, with or without JS', () => {
    expect(oemMaker('MDDR')).toMatchObject({ brand: 'Dell', kind: 'desktop' });
    expect(oemMaker('MASPJS')).toMatchObject({ brand: 'Sony' });
    expect(oemMaker('MDDRX')).toBeUndefined();
    expect(oemMaker('x'.repeat(100))).toBeUndefined();
  });
});
