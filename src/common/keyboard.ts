/**
 * Rules that recognise keyboard mashing in a folded word, without regexes:
 * keyboard walks along rows, columns and diagonals of the QWERTY, AZERTY,
 * QWERTZ and ЙЦУКЕН layouts, one-hand mashing, repeated letters, syllables
 * and two-key alternations, and missing vowels. Layouts and hands are the
 * standard ones (ISO/IEC 9995 Latin layouts, GOST 6431 ЙЦУКЕН).
 */

/**
 * Letter rows of each layout, top to bottom (digits never reach here: they
 * make a name INVALID). Latin rows are matched on folded letters; the
 * Cyrillic ЙЦУКЕН rows on folded Cyrillic (ё folds to е).
 */
const LAYOUTS: readonly (readonly string[])[] = [
  ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'], // QWERTY
  ['azertyuiop', 'qsdfghjklm', 'wxcvbn'], // AZERTY (French, Belgian)
  ['qwertzuiop', 'asdfghjkl', 'yxcvbnm'], // QWERTZ (German, Central Europe)
  ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю'], // ЙЦУКЕН (Russian)
];

/** Where a key is: its row, its column, and the hand that types it (0 left, 1 right). */
interface Key {
  readonly row: number;
  readonly col: number;
  readonly hand: number;
}

/**
 * Per layout, each letter's key. Hands split the rows as touch typists do:
 * the left hand types the first five keys of the top row, five of the home
 * row and five of the bottom row (QWERTY: qwert, asdfg, zxcvb). Indexed
 * by the letter's UTF-16 unit (every key is one unit below 0x460), so a
 * word is walked by char codes, with no Map lookup or one-letter string per key.
 */
type KeyTable = readonly (Key | undefined)[];
const POSITIONS: readonly KeyTable[] = LAYOUTS.map((rows) => {
  const keys: (Key | undefined)[] = new Array<Key | undefined>(0x460).fill(undefined);
  rows.forEach((letters, row) => {
    const split = row === 2 && letters.length < 7 ? letters.length - 2 : 5;
    for (let col = 0; col < letters.length; col++) keys[letters.charCodeAt(col)] = { row, col, hand: col < split ? 0 : 1 };
  });
  return keys;
});

/** Keys per layout: {@link POSITIONS} packed as `row * 64 + col` by UTF-16 unit, −1 for no key (what measureCodes reads, no object per key). */
const KEY_SPAN = 0x460;
const PACKED_KEYS: Int16Array = (() => {
  const packed = new Int16Array(POSITIONS.length * KEY_SPAN).fill(-1);
  POSITIONS.forEach((keys, l) => {
    keys.forEach((key, code) => {
      if (key !== undefined) packed[l * KEY_SPAN + code] = key.row * 64 + key.col;
    });
  });
  return packed;
})();

/** Compact key index of a UTF-16 unit: a–z 0–25, Cyrillic а–я 26–57, else −1 (every layout's keys are among them). */
function keyIndex(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 0x430 && code <= 0x44f) return code - 0x430 + 26;
  return -1;
}
const KEY_INDICES = 58;

/** The step direction of every pair of keys on every layout, 4 bits a layout: `PAIR_STEPS[a * 58 + b]`. */
const PAIR_STEPS: Uint16Array = (() => {
  const steps = new Uint16Array(KEY_INDICES * KEY_INDICES);
  const codes: number[] = [];
  for (let c = 0; c < KEY_SPAN; c++) if (keyIndex(c) >= 0) codes.push(c);
  for (const a of codes) {
    for (const b of codes) {
      let packed = 0;
      for (let l = 0; l < POSITIONS.length; l++) packed |= packedStep(PACKED_KEYS[l * KEY_SPAN + a]!, PACKED_KEYS[l * KEY_SPAN + b]!) << (4 * l);
      steps[keyIndex(a) * KEY_INDICES + keyIndex(b)] = packed;
    }
  }
  return steps;
})();

/** Whether some layout has two steps in a row in one direction in `codes[0, n)` (a straight run of 3 keys). */
function hasStraightTriple(codes: Uint16Array, n: number): boolean {
  let prev = 0;
  let before = -1;
  for (let i = 0; i < n; i++) {
    const k = keyIndex(codes[i]!);
    const here = before >= 0 && k >= 0 ? PAIR_STEPS[before * KEY_INDICES + k]! : 0;
    if ((prev & here) !== 0) {
      for (let shift = 0; shift < 4 * POSITIONS.length; shift += 4) {
        const d = (here >> shift) & 15;
        if (d !== 0 && d === ((prev >> shift) & 15)) return true;
      }
    }
    prev = here;
    before = k;
  }
  return false;
}

/**
 * Direction of a step between two keys (packed, see PACKED_KEYS), 0 when not adjacent: 1 right, 2
 * left; 3 down, 4 up along a column as typists walk them (the key
 * below-right in the staggered layout shares the column index: q→a→z,
 * w→s→x); 5 down-left, 6 up-right along the other diagonal (z→s→e,
 * x→d→r: zse, xdr).
 */
