import { availableParallelism } from 'node:os';
import { MappingError, parseMaps } from '../batch/mapColumns.js';
import { writtenFilesProblem } from '../batch/sameFile.js';
import { DEFAULT_MAX_MEMORY_MB } from '../batch/threads.js';
import { loadOptional } from '../common/optionalPackages.js';
import type { ChunkRunner } from '../batch/pool.js';
import type { BatchFileOptions, RunnerSay } from '../batch/run.js';
import type { Mapping } from '../batch/types.js';
import type { Checker } from '../checker.js';
import { isIdentitySignalsError } from '../errors.js';
import { REQUIRED_FIELDS } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import { checkOne } from './check.js';
import { scoringOfFlags } from './scoring.js';
import { dataDirOf } from './data.js';
import { UsageError, quoted, wholeFlag } from './args.js';
import type { Flags } from './args.js';
import { openFile } from '../common/files.js';
import { ReadFailure, numberedLines } from '../common/lines.js';
import type { CliIo } from './io.js';
import type { CommandName, FlagName } from './usage.js';

/** How many blank line numbers the closing report lists before it says "…". */
const LISTED_BLANKS = 10;


/**
 * Reads one input a line and writes one JSON line per input, each starting
 * with `line`, the number of its input line, so results join back to the
 * input. A line that cannot be checked gives `{ line, error }` and the batch
 * goes on; blank lines are skipped and counted on stderr at the end.
 */
export async function runBatch(checker: Checker, product: ProductName, file: string, io: CliIo): Promise<number> {
  const input = file === '-' ? io.stdin : (await openFile(file)).createReadStream();
  const blanks: number[] = [];
  let blankCount = 0;
  try {
    for await (const [line, text] of numberedLines(input)) {
      if (text.trim() === '') {
        blankCount++;
        if (blanks.length < LISTED_BLANKS) blanks.push(line);
        continue;
      }
      io.out(JSON.stringify({ line, ...checkLine(checker, product, text) }));
    }
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    io.err(`cannot read ${file === '-' ? 'stdin' : file}: ${(error.reason as Error).message}`);
    return 1;
  }
  if (blankCount > 0) {
    const listed = `${blanks.join(', ')}${blankCount > blanks.length ? ', …' : ''}`;
    io.err(`batch: ${blankCount} blank line${blankCount === 1 ? '' : 's'} skipped (line${blankCount === 1 ? '' : 's'} ${listed})`);
  }
  return 0;
}

/** One line's result, or its error as `{ error: { code, message } }`. */
function checkLine(checker: Checker, product: ProductName, line: string): object {
  try {
    return checkValue(checker, product, line) as object;
  } catch (error) {
    if (!isIdentitySignalsError(error)) throw error;
    return { error: { code: error.code, message: error.message } };
  }
}

function checkValue(checker: Checker, product: ProductName, line: string): unknown {
  const trimmed = line.trim();
  if (trimmed.startsWith('{')) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(trimmed) as Record<string, unknown>;
    } catch {
      return { error: { code: 'INPUT_TYPE', message: 'line is not valid JSON' } };
    }
    // The request fields of the spec's endpoints, as resolve() reads them.
    return checkOne(checker, product, REQUIRED_FIELDS[product].map((field) => request[field]), {
      headers: request.headers as Record<string, string> | undefined,
      defaultCountry: request.default_country as string | undefined,
      country: request.country as string | undefined,
    });
  }
  if (product === 'name') {
    const comma = trimmed.indexOf(',');
    return comma < 0 ? checker.name(trimmed, '') : checker.name(trimmed.slice(0, comma), trimmed.slice(comma + 1));
  }
  return checkOne(checker, product, [trimmed]);
}

// ---------------------------------------------------------------------------
// `batch --input FILE` (CSV or NDJSON, every product, all cores) and `worker`.

function whole(flags: Flags, name: 'workers' | 'skip' | 'chunk' | 'max-memory', min: number, max: number): number | undefined {
  return wholeFlag(flags, name, min, max, name === 'workers' && !flags.given.has('input') ? 'worker' : 'batch');
}

