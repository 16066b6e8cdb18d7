/**
 * A doorkeeper for the name check's memos: whether a key was met recently
 * (TinyLFU's doorkeeper: G. Einziger, R. Friedman, B. Manes, "TinyLFU: A
 * Highly Efficient Cache Admission Policy", ACM Transactions on Storage,
 * 2017). A memo that remembers a key only from its second meeting keeps
 * the long tail of names met once out: remembering each of those (written
 * in, kept for thousands of checks, then dropped) costs more than it saves,
 * in hot keys pushed out of the memo's sets and in garbage collection (a
 * memo's facts object each), when names do not repeat
 * (bench/name-cpu.ts --sample).
 *
 * It is a one-hash Bloom filter of the keys met, emptied after `window`
 * keys have set a bit: "met before" means within about the last `window`
 * new keys. A key it has not met may pass as met (a false positive, at most
 * window / bits of keys): then it is remembered like a hot one, which costs
 * a little and changes no answer.
 */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

/**
 * FNV-1a (32 bits) over the UTF-16 units of a flat string: the key's hash
 * for {@link Doorkeeper.metBefore} (a memo may use it for its own slots
 * too). Pass a flat string (see flatString): a loop that has met a rope or
 * a view runs slower for every string.
 *
 * @example
 * hashOf('anna') === hashOf('anna') // true
 */
export function hashOf(key: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * Whether a key (by its {@link hashOf} hash) was met within about the last
 * `window` new keys: a one-hash Bloom filter of `bits` bits, emptied after
 * `window` keys have set a bit (see the module's summary).
 *
 * @example
 * const door = new Doorkeeper(65536, 4096);
 * door.metBefore(hashOf('anna')); // false (now marked)
 * door.metBefore(hashOf('anna')); // true
 */
export class Doorkeeper {
  private readonly bits: Int32Array;
  private readonly shift: number;
  private readonly window: number;
  /** Keys that have set a bit since the filter was last emptied. */
  private marked = 0;

  /**
   * @param bits - bits of the filter, a power of two from 32 to 2^31 (else an Error)
   * @param window - keys marked before the filter is emptied, from 1 (at most bits / 16 keeps false positives at 1 in 16)
   */
  constructor(bits: number, window: number) {
    // Internal (the memos pass constants): a wrong size is a plain Error, not an InputError.
    if (!(bits >= 32 && bits <= 2 ** 31 && Number.isInteger(Math.log2(bits)))) throw new Error(`Doorkeeper: bits must be a power of two from 32 to 2^31, not ${bits}`);
    if (!(Number.isInteger(window) && window >= 1)) throw new Error(`Doorkeeper: window must be a whole number of keys >= 1, not ${window}`);
    this.bits = new Int32Array(bits / 32);
    this.shift = 32 - Math.log2(bits);
    this.window = window;
  }

  /** True when the key of hash `h` ({@link hashOf}) was met since the filter was last emptied; else marks it met. */
  metBefore(h: number): boolean {
    // The top bits of the hash mixed by a multiply (2^32 / golden ratio): every unit of the key moves them.
    const bit = Math.imul(h, 0x9e3779b1) >>> this.shift;
    const word = bit >>> 5;
    const mask = 1 << (bit & 31);
    const bits = this.bits;
    if ((bits[word]! & mask) !== 0) return true;
    bits[word]! |= mask;
    if (++this.marked >= this.window) {
      bits.fill(0);
      this.marked = 0;
    }
    return false;
  }
}
