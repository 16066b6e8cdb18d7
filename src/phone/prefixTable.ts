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
import { SECTION_SEPARATOR } from './data/formats.js';
import type { PrefixTableJson } from './data/formats.js';

export { PREFIX_TABLE_FORMAT } from './data/formats.js';
export type { PrefixTableJson } from './data/formats.js';

interface Decoded {
  readonly map: Map<string, number>;
  readonly maxLength: number;
  readonly minLength: number;
}

interface Section extends Decoded {
  readonly names: readonly string[];
}

const EMPTY: Decoded = { map: new Map(), maxLength: -1, minLength: 0 };

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

/**
 * Decodes one calling code's entry string into a prefix → name-index map.
 *
 * @param encoded the entry string of one calling code
 * @returns the map with the longest and shortest key lengths
 * @example
 * decodeEntries('02:3,13').map.get('23') // 3
 */
export function decodeEntries(encoded: string): Decoded {
  const map = new Map<string, number>();
  let previousKey = '';
  let previousIndex = 0;
  let maxLength = 0;
  let minLength = Infinity;
  if (encoded === '') return EMPTY;
  for (const entry of encoded.split(',')) {
    const shared = parseInt(entry[0]!, 36);
    const colon = entry.indexOf(':');
    const suffix = colon < 0 ? entry.slice(1) : entry.slice(1, colon);
    const key = previousKey.slice(0, shared) + suffix;
    const index = colon < 0 ? previousIndex : parseInt(entry.slice(colon + 1), 36);
    map.set(key, index);
    if (key.length > maxLength) maxLength = key.length;
    if (key.length < minLength) minLength = key.length;
    previousKey = key;
    previousIndex = index;
  }
  return { map, maxLength, minLength };
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
   * new PrefixTable(currentBundle().load(CARRIERS)).lookup('39', '3331234567') // 'TIM'
   */
  lookup(callingCode: string, nationalNumber: string): string | null {
    let decoded = this.#decoded.get(callingCode);
    if (decoded === undefined) {
      const section = Object.hasOwn(this.#json.tables, callingCode) ? this.#json.tables[callingCode]! : '';
      decoded = decodeSection(section);
      this.#decoded.set(callingCode, decoded);
    }
    const { map, maxLength, minLength, names } = decoded;
    for (let length = Math.min(maxLength, nationalNumber.length); length >= minLength; length--) {
      const index = map.get(length === nationalNumber.length ? nationalNumber : nationalNumber.slice(0, length));
      if (index !== undefined) return names[index] ?? null;
    }
    return null;
  }
}
