/**
 * Device data tables: model codes, specs and browser capabilities, checked
 * through the runtime accessors (src/device/data) against the committed
 * generated files, plus the builder's row validation.
 */
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_FEATURES } from '../../src/device/data/capabilities.js';
import {
  CAPABILITY_NAMES,
  allModelCodes,
  allSpecs,
  browserCapabilities,
  capabilityFeatureSource,
  latestBrowserVersion,
  lookupModelCode,
  lookupSpecs,
  modelBrands,
  normalizeModelCode,
  priceCluster,
} from '../../src/device/data/index.js';
import { buildSpecs } from '../../scripts/device/specs.js';
import { encodeModelTable } from '../../scripts/device/models.js';
import type { ModelTable } from '../../scripts/device/models.js';
import { MODELS, MODEL_FIELD, MODEL_LINE, escapeModelText, modelBucket, unescapeModelText } from '../../src/device/data/formats.js';
import { openData } from '../../src/data/context.js';
import { makeBundle } from '../data/makeBundle.js';
import type { ModelTableJson } from '../../src/device/data/formats.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

describe('lookupModelCode', () => {
  const known: [string, string, string][] = [
    ['SM-S911B', 'Samsung', 'Galaxy S23'],
    ['2201117TY', 'Xiaomi', 'Redmi Note 11'],
    ['M2007J3SG', 'Xiaomi', 'Mi 10T Pro'],
    ['RMX3661', 'realme', '10 Pro 5G'],
    ['KB2003', 'OnePlus', '8T'],
    ['ANE-LX1', 'Huawei', 'P20 lite'],
    ['NTH-NX9', 'Honor', '50'],
    ['Pixel 7', 'Google', 'Pixel 7'],
    ['Pixel 9 Pro XL', 'Google', 'Pixel 9 Pro XL'],
    ['SM-S928B', 'Samsung', 'Galaxy S24 Ultra'],
    ['iPhone14,2', 'Apple', 'iPhone 13 Pro'],
    ['iPad13,1', 'Apple', 'iPad Air (4th generation)'],
    ['iPhone12,8', 'Apple', 'iPhone SE (2nd generation)'],
    ['moto g(30)', 'Motorola', 'moto g(30)'],
  ];
  it.each(known)('%s → %s %s', (code, brand, model) => {
    const info = lookupModelCode(T.models, code);
    expect(info?.brand).toBe(brand);
    expect(info?.model).toBe(model);
  });

  it('is case-insensitive and tolerant of UA decorations', () => {
    expect(lookupModelCode(T.models, 'sm-s911b')?.model).toBe('Galaxy S23');
    expect(lookupModelCode(T.models, 'SM-G960F Build/R16NW')?.model).toBe('Galaxy S9');
    expect(lookupModelCode(T.models, 'SM-G991B/DS')).toMatchObject({ model: 'Galaxy S21 5G', code: 'SM-G991B' });
    expect(lookupModelCode(T.models, 'SM-A515FN')).toMatchObject({ model: 'Galaxy A51', code: 'SM-A515F' });
    expect(lookupModelCode(T.models, '  SM-S911B  ')?.model).toBe('Galaxy S23');
    expect(lookupModelCode(T.models, 'SAMSUNG SM-S911B')?.model).toBe('Galaxy S23');
    expect(lookupModelCode(T.models, 'Mi 10T Pro')).toMatchObject({ brand: 'Xiaomi', model: 'Mi 10T Pro' });
    expect(lookupModelCode(T.models, 'Redmi Note9 Pro Max')?.model).toBe('Redmi Note 9 Pro Max');
    expect(lookupModelCode(T.models, 'TECNO Mobile KI5q')).toMatchObject({ brand: 'Tecno', model: 'SPARK 10' });
    expect(lookupModelCode(T.models, 'vivo 1906_20')?.brand).toBe('vivo');
    expect(lookupModelCode(T.models, 'TB-X606F')?.model).toBe('Tab M10 FHD Plus');
  });

  it('files Play rows under the brand the phone was sold as', () => {
    // Honor phones of Huawei's era are listed, and sold, as Huawei.
    expect(lookupModelCode(T.models, 'PLK-AL10')).toMatchObject({ brand: 'Huawei', model: 'Honor 7' });
    // A code Huawei sold under both names keeps the Huawei name.
    expect(lookupModelCode(T.models, 'STK-LX1')).toMatchObject({ brand: 'Huawei', model: 'P smart Z' });
    // A code that is itself a name keeps it over another market's name.
    expect(lookupModelCode(T.models, 'Mi Note 10')?.model).toBe('Mi Note 10');
    // "Myphone" mixes the Philippine and the Polish maker.
    expect(lookupModelCode(T.models, 'myG1')?.brand).toBe('MyPhone (PH)');
    expect(lookupModelCode(T.models, 'Hammer_Active2')?.brand).toBe('myPhone (PL)');
  });

  it('a brand word before the code must agree with the brand of the code', () => {
    expect(lookupModelCode(T.models, 'S9')?.brand).toBe('Gionee');
    expect(lookupModelCode(T.models, 'TECNO S9')).toBeUndefined();
  });

  it('carries device type and, for Apple, the release year', () => {
    expect(lookupModelCode(T.models, 'iPhone14,2')).toEqual({
      brand: 'Apple',
      model: 'iPhone 13 Pro',
      code: 'iPhone14,2',
      device_type: 'smartphone',
      release_year: 2021,
    });
    expect(lookupModelCode(T.models, 'SM-T510')?.device_type).toBe('tablet');
    expect(lookupModelCode(T.models, 'SM-X710')?.device_type).toBe('tablet');
  });

  it('never looks up the reduced-UA placeholder or junk', () => {
    expect(lookupModelCode(T.models, 'K')).toBeUndefined();
    expect(lookupModelCode(T.models, '')).toBeUndefined();
    expect(lookupModelCode(T.models, 'not a real model code at all')).toBeUndefined();
    expect(lookupModelCode(T.models, 'x'.repeat(100_000))).toBeUndefined();
    expect(lookupModelCode(T.models, 42 as unknown as string)).toBeUndefined();
  });

  it('lets a brand hint pick among brands that share a code', () => {
    const data = JSON.parse(readFileSync(join(__dirname, '../../data/device/models.json'), 'utf8')) as { data: ModelTableJson };
    // A code line with an alternate entry: key, spelling, then 4 fields per entry (./formats.ts).
    const line = data.data.codes
      .flatMap((bucket) => bucket.split(MODEL_LINE))
      .map((l) => l.split(MODEL_FIELD))
      .find((fields) => fields.length >= 10);
    expect(line).toBeDefined();
    const [, code = '', , , , , alternateBrand = '-1'] = line ?? [];
    const other = data.data.brands[Number(alternateBrand)];
    expect(other).toBeDefined();
    const primary = lookupModelCode(T.models, code);
    const hinted = lookupModelCode(T.models, code, other);
    expect(hinted?.brand).toBe(other);
    expect(primary?.brand).not.toBe(other);
  });

  it('normalises codes without regexes', () => {
    expect(normalizeModelCode('SM-G960F Build/R16NW')).toBe('sm-g960f');
    expect(normalizeModelCode('moto g(30)')).toBe('moto g(30)');
    expect(normalizeModelCode('Pixel 7; wv')).toBe('pixel 7');
  });

  it('never throws on arbitrary strings (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), (code, hint) => {
        const info = lookupModelCode(T.models, code, hint);
        if (info !== undefined) expect(typeof info.model).toBe('string');
      }),
      { seed: 20261122, numRuns: 2000 },
    );
  });
});

