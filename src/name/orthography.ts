/**
 * Spellings the character model under-scores because the languages that
 * use them are few among its training names: letters that are vowels or
 * one sound in their own orthography but look like consonant clusters to a
 * model of mostly English and Romance names. Before a word is called
 * unlike a name, it is also scored with these read as the sound they stand
 * for; the better score counts.
 *
 * Rewrites written for identity-signals from each orthography's rules:
 * - Welsh: w and y are vowels (Llwyd, Cadwgan); ll, dd, ff, rh are one sound.
 * - Irish and Scottish Gaelic: lenited bh, mh (v), dh, gh (a glide), fh (silent).
 * - Xhosa and Zulu: the clicks c, q, x and their clusters (nq, ngq, gq, qh,
 *   nx, xh, mx, mq) are single consonants.
 * - Polish: rz, sz, cz, szcz are single sounds (Chrząszcz).
 * Czech and Slovak syllabic r and l (Čtvrtník) were tried and left out: read
 * as "er", they lifted 3% of random 6-letter strings above the threshold.
 */

/** Rewrites applied left to right, longest first within a language; each produces one variant. */
const VARIANTS: readonly (readonly (readonly [string, string])[])[] = [
  // Welsh (w as a vowel is handled by welshVowels)
  [['ll', 'l'], ['dd', 'd'], ['ff', 'f']],
  // Gaelic lenition
  [['bhf', 'v'], ['bh', 'v'], ['mh', 'v'], ['dh', 'g'], ['fh', '']],
  // Xhosa, Zulu clicks
  [['ngq', 'ng'], ['nkq', 'nk'], ['nq', 'n'], ['gq', 'g'], ['qh', 'k'], ['nx', 'n'], ['xh', 'k'], ['gx', 'g'], ['mx', 'm'], ['mq', 'm']],
  // Polish digraphs
  [['szcz', 'sh'], ['rz', 'z'], ['sz', 'sh'], ['cz', 'ch']],
];

const VOWEL = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/** Welsh w between consonants (or after one at the end) is the vowel u: Llwyd, Cadwgan, Gwrtheyrn. */
function welshVowels(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    const before = word[i - 1];
    const after = word[i + 1];
    out += c === 'w' && before !== undefined && !VOWEL.has(before) && (after === undefined || !VOWEL.has(after) || after === 'y') ? 'u' : c;
  }
  return rewrite(out, VARIANTS[0]!);
}

/** Least vowels, and least share of vowels, of a variant: what real names read this way have (Llwyd → luyd) and mashing mostly lacks. */
const MIN_VOWELS = 2;
const MIN_VOWEL_SHARE = 1 / 3;

function pronounceable(v: string): boolean {
  let n = 0;
  for (const c of v) if (VOWEL.has(c)) n++;
  return n >= MIN_VOWELS && n >= MIN_VOWEL_SHARE * v.length;
}

function rewrite(word: string, rules: readonly (readonly [string, string])[]): string {
  let out = word;
  for (const [from, to] of rules) if (out.includes(from)) out = out.split(from).join(to);
  return out;
}

/**
 * The other readings of a folded a-z word under the orthographies above
 * (only those that differ from the word and read like a word: at least
 * `MIN_VOWELS` vowels making a third of the letters).
 *
 * @example
 * orthographyVariants('llwyd')    // ['luyd']
 * orthographyVariants('ctvrtnik') // []: no digraph of these orthographies
 */
export function orthographyVariants(word: string): string[] {
  const out: string[] = [];
  for (const rules of VARIANTS) {
    const v = rewrite(word, rules);
    if (v !== word && v.length > 0 && !out.includes(v)) out.push(v);
  }
  // Without a w, welshVowels is the Welsh rules alone: the first variant, already in `out` (or the word itself).
  if (word.includes('w')) {
    const v = welshVowels(word);
    if (v !== word && !out.includes(v)) out.push(v);
  }
  // A name read this way has the vowels of a word; a random string rarely does.
  return out.filter(pronounceable);
}
