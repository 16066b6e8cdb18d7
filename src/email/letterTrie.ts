/**
 * A trie of the a–z entries of a sorted list (the bundle's layout, see
 * sortedList.ts), in typed arrays: the local-part rules look up every
 * substring of a segment that could be a name or a word, and walking the
 * trie char code by char code answers all lengths from one start at once,
 * with no substring and no hashing, and stops where no entry continues.
 *
 * Nodes are numbered breadth first, so the children of a node are
 * consecutive numbers in ascending letter order, and a step down reads one
 * node's range and its children's labels side by side. The name trie has
 * about a quarter of a million nodes: numbered in insertion (depth-first)
 * order, each sibling sat past the previous one's whole subtree, and every
 * step of a sibling scan was a load from another part of memory. Breadth
 * first also gives the root and the nodes one and two letters deep the
 * lowest numbers, so their children (up to 26, where scans are long) are
 * looked up in one table indexed by node and letter.
 *
 * The bundle holds a trie already numbered ({@link LetterTrieData}, built by
 * {@link LetterTrie.fromList} and {@link LetterTrie.encode} in the data
 * builder): loading it is one pass over two strings, where building it from
 * the sorted list at run time made the first e-mail check of a process wait
 * for both tries (measured: docs/perf.md).
 */

/** No node. */
export const NO_NODE = -1;

/** Bit of a label set when an entry ends at the node; the low bits are its letter (1–26). */
const END = 0x80;

/**
 * A trie in the bundle: one character per node, breadth first. `labels`:
 * the node's letter, lower case, or upper case where an entry ends there
 * (the root, which has no letter, is `` ` ``); `children`: the node's number of
 * children as the character `'0'` + n. Printable ASCII, so JSON holds it
 * as it is.
 */
export interface LetterTrieData {
  readonly labels: string;
  readonly children: string;
}

/** Code of the label character of the root and of letter 1 less one: `` ` `` (96) + letter; entries' ends 64 + letter. */
const LOWER = 96;
const UPPER = 64;
const ZERO = 48;

/** Entries of a trie in the bundle: its labels where an entry ends (upper case), read without decoding it. */
export function trieEntries(data: LetterTrieData): number {
  let n = 0;
  for (let i = 0; i < data.labels.length; i++) {
    const c = data.labels.charCodeAt(i);
    if (c > UPPER && c <= UPPER + 26) n++;
  }
  return n;
}

export class LetterTrie {
  /** Children of node `k` are the nodes `#start[k]` to `#start[k + 1] − 1`. */
  readonly #start: Int32Array;
  /** Per node: its letter (1–26), with {@link END} when an entry ends there. */
  readonly #label: Uint8Array;
  /** Nodes below this number (the root and the nodes one and two letters deep) find a child in `#direct`. */
  readonly #shallow: number;
  /** The child of shallow node `k` for letter `l` at `#direct[k * 27 + l]`, else {@link NO_NODE}. */
  readonly #direct: Int32Array;

  private constructor(starts: Int32Array, label: Uint8Array) {
    this.#start = starts;
    this.#label = label;
    // Breadth first, a level's nodes are consecutive: level 1 ends where the root's last child is, level 2
    // where level 1's last node's children end.
    const nodes = label.length;
    const shallow = starts[Math.min(starts[1]!, nodes)]!;
    this.#shallow = shallow;
    const direct = new Int32Array(shallow * 27).fill(NO_NODE);
    for (let k = 0; k < shallow; k++) for (let c = starts[k]!; c < starts[k + 1]!; c++) direct[k * 27 + (label[c]! & ~END)] = c;
    this.#direct = direct;
  }

