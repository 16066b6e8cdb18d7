/**
 * A fixed table of string keys and their values in four-way sets: the
 * memory of the name check's memos (src/name/analyse.ts, the parts as
 * typed; src/name/facts.ts, the key facts; src/name/reading/tokenCodes.ts, the
 * Double Metaphone codes). Not a Map: a Map
 * lookup of a string new to the process (every key of names that do not
 * repeat) makes V8 compute that string's own hash first, and a Map grows by
 * rehashing and, emptied, grows again. A key's set is chosen by a hash the
 * caller computes once (src/name/doorkeeper.ts hashOf); a new key takes its
 * set's first slot and the others move down one, the last one's key going.
 * (With two-way sets, 57 of the 1,469 tokens of the bench's fixtures
 * evicted each other pass after pass.)
 */

/** Slots per set. */
const WAYS = 4;

/**
 * Keys and values in `slots` slots, four to a set.
 *
 * @example
 * const table = new FourWayTable<number>(8192);
 * table.set('anna', hashOf('anna'), 1);
 * table.get('anna', hashOf('anna')); // 1
 */
export class FourWayTable<V> {
  private readonly keys: (string | undefined)[];
  private readonly values: (V | undefined)[];
  /** A set's first slot is WAYS × (hash & setMask). */
  private readonly setMask: number;

  /** @param slots - slots in all, a power of two from 4 (internal: a wrong size is a plain Error) */
  constructor(slots: number) {
    if (!Number.isInteger(slots) || slots < WAYS || (slots & (slots - 1)) !== 0) throw new Error(`FourWayTable: slots must be a power of two >= ${WAYS}, not ${slots}`);
    this.keys = new Array<string | undefined>(slots).fill(undefined);
    this.values = new Array<V | undefined>(slots).fill(undefined);
    this.setMask = slots / WAYS - 1;
  }

  /** The value remembered for `key` (of hash `h`), or undefined. */
  get(key: string, h: number): V | undefined {
    const a = WAYS * (h & this.setMask);
    const keys = this.keys;
    for (let k = a; k < a + WAYS; k++) if (keys[k] === key) return this.values[k];
    return undefined;
  }

  /** Remembers `value` for `key` (of hash `h`, not in the table) in its set's first slot; the set's last key goes. */
  set(key: string, h: number, value: V): void {
    const a = WAYS * (h & this.setMask);
    const keys = this.keys;
    const values = this.values;
    for (let k = a + WAYS - 1; k > a; k--) {
      keys[k] = keys[k - 1];
      values[k] = values[k - 1];
    }
    keys[a] = key;
    values[a] = value;
  }
}
