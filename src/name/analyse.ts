/**
 * Per-part analysis: normalisation, the INVALID rules and tokenisation.
 * Everything here runs on a part capped at `MAX_PART_INPUT` UTF-16 units.
 */
import { foldName, foldPlainLetters, type PlainFolds } from './data/fold.js';
import { BoundedCache, stringKey, type CacheKey } from '../common/boundedCache.js';
import {
  BIDI_MARKS,
  DIGIT,
  EMAIL_SHAPE,
  EMOJI,
  INVISIBLE_OR_CONTROL,
  ANY_LETTER,
  MAX_PART_INPUT,
  NOT_NAME_CHAR,
  SYLLABIC_LETTER,
  URL_SHAPE,
  WHITESPACE_RUN,
} from './patterns.js';
import type { NameReasonCode } from './types.js';

/**
 * Most characters (code points) a credible part has: longer is no name a
 * person gives on a form (docs/name.md, Rules).
 * @example
 * const parts = new PartAnalyser(openNameTables(openData(undefined)));
 * parts.analyse('x'.repeat(51)).invalid // 'NAME_TOO_LONG'
 */
export const MAX_PART_CHARS = 50;
/**
 * Most words (space-separated) a credible part has (docs/name.md, Rules).
 * @example
 * const parts = new PartAnalyser(openNameTables(openData(undefined)));
 * parts.analyse('A B C D E F').invalid // 'NAME_TOO_MANY_WORDS'
 */
export const MAX_PART_WORDS = 5;

/**
 * What the check knows about one part (first or last name).
 * @example
 * const parts = new PartAnalyser(openNameTables(openData(undefined)));
 * const part: PartAnalysis = parts.analyse('J.'); // { isInitial: true, tokens: ['j'], … }
 */
export interface PartAnalysis {
  /** Trimmed, spaces collapsed, NFC, caller's case; `null` when over the input cap. */
  readonly normalized: string | null;
  /** `foldName(normalized)`; '' for an over-long or empty part. */
  readonly folded: string;
  /** Folded tokens (split on spaces and hyphens), edge apostrophes and periods removed, empty tokens dropped. */
  readonly tokens: readonly string[];
  /** The INVALID rule the part breaks, if any (single letters are judged with both parts). */
  readonly invalid: NameReasonCode | undefined;
  /** True when the part breaks only the symbol rules (`n/a`, `-`): a placeholder list may still claim it. */
  readonly symbolsOnly: boolean;
  /** True when every token is one letter of an alphabetic script (`J.`, `J. R.`): an initial. */
  readonly isInitial: boolean;
  /** True when the part holds a character other than letters, marks and spaces (a hyphen, apostrophe, period…); else no punctuation rule needs to look at it. Always true for a rejected part. */
  readonly punctuation: boolean;
  /**
   * Every token is letters a-z only (most parts): then each token is its own
   * `lettersOf` and mixes no scripts, which the later rules need not ask of
   * it (per token, per check, a part analysed once: a measurable share of a
   * check's CPU, bench/name-cpu.ts).
   * True for a rejected part (it has no tokens).
   */
  readonly plain: boolean;
}

/** Whether every token is letters a-z only (`PartAnalysis.plain`). */
function plainTokens(tokens: readonly string[]): boolean {
  for (const t of tokens) {
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c < 97 || c > 122) return false;
    }
  }
  return true;
}

const EMPTY_TOKENS: readonly string[] = Object.freeze([]);
/** A character that is no letter, mark or space: what `PartAnalysis.punctuation` looks for. */
const NOT_LETTER_OR_SPACE = /[^\p{L}\p{M} ]/u;

function rejected(normalized: string | null, invalid: NameReasonCode, folded = '', symbolsOnly = false): PartAnalysis {
  return { normalized, folded, tokens: EMPTY_TOKENS, invalid, symbolsOnly, isInitial: false, punctuation: true, plain: true };
}

/** Code points in `s`, stopping early once past `limit`. */
function codePointLengthOver(s: string, limit: number): boolean {
  if (s.length <= limit) return false;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by its low half is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
    if (++n > limit) return true;
  }
  return false;
}

/**
 * Splits a folded part into tokens: spaces and hyphens separate, edge `'` and `.` go.
 * @example
 * tokenize("jean-claude d'arc j.") // ['jean', 'claude', "d'arc", 'j']
 */
export function tokenize(folded: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= folded.length; i++) {
    const c = i < folded.length ? folded.charCodeAt(i) : 32;
    if (c !== 32 && c !== 45) continue; // space, '-' (foldName unifies hyphens)
    let a = start;
    let b = i;
    // ' and . at the edges: "J." → "j", "'abd" → "abd"; inner ones stay (o'brien).
    while (a < b && (folded.charCodeAt(a) === 39 || folded.charCodeAt(a) === 46)) a++;
    while (b > a && (folded.charCodeAt(b - 1) === 39 || folded.charCodeAt(b - 1) === 46)) b--;
    if (b > a) out.push(folded.slice(a, b));
    start = i + 1;
  }
  return out;
}