/** `--delimiter` as the character it names, or `undefined` when not given. */
export function delimiterFlag(flags: Flags, command: CommandName): string | undefined {
  const name = flags.given.get('delimiter')?.[0];
  if (name === undefined) return undefined;
  const delimiter = DELIMITER_NAMES[name];
  if (delimiter === undefined) throw new UsageError(`--delimiter must be , ; tab or |, got ${quoted(name)}`, command);
  return delimiter;
}

/** The `--map` flags as a mapping; a mapping that cannot be is a usage fault of `command`. */
export function mapsFlag(flags: Flags, command: CommandName): Mapping {
  try {
    return parseMaps(flags.given.get('map') ?? []);
  } catch (error) {
    if (error instanceof MappingError) throw new UsageError(error.message, command);
    throw error;
  }
}

/**
 * What makes the thread pool of a run of `command` from its flags
 * (`--workers`, else every core; `--max-memory`), loading the pool's code
 * only when called.
 */
export async function poolMaker(flags: Flags, command: CommandName, data: string | undefined): Promise<(mapping: Mapping, say: RunnerSay) => ChunkRunner> {
  const workers = wholeFlag(flags, 'workers', 1, 256, command);
  const budgetMb = wholeFlag(flags, 'max-memory', 1, 1_000_000, command) ?? DEFAULT_MAX_MEMORY_MB;
  const { createPool } = await import('../batch/pool.js');
  return (mapping, { say, warn }) =>
    createPool(workers ?? availableParallelism(), { shareIpData: mapping.ip !== undefined, data, memory: { explicit: workers !== undefined, budgetMb, say, warn } });
}

const DELIMITER_NAMES: Readonly<Record<string, string>> = { ',': ',', ';': ';', tab: '\t', '\t': '\t', '|': '|' };

