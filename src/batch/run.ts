import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { openFile } from '../common/files.js';
import { numberedLines } from '../common/lines.js';
import { MappingError, describeMapping, labelColumn, mapColumns, mappedProducts } from './mapColumns.js';
import type { ChunkRunner } from './pool.js';
import type { RunnerSay } from './types.js';

export type { RunnerSay } from './types.js';
import { createProgress } from './progress.js';
import { CsvFramer, detectDelimiter, formatOfLine, formatOfPath, parseCsvRecord } from './read.js';
import type { FramedRecord } from './read.js';
import { renderReport } from './report.js';
import { ResumeError, resumePoint } from './resume.js';
import { destroysInput, inodeKey, writtenFilesProblem } from './sameFile.js';
import { mergeStats } from './stats.js';
import type { BatchCheckerOptions, BatchStats, ChunkResult, ChunkTask, InputFormat, Mapping, OutputFormat } from './types.js';
import { checkFields, csvCell, defaultFields, endStream, writeText, writeThrough } from './write.js';

/** A batch run over files, as the command line asked for it. */
export interface BatchFileOptions {
  /** A path, or `-` for stdin. */
  readonly input: string;
  /** A path, or `-` for stdout. */
  readonly output: string;
  readonly format?: InputFormat;
  readonly delimiter?: string;
  /** `scored`: the rows of `evaluate` and `tune` (see {@link ChunkTask.output}). */
  readonly outputFormat: OutputFormat | 'scored';
  readonly fields?: readonly string[];
  /** The column carried into each row's `label` (`--label`, found as `--map` finds a column). */
  readonly label?: string;
  /** The `--map` values read (products the person mapped, or left out with `product=`). */
  readonly maps: Mapping;
  readonly quiet: boolean;
  readonly rejects?: string;
  readonly allowRejects: boolean;
  readonly report?: string;
  /** Rows (records after the header) to pass over: a stopped run's resume point. */
  readonly skip: number;
  /**
   * Go on after a run that was killed without a word (kill -9, a crash): the
   * resume point is read from the output itself (see {@link resumePoint}).
   */
  readonly resume?: boolean;
  /** Rows per chunk. @default 1000 divided among the products checked (a row of all five is seven times the output of an e-mail row) */
  readonly chunkRows?: number;
  readonly checker: BatchCheckerOptions;
}

/** What a batch run reads and writes. */
export interface BatchIo {
  readonly stdin: NodeJS.ReadableStream;
  /** The process's stdout; without it, `-` output goes line by line to {@link BatchIo.out}. */
  readonly stdout?: NodeJS.WritableStream;
  /** The process's stderr, for the progress bar (drawn only on a terminal). */
  readonly stderr?: NodeJS.WritableStream;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Stops the run cleanly, as SIGINT does. */
  readonly signal?: AbortSignal;
  /** Stop cleanly on SIGINT and SIGTERM (the bin; never in-process, where the signals are the host's). */
  readonly handleSignals?: boolean;
  /** Given every chunk of the input's bytes as read (`tune` hashes the bytes it checked). */
  readonly onRead?: (chunk: Buffer | string) => void;
}


/** A fault of the command line found while opening the files (exit 2). */
export class BatchUsageError extends Error {
  override readonly name = 'BatchUsageError';
}

/** How many reject line numbers the summary lists before "…". */
const LISTED_REJECTS = 10;

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** The file a run reads, to tell it from the files it writes; `undefined` for stdin or anything but a regular file. */
interface InputFile {
  readonly path: string;
  readonly key: string | undefined;
}

/**
 * Opens a file for writing (appending on a resumed run) without truncating
 * it, checks that the file opened is not the input, and only then empties
 * it: a link made to the input between the command line's check and this
 * open still cannot destroy it. A path that cannot be written is a usage fault.
 */
async function openForWriting(path: string, append: boolean, what: string, input: InputFile): Promise<{ handle: FileHandle; wasEmpty: boolean }> {
  let handle: FileHandle;
  try {
    handle = await open(path, append ? 'a' : constants.O_WRONLY | constants.O_CREAT);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BatchUsageError(`cannot write ${what} ${path}: ${code === 'ENOENT' ? 'no such folder' : (error as Error).message}`);
  }
  try {
    const stats = await handle.stat({ bigint: true });
    if (stats.isFile() && input.key !== undefined && inodeKey(stats) === input.key) throw new BatchUsageError(destroysInput(path, input.path));
    if (!append && stats.isFile() && stats.size > 0n) await handle.truncate(0);
    return { handle, wasEmpty: !append || stats.size === 0n };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** {@link openForWriting}, as a stream. */
async function openOutput(path: string, append: boolean, what: string, input: InputFile): Promise<{ stream: Writable; wasEmpty: boolean }> {
  const { handle, wasEmpty } = await openForWriting(path, append, what, input);
  return { stream: handle.createWriteStream(), wasEmpty };
}

/** `io.out` as a stream, for in-process runs without a stdout. */
function linesTo(out: (line: string) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('utf8');
      out(text.endsWith('\n') ? text.slice(0, -1) : text);
      done();
    },
  });
}

