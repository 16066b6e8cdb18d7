/**
 * The one bounded cache behind every memo in the library (device results,
 * e-mail domain facts, public-suffix answers, MaxMind records, IP and phone
 * score outcomes).
 *
 * Keys are numbers or {@link CacheKey}s. A `CacheKey` is a string that only
 * {@link cacheKey} can make (a brand the type checker enforces): it encodes
 * each part with its type and length, so two different part lists never give
 * the same key, whatever characters the parts contain. Joining parts with a
 * separator is what let a user agent holding `"\0"` and hint-like text build
 * the key of a real user agent plus real client hints (issue 12, item 1).
 *
 * Eviction is least-recently-used: a hit moves the entry to the recent end of
 * the Map (which iterates in insertion order) and a set past `maxSize` drops
 * the oldest entry. Why LRU rather than emptying the cache when full: a key in
 * use is never the one dropped, so the hot keys of real traffic (a popular
 * browser, gmail.com, a big ISP's city record) survive churn instead of all
 * missing together after each clear; the cost is one Map delete and set per
 * hit, which the IP bench measures (maxmind's own `open()` also gives its
 * readers an LRU record cache). Memory is bounded by `maxSize` entries: a
 * caller whose keys can be large (a user agent) caps the key length itself.
 */
import { IdentitySignalsError, InputError } from '../errors.js';

declare const BUILT_BY_CACHE_KEY: unique symbol;

/** A string key made by {@link cacheKey}; a plain string is not one, so no caller can hand-join parts. */
export type CacheKey = string & { readonly [BUILT_BY_CACHE_KEY]: true };

/** One part of a {@link cacheKey}: a primitive or a list of parts (e.g. brand/version pairs). */
export type KeyPart = string | number | boolean | null | undefined | readonly KeyPart[];

/**
 * Builds a collision-free string key from a list of parts. Each part is
 * written as a type tag plus, for strings and lists, its length, so the
 * encoding of a part says where it ends: `["a\0b"]`, `["a", "b"]`,
 * `["a", ["b"]]` and `["a", undefined, "b"]` all differ. Numbers are compared
 * as a Map compares them (`0` and `-0` are one key).
 *
 * @param parts what the cached value depends on, in a fixed order
 * @returns a key for a {@link BoundedCache}
 * @example
 * cacheKey('Mozilla/5.0 …', 'SM-S911B', undefined, true) === cacheKey('Mozilla/5.0 …\u0000SM-S911B', undefined, true); // false
 */
export function cacheKey(...parts: readonly KeyPart[]): CacheKey {
  let key = '';
  for (const part of parts) key += encodePart(part);
  return key as CacheKey;
}

function encodePart(part: KeyPart): string {
  switch (typeof part) {
    case 'string':
      return `s${part.length}:${part}`;
    case 'number':
      return `n${part};`; // String(number) never holds ';'
    case 'boolean':
      return part ? 't' : 'f';
    case 'undefined':
      return 'u';
    default: {
      if (part === null) return 'z';
      if (!Array.isArray(part)) throw new IdentitySignalsError('INTERNAL', `cacheKey part of type ${typeof part}`);
      let out = `a${part.length}:`;
      for (const p of part) out += encodePart(p);
      return out;
    }
  }
}

/**
 * A Map bounded to `maxSize` entries with least-recently-used eviction (see
 * the module comment for why). `undefined` is not a storable value: `get`
 * returns it for a miss. Values are shared between callers, so store only
 * frozen or never-mutated values.
 *
 * @example
 * const facts = new BoundedCache<CacheKey, { free: boolean }>(4096);
 * facts.getOrCompute(cacheKey('gmail.com'), () => Object.freeze({ free: true })).free; // true
 */
export class BoundedCache<K extends number | CacheKey, V extends NonNullable<unknown> | null> {
  /** Most entries kept; `0` keeps none (every `get` misses). */
  readonly maxSize: number;
  readonly #entries = new Map<K, V>();

  /**
   * @param maxSize most entries kept, a non-negative integer (`0` caches nothing)
   * @throws InputError `INPUT_OPTION` (field `maxSize`) when `maxSize` is not a non-negative safe integer
   */
  constructor(maxSize: number) {
    if (!Number.isSafeInteger(maxSize) || maxSize < 0) {
      throw new InputError('INPUT_OPTION', 'a cache size must be a non-negative integer', 'maxSize');
    }
    this.maxSize = maxSize;
  }

  /** Number of entries held now (never more than `maxSize`). */
  get size(): number {
    return this.#entries.size;
  }

  /** The value stored for `key`, now the most recently used, or `undefined`. */
  get(key: K): V | undefined {
    const entries = this.#entries;
    const value = entries.get(key);
    if (value !== undefined) {
      entries.delete(key);
      entries.set(key, value);
    }
    return value;
  }

  /** Stores `value` as the most recently used entry, dropping the least recently used one past `maxSize`. */
  set(key: K, value: V): void {
    if (this.maxSize === 0) return;
    const entries = this.#entries;
    entries.delete(key);
    entries.set(key, value);
    if (entries.size > this.maxSize) entries.delete(entries.keys().next().value!);
  }

  /** The value for `key`, computing and storing it on a miss. */
  getOrCompute(key: K, compute: () => V): V {
    let value = this.get(key);
    if (value === undefined) {
      value = compute();
      this.set(key, value);
    }
    return value;
  }
}