/**
 * The part analysis of one checker: the plain-letter folds it reads and
 * the memo of parts met before (see PART_MEMO_SIZE), both its own.
 *
 * @example
 * const parts = new PartAnalyser(openNameTables(openData(undefined)));
 * parts.analyse('  José   María ').normalized // 'José María'
 * parts.analyse('John123').invalid             // 'NAME_DIGITS'
 */
export class PartAnalyser {
  /** Made on the first part analysed. */
  private memo: BoundedCache<CacheKey, PartAnalysis> | undefined;

  constructor(private readonly tables: { readonly plainFolds: PlainFolds }) {}

  /**
   * Normalises one part and applies the INVALID rules that need only that
   * part, in this order: over the input cap, control or invisible characters,
   * empty, over 50 characters, over 5 words, emoji, digits, e-mail, URL,
   * other symbols, no letter at all. The analysis of a part met before may
   * be the one remembered then, shared between checks: never change it.
   */
  analyse(raw: string): PartAnalysis {
    if (raw.length > PART_MEMO_MAX_UNITS) return analyseRaw(raw, this.tables);
    const key = stringKey(raw);
    const memo = (this.memo ??= new BoundedCache<CacheKey, PartAnalysis>(PART_MEMO_SIZE, PART_ADMISSION_WINDOW));
    const known = memo.get(key);
    if (known !== undefined) return known;
    const part = analyseRaw(raw, this.tables);
    // The key's cap does not bound the analysis: NFKC may lengthen a part many times (U+FDFA is 18 letters and
    // spaces), so only an analysis as short as its key is remembered.
    if (part.folded.length <= PART_MEMO_MAX_UNITS && (part.normalized?.length ?? 0) <= PART_MEMO_MAX_UNITS) memo.set(key, part);
    return part;
  }
}

/**
 * Parts remembered across checks, by the part as typed (the library's one
 * bounded cache, src/common/boundedCache.ts). Parts repeat: the common given names and surnames recur in any sizeable
 * traffic, typed the same way, and analysing one again (its scan, its
 * lower-cased copy, tokens and analysis) was a tenth of a check's CPU on
 * the bench's fixtures (bench/name-cpu.ts); on names that never repeat
 * (`--sample`) the lookup that misses costs little. Each checker keeps its
 * own memo (PartAnalyser). A part is remembered from its second meeting
 * within about PART_ADMISSION_WINDOW new parts, as the key facts are
 * (src/name/facts.ts), so names met once do not churn it. A remembered analysis is the one the part's first analysis gave,
 * shared: nothing changes a PartAnalysis (its fields and tokens are
 * read-only by type) and none is handed to callers. Not frozen: a frozen
 * tokens array is another kind of array to V8, and the rules' loops over
 * tokens, meeting both kinds, made a check measurably slower
 * (bench/name-cpu.ts). The memo holds parts as typed (names, and rejected
 * strings such as e-mail or URL shapes) until they are pushed out, as the
 * key memo holds their folded forms. Keys, normalised and folded forms of
 * at most PART_MEMO_MAX_UNITS units each: a few MB at worst (measured with
 * --expose-gc on distinct valid parts of 50 units and on one-letter
 * tokens).
 */
const PART_MEMO_SIZE = 8192;
/** A part is remembered from its second meeting within about this many new parts (BoundedCache's admitOnSecondSet). */
const PART_ADMISSION_WINDOW = 4096;
/** Longer parts, or parts whose normalised or folded form is longer, are analysed afresh each time (real names are far shorter; the cap bounds the memo's memory). */
const PART_MEMO_MAX_UNITS = 64;
/** {@link PartAnalyser.analyse} without the memo. */
function analyseRaw(raw: string, tables: { readonly plainFolds: PlainFolds }): PartAnalysis {
  if (raw.length > MAX_PART_INPUT) return rejected(null, 'NAME_TOO_LONG');
  const plain = plainLetterPart(raw, tables);
  if (plain !== undefined) return plain;
  // Before collapsing spaces: a tab or newline inside a name is a control character, not a space.
  // ECMAScript's trim() counts U+FEFF as white space, so a BOM at either end
  // would vanish unseen: look for it in the raw part before trimming.
  const trimmedRaw = raw.trim();
  if (raw.includes('\ufeff') || INVISIBLE_OR_CONTROL.test(trimmedRaw)) return rejected(null, 'NAME_CONTROL_CHARS');
  const normalized = trimmedRaw.normalize('NFC').replace(BIDI_MARKS, '').replace(WHITESPACE_RUN, ' ').trim();
  if (normalized === '') return rejected(normalized, 'NAME_EMPTY');
  if (codePointLengthOver(normalized, MAX_PART_CHARS)) return rejected(normalized, 'NAME_TOO_LONG');
  let words = 1;
  for (let i = 0; i < normalized.length; i++) if (normalized.charCodeAt(i) === 32) words++;
  if (words > MAX_PART_WORDS) return rejected(normalized, 'NAME_TOO_MANY_WORDS');

  if (NOT_NAME_CHAR.test(normalized)) {
    if (EMOJI.test(normalized)) return rejected(normalized, 'NAME_EMOJI');
    if (DIGIT.test(normalized)) return rejected(normalized, 'NAME_DIGITS');
    if (EMAIL_SHAPE.test(normalized)) return rejected(normalized, 'NAME_EMAIL');
    if (URL_SHAPE.test(normalized)) return rejected(normalized, 'NAME_URL');
    return rejected(normalized, 'NAME_SYMBOLS', foldName(normalized), true);
  }
  if (URL_SHAPE.test(normalized)) return rejected(normalized, 'NAME_URL');
  if (!ANY_LETTER.test(normalized)) return rejected(normalized, 'NAME_NO_LETTERS', foldName(normalized), true);

  const folded = foldName(normalized);
  const tokens = tokenize(folded);
  let isInitial = tokens.length > 0;
  for (const t of tokens) {
    // One code point (a surrogate pair counts as one) that is a letter of an alphabetic script.
    const single = t.length === 1 || (t.length === 2 && t.codePointAt(0)! > 0xffff);
    if (!single || SYLLABIC_LETTER.test(t)) {
      isInitial = false;
      break;
    }
  }
  return { normalized, folded, tokens, invalid: undefined, symbolsOnly: false, isInitial, punctuation: NOT_LETTER_OR_SPACE.test(normalized), plain: plainTokens(tokens) };
}

