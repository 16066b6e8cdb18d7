/**
 * The joke reader (NAME_HUMOROUS_READING): whether a name reads aloud as a
 * joke, and as what. The name check asks it one question
 * ({@link NameReader.read}); how a name is read (Double Metaphone codes,
 * the reading words, everyday phrases, short sentences, sound and said
 * keys) and what is kept to read the next one faster are the reader's own.
 */
import type { DataBundle } from '../../data/bundle.js';
import type { Vocabulary } from '../data/vocabulary.js';
import { readingOfParts, type CodesOf } from './reading.js';
import { ReaderState } from './state.js';

export { MIN_PHRASE_CODE, wordReadings, type PhrasesData } from './reading.js';
export { NOUN_SYLLABLES, type SentenceWordsData } from './sentences.js';
export { saidKey, syllables } from './saidKeys.js';

/**
 * Where the reader may keep what it works out about a token for the rest
 * of the check and later ones (src/name/facts.ts CheckFacts.keep): the
 * value `compute(key)` gives, asked once per key.
 */
export type TokenKeeper = <T>(key: string, compute: (key: string) => T) => T;

/**
 * The joke reader of one checker: its tables, opened from the bundle on
 * first use, and its caches.
 *
 * @example
 * const bundle = openData(undefined).bundle;
 * const tables = openNameTables(openData(undefined));
 * const reader = new NameReader(bundle, () => tables.vocabulary);
 * reader.read(['mike'], ['hunt'], () => true) // 'reads as "my cunt" (MKNT)'
 * reader.read(['rick'], ['hunt'], () => true) // undefined
 */
export class NameReader {
  /** @internal Everything the reading keeps (for the reader's own tests). */
  readonly state: ReaderState;
  private keeper: TokenKeeper | undefined;
  private keptCodes: CodesOf | undefined;
  private readonly computeCodes = (token: string): string | readonly string[] => this.state.codes.of(token);

  constructor(bundle: DataBundle, vocabulary: () => Vocabulary) {
    this.state = new ReaderState(bundle, vocabulary);
  }

  /**
   * What a name reads as when it reads aloud as a joke (`reads as "my cunt"
   * (MKNT)`), or `undefined`.
   *
   * @param given - the folded tokens of the given-name part (titles left out)
   * @param family - the folded tokens of the surname part
   * @param isKnownName - whether a folded token is a real first or last name
   * @param plain - every token is letters a-z only (each is then its own letters, not scanned again)
   * @param keep - where to keep what is worked out per token (the check's facts); the reader's own memo otherwise
   */
  read(given: readonly string[], family: readonly string[], isKnownName: (token: string) => boolean, plain = false, keep?: TokenKeeper): string | undefined {
    let codes: CodesOf | undefined;
    if (keep !== undefined) {
      if (keep !== this.keeper) {
        this.keeper = keep;
        this.keptCodes = (token) => keep(token, this.computeCodes);
      }
      codes = this.keptCodes;
    }
    return readingOfParts(this.state, given, family, isKnownName, plain, codes);
  }

  /** Opens every table of the reader now (a checker's `preload()`). */
  preload(): void {
    this.state.preload();
  }
}
