import { describe, expect, it } from 'vitest';
import { codeFamily, matchShape, oemMaker, productLine } from '../../src/device/codeFamilies.js';
import { allBrands, makerRules } from '../../src/device/data/index.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

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
    expect(codeFamily(T.codeFamilies, 'RC9724C')).toMatchObject({ brand: '3Q', kind: 'tablet' });
    expect(codeFamily(T.codeFamilies, 'SM-R765V')).toMatchObject({ brand: 'Samsung', kind: 'wearable' });
    expect(codeFamily(T.codeFamilies, 'YNDX-00092')).toMatchObject({ brand: 'Yandex', kind: 'tv' });
    expect(codeFamily(T.codeFamilies, 'YNDX-00055')).toMatchObject({ brand: 'Yandex', kind: 'smart_speaker' });
    expect(codeFamily(T.codeFamilies, 'TM-MID730')).toMatchObject({ brand: 'Touchmate' });
    // A shape that starts with a digit token (size-first TV numbering).
    expect(codeFamily(T.codeFamilies, '43LEX-7246FTS2C')).toMatchObject({ brand: 'BBK', kind: 'tv' });
  });
  it('tells size-first TV numbering apart by its tail', () => {
    expect(codeFamily(T.codeFamilies, '50U660TS')).toMatchObject({ brand: 'Harper', kind: 'tv' });
    expect(codeFamily(T.codeFamilies, '43U800BU')).toMatchObject({ brand: 'Kivi', kind: 'tv' });
    expect(codeFamily(T.codeFamilies, '32HR55GU')).toMatchObject({ brand: 'Kivi', kind: 'tv' });
    expect(codeFamily(T.codeFamilies, '43F550T')).toMatchObject({ brand: 'Leff', kind: 'tv' });
    expect(codeFamily(T.codeFamilies, 'H32F8000Q-d')).toMatchObject({ brand: 'DEXP', kind: 'tv' });
    expect(codeFamily(T.codeFamilies, 'SM-LED43M01SU')).toMatchObject({ brand: 'Soundmax', kind: 'tv' });
    // Any other SM- code is a Samsung of no single kind (its numbering scheme).
    expect(codeFamily(T.codeFamilies, 'SM-A515F')).toMatchObject({ brand: 'Samsung', kind: null });
    expect(codeFamily(T.codeFamilies, '65ULES910T2SM')).toMatchObject({ brand: 'Erisson', kind: 'tv' });
    // Three digits and no tail letter is none of them.
    expect(codeFamily(T.codeFamilies, '43U800')).toBeUndefined();
  });
  it('separates makers that share a word or a letter', () => {
    expect(codeFamily(T.codeFamilies, 'ENERGY E520 LTE')).toMatchObject({ brand: 'Energizer' });
    expect(codeFamily(T.codeFamilies, 'Energyi8Dual')).toMatchObject({ brand: 'Energy Sistem' });
    expect(codeFamily(T.codeFamilies, 'Z2351N')).toMatchObject({ brand: 'Nubia' });
    expect(codeFamily(T.codeFamilies, 'Z3153V')).toBeUndefined();
    expect(codeFamily(T.codeFamilies, 'PHJ110')).toMatchObject({ brand: 'OPPO' });
    expect(codeFamily(T.codeFamilies, 'PCLM10')).toMatchObject({ brand: 'OPPO' });
  });
  it('reads Digma article codes behind a line name', () => {
    expect(codeFamily(T.codeFamilies, 'TT7024MG')).toMatchObject({ brand: 'Digma' });
    expect(codeFamily(T.codeFamilies, 'HIT HT7070MG')).toMatchObject({ brand: 'Digma' });
    expect(codeFamily(T.codeFamilies, 'TT7024XG')).toBeUndefined();
  });
  it('tries the last word of a code behind a maker or product word', () => {
    expect(codeFamily(T.codeFamilies, 'Technologies MC2700')).toMatchObject({ brand: 'Zebra', kind: 'peripheral' });
  });
  it('leaves unknown, too short and too long codes alone', () => {
    expect(codeFamily(T.codeFamilies, 'K')).toBeUndefined();
    expect(codeFamily(T.codeFamilies, 'CT1006')).toBeUndefined();
    expect(codeFamily(T.codeFamilies, 'x'.repeat(100))).toBeUndefined();
  });
  it('every row explains itself and uses only the shape tokens as documented', () => {
    for (const on of ['code', 'line'] as const) {
      for (const f of makerRules(T.makers, on)) {
        expect(f.why.length).toBeGreaterThan(5);
        // A greedy run followed by a token of the same class could never match.
        expect(f.pattern).not.toMatch(/#[#~]|@[@%]|&[&#~@%]/);
        // `*` only last.
        expect(f.pattern.slice(0, -1)).not.toContain('*');
      }
    }
  });
  it('names every maker as the maker list spells it', () => {
    const names = new Set(allBrands(T.makers).map((b) => b.brand));
    for (const on of ['code', 'line', 'oem', 'platform', 'parent', 'split'] as const) for (const r of makerRules(T.makers, on)) expect(names.has(r.brand), `${on} ${r.pattern} → ${r.brand}`).toBe(true);
  });
});

