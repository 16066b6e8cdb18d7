/**
 * A trie of the a–z entries of a sorted list (the bundle's layout, see
 * sortedList.ts), in typed arrays: the local-part rules look up every
 * substring of a segment that could be a name or a word, and walking the
 * trie char code by char code answers all lengths from one start at once,
 * with no substring and no hashing, and stops where no entry continues.
 * Children of a node are a sibling chain in ascending letter order (the
 * list is sorted, so each new child is appended last); the root's 26
 * children are indexed directly.
 */

/** No node. */
export const NO_NODE = -1;

export class LetterTrie {
  /** Per node: its first child, its next sibling, its letter (1–26), whether an entry ends there. */
  readonly #first: Int32Array;
  readonly #next: Int32Array;
  readonly #letter: Uint8Array;
  readonly #end: Uint8Array;
  /**
   * Children by letter of the root and of the nodes one and two letters
   * deep (where sibling chains are long: up to 26): `#direct[slot * 27 + letter]`,
   * with the node's slot in `#slot` (−1 for deeper nodes, which scan their chain).
   */
  readonly #direct: Int32Array;
  readonly #slot: Int32Array;

  /**
   * Builds the trie of a list in the bundle's layout (sorted, comma-separated).
   * Entries holding anything but a–z are left out: the callers only look up a–z runs.
   */
  constructor(list: string) {
    // At most one node per character, plus the root.
    const capacity = list.length + 1;
    const first = new Int32Array(capacity).fill(NO_NODE);
    const next = new Int32Array(capacity).fill(NO_NODE);
    const last = new Int32Array(capacity).fill(NO_NODE);
    const letter = new Uint8Array(capacity);
    const end = new Uint8Array(capacity);
    // path[d]: the node of the current entry's first d letters (path[0] is the root, node 0).
    const path = new Int32Array(64);
    let nodes = 1;
    let depth = 0;
    let start = 0;
    while (start < list.length) {
      let stop = list.indexOf(',', start);
      if (stop < 0) stop = list.length;
      let ok = stop - start < path.length;
      for (let i = start; i < stop && ok; i++) {
        const c = list.charCodeAt(i);
        ok = c >= 97 && c <= 122;
      }
      if (ok) {
        // Reuse the previous entry's path as far as it is shared (sorted input: the shared part is a prefix).
        let d = 0;
        while (d < depth && d < stop - start && letter[path[d + 1]!] === list.charCodeAt(start + d) - 96) d++;
        for (let i = start + d; i < stop; i++) {
          const parent = path[d]!;
          const node = nodes++;
          letter[node] = list.charCodeAt(i) - 96;
          if (last[parent] === NO_NODE) first[parent] = node;
          else next[last[parent]!] = node;
          last[parent] = node;
          path[++d] = node;
        }
        depth = stop - start;
        end[path[depth]!] = 1;
      }
      start = stop + 1;
    }
    this.#first = first.slice(0, nodes);
    this.#next = next.slice(0, nodes);
    this.#letter = letter.slice(0, nodes);
    this.#end = end.slice(0, nodes);
    // Slots: the root, then every node one letter deep, then every node two letters deep.
    const shallow: number[] = [0];
    for (let level = 0, from = 0; level < 2; level++) {
      const to = shallow.length;
      for (let k = from; k < to; k++) for (let c = this.#first[shallow[k]!]!; c !== NO_NODE; c = this.#next[c]!) shallow.push(c);
      from = to;
    }
    const slot = new Int32Array(nodes).fill(-1);
    shallow.forEach((node, k) => (slot[node] = k));
    const direct = new Int32Array(shallow.length * 27).fill(NO_NODE);
    for (let k = 0; k < shallow.length; k++) {
      for (let c = this.#first[shallow[k]!]!; c !== NO_NODE; c = this.#next[c]!) direct[k * 27 + this.#letter[c]!] = c;
    }
    this.#direct = direct;
    this.#slot = slot;
  }

  /** The child of `node` (the root is 0) for the char code `code`, or {@link NO_NODE}. */
  child(node: number, code: number): number {
    const l = code - 96;
    if (l < 1 || l > 26) return NO_NODE;
    const slot = this.#slot[node]!;
    if (slot >= 0) return this.#direct[slot * 27 + l]!;
    for (let c = this.#first[node]!; c !== NO_NODE; c = this.#next[c]!) {
      const here = this.#letter[c]!;
      if (here === l) return c;
      if (here > l) return NO_NODE;
    }
    return NO_NODE;
  }

  /** Whether an entry ends at `node`. */
  isEnd(node: number): boolean {
    return this.#end[node] === 1;
  }

  /** Whether `s[start, stop)` is an entry. */
  hasRange(s: string, start: number, stop: number): boolean {
    let node = 0;
    for (let i = start; i < stop; i++) {
      node = this.child(node, s.charCodeAt(i));
      if (node === NO_NODE) return false;
    }
    return stop > start && this.#end[node] === 1;
  }
}
