/**
 * Every regular expression of the name product, in one place (docs/style.md §12).
 * Each is a single character class or a short literal alternation: none can
 * backtrack, and all of them run only on parts capped at `MAX_PART_INPUT`.
 */

/**
 * Input cap (UTF-16 units) per part. A longer part is INVALID without any
 * regex running on it; the spec's own limit for a credible part is 50
 * characters, so 256 leaves room for spaces and combining marks.
 *
 * @example
 * checkName('a'.repeat(300), 'Smith').normalized.first // null
 */
export const MAX_PART_INPUT = 256;

/**
 * Runs of Unicode white space, collapsed to one space.
 * @example
 * 'Mary   Ann'.replace(WHITESPACE_RUN, ' ') // 'Mary Ann'
 */
export const WHITESPACE_RUN = /\s+/gu;

/**
 * Bidirectional marks (LRM, RLM, ALM): copy-paste of Arabic and Hebrew names
 * carries them; they are invisible and meaningless here, so they are dropped.
 *
 * @example
 * '\u200fמשה'.replace(BIDI_MARKS, '') // 'משה'
 */
export const BIDI_MARKS = /[\u061c\u200e\u200f]/gu;

/**
 * Control, format, private-use, unassigned and surrogate code points, except
 * ZWNJ and ZWJ (U+200C, U+200D), which Persian and Indic spellings need, and
 * the bidi marks dropped above. Zero-width spaces, soft hyphens and BOMs hide
 * text: a name has no use for them.
 *
 * @example
 * INVISIBLE_OR_CONTROL.test('Kl\u200bein') // true
 */
export const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\u00ad\u180e\u200b\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/**
 * The first character that is not part of a name's alphabet: letters and
 * marks of any script (ʼ and the ʻokina are letters), space, hyphens,
 * apostrophes (' ’ ‘ ` ´), the
 * period of an initial, middle dots (Catalan l·l, Japanese ・) and ZWNJ/ZWJ.
 *
 * @example
 * NOT_NAME_CHAR.test("O'Brien-Smith") // false
 */
export const NOT_NAME_CHAR = /[^\p{L}\p{M} '’‘`´.\-‐‑–·・\u200c\u200d]/u;

/**
 * Digits of any script (ASCII, Arabic-Indic, Devanagari, fullwidth, Roman numeral signs).
 * @example
 * DIGIT.test('J0hn') // true
 */
export const DIGIT = /\p{N}/u;

/**
 * Pictographs and emoji (including flags from regional indicators and keycaps).
 * @example
 * EMOJI.test('Sam 🙂') // true
 */
export const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20e3\ufe0f]/u;

/**
 * `x@host.` — the shape of an e-mail address.
 * @example
 * EMAIL_SHAPE.test('jane@example.org') // true
 */
export const EMAIL_SHAPE = /[^\s@]@[^\s@.]+\./u;

/**
 * Scheme, `www.` or a dot before a common top-level domain at a word end.
 * @example
 * URL_SHAPE.test('www.example') // true
 */
export const URL_SHAPE = /[a-z]:\/\/|\bwww\.|\.(?:com|net|org|info|biz|io|co|ru|de|fr|uk|it|es|nl|xyz|app|site|online|me|tv)\b/iu;

/**
 * A letter of any script.
 * @example
 * ANY_LETTER.test('...') // false
 */
export const ANY_LETTER = /\p{L}/u;

/**
 * Scripts whose one character is a whole syllable or morpheme: a one-letter
 * Chinese, Japanese, Korean or Yi name part is normal, not an initial.
 *
 * @example
 * SYLLABIC_LETTER.test('王') // true
 */
export const SYLLABIC_LETTER = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Yi}]/u;

/**
 * Two separators in a row or a hyphen at a part's edge: `Jo--hn`, `Jo'-hn`,
 * `-John`, `John-`. A leading apostrophe stays legal ('Abd, the ʻokina).
 *
 * @example
 * ODD_PUNCTUATION.test('Jo--hn') // true
 */
export const ODD_PUNCTUATION = /[\-‐‑–'’ʼ‘`´ʻ.·・]{2}|^[\-‐‑–·・]|[\-‐‑–·・]$/u;

/**
 * A folded ASCII Latin word (after removing apostrophes), eligible for the Latin-only rules.
 * @example
 * ASCII_WORD.test('obrien') // true
 */
export const ASCII_WORD = /^[a-z]+$/u;

/**
 * Latin letters, for the mixed-script test.
 * @example
 * LATIN_LETTER.test('Jоhn') // true (and Cyrillic too: mixed)
 */
export const LATIN_LETTER = /\p{Script=Latin}/u;
/**
 * Cyrillic letters, for the mixed-script test.
 * @example
 * CYRILLIC_LETTER.test('Jоhn') // true: the о is Cyrillic
 */
export const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
/**
 * Greek letters, for the mixed-script test.
 * @example
 * GREEK_LETTER.test('Αnna') // true: the Α is Greek
 */
export const GREEK_LETTER = /\p{Script=Greek}/u;