describe('specs table', () => {
  const rows = allSpecs(T.specs);

  it('has at least 300 rows, each valid', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const bad: string[] = [];
    for (const r of rows) {
      const computed = Math.sqrt(r.screen_width ** 2 + r.screen_height ** 2) / r.diagonal_in;
      const problems = [
        r.release_year >= 2018 && r.release_year <= 2026 ? '' : 'year',
        r.screen_width <= r.screen_height ? '' : 'portrait',
        Math.abs(r.ppi - computed) / computed <= 0.05 ? '' : 'ppi',
        r.launch_price_usd === null ? (r.price_cluster === null ? '' : 'cluster') : r.price_cluster === priceCluster(r.launch_price_usd) ? '' : 'cluster',
        r.source.startsWith('https://') ? '' : 'source',
        ['smartphone', 'phablet', 'tablet', 'wearable', 'tv'].includes(r.category) ? '' : 'category',
      ].filter((p) => p !== '');
      if (problems.length > 0) bad.push(`${r.brand} ${r.model}: ${problems.join(',')}`);
    }
    if (bad.length > 0) console.log('invalid specs rows:', bad.join('; '));
    expect(bad).toEqual([]);
  });

  it('finds rows by brand + marketing name, case- and space-insensitively', () => {
    expect(lookupSpecs(T.specs, 'Samsung', 'Galaxy S23')).toMatchObject({ release_year: 2023, screen_width: 1080, screen_height: 2340, price_cluster: 'high' });
    expect(lookupSpecs(T.specs, 'samsung', 'galaxy  s23')?.ppi).toBe(lookupSpecs(T.specs, 'Samsung', 'Galaxy S23')?.ppi);
    expect(lookupSpecs(T.specs, 'Samsung', 'Samsung Galaxy S23')).toBeDefined();
    expect(lookupSpecs(T.specs, 'Redmi', 'Note 11')).toBe(lookupSpecs(T.specs, 'Xiaomi', 'Redmi Note 11'));
    expect(lookupSpecs(T.specs, 'Apple', 'iPhone 15 Pro Max')?.price_cluster).toBe('very_high');
    expect(lookupSpecs(T.specs, 'Samsung', 'Galaxy S99')).toBeUndefined();
    expect(lookupSpecs(T.specs, '', '')).toBeUndefined();
  });

  it('at least 250 rows are reachable from a model code', () => {
    const reachable = new Set<string>();
    for (const info of allModelCodes(T.models)) {
      const specs = lookupSpecs(T.specs, info.brand, info.model);
      if (specs !== undefined) reachable.add(specs.source);
    }
    const missed = rows.filter((r) => !reachable.has(r.source)).map((r) => `${r.brand} ${r.model}`);
    console.log(`specs rows reachable from model codes: ${reachable.size}/${rows.length}; unreachable: ${missed.join(', ') || 'none'}`);
    expect(reachable.size).toBeGreaterThanOrEqual(250);
  });

  it('reaches specs from the issue examples', () => {
    const s23 = lookupModelCode(T.models, 'SM-S911B');
    expect(lookupSpecs(T.specs, s23?.brand ?? '', s23?.model ?? '')?.release_year).toBe(2023);
    const note11 = lookupModelCode(T.models, '2201117TY');
    expect(lookupSpecs(T.specs, note11?.brand ?? '', note11?.model ?? '')?.diagonal_in).toBe(6.43);
  });

  it('uses the issue price classes', () => {
    expect([149, 150, 299, 300, 599, 600, 999, 1000].map(priceCluster)).toEqual([
      'very_low', 'low', 'low', 'medium', 'medium', 'high', 'high', 'very_high',
    ]);
  });

  it('the builder rejects a row whose ppi does not match its pixels and diagonal', () => {
    const root = mkdtempSync(join(tmpdir(), 'specs-'));
    mkdirSync(join(root, 'data', 'raw', 'device'), { recursive: true });
    const header =
      'brand,model,release_year,screen_width,screen_height,diagonal_in,ppi,launch_price_usd,category,nfc,lte,lte_advanced,umts,hsdpa,hspa_evolved,edge,gprs,camera_mp,source';
    const write = (row: string): void =>
      writeFileSync(join(root, 'data', 'raw', 'device', 'specs.csv'), `${header}\n${row}\n`);
    const models: ModelTable = { brands: ['Samsung'], types: [], codes: { 'SM-S911B': [0, 'Galaxy S23'] }, alt: {} };
    write('Samsung,Galaxy S23,2023,1080,2340,6.1,500,799,smartphone,yes,yes,yes,yes,yes,yes,yes,yes,50,https://example.org/s23');
    expect(() => buildSpecs(root, models)).toThrow(/ppi 500/);
    write('Samsung,Galaxy S23,2017,1080,2340,6.1,425,799,smartphone,yes,yes,yes,yes,yes,yes,yes,yes,50,https://example.org/s23');
    expect(() => buildSpecs(root, models)).toThrow(/release_year/);
    write('Samsung,Galaxy S23,2023,1080,2340,6.1,425,799,smartphone,maybe,yes,yes,yes,yes,yes,yes,yes,50,https://example.org/s23');
    expect(() => buildSpecs(root, models)).toThrow(/nfc/);
    write('Samsung,Galaxy S23,2023,1080,2340,6.1,425,799,smartphone,yes,yes,yes,yes,yes,yes,yes,yes,50,https://example.org/s23');
    expect(buildSpecs(root, models).stats).toMatchObject({ rows: 1, reachable: 1 });
  });
});

