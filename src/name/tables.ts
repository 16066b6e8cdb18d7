/**
 * The tables a name check reads, opened once per checker from the bundle
 * it is given: the first- and last-name tables, the curated lists, the
 * given names by country, the surname countries, the vocabulary, the
 * character model and the plain-letter folds, and the joke reader with
 * its own tables and caches. Each loads on first use; `preload()` loads
 * them all. The rules receive this object (or the table they read) as an
 * argument, so a signature says what data it reads.
 */
import { loadLevenshtein } from '../common/levenshtein.js';
import type { DataBundle } from '../data/bundle.js';
import type { DataContext } from '../data/context.js';
import type { DatasetFormat } from '../data/format.js';
import { plainFoldTable, type PlainFolds } from './data/fold.js';
import { FIRST_NAMES, GIVEN_NAMES, LAST_NAMES, NAME_DATASETS, NAME_LISTS, NGRAM, SURNAME_COUNTRIES, VOCABULARY } from './data/formats.js';
import { countSurnameCountries, openGivenByCountry, surnameCountries } from './data/given.js';
import { openLikeness, type LikenessModel } from './data/likeness.js';
import { LineTable } from './data/lineTable.js';
import { loadWholeLists, openLists, type NameLists } from './data/lists.js';
import { isKnownFirstName } from './data/tables.js';
import { openVocabulary, type Vocabulary } from './data/vocabulary.js';
import { NameReader } from './reading/index.js';

/**
 * The name tables of one checker.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * tables.first.find('mary') >= 0; // true
 */
export class NameTables {
  private firstTable: LineTable | undefined;
  private lastTable: LineTable | undefined;
  private listsTable: NameLists | undefined;
  private given: ReadonlyMap<string, ReadonlyMap<string, number>> | undefined;
  private surnameTable: LineTable | undefined;
  private countryCounts: ReadonlyMap<string, number> | undefined;
  private vocabularySets: Vocabulary | undefined;
  private model: LikenessModel | undefined;
  private folds: PlainFolds | undefined;
  private nameReader: NameReader | undefined;

  /** The sex counts src/name/data/tables.ts firstNameCountsAt reads into: one object, overwritten by each call (the hot path allocates nothing). */
  readonly countsScratch = { male: 0, female: 0 };

  constructor(readonly bundle: DataBundle) {}

  /** First names with their sex evidence (src/name/data/tables.ts), one line table. */
  get first(): LineTable {
    return (this.firstTable ??= new LineTable(this.bundle.load(FIRST_NAMES).names));
  }

  /** Surnames weighted by the locales listing them, one line table. */
  get last(): LineTable {
    return (this.lastTable ??= new LineTable(this.bundle.load(LAST_NAMES).names));
  }

  /** The curated lists (src/name/data/lists.ts). */
  get lists(): NameLists {
    return (this.listsTable ??= openLists(this.bundle.load(NAME_LISTS)));
  }

  /** Given name → male share by country, for names whose sex differs between countries. */
  get givenByCountry(): ReadonlyMap<string, ReadonlyMap<string, number>> {
    return (this.given ??= openGivenByCountry(this.bundle.load(GIVEN_NAMES)));
  }

  /** Surname → the countries whose name lists hold it, one line table (loaded apart: only a name read differently between countries needs it). */
  get surnames(): LineTable {
    return (this.surnameTable ??= new LineTable(this.bundle.load(SURNAME_COUNTRIES).surnames));
  }

  /** How many surnames each country's name lists hold. */
  get surnameCountryCounts(): ReadonlyMap<string, number> {
    return (this.countryCounts ??= countSurnameCountries(this.surnames));
  }

  /** The small vocabularies (particles, legal forms, suffixes, surname endings, titles, reading words). */
  get vocabulary(): Vocabulary {
    return (this.vocabularySets ??= openVocabulary(this.bundle.load(VOCABULARY)));
  }

  /** The character trigram model of name-likeness. */
  get likeness(): LikenessModel {
    return (this.model ??= openLikeness(this.bundle.load(NGRAM)));
  }

  /** The plain-letter folds of src/name/data/fold.ts foldPlainLetters (no bundle data: built here so no module holds it). */
  get plainFolds(): PlainFolds {
    return (this.folds ??= plainFoldTable());
  }

  /** The joke reader (src/name/reading/): its tables and caches are its own. */
  get reader(): NameReader {
    return (this.nameReader ??= new NameReader(this.bundle, () => this.vocabulary));
  }

  /**
   * Whether a folded first name is known (src/name/data/tables.ts
   * isKnownFirstName), for the identity check's name and e-mail rule.
   */
  isKnownFirstName(folded: string): boolean {
    return isKnownFirstName(this, folded);
  }

  /** The countries whose name lists hold a folded surname (src/name/data/given.ts surnameCountries), for the identity check's origin rule. */
  surnameCountries(folded: string): readonly string[] {
    return surnameCountries(this, folded);
  }

  /** Reads and verifies every name dataset, then builds every table and index the checks would build on first use. */
  preload(): void {
    for (const format of NAME_DATASETS as readonly DatasetFormat<never>[]) this.bundle.load(format);
    this.first.loadAll();
    this.last.loadAll();
    loadWholeLists(this.lists);
    void this.givenByCountry;
    this.surnames.loadAll();
    void this.surnameCountryCounts;
    void this.vocabulary;
    void this.likeness;
    void this.plainFolds;
    this.reader.preload();
    loadLevenshtein();
  }
}

/**
 * Opens the name tables of `context`'s bundle (nothing is read until a
 * table is first used).
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * surnameCountries(tables, 'rossi'); // ['IT']
 */
export function openNameTables(context: Pick<DataContext, 'bundle'>): NameTables {
  return new NameTables(context.bundle);
}
