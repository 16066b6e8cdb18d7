/**
 * Everything the joke reader keeps: its tables (the reading words' code
 * tries, the phrase table, the sentence words), opened from the bundle on
 * first use, and its caches and scratch buffers. One per reader
 * (src/name/reading/index.ts NameReader); the reading's functions receive it.
 */
import { BoundedCache, type CacheKey } from '../../common/boundedCache.js';
import type { DataBundle } from '../../data/bundle.js';
import { PHRASES, SENTENCE_WORDS } from '../data/formats.js';
import { LineTable } from '../data/lineTable.js';
import type { Vocabulary } from '../data/vocabulary.js';
import { SoundKeys } from '../sound.js';
import { buildReadingIndex, buildSpelledWords, MAX_WORDS, type CodeNode, type PhraseLine, type ReadingIndex, type SpelledWords } from './wordTables.js';
import { buildNounIndex, buildSentenceIndex, SaidKeys, type Opening, type SentenceIndex } from './saidKeys.js';
import { TokenCodes } from './tokenCodes.js';

/** Lines of the phrase table remembered (of ~54,000); a line is a few phrases, so this is well under a megabyte. */
const PHRASE_LINE_CACHE_SIZE = 8192;
/** Openings of recent given names (given names repeat; the key search is the costly part). */
const OPENING_CACHE_SIZE = 4096;

/** The phrase table with its remembered lines, keyed by line offset. */
export interface PhraseTable {
  readonly table: LineTable;
  readonly lines: BoundedCache<number, PhraseLine>;
}

export class ReaderState {
  private readingIndex: ReadingIndex | undefined;
  private phraseTable: PhraseTable | undefined;
  private spelledWords: SpelledWords | undefined;
  private sentenceIndex: SentenceIndex | undefined;
  private nounIndex: ReadonlyMap<string, readonly string[]> | undefined;

  /** The Double Metaphone codes of tokens read, remembered. */
  readonly codes = new TokenCodes();
  /** The writer of sound keys. */
  readonly sound = new SoundKeys();
  /** The writer of said keys. */
  readonly said = new SaidKeys();

  /**
   * `ok[i]` (1 or 0): the code from position i on splits wholly into words
   * read after another (computed from the end, reading.ts `finishes`).
   */
  ok = new Uint8Array(64);
  /** The path of the split search so far, per depth: the word, whether it is a punchline word, its sound key, where it starts and ends. */
  readonly pathWords: string[] = [];
  readonly pathPunch: boolean[] = [];
  readonly pathKeys: string[] = [];
  readonly pathFrom: number[] = [];
  readonly pathTo: number[] = [];
  /** Per depth, the trie nodes met along the code from the word's start (index = length). */
  readonly pathNodes: (CodeNode | undefined)[][] = Array.from({ length: MAX_WORDS }, () => []);

  /** The openings of recent given names (sentences.ts `openingOf`). */
  readonly openings = new BoundedCache<CacheKey, Opening>(OPENING_CACHE_SIZE);
  /** The words read so far by the opening search, by depth. */
  readonly stack: string[] = [];
  /** The sound key of the given name whose openings are being searched, and how far each kind of opening found is spelt from it (sentences.ts `keep`). */
  searchedKey = '';
  readonly spelt = [NaN, NaN, NaN, NaN];

  constructor(
    private readonly bundle: DataBundle,
    /** The name vocabulary (its `reading` words; particles and suffixes for `readingWords`). */
    readonly vocabulary: () => Vocabulary,
  ) {}

  /** The reading words' code tries. */
  get index(): ReadingIndex {
    return (this.readingIndex ??= buildReadingIndex(this.vocabulary().reading, this.sound));
  }

  /** The everyday phrases by code, with their remembered lines. */
  get phrases(): PhraseTable {
    return (this.phraseTable ??= { table: new LineTable(this.bundle.load(PHRASES).phrases), lines: new BoundedCache<number, PhraseLine>(PHRASE_LINE_CACHE_SIZE) });
  }

  /** The punchline words spelt inside a token, and the words that may come before one. */
  get spelled(): SpelledWords {
    return (this.spelledWords ??= buildSpelledWords(this.vocabulary().reading));
  }

  /** The sentence words' classes. */
  get sentences(): SentenceIndex {
    return (this.sentenceIndex ??= buildSentenceIndex(this.bundle.load(SENTENCE_WORDS), this.said));
  }

  /** The nouns by said key, made only when a name first reads as "… a" + a noun. */
  get nouns(): ReadonlyMap<string, readonly string[]> {
    return (this.nounIndex ??= buildNounIndex(this.bundle.load(SENTENCE_WORDS), this.said));
  }

  /** Builds every table now. */
  preload(): void {
    this.bundle.load(PHRASES);
    this.bundle.load(SENTENCE_WORDS);
    void this.index;
    this.phrases.table.loadAll();
    void this.spelled;
    void this.sentences;
    void this.nouns;
  }
}