describe('model table format 3 (searched in place, ASCII)', () => {
  const table: ModelTable = {
    brands: ['Samsung', 'Xiaomi', 'Acme'],
    types: ['smartphone', 'tablet'],
    codes: {
      'SM-S911B': [0, 'Galaxy S23', 0],
      'SM S911 B': [2, 'S911', 0],
      'M2007J3SG': [1, 'Mi 10T Pro'],
      '2201117TY': [1, 'Redmi Note 11', 0, 2022],
      Note11X: [2, 'Redmi Note 11'],
    },
    alt: { 'SM-S911B': [[2, 'Galaxy S23 clone']] },
  };
  const encoded = encodeModelTable(table);
  const lines = (t: readonly string[]): string[] => t.flatMap((b) => b.split(MODEL_LINE).filter((l) => l !== ''));

  it('files every key in the bucket it hashes to, with its entries in order', () => {
    expect(MODELS.check(encoded)).toBeNull();
    for (const t of [encoded.codes, encoded.squashed, encoded.names]) {
      t.forEach((bucket, i) => {
        for (const line of lines([bucket])) expect(modelBucket(line.split(MODEL_FIELD)[0]!, t.length)).toBe(i);
      });
    }
    expect(lines(encoded.codes)).toContain(['sm-s911b', 'SM-S911B', 0, 'Galaxy S23', 0, '', 2, 'Galaxy S23 clone', '', ''].join(MODEL_FIELD));
    expect(lines(encoded.codes)).toContain(['2201117ty', '2201117TY', 1, 'Redmi Note 11', 0, 2022].join(MODEL_FIELD));
  });

  it('indexes spelling variants and names, and marks the ones two entries share as ambiguous', () => {
    // `sms911b` is the squashed form of two codes: never guessed.
    expect(lines(encoded.squashed)).toContain(`sms911b${MODEL_FIELD}`);
    expect(lines(encoded.squashed)).toContain(`m2007j3sg${MODEL_FIELD}m2007j3sg`);
    // 'Redmi Note 11' is a Xiaomi name and an Acme name: the bare name is ambiguous, the branded ones are not.
    expect(lines(encoded.names)).toContain(`redminote11${MODEL_FIELD}`);
    expect(lines(encoded.names)).toContain(`xiaomiredminote11${MODEL_FIELD}2201117ty`);
    expect(lines(encoded.names)).toContain(`acmeredminote11${MODEL_FIELD}note11x`);
  });

  it('escapes every character above U+007F and % to ASCII, and back, for any string (lone surrogates too)', () => {
    expect(escapeModelText('galaxy ⅱ')).toBe('galaxy %2171');
    expect(escapeModelText('macbookpro11%2c2')).toBe('macbookpro11%00252c2');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const escaped = escapeModelText(text);
        expect([...escaped].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
        expect(unescapeModelText(escaped)).toBe(text);
      }),
      { seed: 13, numRuns: 500 },
    );
  });

  it('writes non-ASCII names and codes escaped, filed by the escaped key, and reads them back through a bundle', () => {
    const wide: ModelTable = {
      brands: ['Krüger&Matz', 'Acme'],
      types: ['smartphone'],
      // Enough codes for several buckets, so that where a key is filed matters.
      codes: { 'ＫＭ-50': [0, 'Drive ⅱ', 0], 'AB%12': [1, 'Phone 100%'], ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`FILL${i}`, [1, `Filler ${i}`]])) },
      alt: {},
    };
    const json = encodeModelTable(wide);
    expect(MODELS.check(json)).toBeNull();
    const text = JSON.stringify(json);
    expect([...text].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
    expect(json.codes.length).toBeGreaterThan(4);
    json.codes.forEach((bucket, i) => {
      for (const line of lines([bucket])) expect(modelBucket(line.slice(0, line.indexOf(MODEL_FIELD)), json.codes.length)).toBe(i);
    });
    const dir = makeBundle([{ format: MODELS as never, data: json }]);
    try {
      const custom = openDeviceTables(openData({ dir })).models;
      const lookup = (code: string): ReturnType<typeof lookupModelCode> => lookupModelCode(custom, code);
      expect(lookup('ＫＭ-50')).toEqual({ brand: 'Krüger&Matz', model: 'Drive ⅱ', code: 'ＫＭ-50', device_type: 'smartphone' });
      expect(lookup('ab%12')).toEqual({ brand: 'Acme', model: 'Phone 100%', code: 'AB%12' });
      // the marketing name, escaped in the names table too
      expect(lookup('krüger&matz drive ⅱ')?.model).toBe('Drive ⅱ');
      expect(lookup('ab%0025')).toBeUndefined();
      expect(modelBrands(custom)).toEqual(['Krüger&Matz', 'Acme']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the builder refuses a code or a name holding a separator of the line format', () => {
    expect(() => encodeModelTable({ ...table, codes: { 'A|B': [0, 'X'] }, alt: {} })).toThrow(/separator/);
    expect(() => encodeModelTable({ ...table, codes: { AB12: [0, 'X~Y'] }, alt: {} })).toThrow(/separator/);
  });

  it('the loader refuses a short line, a torn bucket, an empty table or a non-string bucket', () => {
    const short = encoded.codes.map((b) => b.replace(`${MODEL_FIELD}Galaxy S23 clone${MODEL_FIELD}${MODEL_FIELD}`, ''));
    expect(MODELS.check({ ...encoded, codes: short })).toMatch(/codes\[0\] is not whole lines of a code/);
    const torn = encoded.names.map((b) => (b === '' ? b : b.slice(0, -1)));
    expect(MODELS.check({ ...encoded, names: torn })).toMatch(/names\[0\] is not whole lines of a key and a value/);
    const third = encoded.squashed.map((b) => b.replace(MODEL_LINE + 'm2007j3sg' + MODEL_FIELD, `${MODEL_LINE}m2007j3sg${MODEL_FIELD}x${MODEL_FIELD}`));
    expect(MODELS.check({ ...encoded, squashed: third })).toMatch(/is not whole lines/);
    expect(MODELS.check({ ...encoded, squashed: [] })).toMatch(/empty/);
    expect(MODELS.check({ ...encoded, codes: [1] })).toMatch(/codes\[0\] is a number/);
  });

  it('every line of the shipped table sits in the bucket its key hashes to (the builder files them so; the load check does not hash 120k keys)', () => {
    const data = (JSON.parse(readFileSync(join(__dirname, '../../data/device/models.json'), 'utf8')) as { data: ModelTableJson }).data;
    for (const t of [data.codes, data.squashed, data.names]) {
      const misplaced = t.flatMap((bucket, i) => lines([bucket]).filter((l) => modelBucket(l.slice(0, l.indexOf(MODEL_FIELD)), t.length) !== i));
      expect(misplaced).toEqual([]);
    }
  });

  it('every code of the shipped table is found as itself', () => {
    let n = 0;
    for (const info of allModelCodes(T.models)) {
      // Codes a user agent cannot carry as they are (one letter, a `;` inside) are never looked up whole.
      if (normalizeModelCode(info.code) !== info.code.toLowerCase() || info.code.length < 2) continue;
      n++;
      const hit = lookupModelCode(T.models, info.code);
      if (hit?.brand !== info.brand || hit.model !== info.model) expect({ code: info.code, hit }).toEqual({ code: info.code, hit: info });
    }
    expect(n).toBeGreaterThan(30_000);
  });
});