function packedStep(pa: number, pb: number): number {
  if (pa < 0 || pb < 0) return 0;
  const dr = (pb >> 6) - (pa >> 6);
  const dc = (pb & 63) - (pa & 63);
  if (dr === 0) return dc === 1 ? 1 : dc === -1 ? 2 : 0;
  if (dc === 0) return dr === 1 ? 3 : dr === -1 ? 4 : 0;
  if (dr === 1 && dc === -1) return 5;
  if (dr === -1 && dc === 1) return 6;
  return 0;
}

/**
 * Longest straight walk and the letters covered by walks of 3 or more keys.
 * @example
 * const m: WalkMeasure = measureKeyboardWalk('asdf'); // { longest: 4, covered: 4 }
 */
export interface WalkMeasure {
  readonly longest: number;
  readonly covered: number;
}

/**
 * Measures keyboard walks in a folded word on the layout where they are
 * longest. A walk is a run of keys in one direction along a row, a column
 * or a diagonal (`asdf`, `poiu`, `qaz`, `zse`); runs of 3 or more count as covered.
 *
 * @example
 * measureKeyboardWalk('qazwsx') // { longest: 3, covered: 6 }
 */
export function measureKeyboardWalk(word: string): WalkMeasure {
  const m = measureCodes(new WordCodes().of(word), word.length);
  return { longest: Math.floor(m / MEASURE_UNIT), covered: m % MEASURE_UNIT };
}

/**
 * A reused buffer of a word's UTF-16 units: the rules below read char
 * codes, from a string or from a caller's buffer. A checker keeps one
 * (src/name/facts.ts); a call without one makes its own.
 */
export class WordCodes {
  private buffer = new Uint16Array(64);

  /** The UTF-16 units of `word` in the buffer (grown when too short). */
  of(word: string): Uint16Array {
    if (this.buffer.length < word.length) this.buffer = new Uint16Array(2 * word.length);
    const buffer = this.buffer;
    for (let i = 0; i < word.length; i++) buffer[i] = word.charCodeAt(i);
    return buffer;
  }
}

/** A measure packs the longest run and the letters covered as longest * MEASURE_UNIT + covered: one number, nothing allocated on every unknown word (exact for words under 2^26 units). */
const MEASURE_UNIT = 2 ** 26;

/** The keyboard walks of the word held in `codes[0, n)` (see measureKeyboardWalk), packed: longest * MEASURE_UNIT + covered. */
function measureCodes(codes: Uint16Array, n: number): number {
  let bestLongest = 0;
  let bestCovered = 0;
  for (let base = 0; base < PACKED_KEYS.length; base += KEY_SPAN) {
    let longest = 1;
    let covered = 0;
    let run = 1;
    let dir = 0;
    let prev = n > 0 && codes[0]! < KEY_SPAN ? PACKED_KEYS[base + codes[0]!]! : -1;
    for (let i = 1; i <= n; i++) {
      const key = i < n && codes[i]! < KEY_SPAN ? PACKED_KEYS[base + codes[i]!]! : -1;
      const d = i < n ? packedStep(prev, key) : 0;
      prev = key;
      if (d !== 0 && (run === 1 || d === dir)) {
        run++;
        dir = d;
        continue;
      }
      if (run >= 3) covered += run;
      if (run > longest) longest = run;
      // The key that broke the run may start the next one.
      run = d !== 0 ? 2 : 1;
      dir = d;
    }
    if (covered > bestCovered || (covered === bestCovered && longest > bestLongest)) {
      bestCovered = covered;
      bestLongest = longest;
    }
  }
  return bestLongest * MEASURE_UNIT + bestCovered;
}

/**
 * True for a keyboard walk: a straight run of 5 keys or more anywhere
 * (`qwert`, `asdfg`, `йцуке`), or a word of 4+ letters made only of runs of
 * 3+ (`asdf`, `qazwsx`, `zsexdr`, `asdfjkl`). Names with a shorter run pass:
 * Robert (`ert`), Werther (`wert` then `her`), Ertl.
 *
 * @example
 * isKeyboardWalk('qwerty') // true
 * isKeyboardWalk('robert') // false
 */
export function isKeyboardWalk(word: string, scratch: WordCodes = new WordCodes()): boolean {
  return word.length >= 4 && isKeyboardWalkCodes(scratch.of(word), word.length);
}

/**
 * {@link isKeyboardWalk} of the word held in `codes[0, n)` (the e-mail check's
 * local-part rule fills one buffer per address instead of cutting strings).
 */
export function isKeyboardWalkCodes(codes: Uint16Array, n: number): boolean {
  if (n < 4) return false;
  // Either test below needs a run of 3+ keys on some layout (covered is 0 without one, and n >= 4);
  // most words have none, and finding that out takes one table read per letter.
  if (!hasStraightTriple(codes, n)) return false;
  const m = measureCodes(codes, n);
  // `>=`: a turn (asdfdsa) counts the corner key in both runs.
  return m >= 5 * MEASURE_UNIT || m % MEASURE_UNIT >= n;
}

