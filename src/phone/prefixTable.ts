/**
 * Longest-prefix tables (carrier, time zone, geographic area), decoded lazily
 * per calling code from the compact generated JSON in data/phone/.
 *
 * Encoding (format version 2, written by scripts/phone/encode.ts): for each
 * calling code one section string: the section's descriptions, each followed
 * by `|`, then its comma-separated entries, keys sorted, each
 * `<c><suffix>[:<i>]` where `c` is one base-36 character giving how many
 * leading digits the key shares with the previous key, `suffix` the rest of
 * the key, and `i` the base-36 index into the section's descriptions (left
 * out when it equals the previous entry's index). Front coding keeps the 266k
 * geocoding prefixes near 2 MB instead of 3.6 MB; a calling code is decoded
 * only when a number of that code is first looked up, and as its own
 * descriptions are in its section, loading the file parses no descriptions.
 */
import { noteLoad } from '../common/loads.js';
import { SECTION_SEPARATOR } from './data/formats.js';
import type { PrefixTableJson } from './data/formats.js';

export { PREFIX_TABLE_FORMAT } from './data/formats.js';
export type { PrefixTableJson } from './data/formats.js';

/**
 * A calling code's keys in their encoded order (string order: a key comes
 * right before the keys it is a prefix of), each as the number its digits
 * read as (leading zeros are told apart by its length), with its length and
 * description index.
 */
export interface Decoded {
  readonly keys: Float64Array;
  readonly lengths: Uint8Array;
  readonly nameIndex: Int32Array;
  /** The longest key's length, -1 when there are none. */
  readonly maxLength: number;
}

/**
 * A calling code's keys as one search: every key of `span` digits or fewer
 * stands for the interval of `span`-digit values that start with it, and the
 * intervals of prefixes nest (a key's interval holds those of the keys it is a
 * prefix of) or are apart. Cut where any interval starts or ends, the line is
 * a sorted list of pieces, each owned by the innermost key over it: the
 * longest prefix of a number of `span` digits or more is the owner of the
 * piece its first `span` digits fall in, found by one search (not one per key
 * length). A shorter number pads with zeros and climbs from that owner to the
 * first enclosing key no longer than itself.
 *
 * The search touches few cache lines, which is what a lookup between two
 * libphonenumber parses pays for: a directory by the first `digits` digits
 * narrows it to the few pieces of one bucket, and each piece's start sits
 * next to its owner's description index, so the last comparison has the
 * answer in the same line.
 */
interface Index {
  /** The longest key's length, -1 for an empty section. */
  readonly span: number;
  /** How many leading digits the directory goes by (0..span). */
  readonly digits: number;
  /** Where the pieces start in `index` (10^digits + 1). */
  readonly first: number;
  /**
   * One array: the directory first (entry b: the first piece starting at or
   * after bucket b, 10^digits + 1 entries), then the pieces, each its start
   * and its owner's description index (-1 for a piece no key covers).
   */
  readonly index: Float64Array;
  /** The key owning each piece, -1 for none (read only for a number shorter than `span`). */
  readonly owners: Int32Array;
  /** By key: its length, the enclosing key (-1 for none), its description index. */
  readonly lengths: Uint8Array;
  readonly parents: Int32Array;
  readonly nameIndex: Int32Array;
}

/** Most directory digits: 10^5 buckets at most, for the largest sections. */
const MAX_DIRECTORY_DIGITS = 5;
/** Pieces per bucket aimed at (four starts and indexes fill one 64-byte line). */
const PIECES_PER_BUCKET = 4;

interface Section extends Index {
  /** The section's descriptions. */
  readonly names: readonly string[];
}

const NO_KEYS: Decoded = { keys: new Float64Array(0), lengths: new Uint8Array(0), nameIndex: new Int32Array(0), maxLength: -1 };

/**
 * Splits a calling code's section into its descriptions and indexes its entries.
 *
 * @example
 * decodeSection('TIM|WIND|033,1:1').names // ['TIM', 'WIND']
 */
export function decodeSection(section: string): Section {
  const end = section.lastIndexOf(SECTION_SEPARATOR);
  const names = end < 0 ? [] : section.slice(0, end).split(SECTION_SEPARATOR);
  return { ...indexKeys(decodeEntries(section.slice(end + 1))), names };
}

/** Value of a base-36 digit (`0`–`9`, `a`–`z`); 0 for anything else, so bad data decodes to wrong entries, never a throw. */
function base36(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 87;
  return 0;
}