describe('maker schemes moved into the maker table (codes no corpus row carries)', () => {
  it('reads the numbering schemes of the big makers', () => {
    expect(codeFamily(T.codeFamilies, 'RMX9999')).toMatchObject({ brand: 'realme' });
    expect(codeFamily(T.codeFamilies, 'CPH9999')).toMatchObject({ brand: 'OPPO' });
    expect(codeFamily(T.codeFamilies, 'V2999A')).toMatchObject({ brand: 'vivo' });
    expect(codeFamily(T.codeFamilies, 'LM-Z999')).toMatchObject({ brand: 'LG' });
    expect(codeFamily(T.codeFamilies, 'GT-Z9999')).toMatchObject({ brand: 'Samsung' });
    expect(codeFamily(T.codeFamilies, '2612ABC9G')).toMatchObject({ brand: 'Xiaomi' });
    expect(codeFamily(T.codeFamilies, '2699999ZZ')).toBeUndefined(); // month 99: not a Xiaomi number
    expect(codeFamily(T.codeFamilies, '20251231')).toBeUndefined(); // a date, no letters
    expect(codeFamily(T.codeFamilies, 'M2999Z9Z')).toMatchObject({ brand: 'Xiaomi' });
  });
  it('reads the code prefixes of makers missing from the Play list', () => {
    expect(codeFamily(T.codeFamilies, 'PMP9999')).toMatchObject({ brand: 'Prestigio' });
    expect(codeFamily(T.codeFamilies, 'TAD-99999')).toMatchObject({ brand: 'Denver', kind: 'tablet' });
    expect(codeFamily(T.codeFamilies, 'BQ_9999')).toMatchObject({ brand: 'BQ' });
    expect(codeFamily(T.codeFamilies, 'IQ9999')).toMatchObject({ brand: 'Fly' });
  });
  it('finds product lines at the start of a code, on a word boundary only', () => {
    expect(productLine(T.codeFamilies, 'Inspiron 9999')).toMatchObject({ brand: 'Dell' });
    expect(productLine(T.codeFamilies, 'XPERIA ZZ')).toMatchObject({ brand: 'Sony' });
    expect(productLine(T.codeFamilies, 'KFZZWI')).toMatchObject({ brand: 'Amazon' });
    expect(productLine(T.codeFamilies, 'XT9999-9')).toMatchObject({ brand: 'Motorola' });
    expect(productLine(T.codeFamilies, 'Xperiamax')).toBeUndefined();
    expect(productLine(T.codeFamilies, 'motorola edge')).toBeUndefined(); // `moto` is a line only as a word
  });
  it('reads Internet Explorer OEM fields, with or without JS', () => {
    expect(oemMaker(T.codeFamilies, 'MDDR')).toMatchObject({ brand: 'Dell', kind: 'desktop' });
    expect(oemMaker(T.codeFamilies, 'MASPJS')).toMatchObject({ brand: 'Sony' });
    expect(oemMaker(T.codeFamilies, 'MDDRX')).toBeUndefined();
    expect(oemMaker(T.codeFamilies, 'x'.repeat(100))).toBeUndefined();
  });
});
