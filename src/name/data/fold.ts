/**
 * The one folding of names used by the data builder (scripts/name/build.ts)
 * and at run time, so a lookup key built from upstream data and a key built
 * from a caller's input meet.
 *
 * No regular expression runs here: the fold is a single pass over code
 * points, linear in the input, so a long string costs little and
 * cannot backtrack. Callers still cap their input before calling it.
 */
import { noteLoad } from '../../common/loads.js';

/**
 * Latin letters that Unicode does not decompose into base + accent, mapped
 * to the ASCII spelling people type when their keyboard lacks them (the
 * spellings used in passports' machine-readable zones and in e-mail
 * addresses). Lower-case only: the fold lower-cases first.
 */
const LATIN_SPECIAL: ReadonlyMap<number, string> = new Map([
  [0x00df, 'ss'], // ß
  [0x00e6, 'ae'], // æ
  [0x00f8, 'o'], // ø
  [0x0153, 'oe'], // œ
  [0x0111, 'd'], // đ (Vietnamese, Croatian)
  [0x00f0, 'd'], // ð
  [0x00fe, 'th'], // þ
  [0x0142, 'l'], // ł
  [0x0131, 'i'], // ı (Turkish dotless i)
  [0x0127, 'h'], // ħ
  [0x014b, 'n'], // ŋ
  [0x0138, 'k'], // ĸ
  [0x017f, 's'], // ſ
  [0x0140, 'l'], // ŀ
  [0x0259, 'e'], // ə (Azerbaijani schwa)
  [0x0180, 'b'], // ƀ
  [0x0188, 'c'], // ƈ
  [0x0192, 'f'], // ƒ
  [0x0199, 'k'], // ƙ (Hausa)
  [0x0257, 'd'], // ɗ (Hausa)
  [0x0253, 'b'], // ɓ (Hausa)
  [0x01b4, 'y'], // ƴ (Hausa)
  [0x025b, 'e'], // ɛ (Akan, Ewe)
  [0x0254, 'o'], // ɔ (Akan, Ewe)
  [0x03c2, 'σ'], // Greek final sigma folds to sigma
]);

/** Whitespace of every kind becomes one ASCII space. */
function isSpace(cp: number): boolean {
  return (
    cp === 0x20 ||
    (cp >= 0x09 && cp <= 0x0d) ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000 ||
    cp === 0x5f // underscore: "john_doe" is typed where a space was meant
  );
}

/** Hyphen and dash variants become '-'. */
function isHyphen(cp: number): boolean {
  return (
    cp === 0x2d ||
    (cp >= 0x2010 && cp <= 0x2015) ||
    cp === 0x2212 ||
    cp === 0xfe58 ||
    cp === 0xfe63 ||
    cp === 0xff0d ||
    cp === 0x058a || // Armenian hyphen
    cp === 0x1806 // Mongolian todo soft hyphen
  );
}

/** Apostrophe look-alikes (O’Brien, O`Brien, Oʼ Brien) become "'". */
function isApostrophe(cp: number): boolean {
  return (
    cp === 0x27 ||
    cp === 0x2018 ||
    cp === 0x2019 ||
    cp === 0x201b ||
    cp === 0x02bc ||
    cp === 0x02bb ||
    cp === 0x60 ||
    cp === 0xb4 ||
    cp === 0x2032 ||
    cp === 0xff07
  );
}

/** Invisible characters that carry no letter: dropped. ZWJ/ZWNJ are kept (Persian and Indic spelling needs them). */
function isInvisible(cp: number): boolean {
  return cp === 0xad || cp === 0x200b || cp === 0x2060 || cp === 0xfeff || cp === 0x180e;
}

/** Generic combining diacritics (the accents of Latin, Greek and Cyrillic letters). */
function isGenericMark(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe20 && cp <= 0xfe2f)
  );
}

const enum Script {
  /** No base letter before (start, space, hyphen, apostrophe): a mark here is an orphan and is dropped. */
  None = -1,
  Other = 0,
  Latin = 1,
  Greek = 2,
  Cyrillic = 3,
}