function checkQueueUrl(url: string, command: 'batch' | 'worker'): string {
  if (!/^rediss?:\/\//.test(url)) throw new UsageError(`--queue takes a Redis URL (redis://host:port), got ${quoted(url)}`, command);
  return url;
}

/** The options of `batch --input`, checked: every fault of the command line is a UsageError before a file is opened. */
export function batchFileOptions(flags: Flags, env: Readonly<Record<string, string | undefined>> = {}): BatchFileOptions {
  const one = (name: FlagName) => flags.given.get(name)?.[0];
  const input = one('input')!;
  const output = one('output') ?? '-';
  const format = one('format') ?? 'ndjson';
  if (format !== 'csv' && format !== 'ndjson') throw new UsageError(`--format must be csv or ndjson, got ${quoted(format)}`, 'batch');
  const delimiter = delimiterFlag(flags, 'batch');
  const maps = mapsFlag(flags, 'batch');
  const fieldsText = one('fields');
  if (fieldsText !== undefined && format !== 'csv') throw new UsageError('--fields chooses the columns of --format csv', 'batch');
  const fields = fieldsText?.split(',').map((f) => f.trim()).filter((f) => f !== '');
  if (fields !== undefined && fields.length === 0) throw new UsageError('--fields needs at least one column', 'batch');
  const queue = one('queue');
  if (queue !== undefined) {
    checkQueueUrl(queue, 'batch');
    if (flags.given.has('workers')) throw new UsageError('--workers is for the worker processes when the chunks go to --queue', 'batch');
    if (flags.given.has('max-memory')) throw new UsageError('--max-memory limits the threads of this process; with --queue the chunks are checked by the worker processes', 'batch');
    if (flags.db.length > 0) throw new UsageError('with --queue, give --db to each worker (the databases are on their machines)', 'batch');
    if (flags.given.has('data')) throw new UsageError('with --queue, give --data to each worker (the data bundle is on their machines)', 'batch');
  }
  // The threads build their own checkers: the bundle goes to them by path (--data, else IDENTITY_SIGNALS_DATA).
  const data = queue === undefined ? dataDirOf(flags, env) : undefined;
  const rejects = one('rejects');
  const report = one('report');
  if (rejects === '-' || report === '-') throw new UsageError('--rejects and --report take a file (stdout is for the results)', 'batch');
  // The files themselves are compared, not their names: ./x.csv, a link or a hard link to the input is the input.
  const problem = writtenFilesProblem(input, [output, rejects, report]);
  if (problem !== undefined) throw new UsageError(problem, 'batch');
  if (flags.given.has('resume') && output === '-') throw new UsageError('--resume reads where --output FILE got to: give the file the killed run wrote', 'batch');
  // Read here, once: the threads (and a queue's workers) get the checked weights and bands with each chunk, not a path to read again.
  const scoring = scoringOfFlags(flags, 'batch');
  if (flags.given.has('resume') && flags.given.has('skip')) throw new UsageError('--resume finds where to go on by itself: give --resume or --skip, not both', 'batch');
  return {
    input,
    output,
    ...(delimiter === undefined ? {} : { delimiter }),
    outputFormat: format,
    ...(fields === undefined ? {} : { fields }),
    maps,
    quiet: flags.given.has('quiet'),
    ...(rejects === undefined ? {} : { rejects }),
    allowRejects: flags.given.has('allow-rejects'),
    ...(report === undefined ? {} : { report }),
    skip: whole(flags, 'skip', 0, 999_999_999) ?? 0,
    ...(flags.given.has('resume') ? { resume: true } : {}),
    ...(flags.given.has('chunk') ? { chunkRows: whole(flags, 'chunk', 1, 100_000)! } : {}),
    checker: {
      ...(flags.bands === undefined ? {} : { bands: flags.bands }),
      ...(scoring === undefined ? {} : { scoring }),
      ...(flags.country === undefined ? {} : { country: flags.country }),
      ...(flags.db.length === 0 ? {} : { databases: flags.db }),
      ...(data === undefined ? {} : { data }),
    },
  };
}

/** `batch --input FILE`: on a pool of threads here, or on the workers of `--queue`. */
export async function runBatchFiles(flags: Flags, io: CliIo): Promise<number> {
  const options = batchFileOptions(flags, io.env ?? process.env);
  // Loaded here, not at the top: the pool, the queue client and the CSV
  // parser would add a second to the start of every single check.
  const makePool = await poolMaker(flags, 'batch', options.checker.data);
  const { BatchUsageError, runBatchFile } = await import('../batch/run.js');
  const queue = flags.given.get('queue')?.[0];
  let runner: ChunkRunner | undefined;
  if (queue !== undefined) {
    // The queue's client (BullMQ, ioredis) only when there is a queue.
    const { QueueUnreachableError, createQueueRunner } = await loadOptional('identity-signals batch --queue', 'queue', () => import('../batch/queue.js'));
    try {
      runner = await createQueueRunner(queue);
    } catch (error) {
      if (!(error instanceof QueueUnreachableError)) throw error;
      io.err(error.message);
      return 1;
    }
  }
  // runBatchFile closes the runner it is given, the queue's included.
  try {
    return await runBatchFile(
      options,
      { ...io, handleSignals: io.stdout !== undefined },
      (mapping, say) => runner ?? makePool(mapping, say),
    );
  } catch (error) {
    if (error instanceof MappingError || error instanceof BatchUsageError) throw new UsageError(error.message, 'none');
    throw error;
  }
}

/** `worker --queue URL`: checks chunks until Ctrl-C, SIGTERM or `io.signal`. */
export async function runWorker(flags: Flags, io: CliIo): Promise<number> {
  const url = checkQueueUrl(flags.given.get('queue')![0]!, 'worker');
  const threads = whole(flags, 'workers', 1, 256) ?? availableParallelism();
  const { QueueUnreachableError, runQueueWorker } = await loadOptional('identity-signals worker', 'queue', () => import('../batch/queue.js'));
  const stopped = new Promise<void>((done) => {
    io.signal?.addEventListener('abort', () => done(), { once: true });
    if (io.stdout !== undefined) {
      process.once('SIGINT', () => done());
      process.once('SIGTERM', () => done());
    }
  });
  try {
    await runQueueWorker(url, threads, flags.db, stopped, io.err, dataDirOf(flags, io.env ?? process.env));
  } catch (error) {
    if (!(error instanceof QueueUnreachableError)) throw error;
    io.err(error.message);
    return 1;
  }
  return 0;
}
