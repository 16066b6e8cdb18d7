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
  // fewest[i]: fewest syllables covering token[0..i), or Infinity.
  const fewest = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  fewest[0] = 0;
  for (let i = 0; i < n; i++) {
    const base = fewest[i]!;
    if (base >= MAX_SYLLABLES) continue;
    for (let len = 1; len <= MAX_SYLLABLE && i + len <= n; len++) {
      if (SYLLABLES.has(token.slice(i, i + len)) && base + 1 < fewest[i + len]!) fewest[i + len] = base + 1;
    }
  }
  return fewest[n]! <= MAX_SYLLABLES;
}

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