function scriptOf(cp: number): Script {
  if (cp < 0x0250 || (cp >= 0x1e00 && cp <= 0x1eff) || (cp >= 0x2c60 && cp <= 0x2c7f) || (cp >= 0xa720 && cp <= 0xa7ff)) {
    return Script.Latin;
  }
  if ((cp >= 0x0370 && cp <= 0x03ff) || (cp >= 0x1f00 && cp <= 0x1fff)) return Script.Greek;
  if (cp >= 0x0400 && cp <= 0x052f) return Script.Cyrillic;
  return Script.Other;
}

/**
 * Folds a name (or one of its parts) into the lookup key used by every name
 * table: NFKC (full-width and ligature forms become plain letters), lower
 * case, accents stripped from Latin and Greek letters (and the diaeresis
 * from Cyrillic ё/ї, the one accent Russian and Ukrainian writers drop
 * routinely), the few undecomposable Latin letters spelt out (ß → ss, ł → l,
 * đ → d…), every whitespace and underscore collapsed to one space, hyphen
 * and apostrophe variants unified, invisible characters dropped, trimmed.
 * Letters of other scripts (Arabic, Hebrew, Devanagari, CJK, Hangul,
 * Thai…) and their vowel signs are kept as they are: stripping them would
 * change the name. Punctuation other than hyphen/apostrophe is kept, so a
 * caller can still see "n/a" or "j.doe".
 *
 * @param text - a name as typed, any length (linear time, no regex).
 * @returns the folded key; '' when nothing but spaces.
 * @example
 * foldName('  José-María  O’Brien ') // → "jose-maria o'brien"
 * foldName('Łukasz Żółć')            // → "lukasz zolc"
 * foldName('ГЕННАДИЙ Алёна')         // → "геннадий алена"
 */
