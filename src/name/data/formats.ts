/**
 * The name datasets of a bundle, declared once for their builders
 * (scripts/name/) and their loaders (tables.ts, lists.ts, likeness.ts).
 */
import { dataset, isNumber, isString, isStringArray, objectWith, recordOf, arrayOf } from '../../data/format.js';
import type { ListsData } from './lists.js';
import { NAME_LIST_KINDS } from './lists.js';
import { NGRAM_SYMBOLS } from './ngram.js';
import type { NgramData } from './ngram.js';
import type { FirstNamesData, LastNamesData } from './tables.js';
import type { VocabularyData } from './vocabulary.js';
import type { GivenNamesData, SurnameCountriesData } from './given.js';

const isNumberArray = (v: unknown, p: string): string | null => arrayOf(v, p, isNumber);

/** First names with SSA births and faker pseudo-births per sex. */
export const FIRST_NAMES = dataset<FirstNamesData>({
  product: 'name',
  name: 'first-names',
  file: 'name/first-names.json',
  formatVersion: 2,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', { names: isStringArray, male: isNumberArray, female: isNumberArray, knownOnly: isStringArray }) ??
    ((d as FirstNamesData).male.length === (d as FirstNamesData).names.length && (d as FirstNamesData).female.length === (d as FirstNamesData).names.length
      ? null
      : 'data.names, data.male and data.female differ in length'),
  records: (d) => d.names.length + d.knownOnly.length,
});

/** Surnames weighted by the locales listing them. */
export const LAST_NAMES = dataset<LastNamesData>({
  product: 'name',
  name: 'last-names',
  file: 'name/last-names.json',
  formatVersion: 2,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', { names: isStringArray, weights: isNumberArray }) ??
    ((d as LastNamesData).weights.length === (d as LastNamesData).names.length ? null : 'data.names and data.weights differ in length'),
  records: (d) => d.names.length,
});

/** Placeholder, fictional, famous, humorous and vulgar names. */
export const NAME_LISTS = dataset<ListsData>({
  product: 'name',
  name: 'lists',
  file: 'name/lists.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      labels: isStringArray,
      kinds: (v, p) => objectWith(v, p, Object.fromEntries(NAME_LIST_KINDS.map((k) => [k, (r: unknown, rp: string) => recordOf(r, rp, isNumber)]))),
    }),
  records: (d) => NAME_LIST_KINDS.reduce((n, k) => n + Object.keys(d.kinds[k]).length, 0),
});

/** The character trigram model of name-likeness. */
export const NGRAM = dataset<NgramData>({
  product: 'name',
  name: 'ngram',
  file: 'name/ngram.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', { table: isString, threshold: isNumber, quantile: isNumber, trainTokens: isNumber, heldOutTokens: isNumber }) ??
    (Buffer.from((d as NgramData).table, 'base64').length === NGRAM_SYMBOLS ** 3 ? null : `data.table does not hold ${NGRAM_SYMBOLS}³ bytes`),
  /** Trigram cells of the table. */
  records: () => NGRAM_SYMBOLS ** 3,
});

const isRecord = (v: unknown, p: string): string | null => recordOf(v, p, isString);

/** Particles, legal forms, suffixes, surname endings, title sexes and the reading words (src/name/data/vocabulary.ts). */
export const VOCABULARY = dataset<VocabularyData>({
  product: 'name',
  name: 'vocabulary',
  file: 'name/vocabulary.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      particles: isStringArray,
      legalForms: isStringArray,
      nameSuffixes: isStringArray,
      patronymicSuffixes: isStringArray,
      surnameEndings: (v, p) => arrayOf(v, p, isStringArray),
      titleGender: isRecord,
      reading: (v, p) => objectWith(v, p, { punch: isStringArray, glue: isStringArray, phrases: isStringArray }),
      repeatedName: (v, p) => objectWith(v, p, { maxUsBirths: isNumber, minSurnameWeight: isNumber, birthsPerSurnameSource: isNumber }),
    }),
  records: (d) => d.particles.length + d.legalForms.length + d.nameSuffixes.length + d.patronymicSuffixes.length + d.surnameEndings.length,
});

/** Given names read differently between countries, with the male share per country (src/name/data/given.ts). */
export const GIVEN_NAMES = dataset<GivenNamesData>({
  product: 'name',
  name: 'given-by-country',
  file: 'name/given-by-country.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) => objectWith(d, 'data', { countries: isStringArray, given: (v, p) => recordOf(v, p, isString) }),
  records: (d) => Object.keys(d.given).length,
});

/** The countries whose name lists hold each surname (src/name/data/given.ts); read only for a name read differently between countries. */
export const SURNAME_COUNTRIES = dataset<SurnameCountriesData>({
  product: 'name',
  name: 'surname-countries',
  file: 'name/surname-countries.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) => objectWith(d, 'data', { surnames: (v, p) => recordOf(v, p, isString) }),
  records: (d) => Object.keys(d.surnames).length,
});

/** Every name dataset. */
export const NAME_DATASETS = [FIRST_NAMES, LAST_NAMES, NAME_LISTS, NGRAM, VOCABULARY, GIVEN_NAMES, SURNAME_COUNTRIES] as const;