/**
 * Least letters of a word judged as one-hand mashing: shorter words (Sara,
 * Tess, Jill) are typed by one hand all the time.
 */
export const MIN_LETTERS_FOR_MASHING = 6;

/**
 * True for one-hand mashing: a word of `MIN_LETTERS_FOR_MASHING`+ letters
 * typed with one hand on some layout without moving it (each key at most
 * three columns from the one before: a hand's span) and with at most one vowel
 * (`fdsafd`, `sdafsd`, `фывафы`). Names typed with one hand move across the
 * keyboard or carry vowels (Barbara, Stewart, Deseree, Yukiko), so they
 * pass; mashing without any vowel is also `lacksVowels`.
 *
 * @example
 * isOneHandMash('fdsafd')  // true
 * isOneHandMash('barbara') // false
 */
export function isOneHandMash(word: string, scratch: WordCodes = new WordCodes()): boolean {
  return word.length >= MIN_LETTERS_FOR_MASHING && isOneHandMashCodes(scratch.of(word), word.length);
}

/** {@link isOneHandMash} of the word held in `codes[0, n)`. */
export function isOneHandMashCodes(codes: Uint16Array, n: number): boolean {
  if (n < MIN_LETTERS_FOR_MASHING) return false;
  let vowels = 0;
  for (let i = 0; i < n; i++) if (codes[i]! < MASH_VOWEL.length && MASH_VOWEL[codes[i]!] === 1) vowels++;
  if (vowels > 1) return false;
  for (const layout of POSITIONS) {
    let prev = layout[codes[0]!];
    if (prev === undefined) continue;
    const hand = prev.hand;
    let ok = true;
    for (let i = 1; i < n && ok; i++) {
      const k = layout[codes[i]!];
      ok = k !== undefined && k.hand === hand && Math.abs(k.col - prev.col) <= 3;
      if (k !== undefined) prev = k;
    }
    if (ok) return true;
  }
  return false;
}

/** The vowels of the one-hand rule (Latin and Cyrillic); every one is a single UTF-16 unit. */
const MASH_VOWELS = 'aeiouyаеиоуыэюяё';

/** MASH_VOWELS by UTF-16 unit (1 for a vowel), so the rule reads char codes. */
const MASH_VOWEL: Uint8Array = (() => {
  const table = new Uint8Array(0x460);
  for (let i = 0; i < MASH_VOWELS.length; i++) table[MASH_VOWELS.charCodeAt(i)] = 1;
  return table;
})();

/** Letters of a two-key alternation (ababab) that make mashing anywhere in a word; Lulu, Coco and Anana-like runs are shorter. */
export const MIN_ALTERNATION = 6;

/**
 * True when the word is one unit repeated: a letter three times or more
 * (`aaa`), two letters over 5+ letters (`jkjkj`), three letters twice or
 * more (`asdasd`); or when any letter appears three times in a row
 * (`Joooohn`), or two keys alternate over 6+ letters anywhere (`xsdsdsd`). Two-fold short repeats (Lulu, Coco, Jojo) are real names.
 *
 * @example
 * isRepeatedPattern('jkjkjk') // true
 * isRepeatedPattern('lulu')   // false
 */
export function isRepeatedPattern(word: string): boolean {
  const n = word.length;
  let same = 1;
  // Letters so far in a two-key alternation (abab): 6 in a row anywhere is mashing (sdsdsd, jkjkjk).
  let alternating = 1;
  for (let i = 1; i < n; i++) {
    same = word.charCodeAt(i) === word.charCodeAt(i - 1) ? same + 1 : 1;
    if (same >= 3) return true;
    alternating = i >= 2 && word.charCodeAt(i) === word.charCodeAt(i - 2) && word.charCodeAt(i) !== word.charCodeAt(i - 1) ? alternating + 1 : 2;
    if (alternating >= MIN_ALTERNATION) return true;
  }
  for (let unit = 2; unit <= 3; unit++) {
    if (n < (unit === 2 ? 5 : 6)) continue;
    let periodic = true;
    for (let i = unit; i < n; i++) {
      if (word.charCodeAt(i) !== word.charCodeAt(i - unit)) {
        periodic = false;
        break;
      }
    }
    if (periodic) return true;
  }
  return false;
}

/**
 * Folded ASCII words of at least this many letters must have a vowel (Czech Vlk and Krk are shorter).
 * @example
 * lacksVowels('vlk') // false: shorter than MIN_LETTERS_FOR_VOWEL_RULE
 */
export const MIN_LETTERS_FOR_VOWEL_RULE = 5;

/**
 * True for a folded ASCII word of 5+ letters without a vowel (`y` counts:
 * Llwyd, Glynn). Works on `a-z` only; callers check that first.
 *
 * @example
 * lacksVowels('bcdfg') // true
 * lacksVowels('llwyd') // false
 */
export function lacksVowels(word: string): boolean {
  if (word.length < MIN_LETTERS_FOR_VOWEL_RULE) return false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    // a e i o u y
    if (c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121) return false;
  }
  return true;
}
