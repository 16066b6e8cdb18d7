/**
 * Hanyu Pinyin syllables, for Chinese given names written without spaces
 * or tone marks (Xiuying, Jianguo, Xiaoyu). The trigram model trained on
 * mostly European names scores some of them low; a token that splits
 * wholly into one to three pinyin syllables is a well-formed Chinese name
 * and is not judged by the model. Keyboard walks and repeats are still
 * caught by their own rules.
 *
 * Syllables are generated from the standard initials and finals (curated
 * for identity-signals from the pinyin table); the few combinations that
 * the table lacks (e.g. "fiong") are accepted too, which only makes the
 * exemption slightly broader.
 */

const INITIALS = ['', 'b', 'p', 'm', 'f', 'd', 't', 'n', 'l', 'g', 'k', 'h', 'j', 'q', 'x', 'zh', 'ch', 'sh', 'r', 'z', 'c', 's', 'y', 'w'];
const FINALS = [
  'a', 'o', 'e', 'i', 'u', 'v', 'ai', 'ei', 'ao', 'ou', 'an', 'en', 'ang', 'eng', 'ong', 'er',
  'ia', 'ie', 'iao', 'iu', 'ian', 'in', 'iang', 'ing', 'iong', 'ua', 'uo', 'uai', 'ui', 'uan', 'un', 'uang', 'ue', 've',
];

const SYLLABLES: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  for (const i of INITIALS) for (const f of FINALS) out.add(i + f);
  // Bare "i" and "u" are written yi / wu; a lone initial plus "i" covers zhi, chi, shi, ri, zi, ci, si.
  out.delete('i');
  out.delete('u');
  out.delete('v');
  return out;
})();

/** Longest syllable (zhuang, chuang, shuang). */
const MAX_SYLLABLE = 6;
/** Most syllables in one token of a Chinese name (given names are one or two). */
const MAX_SYLLABLES = 3;

/**
 * True when a folded ASCII token splits wholly into 1..3 pinyin syllables.
 *
 * @example
 * isPinyinName('xiuying') // true (xiu·ying)
 * isPinyinName('qwrtzp')  // false
 */
export function isPinyinName(token: string): boolean {
  const n = token.length;
  if (n === 0 || n > MAX_SYLLABLE * MAX_SYLLABLES) return false;
  // fewest[i]: fewest syllables covering token[0..i), or NONE (n <= 18: a small array per call, asked of few tokens).
  const fewest = new Uint8Array(n + 1).fill(NONE);
  fewest[0] = 0;
  for (let i = 0; i < n; i++) {
    const base = fewest[i]!;
    if (base >= MAX_SYLLABLES) continue;
    // The syllables starting at i are the trie nodes with `end` met walking token[i..] (no substring cut).
    let node: SyllableNode | undefined = TRIE;
    for (let len = 1; len <= MAX_SYLLABLE && i + len <= n; len++) {
      node = node.next[token.charCodeAt(i + len - 1) - 97];
      if (node === undefined) break;
      if (node.end && base + 1 < fewest[i + len]!) fewest[i + len] = base + 1;
    }
  }
  return fewest[n]! <= MAX_SYLLABLES;
}

/** A node of the syllable trie: children by letter (a = 0 … z = 25); `end`: a syllable ends here. */
interface SyllableNode {
  readonly next: (SyllableNode | undefined)[];
  end: boolean;
}

const TRIE: SyllableNode = (() => {
  const root: SyllableNode = { next: [], end: false };
  for (const syllable of SYLLABLES) {
    let node = root;
    for (let i = 0; i < syllable.length; i++) {
      const c = syllable.charCodeAt(i) - 97;
      node = node.next[c] ??= { next: [], end: false };
    }
    node.end = true;
  }
  return root;
})();

/** "No cover yet" in `fewest`. */
const NONE = 255;

/**
 * True when a folded ASCII token is one pinyin syllable (li, wang, zhang):
 * the shape of nearly every Chinese surname.
 *
 * @example
 * isPinyinSyllable('zhang') // true
 * isPinyinSyllable('xiuying') // false (two syllables)
 */
export function isPinyinSyllable(token: string): boolean {
  return SYLLABLES.has(token);
}
