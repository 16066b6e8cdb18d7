/**
 * A small sound-alike key for joke names, which circulate in many
 * spellings (Oliver Klozoff / Klozov, Heywood Jablowme / Jablome): spelling
 * variants that sound alike map to one key. Built for English joke names
 * only; words with letters outside a-z get no key.
 */

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
/** The key being built, as char codes: one string is made at the end instead of one per letter. */
let buffer = new Uint16Array(64);
/** Letters written to `buffer`, and the last letter emitted (0 after a word break): module state, so no closure is made per call. */
let n = 0;
let prev = 0;

/** Writes a key letter unless it doubles the one before. */
function emit(ch: number): void {
  if (ch !== prev) buffer[n++] = ch;
  prev = ch;
}

export function soundKey(folded: string): string {
  // Each input letter gives at most two key letters (x → ks).
  if (buffer.length < folded.length * 2) buffer = new Uint16Array(folded.length * 2);
  n = 0;
  prev = 0;
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    const next = i + 1 < folded.length ? folded.charCodeAt(i + 1) : 32;
    if (c === 32 || c === 45 || c === 39 || c === 46) {
      // space - ' .
      prev = 0;
      continue;
    }
    if (c < 97 || c > 122) return '';
    if (c === P && next === H) {
      emit(F);
      i++;
    } else if (c === C && next === K) {
      emit(K);
      i++;
    } else if (c === G && next === H) {
      emit(G);
      i++;
    } else if (c === C) emit(next === E || next === I || next === Y ? S : K);
    else if (c === Q) emit(K);
    else if (c === Z) emit(S);
    else if (c === X) {
      emit(K);
      emit(S);
    } else if (c === V) emit(F);
    else if (c === Y) emit(I);
    else if (c === W) {
      // Dropped before a consonant or at a word's end (nothing emitted, the letter before stays `prev`).
      if (isVowel(next)) emit(W);
    } else if (c === H) {
      // Silent or transposed h (John, Jhon → jon; Thomas → tomas); ch and sh stay.
      const before = i > 0 ? folded.charCodeAt(i - 1) : 32;
      const consonantBefore = before >= 97 && before <= 122 && !isVowel(before) && before !== Y;
      if (before === C || before === S) emit(H);
      else if (!consonantBefore && (isVowel(next) || next === Y)) emit(H);
    } else emit(c);
  }
  // apply takes the typed array as it is (a spread would walk it through an iterator).
  return String.fromCharCode.apply(null, buffer.subarray(0, n) as unknown as number[]);
}

const [A, C, E, F, G, H, I, K, O, P, Q, S, U, V, W, X, Y, Z] = [...'acefghikopqsuvwxyz'].map((ch) => ch.charCodeAt(0)) as [
  number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number,
];

/** a e i o u (not y). */
function isVowel(c: number): boolean {
  return c === A || c === E || c === I || c === O || c === U;
}
