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
 * The prefixes of one length, ascending: as numbers, since digit strings of
 * one length sort the same as their values (leading zeros are kept apart by
 * the length), with the description index of each.
 */
interface SameLength {
  readonly keys: number[];
  readonly names: number[];
}

/** A calling code's entries, by key length; no Map and no key strings are built. */
export interface Decoded {
  readonly byLength: readonly (SameLength | undefined)[];
  readonly maxLength: number;
  readonly minLength: number;
}

interface Section extends Decoded {
  readonly names: readonly string[];
}

const EMPTY: Decoded = { byLength: [], maxLength: -1, minLength: 0 };

/**
 * Splits a calling code's section into its descriptions and decodes its entries.
 *
 * @example
 * decodeSection('TIM|WIND|033,1:1').names // ['TIM', 'WIND']
 */
export function decodeSection(section: string): Section {
  const end = section.lastIndexOf(SECTION_SEPARATOR);
  const names = end < 0 ? [] : section.slice(0, end).split(SECTION_SEPARATOR);
  return { ...decodeEntries(section.slice(end + 1)), names };
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
 * Decodes one calling code's entry string, in one pass over its characters:
 * keys become numbers grouped by length (a section holds up to 130k
 * prefixes, +86: a Map of key strings was many times slower to fill on the
 * first number of that code than these arrays).
 *
 * @param encoded the entry string of one calling code
 * @returns the entries by key length, with the longest and shortest key lengths
 * @example
 * // Two entries: key '2' with description 3, then key '23' (one digit shared) with the same description.
 * decodeEntries('02:3,13').byLength[2] // { keys: [23], names: [3] }
 */
export function decodeEntries(encoded: string): Decoded {
  if (encoded === '') return EMPTY;
  const byLength: SameLength[] = [];
  // prefixValue[k]: the value of the current key's first k digits.
  const prefixValue: number[] = [0];
  let length = 0;
  let index = 0;
  let maxLength = 0;
  let minLength = Infinity;
  const n = encoded.length;
  for (let at = 0; at < n; ) {
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
    let same = byLength[length];
    if (same === undefined) byLength[length] = same = { keys: [], names: [] };
    same.keys.push(prefixValue[length]!);
    same.names.push(index);
    if (length > maxLength) maxLength = length;
    if (length < minLength) minLength = length;
  }
  return { byLength, maxLength, minLength };
}

/** Index of `value` in ascending `keys`, or -1. */
function search(keys: readonly number[], value: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const key = keys[middle]!;
    if (key === value) return middle;
    if (key < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A longest-prefix lookup over one generated table, decoded on demand. */
export class PrefixTable {
  readonly #json: PrefixTableJson;
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
    const { byLength, maxLength, minLength, names } = this.#decoded.get(callingCode) ?? this.#decode(callingCode);
    // The value of the longest prefix worth looking up, read from the characters (keys have at most 8
    // digits, so it is exact), then one digit dropped per shorter length: no substring, no parse.
    let top = Math.min(maxLength, nationalNumber.length);
    let value = 0;
    for (let i = 0; i < top; i++) {
      const digit = nationalNumber.charCodeAt(i) - 48;
      // Callers pass digits only; a prefix holding anything else matches nothing (its shorter prefixes still may).
      if (digit < 0 || digit > 9) {
        top = i;
        break;
      }
      value = value * 10 + digit;
    }
    for (let length = top; length >= minLength; length--) {
      const same = byLength[length];
      // Outside the keys' span, no search (its first steps would be the cache misses of a large section).
      if (same !== undefined && value >= same.keys[0]! && value <= same.keys[same.keys.length - 1]!) {
        const at = search(same.keys, value);
        if (at >= 0) return names[same.names[at]!] ?? null;
      }
      if (length > 0) value = (value - (nationalNumber.charCodeAt(length - 1) - 48)) / 10;
    }
    return null;
  }

  /**
   * Decodes every calling code's section now (`preload()`), so that no
   * first number of a code pays for it (the +86 geocoding section, 130k
   * prefixes, is the largest).
   */
  decodeAll(): void {
    for (const callingCode of Object.keys(this.#json.tables)) if (!this.#decoded.has(callingCode)) this.#decode(callingCode);
  }

  #decode(callingCode: string): Section {
    const section = Object.hasOwn(this.#json.tables, callingCode) ? this.#json.tables[callingCode]! : '';
    if (section !== '') noteLoad('decode phone prefix section');
    const decoded = decodeSection(section);
    this.#decoded.set(callingCode, decoded);
    return decoded;
  }
}