/**
 * A precomposed Latin letter (Latin-1 Supplement, Latin Extended-A and -B,
 * less × and ÷) or a Cyrillic letter (U+0400–U+0481, U+048A–U+04FF, less
 * the combining marks and ҂ between). Each is a letter (\p{L}), no space,
 * control or syllabic script, and any string of them with ASCII letters is
 * already NFC (no two of them compose: checked over every pair, see
 * src/name/analyse.test.ts), so the general path's normalisation and
 * regexes would leave such a part as it is.
 *
 * @example
 * isPlainLetter('é'.charCodeAt(0)) // true
 */
export function isPlainLetter(c: number): boolean {
  return (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x400 && c <= 0x481) || (c >= 0x48a && c <= 0x4ff);
}

/**
 * Fast path for the common case, a part made only of letters (ASCII,
 * precomposed Latin, Cyrillic: isPlainLetter), spaces, hyphens, apostrophes
 * and periods: no Unicode normalisation and no regex but the URL test (only
 * when there is a period). For ASCII the fold reduces to lower-casing,
 * which is exactly what `foldName` does to such text unless a hyphen touches
 * a space; then, and with other letters, `foldPlainLetters` folds it (that
 * is `foldName`, without normalising the whole part when its letters are
 * all precomposed, the usual case here).
 * Returns `undefined` for any other part, which takes the general path.
 * Same results, by construction and by test (src/name/analyse.test.ts).
 */
function plainLetterPart(raw: string, tables: { readonly plainFolds: PlainFolds }): PartAnalysis | undefined {
  let letters = 0;
  let spaces = 0;
  let period = false;
  let punctuation = false;
  let hyphen = false;
  let upper = false;
  let ascii = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 97 && c <= 122) letters++;
    else if (c >= 65 && c <= 90) {
      letters++;
      upper = true;
    } else if (c === 32) spaces++;
    else if (c === 46) period = punctuation = true;
    else if (c === 45) hyphen = punctuation = true;
    else if (c === 39) punctuation = true;
    else if (c >= 0xc0 && isPlainLetter(c)) {
      letters++;
      ascii = false;
    } else return undefined;
  }
  let normalized = raw;
  if (spaces > 0) {
    normalized = raw.trim();
    if (normalized.includes('  ')) normalized = normalized.replace(WHITESPACE_RUN, ' ');
  }
  if (normalized === '') return rejected(normalized, 'NAME_EMPTY');
  if (normalized.length > MAX_PART_CHARS) return rejected(normalized, 'NAME_TOO_LONG');
  let words = 1;
  for (let i = 0; i < normalized.length; i++) if (normalized.charCodeAt(i) === 32) words++;
  if (words > MAX_PART_WORDS) return rejected(normalized, 'NAME_TOO_MANY_WORDS');
  if (period && URL_SHAPE.test(normalized)) return rejected(normalized, 'NAME_URL');
  const folded =
    !ascii || (hyphen && spaces > 0 && (normalized.includes(' -') || normalized.includes('- '))) ? foldPlainLetters(normalized, tables.plainFolds) : upper ? normalized.toLowerCase() : normalized;
  if (letters === 0) return rejected(normalized, 'NAME_NO_LETTERS', folded, true);
  // One word of letters only (most parts): the folded part is its one token.
  if (spaces === 0 && !punctuation) {
    const tokens = [folded];
    return { normalized, folded, tokens, invalid: undefined, symbolsOnly: false, isInitial: folded.length === 1, punctuation, plain: plainTokens(tokens) };
  }
  const tokens = tokenize(folded);
  let isInitial = tokens.length > 0;
  for (const t of tokens) {
    if (t.length !== 1) {
      isInitial = false;
      break;
    }
  }
  return { normalized, folded, tokens, invalid: undefined, symbolsOnly: false, isInitial, punctuation, plain: plainTokens(tokens) };
}

