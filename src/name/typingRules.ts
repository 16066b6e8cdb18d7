/**
 * Random typing and look-alike letters, per token that is no known name:
 * keyboard walks, repeated units, missing vowels, letter strings the
 * character model finds unlike any name; Latin/Cyrillic/Greek mixed in one
 * word. Also whether an unknown surname looks like a name at all.
 */
import { nameLikeness, nameLikenessThreshold } from './data/likeness.js';
import { ASCII_WORD, CYRILLIC_LETTER, GREEK_LETTER, LATIN_LETTER } from './patterns.js';
import { orthographyVariants } from './orthography.js';
import { isPinyinName } from './pinyin.js';
import { isParticle, lettersOf } from './tokens.js';
import { isKeyboardWalk, isOneHandMash, isRepeatedPattern, lacksVowels, type WordCodes } from '../common/keyboard.js';
import type { NameReasonCode } from './types.js';
import type { NameTables } from './tables.js';

/**
 * Words shorter than this are not judged by the character model: too few letters to score.
 * @example
 * checkName('Xqz', 'Hartwell').risk_type // null: 3 letters, not scored
 */
export const MIN_LETTERS_FOR_MODEL = 4;

/** Scripts among Latin, Cyrillic and Greek present in one word: look-alike spoofing mixes them. */
export function mixesScripts(word: string): boolean {
  // ASCII letters are all Latin: nothing to mix (most words; skips three regexes).
  let ascii = true;
  for (let i = 0; i < word.length && ascii; i++) ascii = word.charCodeAt(i) < 0x80;
  if (ascii) return false;
  let n = 0;
  if (LATIN_LETTER.test(word)) n++;
  if (CYRILLIC_LETTER.test(word)) n++;
  if (n > 0 && GREEK_LETTER.test(word)) n++;
  return n > 1;
}

/**
 * The running check's memo of {@link unlikely} (src/name/facts.ts
 * CheckFacts): each word is scored once per check.
 */
export interface UnlikelyAnswers {
  unlikely(word: string): boolean;
}

/**
 * True when the character model scores a word below its threshold, also
 * when read by the orthographies the model knows little of (Welsh, Gaelic,
 * Xhosa, Czech, Polish: src/name/orthography.ts). With `facts`, asked once
 * per check (an unknown surname is judged by typingRule and plausibleSurname).
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * unlikely(tables, 'qwrtzp') // true
 */
export function unlikely(t: NameTables, word: string, facts?: UnlikelyAnswers): boolean {
  if (facts !== undefined) return facts.unlikely(word);
  const threshold = nameLikenessThreshold(t);
  if (!(nameLikeness(t, word) < threshold)) return false;
  for (const v of orthographyVariants(word)) if (nameLikeness(t, v) >= threshold) return false;
  return true;
}

/**
 * The typing rule a folded word (apostrophes removed) breaks, if any;
 * `facts`: the running check's (its answers are reused); `scratch`: a
 * buffer of the word's units the caller keeps (else one is made).
 */
export function typingRule(t: NameTables, word: string, facts?: UnlikelyAnswers, scratch?: WordCodes): NameReasonCode | undefined {
  if (isRepeatedPattern(word)) return 'NAME_REPEATED_PATTERN';
  if (ASCII_WORD.test(word)) {
    // "aa", "bb": no Latin name is one letter doubled (Han 婷婷 is, hence ASCII only).
    if (word.length === 2 && word.charCodeAt(0) === word.charCodeAt(1)) return 'NAME_REPEATED_PATTERN';
    if (isKeyboardWalk(word, scratch) || isOneHandMash(word, scratch)) return 'NAME_KEYBOARD_WALK';
    if (lacksVowels(word)) return 'NAME_NO_VOWELS';
  } else if (isKeyboardWalk(word, scratch) || isOneHandMash(word, scratch)) return 'NAME_KEYBOARD_WALK';
  if (word.length >= MIN_LETTERS_FOR_MODEL) {
    // NaN: a script the model was not trained on, which is neutral.
    // Chinese given names in pinyin (Xiuying) are well-formed whatever a
    // European-trained character model thinks of them.
    if (unlikely(t, word, facts) && !(ASCII_WORD.test(word) && isPinyinName(word))) return 'NAME_UNLIKELY_LETTERS';
  }
  return undefined;
}

/** An unknown surname whose words of 4+ letters all look like names to the character model; `facts`: the running check's. */
export function plausibleSurname(t: NameTables, tokens: readonly string[], facts?: UnlikelyAnswers): boolean {
  let judged = false;
  for (const tok of tokens) {
    if (isParticle(t.vocabulary, tok)) continue;
    const word = lettersOf(tok);
    if (word.length < MIN_LETTERS_FOR_MODEL) continue;
    if (Number.isNaN(nameLikeness(t, word)) || unlikely(t, word, facts)) return false;
    judged = true;
  }
  return judged;
}
