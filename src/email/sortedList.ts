/**
 * A domain list laid out to be searched in place, for a cheap cold start: the
 * bundle holds it as one string of sorted, comma-separated entries, so
 * loading it is one JSON string to parse, not tens of thousands of strings
 * plus a Set to fill before the first check can answer. Lookups binary-search
 * the string; a list asked often enough gets its Set after all (see
 * {@link SortedList.has}), so a long-running service answers as fast as before.
 */

/** Separates the entries; domains and local parts never contain it, and JSON needs no escape for it. */
export const LIST_SEPARATOR = ',';

/**
 * Joins entries into the bundle's layout: unique, sorted by UTF-16 code
 * units (JavaScript's default order, which {@link SortedList.has} compares in).
 *
 * @throws Error when an entry is empty or contains the separator (builders only)
 * @example
 * joinSortedList(['b.com', 'a.com', 'b.com']); // 'a.com,b.com'
 */
export function joinSortedList(entries: Iterable<string>): string {
  const unique = [...new Set(entries)].sort();
  for (const entry of unique) {
    if (entry === '' || entry.includes(LIST_SEPARATOR)) throw new Error(`list entry ${JSON.stringify(entry)} is empty or contains "${LIST_SEPARATOR}"`);
  }
  return unique.join(LIST_SEPARATOR);
}

/** Number of entries of a list in the bundle's layout. */
export function countSortedList(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf(LIST_SEPARATOR); i >= 0; i = text.indexOf(LIST_SEPARATOR, i + 1)) n++;
  return n;
}

/** Compares `text[start, end)` with `key` by UTF-16 code units: < 0, 0 or > 0. */
function compareAt(text: string, start: number, end: number, key: string): number {
  const length = Math.min(end - start, key.length);
  for (let i = 0; i < length; i++) {
    const d = text.charCodeAt(start + i) - key.charCodeAt(i);
    if (d !== 0) return d;
  }
  return end - start - key.length;
}

/** A sorted list searched in place, given in the bundle's layout (see {@link joinSortedList}). */
export class SortedList {
  readonly #text: string;
  /** Lookups left before the Set is built. */
  #searchesLeft: number;
  #set: ReadonlySet<string> | undefined;

  constructor(text: string) {
    this.#text = text;
    // A binary search costs a few times what a Set lookup does, and filling the Set costs about a third of
    // that difference per entry. Entries average about 16 characters, so after length / 64 searches (about
    // a quarter of the entries) the extra search time has paid for the Set; from then on the Set is cheaper.
    this.#searchesLeft = Math.ceil(text.length / 64);
  }

  /** Whether `key` is an entry (exact match). */
  has(key: string): boolean {
    if (this.#set !== undefined) return this.#set.has(key);
    if (--this.#searchesLeft <= 0) {
      this.#set = new Set(this.#text === '' ? [] : this.#text.split(LIST_SEPARATOR));
      return this.#set.has(key);
    }
    const text = this.#text;
    // [low, high): positions in the text; low is always the start of an entry, high one past a separator or the end.
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const start = text.lastIndexOf(LIST_SEPARATOR, middle - 1) + 1;
      let end = text.indexOf(LIST_SEPARATOR, middle);
      if (end < 0) end = text.length;
      const order = compareAt(text, start, end, key);
      if (order === 0) return true;
      if (order < 0) low = end + 1;
      else high = start;
    }
    return false;
  }
}
