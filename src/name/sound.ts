/**
 * A small sound-alike key for joke names, which circulate in many
 * spellings (Oliver Klozoff / Klozov, Heywood Jablowme / Jablome): spelling
 * variants that sound alike map to one key. Built for English joke names
 * only; words with letters outside a-z get no key.
 */
import { levenshteinDistance } from '../common/levenshtein.js';

// Char codes of the letters the rules name (literals, so the switch below compiles to a jump table).
const A = 97;
const C = 99;
const E = 101;
const F = 102;
const G = 103;
const H = 104;
const I = 105;
const K = 107;
const O = 111;
const P = 112;
const Q = 113;
const S = 115;
const U = 117;
const V = 118;
const W = 119;
const X = 120;
const Y = 121;
const Z = 122;
const SPACE = 32;
const HYPHEN = 45;
const APOSTROPHE = 39;
const PERIOD = 46;

/** What walk answers for a word with a letter outside a-z (its key is `''`). */
const INVALID = -2;

/**
 * A trie of sound keys: children by key letter (a = 0 … z = 25). What a
 * node holds beyond that is the caller's.
 */
export interface SoundKeyTrie {
  readonly next: readonly (SoundKeyTrie | undefined)[];
}

/**
 * The writer of sound keys: its buffer (the key being built, as char codes:
 * one string is made at the end instead of one per letter) and the node the
 * last walk reached are its own, so each holder (a checker's facts, the joke
 * reader) keeps one and no module holds state.
 *
 * @example
 * const sound = new SoundKeys();
 * sound.key('oliver klozoff') === sound.key('oliver klozov') // true
 */
export class SoundKeys {
  private buffer = new Uint16Array(64);
  /** The node {@link SoundKeys.walk} reached (valid until its next call). */
  private reached: SoundKeyTrie | undefined;

  /**
   * The node of `root` that the sound key of `folded` leads to, or undefined
   * when the key is `''` or leaves the trie. The key is followed down the trie
   * as it is written, so a key that no entry starts like is given up after a
   * letter or two, and no key string is made.
   *
   * @example
   * const lists = openNameTables(openData(undefined)).lists;
   * const sound = new SoundKeys();
   * sound.node('jhon doe', soundEntries(lists))?.placeholder // 'john doe'
   */
  node<T extends SoundKeyTrie>(folded: string, root: T): T | undefined {
    return this.walk(folded, root) > 0 ? (this.reached as T) : undefined;
  }

  /**
   * The first half of {@link SoundKeys.node} of `${first} ${last}`, without
   * building that string: the key restarts at a space (nothing is merged or
   * read across one), so the pair's key is the first word's followed down the
   * trie from where the first word's left it ({@link SoundKeys.after}).
   * Gives the length of the sound key of `first` and the node of `root` it
   * leads to, or `undefined` when no pair starting with `first` can end at a
   * node (its key leaves the trie, or it has a letter outside a-z). A caller
   * may keep the answer for a first part it meets again (the node is
   * `root`'s, valid as long as the trie is: src/name/facts.ts).
   *
   * @example
   * const lists = openNameTables(openData(undefined)).lists;
   * const sound = new SoundKeys();
   * sound.after(sound.prefix('jhon', soundEntries(lists))!, 'doe')?.placeholder // 'john doe'
   */
  prefix<T extends SoundKeyTrie>(first: string, root: T): { readonly length: number; readonly node: T } | undefined {
    const n = this.walk(first, root);
    return n < 0 ? undefined : { length: n, node: this.reached as T };
  }

  /**
   * The second half of {@link SoundKeys.node} of `${first} ${last}`: the node the sound key of
   * `last` leads to from a first part's {@link SoundKeys.prefix}, or undefined
   * (also when the pair's key is `''`).
   */
  after<T extends SoundKeyTrie>(prefix: { readonly length: number; readonly node: T }, last: string): T | undefined {
    const m = this.walk(last, prefix.node);
    return m >= 0 && prefix.length + m > 0 ? (this.reached as T) : undefined;
  }

