/**
 * Longest-prefix tables (carrier, time zone, geographic area), decoded lazily
 * per calling code from the compact generated JSON in data/phone/.
 *
 * Encoding (format version 1, written by scripts/phone/encode.ts): for each
 * calling code one string of comma-separated entries, keys sorted, each
 * `<c><suffix>[:<i>]` where `c` is one base-36 character giving how many
 * leading digits the key shares with the previous key, `suffix` the rest of
 * the key, and `i` the base-36 index into `names` (left out when it equals
 * the previous entry's index). Front coding keeps the 266k geocoding prefixes
 * near 2 MB instead of 3.6 MB, and a calling code is only decoded when a
 * number of that code is first looked up.
 */
import type { PrefixTableJson } from './data/formats.js';

export { PREFIX_TABLE_FORMAT } from './data/formats.js';
export type { PrefixTableJson } from './data/formats.js';

interface Decoded {
  readonly map: Map<string, number>;
  readonly maxLength: number;
  readonly minLength: number;
}

const EMPTY: Decoded = { map: new Map(), maxLength: -1, minLength: 0 };

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
  readonly #decoded = new Map<string, Decoded>();

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
      const encoded = Object.hasOwn(this.#json.tables, callingCode) ? this.#json.tables[callingCode]! : '';
      decoded = decodeEntries(encoded);
      this.#decoded.set(callingCode, decoded);
    }
    const { map, maxLength, minLength } = decoded;
    for (let length = Math.min(maxLength, nationalNumber.length); length >= minLength; length--) {
      const index = map.get(length === nationalNumber.length ? nationalNumber : nationalNumber.slice(0, length));
      if (index !== undefined) return this.#json.names[index] ?? null;
    }
    return null;
  }
}