  /**
   * Builds the trie of a list in the bundle's layout (sorted, comma-separated).
   * Entries holding anything but a–z are left out: the callers only look up a–z runs.
   */
  static fromList(list: string): LetterTrie {
    // Built in insertion order first (sibling chains), then renumbered breadth first.
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
    // Breadth first: `order[k]` is the insertion-order node numbered k; a node's children are numbered
    // when it is reached, in chain (letter) order, so they are consecutive.
    const order = new Int32Array(nodes);
    const starts = new Int32Array(nodes + 1);
    const label = new Uint8Array(nodes);
    let numbered = 1;
    for (let k = 0; k < nodes; k++) {
      const node = order[k]!;
      label[k] = letter[node]! | (end[node] === 1 ? END : 0);
      starts[k] = numbered;
      for (let c = first[node]!; c !== NO_NODE; c = next[c]!) order[numbered++] = c;
    }
    starts[nodes] = nodes;
    return new LetterTrie(starts, label);
  }

  /**
   * Reads a trie written by {@link LetterTrie.encode}.
   *
   * @throws Error when the strings are not such a trie (different lengths, a character
   *   that is no label or child count, children that do not add up to the nodes)
   */
  static decode(data: LetterTrieData): LetterTrie {
    const { labels, children } = data;
    const nodes = labels.length;
    if (nodes === 0 || children.length !== nodes) throw new Error(`a letter trie needs one label and one child count per node: ${nodes} labels, ${children.length} counts`);
    const label = new Uint8Array(nodes);
    const starts = new Int32Array(nodes + 1);
    let numbered = 1;
    for (let k = 0; k < nodes; k++) {
      const c = labels.charCodeAt(k);
      const n = children.charCodeAt(k) - ZERO;
      const lower = c - LOWER;
      const upper = c - UPPER;
      if (lower >= 1 && lower <= 26) label[k] = lower;
      else if (upper >= 1 && upper <= 26) label[k] = upper | END;
      else if (!(k === 0 && c === LOWER)) throw new Error(`letter trie node ${k}: label ${JSON.stringify(labels[k])} is no letter`);
      if (n < 0 || n > 26) throw new Error(`letter trie node ${k}: child count ${JSON.stringify(children[k])} is not 0–26`);
      starts[k] = numbered;
      numbered += n;
    }
    if (numbered !== nodes) throw new Error(`letter trie: the child counts add up to ${numbered - 1} children for ${nodes - 1} nodes below the root`);
    starts[nodes] = nodes;
    return new LetterTrie(starts, label);
  }

  /** The trie as the bundle holds it (see {@link LetterTrieData}). */
  encode(): LetterTrieData {
    const label = this.#label;
    const starts = this.#start;
    const labels: string[] = [];
    const children: string[] = [];
    for (let k = 0; k < label.length; k++) {
      const l = label[k]!;
      labels.push(String.fromCharCode(k === 0 ? LOWER : l >= END ? UPPER + (l & ~END) : LOWER + l));
      children.push(String.fromCharCode(ZERO + starts[k + 1]! - starts[k]!));
    }
    return { labels: labels.join(''), children: children.join('') };
  }


  /** The child of `node` (the root is 0) for the char code `code`, or {@link NO_NODE}. */
  child(node: number, code: number): number {
    const l = code - 96;
    if (l < 1 || l > 26) return NO_NODE;
    if (node < this.#shallow) return this.#direct[node * 27 + l]!;
    const stop = this.#start[node + 1]!;
    for (let c = this.#start[node]!; c < stop; c++) {
      const here = this.#label[c]! & ~END;
      if (here >= l) return here === l ? c : NO_NODE;
    }
    return NO_NODE;
  }

  /** Whether an entry ends at `node`. */
  isEnd(node: number): boolean {
    return this.#label[node]! >= END;
  }

  /** Whether `s[start, stop)` is an entry. */
  hasRange(s: string, start: number, stop: number): boolean {
    let node = 0;
    for (let i = start; i < stop; i++) {
      node = this.child(node, s.charCodeAt(i));
      if (node === NO_NODE) return false;
    }
    return stop > start && this.#label[node]! >= END;
  }
}
