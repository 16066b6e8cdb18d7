/**
 * Every regular expression of the email check, in one place so that the
 * ReDoS lint (eslint-plugin-regexp) sees them all. Each is a single
 * character class or a fixed-length alternation tested on one code point or
 * on input already capped at {@link MAX_INPUT_LENGTH}: none can backtrack.
 * Syntax itself is checked by a hand-written scanner (parse.ts), not by a
 * regex.
 */

/** Longest input scanned at all; longer strings are `syntax` ("too long") without further work. */
export const MAX_INPUT_LENGTH = 1024;

/**
 * Non-ASCII code points that RFC 6531 would admit as UTF-8 but that no
 * provider accepts in a mailbox name: other controls, format characters
 * (zero-width joiners, bidi overrides), separators (no-break space, line
 * separator), private use, surrogates and unassigned code points.
 */
export const FORBIDDEN_NON_ASCII = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Z}]/u;

/** Separators people swap in role names (`no-reply`, `no_reply`, `no.reply`); global, for `replace`. */
export const ROLE_SEPARATORS = /[-._]/g;

/** A letter of any script (marks, digits and punctuation are script-neutral here). */
export const LETTER = /^\p{L}$/u;

/**
 * Scripts told apart by the confusable check, tested in order on one letter.
 * The CJK scripts are grouped by the check (Japanese mixes Han, Hiragana and
 * Katakana; Korean Han and Hangul) as Unicode TR 39 "highly restrictive" does.
 */
export const SCRIPT_PATTERNS: readonly (readonly [string, RegExp])[] = Object.freeze([
  ['Latin', /^\p{Script=Latin}$/u],
  ['Cyrillic', /^\p{Script=Cyrillic}$/u],
  ['Greek', /^\p{Script=Greek}$/u],
  ['Han', /^\p{Script=Han}$/u],
  ['Hiragana', /^\p{Script=Hiragana}$/u],
  ['Katakana', /^\p{Script=Katakana}$/u],
  ['Hangul', /^\p{Script=Hangul}$/u],
  ['Bopomofo', /^\p{Script=Bopomofo}$/u],
  ['Arabic', /^\p{Script=Arabic}$/u],
  ['Hebrew', /^\p{Script=Hebrew}$/u],
  ['Armenian', /^\p{Script=Armenian}$/u],
  ['Georgian', /^\p{Script=Georgian}$/u],
  ['Devanagari', /^\p{Script=Devanagari}$/u],
  ['Thai', /^\p{Script=Thai}$/u],
] as const);
