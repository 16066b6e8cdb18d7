import type { ScoringOptions } from '../registry.js';
import type { ProductName } from '../scoring/index.js';

/** How the rows of an input are written. */
export type InputFormat = 'csv' | 'ndjson';

/** How the results are written. */
export type OutputFormat = 'csv' | 'ndjson';

/**
 * What a column can feed: a product, or `country`, the row's own country
 * (ISO 3166-1 alpha-2), which the phone reads national numbers with, the
 * name takes as its hint and the identity as the declared country.
 */
export type MappedField = ProductName | 'country';

/**
 * Which columns feed which product: one column each, two for `name` (first,
 * last) or one holding the whole name, one for `country`. A product absent
 * from the mapping is not checked.
 */
export type Mapping = Readonly<Partial<Record<MappedField, readonly string[]>>>;

/** The checker options a batch passes to every worker: plain values, so they cross threads and machines. */
export interface BatchCheckerOptions {
  readonly bands?: 'default' | 'scorecard';
  /**
   * `--scoring FILE`, read and checked once by the run: the weights and
   * bands themselves (plain JSON), so every thread and every queue worker
   * scores with what the run read, whatever files their machines hold.
   * Replaces `bands`.
   */
  readonly scoring?: ScoringOptions;
  /** `--country`: the country of rows without their own (a country column's empty cell): of national numbers, and the name's hint. */
  readonly country?: string;
  readonly databases?: readonly string[];
  /** A data bundle directory (createChecker's `data`), by path: each thread opens it. */
  readonly data?: string;
}

/**
 * One chunk of input rows as read, before parsing: the raw text of each
 * record and the input line it starts on. Parsing happens in the worker, so
 * the reading thread only frames records and every core shares the parsing.
 */
export interface ChunkTask {
  /** Position of the chunk in the input, from 0: results are written in this order. */
  readonly seq: number;
  readonly format: InputFormat;
  /** CSV: the field delimiter and the header's column names. */
  readonly delimiter: string;
  readonly columns: readonly string[];
  readonly mapping: Mapping;
  readonly records: readonly string[];
  readonly lines: readonly number[];
  /**
   * `scored`: the rows `evaluate` and `tune` read: `line`, `label` and per
   * product and identity only `score` and the reasons' `code` and `points`
   * (a refused check `{ error: code }`), a tenth of a full row's text.
   */
  readonly output: OutputFormat | 'scored';
  /**
   * A column whose cell is carried, as written, into the row's `label`
   * (`evaluate`, `tune`): a row without it is rejected as one without a
   * mapped column is. Its values are read by the run, not here.
   */
  readonly label?: string;
  /** CSV output: the columns, dotted paths into the row (`email.score`). */
  readonly fields: readonly string[];
  readonly checker: BatchCheckerOptions;
  /** Collect the figures of the HTML report. */
  readonly report: boolean;
  /**
   * Thread pool only: memory for the chunk's output, moved to the worker
   * thread, from an earlier chunk's output once it was written (see
   * {@link ChunkResult.text}).
   */
  readonly buffer?: ArrayBuffer;
}

/** Counts of one product over some rows, mergeable: what the HTML report draws. */
export interface ProductStats {
  /** Rows whose cell for this product was empty (not checked). */
  empty: number;
  /** Rows whose check threw (an input the check refused). */
  errors: number;
  /** Scores in bins of 50: bin i holds scores i*50 .. i*50+49 (1000 in the last). */
  histogram: number[];
  clusters: Record<string, number>;
  reasons: Record<string, number>;
  /** Top values per dimension (domain, country, carrier, category). */
  tops: Record<string, Record<string, number>>;
}

/** {@link ProductStats} of every product checked. */
export type BatchStats = Partial<Record<ProductName, ProductStats>>;

/** What a worker gives back for one {@link ChunkTask}. */
export interface ChunkResult {
  readonly seq: number;
  /**
   * The output rows, each ending with a newline. From the thread pool, as
   * UTF-8 bytes moved (not copied) out of the worker thread: the reading
   * thread writes them as they are, and never holds the text on its heap.
   */
  readonly text: string | Uint8Array;
  /** The rejected rows as NDJSON `{ line, reason, record }`, each ending with a newline. */
  readonly rejects: string;
  readonly checked: number;
  readonly rejected: number;
  /** The input lines of the rejected rows (all of them: a chunk is small). */
  readonly rejectLines: readonly number[];
  readonly stats?: BatchStats;
}

/** Where a runner says something on stderr while the run goes on. */
export interface RunnerSay {
  /** A note (the threads chosen): silent with `--quiet`. */
  readonly say: (line: string) => void;
  /** A warning: said even with `--quiet`. */
  readonly warn: (line: string) => void;
}