export function foldName(text: string): string {
  // ASCII needs no Unicode normalisation (NFKC and NFD leave it as is):
  // skipping the two normalize() calls triples the speed for most names.
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  const decomposed = ascii ? text.toLowerCase() : text.normalize('NFKC').toLowerCase().normalize('NFD');
  let out = '';
  let pendingSpace = false;
  let lastScript = Script.None;
  // Tracked instead of out.endsWith(): reading the end of a string built by
  // += flattens it each time, which made long inputs quadratic.
  let lastWasHyphen = false;
  // Code points kept as they are (most of a name) are copied as one slice:
  // `run` is where the pending run of them starts in `decomposed`, -1 when none.
  let run = -1;
  for (let i = 0; i < decomposed.length; i++) {
    const at = i;
    let cp = decomposed.charCodeAt(i);
    // Surrogate pair: read the whole code point (CJK extension B, emoji…).
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < decomposed.length) {
      const low = decomposed.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = (cp - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    if (isGenericMark(cp)) {
      if (lastScript === Script.None || lastScript === Script.Latin || lastScript === Script.Greek || (lastScript === Script.Cyrillic && cp === 0x0308)) {
        if (run >= 0) {
          out += decomposed.slice(run, at);
          run = -1;
        }
        continue;
      }
      // A kept mark: written as it is, no space or script change.
      if (run < 0) run = at;
      continue;
    }
    if (isSpace(cp)) {
      if (run >= 0) {
        out += decomposed.slice(run, at);
        run = -1;
      }
      if (out.length > 0) pendingSpace = true;
      lastScript = Script.None;
      continue;
    }
    if (isInvisible(cp)) {
      if (run >= 0) {
        out += decomposed.slice(run, at);
        run = -1;
      }
      continue;
    }
    if (isHyphen(cp)) {
      if (run >= 0) {
        out += decomposed.slice(run, at);
        run = -1;
      }
      // "Smith - Jones" and "Smith-Jones" are one double-barrelled name.
      // A pending space is only written before the next letter, so dropping it here is enough.
      pendingSpace = false;
      out += '-';
      lastWasHyphen = true;
      lastScript = Script.None;
      continue;
    }
    // The code point is written: an apostrophe as "'", a special Latin letter spelt out, any other as it is.
    const apostrophe = isApostrophe(cp);
    const special = apostrophe || cp < 0xdf || cp > 0x3c2 ? undefined : LATIN_SPECIAL.get(cp);
    if (pendingSpace) {
      if (run >= 0) {
        out += decomposed.slice(run, at);
        run = -1;
      }
      if (!lastWasHyphen) out += ' ';
      pendingSpace = false;
    }
    lastWasHyphen = false;
    if (apostrophe || special !== undefined) {
      if (run >= 0) {
        out += decomposed.slice(run, at);
        run = -1;
      }
      out += apostrophe ? "'" : special;
      lastScript = apostrophe ? Script.None : scriptOf(cp);
      continue;
    }
    if (run < 0) run = at;
    lastScript = scriptOf(cp);
  }
  if (run >= 0) out += decomposed.slice(run);
  return ascii ? out : out.normalize('NFC');
}

/** First and last+1 code units of the precomposed letters {@link foldPlainLetters} folds from a table. */
const PLAIN_FROM = 0xc0;
const PLAIN_TO = 0x500;

/**
 * `foldName` of each letter from U+00C0 to U+04FF alone (Latin, IPA, Greek
 * and Cyrillic; PartAnalyser sends only the Latin and Cyrillic letters of
 * isPlainLetter), by unit - PLAIN_FROM; undefined for a unit
 * that is no letter or whose fold is empty or holds a space or hyphen
 * (folded apart from its neighbours, it could read differently). Built once
 * per checker (src/name/tables.ts `plainFolds`), on the first part that needs it.
 */
export type PlainFolds = readonly (string | undefined)[];

export function plainFoldTable(): PlainFolds {
  noteLoad('build name plain-letter folds');
  const table: (string | undefined)[] = [];
  for (let c = PLAIN_FROM; c < PLAIN_TO; c++) {
    const ch = String.fromCharCode(c);
    const folded = /^\p{L}$/u.test(ch) ? foldName(ch) : '';
    table.push(folded === '' || folded.includes(' ') || folded.includes('-') ? undefined : folded);
  }
  return table;
}

/**
 * {@link foldName} of a name part already trimmed and single-spaced, faster
 * when it is made of ASCII letters, spaces, `'`, `.`, `-` (no hyphen beside a
 * space) and precomposed Latin or Cyrillic letters (José, Müller, Łódź,
 * Пётр): each such letter is folded from a table of the letters folded
 * alone, with no Unicode normalisation of the whole part. That is the same
 * string: no pair of these letters composes or reorders under
 * normalisation and none of them folds by context (Greek final sigma
 * would, but foldName folds ς and σ alike), so the fold of the part is the folds of its letters in a
 * row (tested on every letter and pair, test/name/fastPaths.test.ts). Any
 * other text is handed to foldName.
 *
 * @example
 * foldPlainLetters('José Müller', plainFoldTable()) // → 'jose muller'
 * foldPlainLetters('Пётр', plainFoldTable()) // → 'петр'
 */
export function foldPlainLetters(text: string, table: PlainFolds): string {
  const n = text.length;
  let out = '';
  // Units copied as they are (lower-case ASCII letters, `'`, `.`, `-`, single spaces) go in one slice: `run` is where the pending run starts.
  let run = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c === 39 || c === 46) continue;
    if (c === 32 || c === 45) {
      // A space at either end, two in a row, or a hyphen beside a space: foldName's spacing rules apply.
      if (i === 0 || i === n - 1) return foldName(text);
      const next = text.charCodeAt(i + 1);
      if (next === 32 || (c === 32 && next === 45) || (c === 45 && next === 32)) return foldName(text);
      continue;
    }
    let folded: string | undefined;
    if (c >= 65 && c <= 90) folded = String.fromCharCode(c + 32);
    else if (c >= PLAIN_FROM && c < PLAIN_TO) folded = table[c - PLAIN_FROM];
    if (folded === undefined) return foldName(text);
    if (run < i) out += text.slice(run, i);
    out += folded;
    run = i + 1;
  }
  return run === 0 ? text : run < n ? out + text.slice(run) : out;
}