const COMMA = 44;
const COLON = 58;

/**
 * Decodes one calling code's entry string, in one pass over its characters,
 * into typed arrays sized by its entry count (a section holds up to 130k
 * prefixes, +86: no Map, no key strings).
 *
 * @param encoded the entry string of one calling code
 * @returns the keys in their encoded order, with the longest key's length
 * @example
 * // Two entries: key '2' with description 3, then key '23' (one digit shared) with the same description.
 * Array.from(decodeEntries('02:3,13').keys) // [2, 23]
 */
export function decodeEntries(encoded: string): Decoded {
  if (encoded === '') return NO_KEYS;
  let count = 1;
  for (let i = encoded.indexOf(','); i >= 0; i = encoded.indexOf(',', i + 1)) count++;
  const keys = new Float64Array(count);
  const lengths = new Uint8Array(count);
  const nameIndex = new Int32Array(count);
  // prefixValue[k]: the value of the current key's first k digits.
  const prefixValue: number[] = [0];
  let length = 0;
  let index = 0;
  let maxLength = 0;
  let k = 0;
  const n = encoded.length;
  // Damaged data can run two entries together; it never holds more than its commas allow for.
  for (let at = 0; at < n && k < count; ) {
    length = Math.min(base36(encoded.charCodeAt(at++)), length);
    let code = encoded.charCodeAt(at);
    while (at < n && code >= 48 && code <= 57) {
      prefixValue[length + 1] = prefixValue[length]! * 10 + (code - 48);
      length++;
      code = encoded.charCodeAt(++at);
    }
    if (at < n && code === COLON) {
      index = 0;
      for (code = encoded.charCodeAt(++at); at < n && code !== COMMA; code = encoded.charCodeAt(++at)) index = index * 36 + base36(code);
    }
    at++; // the comma
    keys[k] = prefixValue[length]!;
    // The encoder writes at most 15 digits; damaged data may hold more, and decodes to wrong entries.
    lengths[k] = Math.min(length, 255);
    nameIndex[k] = index;
    k++;
    if (length > maxLength) maxLength = length;
  }
  return { keys, lengths, nameIndex, maxLength: Math.min(maxLength, 255) };
}

/**
 * Cuts the keys' intervals into owned pieces (see {@link Index}) in one pass
 * over the keys in string order, with a stack of the keys whose interval is
 * still open.
 */
function indexKeys({ keys, lengths, nameIndex, maxLength: span }: Decoded): Index {
  const count = keys.length;
  const scale = new Float64Array(span + 1);
  for (let length = 0; length <= span; length++) scale[length] = 10 ** (span - length);
  const parents = new Int32Array(count);
  const starts = new Float64Array(2 * count + 1);
  const owners = new Int32Array(2 * count + 1);
  let pieces = 0;
  // A piece starting where the last one starts replaces it (an interval ending where the next begins, nested ends).
  const cut = (at: number, owner: number): void => {
    if (pieces > 0 && starts[pieces - 1] === at) {
      owners[pieces - 1] = owner;
    } else {
      starts[pieces] = at;
      owners[pieces++] = owner;
    }
  };
  const open = new Int32Array(count);
  const ends = new Float64Array(count);
  let top = -1;
  for (let k = 0; k < count; k++) {
    const width = scale[lengths[k]!]!;
    const first = keys[k]! * width;
    while (top >= 0 && ends[top]! < first) {
      const end = ends[top--]!;
      cut(end + 1, top >= 0 ? open[top]! : -1);
    }
    parents[k] = top >= 0 ? open[top]! : -1;
    open[++top] = k;
    ends[top] = first + width - 1;
    cut(first, k);
  }
  while (top >= 0) {
    const end = ends[top--]!;
    cut(end + 1, top >= 0 ? open[top]! : -1);
  }
  let digits = 0;
  while (digits < Math.min(span, MAX_DIRECTORY_DIGITS) && 10 ** (digits + 1) * PIECES_PER_BUCKET <= pieces) digits++;
  const buckets = 10 ** digits;
  const width = span < 0 ? 1 : scale[digits]!;
  const index = new Float64Array(buckets + 1 + 2 * pieces);
  for (let b = 0, i = 0; b <= buckets; b++) {
    while (i < pieces && starts[i]! < b * width) i++;
    index[b] = i;
  }
  const at = buckets + 1;
  for (let i = 0; i < pieces; i++) {
    index[at + 2 * i] = starts[i]!;
    index[at + 2 * i + 1] = owners[i]! < 0 ? -1 : nameIndex[owners[i]!]!;
  }
  return { span, digits, first: at, index, owners: owners.slice(0, pieces), lengths, parents, nameIndex };
}