  /**
   * Writes the sound key of `folded` into `buffer` and returns its length (0
   * when nothing is left, INVALID for a letter outside a-z: the key is `''`);
   * with a trie, follows it from `root` and gives up (-1) as soon as the key
   * leaves it; `reached` is then the node the key ends at.
   */
  private walk(folded: string, root: SoundKeyTrie | undefined): number {
    const len = folded.length;
    // Each input letter gives at most two key letters (x → ks).
    if (this.buffer.length < len * 2) this.buffer = new Uint16Array(len * 2);
    const buf = this.buffer;
    let n = 0;
    // The last letter written (0 after a word break): a letter equal to it is not written again.
    let prev = 0;
    // The trie node of the key written so far (undefined: no trie to follow).
    let node = root;
    for (let i = 0; i < len; i++) {
      const c = folded.charCodeAt(i);
      if (c === SPACE || c === HYPHEN || c === APOSTROPHE || c === PERIOD) {
        prev = 0;
        continue;
      }
      if (c < A || c > Z) return INVALID;
      const next = i + 1 < len ? folded.charCodeAt(i + 1) : SPACE;
      let e = c;
      switch (c) {
        case P:
          if (next === H) {
            e = F;
            i++;
          }
          break;
        case C:
          if (next === K) i++;
          e = next === E || next === I || next === Y ? S : K;
          break;
        case G:
          if (next === H) i++;
          break;
        case Q:
          e = K;
          break;
        case Z:
          e = S;
          break;
        case X:
          // ks: the k unless it doubles the letter before; the s always follows it.
          if (prev !== K) {
            buf[n++] = K;
            if (node !== undefined && (node = node.next[K - A]) === undefined) return -1;
          }
          prev = K;
          e = S;
          break;
        case V:
          e = F;
          break;
        case Y:
          e = I;
          break;
        case W:
          // Dropped before a consonant or at a word's end (nothing written, the letter before stays `prev`).
          if (!isVowel(next)) continue;
          break;
        case H: {
          // Silent or transposed h (John, Jhon → jon; Thomas → tomas); ch and sh stay.
          const before = i > 0 ? folded.charCodeAt(i - 1) : SPACE;
          if (before === C || before === S) break;
          const consonantBefore = before >= A && before <= Z && !isVowel(before) && before !== Y;
          if (!consonantBefore && (isVowel(next) || next === Y)) break;
          continue;
        }
      }
      if (e !== prev) {
        buf[n++] = e;
        if (node !== undefined && (node = node.next[e - A]) === undefined) return -1;
      }
      prev = e;
    }
    this.reached = node;
    return n;
  }

  /**
   * Sound-alike key of a folded name: per word, `ph`→f, `ck`→k, `gh`→g,
   * c→k (s before e, i, y), q→k, z→s, x→ks, v→f, y→i, w dropped before a
   * consonant or at a word's end, h dropped after a consonant (but c, s) or
   * before a consonant, doubled letters collapsed; words joined
   * without spaces (so "bend over" meets "ben dover"). `''` when a word has
   * a letter outside a-z.
   *
   * @example
   * soundKey('oliver klozoff') === soundKey('oliver klozov') // true
   */
  key(folded: string): string {
    const n = this.walk(folded, undefined);
    let out = '';
    for (let i = 0; i < n; i++) out += String.fromCharCode(this.buffer[i]!);
    return out;
  }
}

/**
 * {@link SoundKeys.key} with a writer of its own (builders and tests; a
 * check uses the writer its holder keeps).
 *
 * @example
 * soundKey('oliver klozoff') === soundKey('oliver klozov') // true
 */
export function soundKey(folded: string): string {
  return new SoundKeys().key(folded);
}

/** a e i o u (not y). */
function isVowel(c: number): boolean {
  return c === A || c === E || c === I || c === O || c === U;
}

/**
 * How far apart two sound keys are, in letters (Levenshtein distance), or
 * `Infinity` past `share` of the longer key or when either is empty. The
 * distance is at least the difference in length, so past the limit none is
 * computed.
 * @example
 * keyDistance('ANTBT', 'ANTBT', 0.25) // 0
 */
export function keyDistance(a: string, b: string, share: number): number {
  if (a === '' || b === '') return Infinity;
  const limit = share * Math.max(a.length, b.length);
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  const distance = levenshteinDistance(a, b);
  return distance <= limit ? distance : Infinity;
}
