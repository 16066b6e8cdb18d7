/**
 * One source of truth for makers: every path of the device check
 * names a maker in the maker list's spelling (data/device/makers.json), and
 * the builder refuses a curated rule whose maker the list does not spell so.
 * The user agents are written from each platform's documented format with
 * model codes no fixture row carries.
 */
import { describe, expect, it } from 'vitest';
import { checkDevice } from '../../src/device/index.js';
import { canonicalBrand } from '../../src/device/data/index.js';
import { compileMakers, parseBrandRows } from '../../scripts/device/brands.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

const android = (model: string): string =>
  `Mozilla/5.0 (Linux; Android 14; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36`;

describe('canonicalBrand', () => {
  it('gives the maker list spelling for any known spelling', () => {
    expect(canonicalBrand(T.makers, 'Realme')).toBe('realme');
    expect(canonicalBrand(T.makers, 'REALME')).toBe('realme');
    expect(canonicalBrand(T.makers, 'Vivo')).toBe('vivo');
    expect(canonicalBrand(T.makers, 'Tecno')).toBe('Tecno Mobile');
    expect(canonicalBrand(T.makers, 'Sky Devices')).toBe('Sky');
    expect(canonicalBrand(T.makers, 'LGE')).toBe('LG');
    expect(canonicalBrand(T.makers, 'Cloud (TruConnect)')).toBe('Cloud Mobile');
  });
  it('keeps unknown names as given (trimmed)', () => {
    expect(canonicalBrand(T.makers, ' Acmephone ')).toBe('Acmephone');
    expect(canonicalBrand(T.makers, '')).toBe('');
  });
});

describe('one spelling per maker on every path', () => {
  it('realme: numbering scheme, maker word, ua-parser-js vendor', () => {
    const bySeries = checkDevice(android('RMX9998')).brand;
    const byWord = checkDevice(android('realme RMX9998')).brand;
    const byWordOnly = checkDevice(android('realme ZZ Pro')).brand;
    expect([bySeries, byWord, byWordOnly]).toEqual(['realme', 'realme', 'realme']);
  });
  it('vivo: numbering scheme and maker word', () => {
    expect(checkDevice(android('V2998A')).brand).toBe('vivo');
    expect(checkDevice(android('vivo V2998A')).brand).toBe('vivo');
    expect(checkDevice(android('VIVO ZZ 5G')).brand).toBe('vivo');
  });
  it('Tecno: maker word in either spelling', () => {
    expect(checkDevice(android('TECNO ZZ9')).brand).toBe('Tecno Mobile');
    expect(checkDevice(android('TECNO Mobile ZZ9')).brand).toBe('Tecno Mobile');
  });
  it('feature-phone maker tokens (MOT-, SIE-) go through the same list', () => {
    expect(checkDevice('MOT-ZZ99/08.D5.09R MIB/2.2.1 Profile/MIDP-2.0 Configuration/CLDC-1.1').brand).toBe('Motorola');
    expect(checkDevice('SIE-ZZ99/1.0 UP.Browser/7.0.0.1.181 (GUI) MMP/2.0 Profile/MIDP-2.0 Configuration/CLDC-1.1').brand).toBe('Siemens');
  });
  it('IE OEM fields come from the maker table', () => {
    const ie = (oem: string): string => `Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; WOW64; Trident/6.0; ${oem})`;
    expect(checkDevice(ie('MDDRJS')).brand).toBe('Dell');
    expect(checkDevice(ie('MAAU')).brand).toBe('Asus');
    expect(checkDevice(ie('MAZZ')).brand).toBeNull();
  });
  it('product lines from the maker table name their maker', () => {
    expect(checkDevice(android('Xperia ZZ')).brand).toBe('Sony');
    expect(checkDevice(android('XT9998-1')).brand).toBe('Motorola');
  });
});