/**
 * Checks every row of a CSV or NDJSON file for every mapped product, on
 * the runner `makeRunner` gives for the mapping found (a thread pool or a
 * queue), and writes the results in input order.
 * Returns the exit code: 0 when no row was rejected (or `allowRejects`), 1
 * when some were or the input failed mid-read, 130/143 when stopped by
 * SIGINT/SIGTERM (after writing every row read so far and saying how to
 * resume). Throws {@link BatchUsageError} or {@link MappingError} for faults
 * of the command line found on opening.
 */
export async function runBatchFile(options: BatchFileOptions, io: BatchIo, makeRunner: (mapping: Mapping, say: RunnerSay) => ChunkRunner): Promise<number> {
  const started = performance.now();
  let size: number | undefined;
  let input: NodeJS.ReadableStream;
  let inputFile: InputFile = { path: options.input, key: undefined };
  if (options.input === '-') input = io.stdin;
  else {
    // Refused before the input is read: the files written must be neither the input nor each other (a caller from code has no command line that checked).
    const problem = writtenFilesProblem(options.input, [options.output, options.rejects, options.report]);
    if (problem !== undefined) throw new BatchUsageError(problem);
    const handle = await openFile(options.input);
    const stats = await handle.stat({ bigint: true });
    size = Number(stats.size);
    if (stats.isFile()) inputFile = { path: options.input, key: inodeKey(stats) };
    input = handle.createReadStream({ highWaterMark: 1 << 16 });
  }
  let stopped: NodeJS.Signals | undefined;
  let bytesRead = 0;
  async function* counted(): AsyncGenerator<Buffer | string> {
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      bytesRead += chunk.length;
      io.onRead?.(chunk);
      yield chunk;
    }
  }
  const lines = numberedLines(counted())[Symbol.asyncIterator]();
  let readError: unknown;
  const nextLine = async (): Promise<readonly [number, string] | undefined> => {
    try {
      const next = await lines.next();
      return next.done ? undefined : next.value;
    } catch (error) {
      // A stop destroys the input to end a read that may wait for ever (a pipe with no more to say); that is no read error.
      if (stopped === undefined) readError = (error as { reason?: unknown }).reason ?? error;
      return undefined;
    }
  };

  // The first non-blank line decides the format and holds the header (CSV)
  // or the first object's fields (NDJSON). Blank lines before it are rows
  // like any other: rejected, with their numbers.
  const leading: FramedRecord[] = [];
  let first = await nextLine();
  while (first !== undefined && first[1].trim() === '') {
    leading.push({ line: first[0], text: first[1] });
    first = await nextLine();
  }
  if (first === undefined && readError === undefined) throw new BatchUsageError(`${options.input === '-' ? 'stdin' : options.input} holds no rows`);
  const format = options.format ?? (options.input === '-' ? undefined : formatOfPath(options.input)) ?? formatOfLine(first?.[1] ?? '');
  const delimiter = options.delimiter ?? (format === 'csv' ? detectDelimiter(first?.[1] ?? '') : ',');
  const framer = format === 'csv' ? new CsvFramer(delimiter) : undefined;
  let pending: FramedRecord[] = [];
  let columns: string[] = [];
  let headerLine = 0;
  if (format === 'csv') {
    // The header may itself span lines (a quoted name with a line break).
    let header: FramedRecord | undefined;
    for (let line = first; line !== undefined; line = await nextLine()) {
      const done = framer!.push(line[0], line[1]);
      if (done.length > 0) {
        [header] = done;
        pending.push(...done.slice(1));
        break;
      }
    }
    if (header === undefined) [header, ...pending] = [...framer!.end(), ...pending];
    if (header === undefined) throw new BatchUsageError(`${options.input} has no header line`);
    try {
      columns = parseCsvRecord(header.text, delimiter).map((c) => c.trim());
    } catch (error) {
      throw new BatchUsageError(`cannot read the header (line ${header.line}): ${(error as Error).message}`);
    }
    headerLine = header.line;
  } else if (first !== undefined) {
    pending.push({ line: first[0], text: first[1] });
    try {
      const object = JSON.parse(first[1]) as unknown;
      if (object !== null && typeof object === 'object' && !Array.isArray(object)) columns = Object.keys(object);
    } catch {
      // A broken first object is rejected like any row; the mapping comes from --map or the fields named below.
    }
    // NDJSON rows need not all have the same fields: a mapped field absent from the first row may be in the next.
    for (const mapped of Object.values(options.maps)) for (const c of mapped ?? []) if (!columns.includes(c)) columns.push(c);
  }
  const mapping = mapColumns(columns, options.maps);
  const label = options.label === undefined ? undefined : labelColumn(columns, options.label, mapping, format);
  const fields = options.outputFormat === 'csv' ? (options.fields ?? defaultFields(mapping)) : [];
  const fieldProblem = options.outputFormat === 'csv' ? checkFields(fields, mapping) : undefined;
  if (fieldProblem !== undefined) throw new MappingError(fieldProblem);
  const chunkRows = options.chunkRows ?? Math.max(100, Math.floor(1000 / mappedProducts(mapping).length));
  // Leading blank lines of a CSV come before the header: rows all the same, rejected with their numbers.
  const queued: FramedRecord[] = [...leading, ...pending];

  let resumeLine = 0;
  if (options.resume) {
    try {
      const point = resumePoint(options.output, options.rejects, options.outputFormat === 'csv' ? 'csv' : 'ndjson', fields);
      resumeLine = point.line;
      io.err(`batch: resuming after input line ${resumeLine.toLocaleString('en-US')}${point.cutBytes > 0 ? ` (${plural(point.cutBytes, 'byte')} of unfinished writes cut)` : ''}`);
    } catch (error) {
      if (error instanceof ResumeError) throw new BatchUsageError(error.message);
      throw error;
    }
  }
  const append = options.skip > 0 || options.resume === true;
  const output = options.output === '-' ? { stream: (io.stdout as Writable | undefined) ?? linesTo(io.out), wasEmpty: !append } : await openOutput(options.output, append, 'the output', inputFile);
  const rejectsOut = options.rejects === undefined ? undefined : await openOutput(options.rejects, append, 'the rejects to', inputFile);
  if (options.outputFormat === 'csv' && output.wasEmpty) await writeText(output.stream, `${fields.map(csvCell).join(',')}\n`);

  io.err(`batch: checking ${describeMapping(mapping)}${format === 'csv' ? ` (CSV, delimiter ${delimiter === '\t' ? 'tab' : JSON.stringify(delimiter)})` : ' (NDJSON)'}`);

  // Stopping: the first SIGINT/SIGTERM stops reading and lets the chunks out finish and be written; a second one ends at once.
  const stop = (signal: NodeJS.Signals) => {
    if (stopped !== undefined) {
      io.err(`batch: ${signal} again, ending now without writing the chunks still out`);
      process.exit(signal === 'SIGTERM' ? 143 : 130);
    }
    stopped = signal;
    (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  };
  const onSigint = () => stop('SIGINT');
  const onSigterm = () => stop('SIGTERM');
  const onAbort = () => stop('SIGINT');
  if (io.handleSignals) {
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
  }
  io.signal?.addEventListener('abort', onAbort, { once: true });
  if (io.signal?.aborted) onAbort();

  const progress = createProgress(io.stderr, size, options.quiet);
  // What the runner says mid-run (the threads it chose) goes above the progress bar, not into it.
  const said = (line: string) => {
    progress.clearLine();
    io.err(line);
  };
  let runner: ChunkRunner;
  try {
    runner = makeRunner(mapping, { say: options.quiet ? () => {} : said, warn: said });
  } catch (error) {
    progress.stop();
    throw error;
  }
  const stats: BatchStats = {};
  let read = 0;
  let skipped = 0;
  let written = 0;
  let checked = 0;
  let rejected = 0;
  const rejectLines: number[] = [];
  let failure: unknown;

  // Chunks go out in order (seq), come back in any order, and are written in
  // order: `done` holds those back early. A slot is freed only once its chunk
  // is written, so what is held (chunks out + results waiting + the output's
  // buffer) stays within `runner.window` chunks whatever the file's size.
  let nextSeq = 0;
  let nextWrite = 0;
  const done = new Map<number, ChunkResult>();
  let outstanding = 0;
  let wake: (() => void) | undefined;
  let writing = Promise.resolve();
  const flush = async () => {
    for (let result = done.get(nextWrite); result !== undefined; result = done.get(nextWrite)) {
      done.delete(nextWrite);
      // A chunk's rejects reach the file before its rows do: after a kill -9, --resume goes on from
      // the output's last row and may cut rejects past it, never miss one before it.
      if (rejectsOut) await writeThrough(rejectsOut.stream, result.rejects);
      await writeText(output.stream, result.text, runner.release && (() => runner.release!(result)));
      checked += result.checked;
      rejected += result.rejected;
      for (const line of result.rejectLines) if (rejectLines.length < LISTED_REJECTS) rejectLines.push(line);
      written += result.checked + result.rejected;
      if (result.stats) mergeStats(stats, result.stats);
      nextWrite++;
      outstanding--;
      progress.update(bytesRead, written);
      wake?.();
    }
  };
  const dispatch = async (records: FramedRecord[]) => {
    while (outstanding >= runner.window && failure === undefined) await new Promise<void>((ok) => (wake = ok));
    if (failure !== undefined) return;
    const task: ChunkTask = {
      seq: nextSeq++,
      format,
      delimiter,
      columns,
      mapping,
      records: records.map((r) => r.text),
      lines: records.map((r) => r.line),
      output: options.outputFormat,
      fields,
      ...(label === undefined ? {} : { label }),
      checker: options.checker,
      report: options.report !== undefined,
    };
    outstanding++;
    runner.run(task).then(
      (result) => {
        done.set(result.seq, result);
        writing = writing.then(flush).catch((error: unknown) => {
          failure ??= error;
          wake?.();
        });
      },
      (error: unknown) => {
        failure ??= error;
        wake?.();
      },
    );
  };

  let chunk: FramedRecord[] = [];
  const take = async (record: FramedRecord) => {
    read++;
    if (read <= options.skip || record.line <= resumeLine) {
      skipped++;
      return;
    }
    chunk.push(record);
    if (chunk.length >= chunkRows) {
      const full = chunk;
      chunk = [];
      await dispatch(full);
    }
  };
  try {
    for (const record of queued) await take(record);
    for (let line = await nextLine(); line !== undefined && stopped === undefined && failure === undefined; line = await nextLine()) {
      const records = framer ? framer.push(line[0], line[1]) : [{ line: line[0], text: line[1] }];
      for (const record of records) await take(record);
    }
    if (stopped === undefined && framer) for (const record of framer.end()) await take(record);
    if (chunk.length > 0) await dispatch(chunk);
    while (outstanding > 0 && failure === undefined) await new Promise<void>((ok) => (wake = ok));
    await writing;
  } finally {
    progress.stop();
    if (io.handleSignals) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    }
    io.signal?.removeEventListener('abort', onAbort);
    if (stopped !== undefined || failure !== undefined) (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    await runner.close().catch(() => {});
    if (output.stream !== io.stdout) await endStream(output.stream).catch(() => {});
    if (rejectsOut) await endStream(rejectsOut.stream).catch(() => {});
  }

  if (options.report !== undefined) {
    const { handle } = await openForWriting(options.report, false, 'the report to', inputFile);
    try {
      await handle.writeFile(renderReport(stats, { input: options.input, rows: written, checked, rejected, mapping }));
    } finally {
      await handle.close();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = seconds > 0 ? Math.round(written / seconds) : written;
  const listed = `${rejectLines.join(', ')}${rejected > rejectLines.length ? ', …' : ''}`;
  const where = rejected === 0 ? '' : options.rejects === undefined ? ' (not kept: give --rejects FILE to keep them)' : ` → ${options.rejects}`;
  io.err(
    `batch: ${plural(written, 'row')} read, ${checked.toLocaleString('en-US')} checked, ${rejected.toLocaleString('en-US')} rejected${rejected > 0 ? ` (line${rejected === 1 ? '' : 's'} ${listed})` : ''}${where}` +
      `${skipped > 0 ? `; ${plural(skipped, 'row')} skipped (${options.resume ? '--resume' : '--skip'})` : ''}; ${seconds.toFixed(1)} s, ${rate.toLocaleString('en-US')} rows/s`,
  );
  const through = (options.resume ? skipped : options.skip) + written;
  if (failure !== undefined || readError !== undefined) {
    const why = failure !== undefined ? `checking failed: ${(failure as Error).message}` : `cannot read ${options.input === '-' ? 'stdin' : options.input}: ${(readError as Error).message}`;
    io.err(`batch: ${why}`);
    io.err(`batch: the output holds the first ${plural(through, 'row')}; to go on from there, run again with --skip ${through}`);
    return 1;
  }
  if (stopped !== undefined) {
    io.err(`batch: stopped by ${stopped} after ${plural(through, 'row')}${headerLine > 0 ? ' (after the header)' : ''}; every row read so far is written.`);
    io.err(`batch: to resume, run the same command with --skip ${through} (the output and rejects are appended to)`);
    return stopped === 'SIGTERM' ? 143 : 130;
  }
  return rejected > 0 && !options.allowRejects ? 1 : 0;
}
