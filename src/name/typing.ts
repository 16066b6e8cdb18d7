/**
 * Rules that recognise keyboard mashing in a folded ASCII word, without
 * regexes: keyboard walks along rows and columns of the three common Latin
 * layouts, repeated letters or syllables, and missing vowels.
 */

/** Letter rows of each layout, top to bottom (digits never reach here: they make a name INVALID). */
const LAYOUTS: readonly (readonly string[])[] = [
  ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'], // QWERTY
  ['azertyuiop', 'qsdfghjklm', 'wxcvbn'], // AZERTY (French, Belgian)
  ['qwertzuiop', 'asdfghjkl', 'yxcvbnm'], // QWERTZ (German, Central Europe)
];

/** Per layout, the (row, column) of each letter a..z; row -1 when absent. */
const POSITIONS: readonly { row: Int8Array; col: Int8Array }[] = LAYOUTS.map((rows) => {
  const row = new Int8Array(26).fill(-1);
  const col = new Int8Array(26).fill(-1);
  rows.forEach((letters, r) => {
    for (let c = 0; c < letters.length; c++) {
      const i = letters.charCodeAt(c) - 97;
      row[i] = r;
      col[i] = c;
    }
  });
  return { row, col };
});

/** Direction of a step between two keys: 1 right, 2 left, 3 down, 4 up, 0 not adjacent. */
function step(layout: { row: Int8Array; col: Int8Array }, a: number, b: number): number {
  const ra = layout.row[a]!;
  const rb = layout.row[b]!;
  if (ra < 0 || rb < 0) return 0;
  const ca = layout.col[a]!;
  const cb = layout.col[b]!;
  if (ra === rb) return cb === ca + 1 ? 1 : cb === ca - 1 ? 2 : 0;
  // Columns as typists walk them: the key below-left in the staggered layout
  // (q→a→z, w→s→x) shares the column index.
  if (ca === cb) return rb === ra + 1 ? 3 : rb === ra - 1 ? 4 : 0;
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
 * Measures keyboard walks in a folded ASCII word on the layout where they
 * are longest. A walk is a run of keys in one direction along a row or a
 * column (`asdf`, `poiu`, `qaz`); runs of 3 or more count as covered.
 *
 * @example
 * measureKeyboardWalk('qazwsx') // { longest: 3, covered: 6 }
 */
export function measureKeyboardWalk(word: string): WalkMeasure {
  let bestLongest = 0;
  let bestCovered = 0;
  for (const layout of POSITIONS) {
    let longest = 1;
    let covered = 0;
    let run = 1;
    let dir = 0;
    for (let i = 1; i <= word.length; i++) {
      const d = i < word.length ? step(layout, word.charCodeAt(i - 1) - 97, word.charCodeAt(i) - 97) : 0;
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
  return { longest: bestLongest, covered: bestCovered };
}

/**
 * True for a keyboard walk: a straight run of 5 keys or more anywhere
 * (`qwert`, `asdfg`), or a word of 4+ letters made only of runs of 3+
 * (`asdf`, `qazwsx`, `asdfjkl`). Names with a shorter run pass: Robert
 * (`ert`), Werther (`wert` then `her`), Ertl.
 *
 * @example
 * isKeyboardWalk('qwerty') // true
 * isKeyboardWalk('robert') // false
 */
export function isKeyboardWalk(word: string): boolean {
  if (word.length < 4) return false;
  const { longest, covered } = measureKeyboardWalk(word);
  // `>=`: a turn (asdfdsa) counts the corner key in both runs.
  return longest >= 5 || covered >= word.length;
}

/**
 * True when the word is one unit repeated: a letter three times or more
 * (`aaa`), two letters over 5+ letters (`jkjkj`), three letters twice or
 * more (`asdasd`); or when any letter appears three times in a row
 * (`Joooohn`). Two-fold short repeats (Lulu, Coco, Jojo) are real names.
 *
 * @example
 * isRepeatedPattern('jkjkjk') // true
 * isRepeatedPattern('lulu')   // false
 */
export function isRepeatedPattern(word: string): boolean {
  const n = word.length;
  let same = 1;
  for (let i = 1; i < n; i++) {
    same = word.charCodeAt(i) === word.charCodeAt(i - 1) ? same + 1 : 1;
    if (same >= 3) return true;
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