const EMPTY: Section = { ...indexKeys(NO_KEYS), names: [] };

/** A longest-prefix lookup over one generated table, decoded on demand. */
export class PrefixTable {
  readonly #json: PrefixTableJson;
  /** Sections decoded, by calling code written as its number (`'39'` at 39): one array read, where a Map hashes the code's string. */
  readonly #byNumber: (Section | undefined)[] = [];
  /** Sections of any other code string (none in a generated table; a caller may still ask for `'039'`). */
  readonly #decoded = new Map<string, Section>();

  constructor(json: PrefixTableJson) {
    this.#json = json;
  }

  /**
   * The description of the longest prefix of `nationalNumber` in the table
   * of `callingCode`, or `null` when no prefix matches.
   *
   * @param callingCode country calling code, digits only (`'39'`)
   * @param nationalNumber national significant number, digits only (`'3331234567'`)
   * @example
   * const bundle = openData(undefined).bundle;
   * new PrefixTable(bundle.load(CARRIERS)).lookup('39', '3331234567') // 'TIM'
   */
  lookup(callingCode: string, nationalNumber: string): string | null {
    const code = codeNumber(callingCode);
    const section = (code >= 0 ? this.#byNumber[code] : this.#decoded.get(callingCode)) ?? this.#decode(callingCode);
    const { span, digits, first, index } = section;
    // The value of the number's first `span` digits, padded with zeros when it has fewer, read from the
    // characters (no substring, no parse; 15 digits at most, so exact), and of its first `digits` (its bucket).
    let length = 0;
    let value = 0;
    let bucket = 0;
    for (let i = 0; i < span; i++) {
      let digit = 0;
      if (length === i && i < nationalNumber.length) {
        digit = nationalNumber.charCodeAt(i) - 48;
        // Callers pass digits only; a prefix holding anything else matches nothing (its shorter prefixes still may).
        if (digit < 0 || digit > 9) digit = 0;
        else length++;
      }
      value = value * 10 + digit;
      if (i + 1 === digits) bucket = value;
    }
    // The last piece starting at or before the value: in the bucket, or the one before it.
    let low = index[bucket]!;
    let high = index[bucket + 1]! - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (index[first + 2 * middle]! <= value) low = middle + 1;
      else high = middle - 1;
    }
    if (high < 0) return null;
    let name = index[first + 2 * high + 1]!;
    // Fewer digits than the longest key: the owner may be longer than the number, and then its enclosing keys are the candidates.
    if (length < span) {
      let key = section.owners[high]!;
      while (key >= 0 && section.lengths[key]! > length) key = section.parents[key]!;
      name = key < 0 ? -1 : section.nameIndex[key]!;
    }
    return name < 0 ? null : (section.names[name] ?? null);
  }

  /**
   * Decodes every calling code's section now (`preload()`), so that no
   * first number of a code pays for it (the +86 geocoding section, 130k
   * prefixes, is the largest).
   */
  decodeAll(): void {
    for (const callingCode of Object.keys(this.#json.tables)) {
      const code = codeNumber(callingCode);
      if ((code >= 0 ? this.#byNumber[code] : this.#decoded.get(callingCode)) === undefined) this.#decode(callingCode);
    }
  }

  #decode(callingCode: string): Section {
    const section = Object.hasOwn(this.#json.tables, callingCode) ? this.#json.tables[callingCode]! : '';
    if (section !== '') noteLoad('decode phone prefix section');
    const decoded = section === '' ? EMPTY : decodeSection(section);
    const code = codeNumber(callingCode);
    if (code >= 0) this.#byNumber[code] = decoded;
    else this.#decoded.set(callingCode, decoded);
    return decoded;
  }
}

/** A calling code's number when the string is exactly that number written out (1 to 3 digits, no leading zero), else -1. */
function codeNumber(callingCode: string): number {
  const n = callingCode.length;
  if (n === 0 || n > 3) return -1;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const digit = callingCode.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9 || (i === 0 && digit === 0)) return -1;
    value = value * 10 + digit;
  }
  return value;
}