describe('browser capabilities', () => {
  it('IE 8 has no canvas, Chrome 120 has WebGL', () => {
    expect(browserCapabilities(T.capabilities, 'ie', '8.0')?.html_canvas).toBe(false);
    expect(browserCapabilities(T.capabilities, 'ie', '9')?.html_canvas).toBe(true);
    expect(browserCapabilities(T.capabilities, 'chrome', '120.0.6099.71')?.js_web_gl).toBe(true);
    expect(browserCapabilities(T.capabilities, 'chrome', '120')?.js_application_cache).toBe(false);
    expect(browserCapabilities(T.capabilities, 'chrome', '40')?.js_application_cache).toBe(true);
  });

  it('resolves caniuse version ranges and versions between rows', () => {
    const range = browserCapabilities(T.capabilities, 'safari', '15.2');
    expect(range).toBeDefined();
    expect(browserCapabilities(T.capabilities, 'safari', '15.3.1')).toBe(range);
    expect(browserCapabilities(T.capabilities, 'ios_saf', '4.3.5')?.html_canvas).toBe(true);
    expect(browserCapabilities(T.capabilities, 'android', '4.4.4')?.js_web_workers).toBe(true);
    expect(browserCapabilities(T.capabilities, 'firefox', '3.6')?.js_indexed_d_b).toBe(false);
    expect(browserCapabilities(T.capabilities, 'firefox', '115.0')?.js_indexed_d_b).toBe(true);
  });

  it('handles single-version agents, newer and older versions, and junk', () => {
    expect(browserCapabilities(T.capabilities, 'op_mini', 'anything')?.js_web_gl).toBe(false);
    // Chrome for Android is tracked at its newest version only: older ones use desktop Chrome.
    expect(browserCapabilities(T.capabilities, 'and_chr', '90')).toBe(browserCapabilities(T.capabilities, 'chrome', '90'));
    expect(browserCapabilities(T.capabilities, 'chrome', '9999')?.js_web_gl).toBe(true);
    expect(browserCapabilities(T.capabilities, 'chrome', '1')).toBeUndefined();
    expect(browserCapabilities(T.capabilities, 'netscape', '4')).toBeUndefined();
    expect(browserCapabilities(T.capabilities, 'chrome', 'abc')).toBeUndefined();
    expect(browserCapabilities(T.capabilities, 'chrome', '9'.repeat(100_000))).toBeDefined();
  });

  it('latestBrowserVersion comes from released versions only', () => {
    expect(latestBrowserVersion(T.capabilities, 'chrome')).toBeGreaterThanOrEqual(120);
    expect(latestBrowserVersion(T.capabilities, 'ie')).toBe(11);
    expect(latestBrowserVersion(T.capabilities, 'op_mini')).toBeUndefined();
    expect(latestBrowserVersion(T.capabilities, 'nope')).toBeUndefined();
  });

  it('every capability is backed by the caniuse feature the builder compiled', () => {
    expect([...CAPABILITY_NAMES].sort()).toEqual(Object.keys(CAPABILITY_FEATURES).sort());
    const compiled = JSON.parse(readFileSync(join(import.meta.dirname, '../../data/device/capabilities.json'), 'utf8')) as {
      data: { features: string[]; fields: Record<string, number> };
    };
    for (const name of CAPABILITY_NAMES) {
      expect(capabilityFeatureSource(name)).toBe(CAPABILITY_FEATURES[name]);
      expect(compiled.data.features[compiled.data.fields[name]!]).toBe(CAPABILITY_FEATURES[name]);
    }
    expect(capabilityFeatureSource('js_web_gl')).toBe('webgl');
  });
});
