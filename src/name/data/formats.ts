/**
 * The name datasets of a bundle, declared once for their builders
 * (scripts/name/) and their loaders (tables.ts, lists.ts, likeness.ts).
 */
import { dataset, isNumber, isString, isStringArray, objectWith, recordOf, arrayOf } from '../../data/format.js';
import type { DatasetFormat } from '../../data/format.js';
import type { ListsData } from './lists.js';
import { NGRAM_SYMBOLS } from './ngram.js';
import type { NgramData } from './ngram.js';
import type { VocabularyData } from './vocabulary.js';


/** A line-table text (src/name/data/lineTable.ts): a string (its lines are read in place; the sha256 of the file already vouches for them). */
const isLineTable = (v: unknown, p: string): string | null => (typeof v === 'string' ? null : `${p} must be a string of lines`);
/** Lines of a line-table text: one more than its newlines (none when empty). */
const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length);

/** A name dataset holding one line table under `key`, counted by its lines. */
function lineTableDataset<T extends Readonly<Record<K, string>>, K extends string>(name: string, formatVersion: number, key: K): DatasetFormat<T> {
  return dataset<T>({
    product: 'name',
    name,
    file: `name/${name}.json`,
    formatVersion,
    encoding: 'json',
    check: (d) => objectWith(d, 'data', { [key]: isLineTable }),
    records: (d) => lineCount(d[key]),
  });
}

/** First names with SSA births and faker pseudo-births per sex, and names known without a sex, as one line table. */
export const FIRST_NAMES = lineTableDataset<FirstNamesData, 'names'>('first-names', 3, 'names');

/** Surnames weighted by the locales listing them, as one line table. */
export const LAST_NAMES = lineTableDataset<LastNamesData, 'names'>('last-names', 3, 'names');

/** Placeholder, fictional, famous, humorous and vulgar names. */
export const NAME_LISTS = dataset<ListsData>({
  product: 'name',
  name: 'lists',
  file: 'name/lists.json',
  formatVersion: 2,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      labels: isStringArray,
      entries: isLineTable,
      bySound: (v, p) => objectWith(v, p, { placeholder: isLineTable, humorous: isLineTable }),
    }),
  records: (d) => lineCount(d.entries),
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
  formatVersion: 2,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      particles: isStringArray,
      legalForms: isStringArray,
      nameSuffixes: isStringArray,
      patronymicSuffixes: isStringArray,
      surnameEndings: (v, p) => arrayOf(v, p, isStringArray),
      titleGender: isRecord,
      reading: (v, p) =>
        objectWith(v, p, {
          punch: isStringArray,
          glue: isStringArray,
          phrases: isStringArray,
          codes: (c, cp) => recordOf(c, cp, (pair, pp) => (Array.isArray(pair) && pair.length === 2 ? arrayOf(pair, pp, isStringArray) : `${pp} must be [initial codes, inner codes]`)),
        }),
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
export const SURNAME_COUNTRIES = lineTableDataset<SurnameCountriesData, 'surnames'>('surname-countries', 2, 'surnames');

/** Everyday English words and expressions by their Double Metaphone reading, as one line table (src/name/reading/reading.ts, scripts/name/phrases.ts). */
export const PHRASES = lineTableDataset<PhrasesData, 'phrases'>('phrases', 1, 'phrases');

/** The words a joke name is read as a short sentence of, by word class (src/name/reading/sentences.ts, scripts/name/sentences.ts). */
export const SENTENCE_WORDS = dataset<SentenceWordsData>({
  product: 'name',
  name: 'sentence-words',
  file: 'name/sentence-words.json',
  formatVersion: 2,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      subject: isStringArray,
      copula: isStringArray,
      modal: isStringArray,
      object: isStringArray,
      article: isStringArray,
      auxiliary: isStringArray,
      third: isStringArray,
      verbs: isStringArray,
      transitive: isStringArray,
      personal: isStringArray,
      adverbs: isStringArray,
      nouns: isStringArray,
    }),
  records: (d) => d.verbs.length + d.adverbs.length + d.nouns.length,
});

/** Every name dataset. */
export const NAME_DATASETS = [FIRST_NAMES, LAST_NAMES, NAME_LISTS, NGRAM, VOCABULARY, GIVEN_NAMES, SURNAME_COUNTRIES, PHRASES, SENTENCE_WORDS] as const;

/**
 * Shape of data/name/first-names.json (inside the generated envelope): one
 * {@link LineTable} text, searched in place (no Map of 73,000 names to
 * build on the first call). A line `name\tmale\tfemale` is a name with sex
 * evidence (SSA births + pseudo-births counted as male, as female); a line
 * `name` alone a first name known without a sex (generic faker lists,
 * tokens of compound names).
 */
export interface FirstNamesData {
  readonly names: string;
}

/** Shape of data/name/last-names.json: one {@link LineTable} text of `surname\tweight` lines. */
export interface LastNamesData {
  readonly names: string;
}

/** Shape of data/name/phrases.json (scripts/name/phrases.ts). */
export interface PhrasesData {
  /**
   * A line table (src/name/data/lineTable.ts): `CODE<TAB>phrase|phrase…`,
   * each phrase under every Double Metaphone reading it starts a phrase
   * with (`wordReadings(words).initial`) of MIN_PHRASE_CODE+ letters.
   */
  readonly phrases: string;
}

/** Shape of data/name/sentence-words.json (scripts/name/sentences.ts). */
export interface SentenceWordsData {
  /** Subject pronouns taking a verb's base form (i, you, we, they). */
  readonly subject: readonly string[];
  /** A subject joined to 'm/'re (i'm, you're). */
  readonly copula: readonly string[];
  /** A subject joined to 'll/'d (i'll, i'd). */
  readonly modal: readonly string[];
  /** Object pronouns (me, you, him…). */
  readonly object: readonly string[];
  /** The indefinite article (a). */
  readonly article: readonly string[];
  /** Auxiliaries opening a question, followed by a subject and a verb's base form (will, can, did). */
  readonly auxiliary: readonly string[];
  /** Subjects taking the -s form (he, she, it), read only after an auxiliary. */
  readonly third: readonly string[];
  /** Common verbs (WordNet 3.1, SemCor count). */
  readonly verbs: readonly string[];
  /** The verbs listed with "Somebody ----s something". */
  readonly transitive: readonly string[];
  /** The verbs listed with "Somebody ----s somebody". */
  readonly personal: readonly string[];
  /** Common adverbs. */
  readonly adverbs: readonly string[];
  /** Nouns. */
  readonly nouns: readonly string[];
}

/**
 * Shape of data/name/given-by-country.json. `given`: folded given name →
 * `"IT100 US1 DE3"`: country (ISO 3166 alpha-2) and male share in percent,
 * for every country with evidence, only for names whose call (M, F or
 * mixed) is not the same everywhere.
 */
export interface GivenNamesData {
  /** Every country code used, sorted. */
  readonly countries: readonly string[];
  readonly given: Readonly<Record<string, string>>;
}

/** Shape of data/name/surname-countries.json: a line table (src/name/data/lineTable.ts) of `surname\tIT SM`, the countries whose name lists hold it. */
export interface SurnameCountriesData {
  readonly surnames: string;
}
