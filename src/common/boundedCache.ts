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
 * the key of a real user agent plus real client hints.
 *
 * Eviction is CLOCK ("second chance"), an approximation of
 * least-recently-used: entries sit in a ring of `maxSize` slots, a hit marks
 * its entry used, and a new key past `maxSize` takes the slot of the first
 * entry that a sweeping hand finds unused, clearing the marks it passes. So an
 * entry used since the hand last came by stays, and a key never asked for
 * again goes first. Why not the alternatives: emptying the cache when full
 * drops the hot keys of real traffic (a popular browser, gmail.com, a big
 * ISP's city record) together with the cold ones, so they all miss again
 * after each clear; an exact LRU has to relink its recency list on every hit,
 * which touches scattered memory on a large cache and made a cached MaxMind
 * lookup, one hit, markedly slower (docs/perf.md). A CLOCK hit is
 * one Map lookup and one byte written, the cost of the plain Map it replaces.
 * Memory is bounded by `maxSize` entries; a caller whose keys can be large (a
 * user agent) caps the key length itself. A cache whose keys are mostly met
 * once (the names of a sign-up stream) may store a key only from its second
 * set (`admitOnSecondSet`): the one-offs are then never written in.
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

/**
 * The key of a cache whose every key is one string: the string itself, with
 * nothing built per lookup (a memo of name parts or tokens, met on every
 * check). One part alone cannot collide with another, so such a cache must
 * take all of its keys from this function, never from {@link cacheKey}
 * (whose encodings are strings too).
 *
 * @example
 * const memo = new BoundedCache<CacheKey, number>(8);
 * memo.set(stringKey('jane'), 4);
 * memo.get(stringKey('jane')); // 4
 */
export function stringKey(value: string): CacheKey {
  return value as CacheKey;
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
 * A Map bounded to `maxSize` entries with CLOCK eviction, an approximation of
 * least-recently-used (see the module comment for how and why). `undefined`
 * is not a storable value: `get` returns it for a miss. Values are shared
 * between callers, so store only frozen or never-mutated values.
 *
 * @example
 * const facts = new BoundedCache<CacheKey, { free: boolean }>(4096);
 * facts.getOrCompute(cacheKey('gmail.com'), () => Object.freeze({ free: true })).free; // true
 */
export class BoundedCache<K extends number | CacheKey, V extends NonNullable<unknown> | null> {
  /** Most entries kept; `0` keeps none (every `get` misses). */
  readonly maxSize: number;
  /** Slot of each key in the ring below. */
  readonly #slots = new Map<K, number>();
  readonly #keys: K[] = [];
  readonly #values: V[] = [];
  /** 1 when the slot's entry was used since the hand last passed it. */
  readonly #used: Uint8Array;
  #hand = 0;
  /**
   * Keys set once and not stored (see `admitOnSecondSet`): a one-hash Bloom
   * filter (TinyLFU's doorkeeper: Einziger, Friedman and Manes, "TinyLFU: A
   * Highly Efficient Cache Admission Policy", ACM Transactions on Storage,
   * 2017) of 16 bits per key of the window, emptied after that many keys
   * have set a bit. A bit array, not a Set of the keys: a stream of keys met
   * once then costs a hash and a bit, no insert into a growing table. A key
   * never set may pass as set before (at most 1 in 16): it is then stored as
   * a recurring one, which costs a slot and changes no value.
   */
  readonly #seen: Int32Array | undefined;
  readonly #seenShift: number;
  readonly #seenMax: number;
  #seenCount = 0;

  /**
   * @param maxSize most entries kept, a non-negative integer (`0` caches nothing)
   * @param admitOnSecondSet when a positive integer n: a new key is stored only when it is set a second time
   *   within about n new keys (the first set is remembered, not stored), so a stream of keys met once never
   *   displaces the entries that recur. @default 0 (every key is stored)
   * @throws InputError `INPUT_OPTION` (field `maxSize`) when `maxSize` is not a non-negative safe integer,
   *   (field `admitOnSecondSet`) when that is not one
   */
  constructor(maxSize: number, admitOnSecondSet = 0) {
    if (!Number.isSafeInteger(maxSize) || maxSize < 0) {
      throw new InputError('INPUT_OPTION', 'a cache size must be a non-negative integer', 'maxSize');
    }
    if (!Number.isSafeInteger(admitOnSecondSet) || admitOnSecondSet < 0) {
      throw new InputError('INPUT_OPTION', 'an admission window must be a non-negative integer', 'admitOnSecondSet');
    }
    this.maxSize = maxSize;
    this.#used = new Uint8Array(maxSize);
    const bits = admitOnSecondSet > 0 ? Math.max(32, 2 ** Math.ceil(Math.log2(admitOnSecondSet * 16))) : 0;
    this.#seen = bits > 0 ? new Int32Array(bits / 32) : undefined;
    this.#seenShift = bits > 0 ? 32 - Math.log2(bits) : 0;
    this.#seenMax = admitOnSecondSet;
  }

  /** Number of entries held now (never more than `maxSize`). */
  get size(): number {
    return this.#slots.size;
  }

  /** The value stored for `key` (marking it used), or `undefined`. */
  get(key: K): V | undefined {
    const slot = this.#slots.get(key);
    if (slot === undefined) return undefined;
    this.#used[slot] = 1;
    return this.#values[slot];
  }

  /**
   * Stores `value` for `key`. A new key enters unused, so a key never asked
   * for again is the first to go; past `maxSize` it takes the slot of the
   * first entry the hand finds unused (clearing the used marks it passes).
   */
  set(key: K, value: V): void {
    const slots = this.#slots;
    let slot = slots.get(key);
    if (slot !== undefined) {
      this.#values[slot] = value;
      this.#used[slot] = 1;
      return;
    }
    const max = this.maxSize;
    if (max === 0) return;
    if (this.#seen !== undefined && this.#firstSet(key)) return;
    if (slots.size < max) {
      slot = slots.size;
    } else {
      const used = this.#used;
      let hand = this.#hand;
      while (used[hand] === 1) {
        used[hand] = 0;
        hand = hand + 1 === max ? 0 : hand + 1;
      }
      slots.delete(this.#keys[hand]!);
      slot = hand;
      this.#hand = hand + 1 === max ? 0 : hand + 1;
    }
    slots.set(key, slot);
    this.#keys[slot] = key;
    this.#values[slot] = value;
    this.#used[slot] = 0;
  }

  /** Whether `key` is set for the first time within the admission window (then marked, not stored). */
  #firstSet(key: K): boolean {
    const bits = this.#seen!;
    // The top bits of the key's hash mixed by a multiply (2^32 / golden ratio): every unit of the key moves them.
    const bit = Math.imul(hashOfKey(key), 0x9e3779b1) >>> this.#seenShift;
    const word = bit >>> 5;
    const mask = 1 << (bit & 31);
    if ((bits[word]! & mask) !== 0) return false;
    bits[word]! |= mask;
    if (++this.#seenCount >= this.#seenMax) {
      bits.fill(0);
      this.#seenCount = 0;
    }
    return true;
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

/** FNV-1a (32 bits) over a string key's UTF-16 units; a number key's own 32 low bits mixed with its high ones. */
function hashOfKey(key: number | string): number {
  if (typeof key === 'number') return (key | 0) ^ ((key / 0x1_0000_0000) | 0);
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h;
}
