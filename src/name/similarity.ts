/**
 * First and last name alike (STRING_SIMILARITY), and the real pairs that
 * look alike: repeated names of patronymic naming (Mohamed Mohamed),
 * patronymic surnames (John Johnson), rhymes of two known names (Jill Hill).
 */
import { levenshteinDistance } from '../common/levenshtein.js';
import { firstNameGender, isKnownFirstName, lastNameWeight } from './data/tables.js';
import type { Vocabulary } from './data/vocabulary.js';
import type { NameTables } from './tables.js';
import type { PartAnalysis } from './analyse.js';
import { joinTokens } from './tokens.js';

/** True when `last` is `first` (or `first` less a final vowel) plus a patronymic suffix (data/raw/name/patronymic-suffixes.txt). */
export function isPatronymicOf(v: Vocabulary, first: string, last: string): boolean {
  // Every stem starts with the first name's first letter: a surname that does not is answered without the suffix list.
  if (first.length === 0 || last.charCodeAt(0) !== first.charCodeAt(0)) return false;
  const suffixes = v.patronymicSuffixes;
  const stems = [first];
  const end = first.charCodeAt(first.length - 1);
  // a e i o u y: Fernando → Fernand-ez, Nikolai → Nikola-ev
  if (end === 97 || end === 101 || end === 105 || end === 111 || end === 117 || end === 121) stems.push(first.slice(0, -1));
  for (const stem of stems) {
    if (stem.length < 2 || !last.startsWith(stem)) continue;
    if (suffixes.has(last.slice(stem.length))) return true;
  }
  return false;
}

/**
 * A name that real people carry as both first and last name (Mohamed
 * Mohamed, Ali Ali, Hussein Hussein): a known given name that is also a
 * common surname, with more evidence as a given name than as a surname,
 * and not among the most common given names of the US data. The two
 * limits are measured by the data builder from the name-frequency tables
 * (`repeatedNameLimits()`, docs/name-data.md), not set here: Smith Smith
 * (a surname first of all) and John John (a top US given name) fail.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * isRepeatableName(tables, 'mohamed') // true
 * isRepeatableName(tables, 'john')    // false
 */
export function isRepeatableName(t: NameTables, name: string): boolean {
  const weight = lastNameWeight(t, name);
  const limits = t.vocabulary.repeatedName;
  if (weight < limits.minSurnameWeight || !isKnownFirstName(t, name)) return false;
  const counts = firstNameGender(t, name);
  const births = counts === undefined ? 0 : counts.male + counts.female;
  return births < limits.maxUsBirths && births > weight * limits.birthsPerSurnameSource;
}

/**
 * First and last name equal, nearly equal (Levenshtein distance 1 from 4
 * letters, 2 from 8) or one inside the other (3+ letters), unless the data
 * says the pair is real:
 * - exact repeat of a repeatable name (isRepeatableName);
 * - a known surname formed from the first name by a patronymic suffix
 *   (John Johnson, Fernando Fernández);
 * - two known names that differ in the first letter (Ann Mann).
 * @returns what is alike, or undefined
 */
export function similarity(t: NameTables, first: PartAnalysis, last: PartAnalysis, firstKnown: boolean, lastKnown: boolean): string | undefined {
  const a = joinTokens(first.tokens, '');
  const b = joinTokens(last.tokens, '');
  if (a.length === 0 || b.length === 0) return undefined;
  if (a === b) return isRepeatableName(t, a) ? undefined : 'first and last name are the same';
  if (lastKnown && isPatronymicOf(t.vocabulary, a, b)) return undefined;
  // Rhymes differ in the first letter (Jill Hill, Jason Mason, Ann Mann):
  // with both names known they are a real pair, not a typo of one another.
  if (firstKnown && lastKnown && a.charCodeAt(0) !== b.charCodeAt(0)) return undefined;
  const longer = Math.max(a.length, b.length);
  const shorter = Math.min(a.length, b.length);
  if (longer - shorter <= 2 && longer >= 4) {
    const d = levenshteinDistance(a, b);
    if (d <= 1 || (d <= 2 && longer >= 8)) return `first and last name differ by ${d} letter${d === 1 ? '' : 's'}`;
  }
  if (shorter >= 3) {
    const at = a.length > b.length ? a.indexOf(b) : b.indexOf(a);
    if (at === 0 || (at > 0 && !(firstKnown && lastKnown))) return 'one name contains the other';
  }
  return undefined;
}