describe('compileMakers (scripts/device/brands.ts)', () => {
  const makers = parseBrandRows([
    { line: 1, cells: { brand: 'realme', tokens: 'realme', kinds: 'phone', note: '' } },
    { line: 2, cells: { brand: 'Dell', tokens: 'Dell', kinds: 'laptop', note: '' } },
  ]).table;
  const rule = (cells: Record<string, string>): { line: number; cells: Record<string, string> } => ({
    line: 9,
    cells: { on: 'code', pattern: 'RMX~~~~', brand: 'realme', kind: '', why: 'realme numbering.', ...cells },
  });
  it('compiles token rows and curated rows into one table', () => {
    const { table } = compileMakers(makers, [rule({}), rule({ on: 'oem', pattern: 'MDDR', brand: 'Dell', kind: 'desktop' })]);
    const realme = table.brands.findIndex(([name]) => name === 'realme');
    const dell = table.brands.findIndex(([name]) => name === 'Dell');
    expect(table.rows).toContainEqual(['token', 'realme', realme, '', '']);
    expect(table.rows).toContainEqual(['code', 'RMX~~~~', realme, '', 'realme numbering.']);
    expect(table.rows).toContainEqual(['oem', 'MDDR', dell, 'desktop', expect.any(String) as string]);
  });
  it('refuses a maker the list spells otherwise, or does not list', () => {
    expect(() => compileMakers(makers, [rule({ brand: 'Realme' })])).toThrow(/maker-rules.csv:9: brand "Realme"/);
    expect(() => compileMakers(makers, [rule({ brand: 'Acme' })])).toThrow(/not a maker/);
  });
  it('refuses bad shapes, kinds, OEM tokens, missing whys and repeats', () => {
    expect(() => compileMakers(makers, [rule({ pattern: 'RM*X' })])).toThrow(/\* only at the end/);
    expect(() => compileMakers(makers, [rule({ pattern: 'RM(X)' })])).toThrow(/unexpected character/);
    expect(() => compileMakers(makers, [rule({ kind: 'toaster' })])).toThrow(/unknown kind/);
    expect(() => compileMakers(makers, [rule({ on: 'oem', pattern: 'md' })])).toThrow(/OEM token/);
    expect(() => compileMakers(makers, [rule({ why: '' })])).toThrow(/no why/);
    expect(() => compileMakers(makers, [rule({}), rule({ pattern: 'rmx~~~~' })])).toThrow(/listed twice/);
    expect(() => compileMakers(makers, [rule({ on: 'regex' })])).toThrow(/unknown on/);
  });
  it('compiles sub-brand rows (parent, split) and refuses a kind, a shape or a sub-brand that is its parent', () => {
    const realme = parseBrandRows([{ line: 1, cells: { brand: 'OPPO', tokens: 'OPPO', kinds: 'phone', note: '' } }]).table;
    const sub = (cells: Record<string, string>): { line: number; cells: Record<string, string> } => ({ line: 9, cells: { on: 'parent', pattern: 'realme', brand: 'OPPO', kind: '', why: 'realme began as OPPO’s sub-brand.', ...cells } });
    const { table } = compileMakers(realme, [sub({}), sub({ on: 'split', pattern: 'Find X' })]);
    expect(table.rows).toContainEqual(['parent', 'realme', 0, '', expect.any(String) as string]);
    expect(table.rows).toContainEqual(['split', 'Find X', 0, '', expect.any(String) as string]);
    expect(() => compileMakers(realme, [sub({ kind: 'smartphone' })])).toThrow(/names no kind/);
    expect(() => compileMakers(realme, [sub({ pattern: 'RMX#' })])).toThrow(/must be a name/);
    expect(() => compileMakers(realme, [sub({ pattern: 'Oppo' })])).toThrow(/its own parent/);
  });
});

describe('sub-brands of the maker table', () => {
  it('a split sub-brand leading a table name is reported as its own brand, a parent one stays with the parent', () => {
    // POCO F4 (22021211RG) and Redmi Note 12 (23021RAA2Y): the table files both under Xiaomi.
    const poco = checkDevice(android('22021211RG'));
    expect([poco.brand, poco.model]).toEqual(['POCO', 'F4']);
    expect(checkDevice(android('23021RAA2Y')).brand).toBe('Xiaomi');
  });
});

describe('platform words of one maker (maker-rules.csv, on=platform)', () => {
  it('names the maker of a platform only it ships', () => {
    expect(checkDevice('Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.0.0 Safari/537.36 WebAppManager').brand).toBe('LG');
    expect(checkDevice('Mozilla/5.0 (FreeBSD; U; Viera; en-gb) AppleWebKit/537.36 (KHTML, like Gecko) Viera/9.9.9 Chrome/99.0.0.0 Safari/537.36').brand).toBe('Panasonic');
    expect(checkDevice('Mozilla/5.0 (QtEmbedded; U; Linux; C) AppleWebKit/533.3 (KHTML, like Gecko) MAG999 stbapp ver: 9 rev: 9999 Safari/533.3').brand).toBe('Infomir');
    expect(checkDevice('Opera/9.80 (Linux armv7l; U; en) Presto/2.12.407 Version/12.50 AQUOS-AS/9.9 LC-99XX999').brand).toBe('Sharp');
  });
  it('Tesla browsers come from the same table', () => {
    expect(checkDevice('Mozilla/5.0 (X11; Linux) AppleWebKit/534.34 (KHTML, like Gecko) QtCarBrowser Safari/534.34').brand).toBe('Tesla');
  });
  it('needs the whole word: a longer word or an app name is not the platform', () => {
    expect(checkDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Tizenish/1.0').brand).toBeNull();
    expect(checkDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 MAG99/1.0').brand).toBeNull();
  });
});
