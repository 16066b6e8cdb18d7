/**
 * Brand vocabulary (src/device/data/brands.ts) read through the committed
 * data/device/brand-tokens.json, plus the builder's row validation.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allBrands, brandAtStart, brandFromToken, brandKinds, lookupModelCode } from '../../src/device/data/index.js';
import { BRAND_KINDS, parseBrandRows } from '../../scripts/device/brands.js';
import { readCsv } from '../../scripts/device/csv.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

describe('brandFromToken', () => {
  it('maps maker spellings to the canonical name, case- and separator-insensitively', () => {
    expect(brandFromToken(T.makers, 'SonyEricsson')).toBe('Sony Ericsson');
    expect(brandFromToken(T.makers, 'sony-ericsson')).toBe('Sony Ericsson');
    expect(brandFromToken(T.makers, 'KIVI')).toBe('Kivi');
    expect(brandFromToken(T.makers, 'iconbit')).toBe('IconBIT');
    expect(brandFromToken(T.makers, 'LGE')).toBe('LG');
    expect(brandFromToken(T.makers, 'Samsung')).toBe('Samsung');
  });
  it('leaves exact-only words (ordinary words too) to brandAtStart', () => {
    for (const t of ['Sky', 'Fly', 'Orange', 'Free', 'Cat', 'Spider']) expect(brandFromToken(T.makers, t)).toBeUndefined();
    expect(brandKinds(T.makers, 'Sky')).toContain('phone');
  });
  it('returns undefined for words that are not makers', () => {
    for (const t of ['Mozilla', 'Linux', 'Android', 'Build', 'Mobile', 'Safari', '', 'x'.repeat(5000)]) {
      expect(brandFromToken(T.makers, t)).toBeUndefined();
    }
  });
});

describe('brandAtStart', () => {
  it('splits a leading brand from the model code', () => {
    expect(brandAtStart(T.makers, 'SonyEricssonK750i')).toEqual({ brand: 'Sony Ericsson', rest: 'K750i' });
    expect(brandAtStart(T.makers, 'KIVI 32H500GR')).toEqual({ brand: 'Kivi', rest: '32H500GR' });
    expect(brandAtStart(T.makers, 'SAMSUNG-SGH-E250')).toEqual({ brand: 'Samsung', rest: 'SGH-E250' });
    expect(brandAtStart(T.makers, 'LG-P500')).toEqual({ brand: 'LG', rest: 'P500' });
    expect(brandAtStart(T.makers, 'HTC_Desire')).toEqual({ brand: 'HTC', rest: 'Desire' });
    expect(brandAtStart(T.makers, 'HTCDesire')).toEqual({ brand: 'HTC', rest: 'Desire' });
    expect(brandAtStart(T.makers, '  ARCHOS 101 Oxygen')).toEqual({ brand: 'Archos', rest: '101 Oxygen' });
    expect(brandAtStart(T.makers, 'Alcatel')).toEqual({ brand: 'Alcatel', rest: '' });
  });
  it('prefers the longest token', () => {
    expect(brandAtStart(T.makers, 'Sony Ericsson X10')?.brand).toBe('Sony Ericsson');
    expect(brandAtStart(T.makers, 'Sony G8341')?.brand).toBe('Sony');
  });
  it('needs a separator, digit or case change after the brand', () => {
    expect(brandAtStart(T.makers, 'X96Air_A100')?.brand).toBe('X96');
    expect(brandAtStart(T.makers, 'T950')).toBeUndefined();
    expect(brandAtStart(T.makers, 'Kivistar')).toBeUndefined();
    expect(brandAtStart(T.makers, 'Lavatory 5')).toBeUndefined();
    expect(brandAtStart(T.makers, 'HTCDESIRE')).toBeUndefined();
  });
  it('accepts exact-only words only before a model code', () => {
    expect(brandAtStart(T.makers, 'CUBE U30GT')?.brand).toBe('Cube');
    expect(brandAtStart(T.makers, 'Cube Browser')).toBeUndefined();
    expect(brandAtStart(T.makers, 'Cube')).toBeUndefined();
    expect(brandAtStart(T.makers, 'Cube/1.0')).toBeUndefined();
    expect(brandAtStart(T.makers, 'FLY IQ4404')?.brand).toBe('Fly');
    expect(brandAtStart(T.makers, 'Fly Away')).toBeUndefined();
  });
  it('returns undefined for non-brands and junk, never throws', () => {
    for (const t of ['Mozilla/5.0', 'Build/KOT49H', '', ' ', '\u0000\u0001', '-', 'x'.repeat(100_000)]) {
      expect(brandAtStart(T.makers, t)).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const r = brandAtStart(T.makers, s);
        if (r !== undefined) expect(brandKinds(T.makers, r.brand).length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('brandKinds', () => {
  it('lists what a maker mostly makes, main kind first', () => {
    expect(brandKinds(T.makers, 'Kivi')).toEqual(['tv']);
    expect(brandKinds(T.makers, 'kivi')[0]).toBe('tv');
    expect(brandKinds(T.makers, 'Openbox')[0]).toBe('stb');
    expect(brandKinds(T.makers, 'SonyEricsson')).toContain('feature_phone');
    expect(brandKinds(T.makers, 'Nobody Makes This')).toEqual([]);
    expect(Object.isFrozen(brandKinds(T.makers, 'Kivi'))).toBe(true);
  });
});

describe('long-tail makers', () => {
  it('names makers spelled at the start of a model token', () => {
    expect(brandAtStart(T.makers, 'KOPO L8')).toEqual({ brand: 'KOPO', rest: 'L8' });
    expect(brandAtStart(T.makers, 'hoco_HI11')).toEqual({ brand: 'hoco', rest: 'HI11' });
    expect(brandAtStart(T.makers, 'SKYTEX-SP712')?.brand).toBe('Skytex');
    expect(brandAtStart(T.makers, 'Senkatel_T8002')?.brand).toBe('Senkatel');
    expect(brandAtStart(T.makers, 'BAFF32YSTV-R')?.brand).toBe('BAFF');
    expect(brandAtStart(T.makers, 'Digit4G Energy Max')?.brand).toBe('Digit');
  });
  it('keeps ordinary words and shared codes exact-only', () => {
    expect(brandAtStart(T.makers, 'SKYLINE_50UST5970')?.brand).toBe('Skyline');
    expect(brandAtStart(T.makers, 'Skyline Browser')).toBeUndefined();
    // the bare code X88 is Premio's phone; the TV-box maker names its products X88 Pro/King/Mini
    expect(brandAtStart(T.makers, 'X88')).toBeUndefined();
    expect(brandAtStart(T.makers, 'X88pro10.r1')?.brand).toBe('X88');
    expect(brandAtStart(T.makers, 'ETON I95')?.brand).toBe('Eton');
    expect(brandFromToken(T.makers, 'Eton')).toBeUndefined();
    // Mintt sells a phone whose whole code is DIGI
    expect(brandAtStart(T.makers, 'Digi_K1')?.brand).toBe('Digi');
    expect(brandAtStart(T.makers, 'DIGI')).toBeUndefined();
    // flexible separators: no token may read another maker's code (Moxee MT-T800, Starlight star_X)
    expect(brandAtStart(T.makers, 'MT-T800')).toBeUndefined();
    expect(brandAtStart(T.makers, 'star_X')?.brand).not.toBe('Star-X');
  });
  it('reads HbbTV maker fields', () => {
    expect(brandFromToken(T.makers, 'DMM')).toBe('Dream Multimedia');
    expect(brandFromToken(T.makers, 'videowebtv')).toBe('Videoweb');
    expect(brandKinds(T.makers, 'FITCO')).toEqual(['tv']);
  });
});

describe('vocabulary', () => {
  const brands = allBrands(T.makers);
  it('has 600+ makers, each with known kinds', () => {
    expect(brands.length).toBeGreaterThanOrEqual(600);
    for (const { brand, kinds } of brands) {
      expect(brandKinds(T.makers, brand)).toEqual(kinds);
      expect(kinds.length).toBeGreaterThan(0);
      for (const k of kinds) expect(BRAND_KINDS).toContain(k);
    }
  });
});

describe('builder validation', () => {
  const row = (line: number, brand: string, tokens: string, kinds: string) => ({ line, cells: { brand, tokens, kinds, note: '' } });
  it('rejects a token claimed by two brands (even spelled differently)', () => {
    expect(() => parseBrandRows([row(1, 'Alpha', 'ALP', 'phone'), row(2, 'Beta', 'A-LP', 'phone')])).toThrow(/line|:2:/);
  });
  it('rejects unknown kinds, empty brands and one-character tokens', () => {
    expect(() => parseBrandRows([row(1, 'Alpha', '', 'toaster')])).toThrow(/unknown kind/);
    expect(() => parseBrandRows([row(1, '', '', 'phone')])).toThrow(/empty brand/);
    expect(() => parseBrandRows([row(1, 'Alpha', 'A', 'phone')])).toThrow(/shorter than 2/);
  });
  it('adds the canonical name unless the row spells it as exact-only', () => {
    const { table } = parseBrandRows([row(1, 'Sky', '=Sky', 'phone'), row(2, 'Kivi', 'KIVI', 'tv')]);
    expect(table.tokens).toContainEqual(['Sky', 1, 1]);
    expect(table.tokens.filter((t) => t[0].toLowerCase() === 'kivi')).toHaveLength(1);
  });
});

describe('curated codes and retail spellings', () => {
  it('types Fire OS, Quest, SHIELD and NOOK devices', () => {
    expect(lookupModelCode(T.models, 'AFTMM')).toMatchObject({ brand: 'Amazon', model: 'Fire TV Stick 4K (Gen 1)', device_type: 'tv' });
    expect(lookupModelCode(T.models, 'KFKAWI')).toMatchObject({ brand: 'Amazon', model: 'Fire HD 8 (2018)', device_type: 'tablet' });
    expect(lookupModelCode(T.models, 'Quest 2')).toMatchObject({ brand: 'Meta', device_type: 'wearable' });
    expect(lookupModelCode(T.models, 'SHIELD Tablet')?.device_type).toBe('tablet');
    expect(lookupModelCode(T.models, 'BNTV600')).toMatchObject({ brand: 'Barnes & Noble', device_type: 'tablet' });
  });
  it('names Play retail spellings with the vocabulary name', () => {
    expect(lookupModelCode(T.models, 'Elite 5T')?.brand).toBe('Sky');
    expect(lookupModelCode(T.models, 'DRIVE9')?.brand).toBe('Krüger&Matz');
    expect(lookupModelCode(T.models, 'Surface Duo')?.brand).toBe('Microsoft');
  });
  it('names RCA tablets, TIM boxes and Polish myPhones with the vocabulary name', () => {
    expect(lookupModelCode(T.models, 'RCT6513W87')?.brand).toBe('RCA Tablets');
    expect(lookupModelCode(T.models, 'TIM_BOX')?.brand).toBe('TIMvision');
    // the Play list's "Myphone" is mostly the Polish maker (CityXL, Cube, Hammer)
    expect(lookupModelCode(T.models, 'CityXL')?.brand).toBe('myPhone (PL)');
  });
  it('gives handheld-computer and payment makers one category kind', () => {
    expect(brandKinds(T.makers, 'Zebra')).toEqual(['peripheral']);
    expect(brandKinds(T.makers, 'Sunmi')).toEqual(['pos']);
  });
});

describe('apple-mac.csv', () => {
  const { rows } = readCsv(join(__dirname, '..', '..', 'data', 'raw', 'device', 'apple-mac.csv'));
  it('has unique Mac identifiers named with their model years', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const seen = new Set<string>();
    for (const { cells } of rows) {
      const id = cells.identifier ?? '';
      expect(id).toMatch(/^(?:Mac|MacBook|MacBookAir|MacBookPro|Macmini|MacPro|iMac|iMacPro|PowerMac)\d+,\d+$/);
      expect(seen.has(id)).toBe(false);
      seen.add(id);
      expect(cells.device_type).toBe('desktop');
      const years = /\((\d{4})(?:-(\d{4}))?\)$/.exec(cells.model ?? '');
      expect(years, `${id} ${cells.model}`).not.toBeNull();
      expect(Number(cells.release_year)).toBe(Number(years?.[1]));
    }
  });
});
