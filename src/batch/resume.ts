import { closeSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';
import { parseCsvRecord } from './read.js';
import type { OutputFormat } from './types.js';

/** Where a killed run's files got to: the last input line written, and what was cut. */
export interface ResumePoint {
  /** Rows that start on this input line or before are in the output or the rejects; 0 for none. */
  readonly line: number;
  /** Bytes of a torn last line cut from the output and rows past `line` cut from the rejects. */
  readonly cutBytes: number;
}

/** A file cannot be resumed from (a fault of the command line: exit 2). */
export class ResumeError extends Error {
  override readonly name = 'ResumeError';
}

/** Bytes read at a time from a file's end while looking for whole lines. */
const BLOCK = 1 << 16;

/**
 * The complete lines at the end of a file, last first, with the byte offset
 * each starts at; a last line without its newline (a write cut by kill -9)
 * is not among them. Reads backwards in blocks, so a huge output costs only
 * its tail.
 */
function* linesFromEnd(fd: number, size: number): Generator<{ text: string; start: number; end: number }> {
  // `buffer` holds the file's bytes from `bufferStart`; `end` is where the next line to give ends (after its newline).
  let buffer = Buffer.alloc(0);
  let bufferStart = size;
  let end = -1;
  const more = (): boolean => {
    if (bufferStart === 0) return false;
    const length = Math.min(BLOCK, bufferStart);
    bufferStart -= length;
    const block = Buffer.alloc(length);
    readSync(fd, block, 0, length, bufferStart);
    buffer = Buffer.concat([block, buffer]);
    if (end >= 0) end += length;
    return true;
  };
  while (end < 0) {
    const newline = buffer.lastIndexOf(0x0a);
    if (newline >= 0) end = newline + 1;
    else if (!more()) return;
  }
  for (;;) {
    // (A negative offset would count from the buffer's end: a line at the very start has no newline before it.)
    const before = end >= 2 ? buffer.lastIndexOf(0x0a, end - 2) : -1;
    if (before < 0 && more()) continue;
    const start = before + 1;
    yield { text: buffer.toString('utf8', start, end - 1), start: bufferStart + start, end: bufferStart + end };
    if (start === 0) return;
    end = start;
    buffer = buffer.subarray(0, end);
  }
}

/** Bytes read at a time while scanning a CSV output from its start. */
const SCAN_BLOCK = 1 << 20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

/**
 * The last complete record of a CSV output this command wrote, with the
 * byte offsets it starts and ends at (after its line break); `undefined`
 * when the file holds none. A cell may hold line breaks (the writer quotes
 * it), so a record ends only at a line break outside quotes, and whether a
 * line break is inside quotes depends on every quote before it: the file is
 * scanned from its start, only its quotes and line breaks looked at, which
 * keeps even a gigabyte output to about a second (docs/perf.md). Reading backwards from
 * the end cannot tell: the text of a quoted cell after its line break may
 * itself read as a row (`9,x,1`).
 *
 * The scan also checks every quote is where RFC 4180 (and the writer) puts
 * it: a quote opens a cell only at its start, and a closing quote is
 * followed by the delimiter or a line break. A file with a quote anywhere
 * else was not written by this command, and counting its quotes would put
 * the end of its last record anywhere: it is refused before anything is cut.
 *
 * @throws ResumeError for a quote out of place
 */
function lastCsvRecord(fd: number, size: number, name: string): { text: string; start: number; end: number } | undefined {
  const block = Buffer.alloc(Math.max(1, Math.min(SCAN_BLOCK, size)));
  const foreign = (at: number, what: string) =>
    new ResumeError(`--resume: ${name} is not a CSV output of this command (${what} at byte ${at.toLocaleString('en-US')}): resume from a file this command wrote`);
  let quoted = false;
  // Inside quotes, a block that ends on a quote: the next block's first byte says whether it closed the cell or began a "".
  let quoteAtEnd = false;
  // The byte before the block: the start of the file is the start of a cell.
  let before = NEWLINE;
  let start = 0;
  let end = 0;
  let length = 0;
  for (let base = 0; base < size; base += length) {
    length = readSync(fd, block, 0, Math.min(block.length, size - base), base);
    if (length === 0) break;
    const view = block.subarray(0, length);
    let i = 0;
    if (quoteAtEnd) {
      quoteAtEnd = false;
      if (view[0] === QUOTE) i = 1;
      else {
        quoted = false;
        if (view[0] !== COMMA && view[0] !== NEWLINE) throw foreign(base, 'a closing quote followed by text');
      }
    }
    while (i < length) {
      if (quoted) {
        const q = view.indexOf(QUOTE, i);
        if (q < 0) break;
        if (q + 1 === length) {
          quoteAtEnd = true;
          break;
        }
        if (view[q + 1] === QUOTE) {
          i = q + 2;
          continue;
        }
        quoted = false;
        if (view[q + 1] !== COMMA && view[q + 1] !== NEWLINE) throw foreign(base + q + 1, 'a closing quote followed by text');
        i = q + 1;
        continue;
      }
      const q = view.indexOf(QUOTE, i);
      const stop = q < 0 ? length : q;
      // Line breaks outside quotes end records: the last one before `stop` ends the last record so far.
      if (stop > i) {
        const n = view.lastIndexOf(NEWLINE, stop - 1);
        if (n >= i) {
          const m = n > i ? view.lastIndexOf(NEWLINE, n - 1) : -1;
          start = m >= i ? base + m + 1 : end;
          end = base + n + 1;
        }
      }
      if (q < 0) break;
      const previous = q > 0 ? view[q - 1] : before;
      if (previous !== COMMA && previous !== NEWLINE) throw foreign(base + q, 'a quote inside an unquoted cell');
      quoted = true;
      i = q + 1;
    }
    before = view[length - 1]!;
  }
  if (end === 0) return undefined;
  const text = Buffer.alloc(end - 1 - start);
  readSync(fd, text, 0, text.length, start);
  return { text: text.toString('utf8'), start, end };
}

/** The input line a written row carries, or undefined for a line that is no row (a CSV header, a torn or foreign line). */
function lineOfRow(text: string, format: OutputFormat, lineColumn: number): number | undefined {
  try {
    if (format === 'ndjson') {
      const row = JSON.parse(text) as { line?: unknown };
      return typeof row.line === 'number' && Number.isInteger(row.line) ? row.line : undefined;
    }
    const cell = parseCsvRecord(text, ',')[lineColumn];
    return cell !== undefined && /^\d+$/.test(cell) ? Number(cell) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds where a run killed without warning (kill -9, a crash, a machine
 * lost) got to, from its own files, and cuts what it left half done, so the
 * same command with `--resume` appends exactly the rows that are missing:
 *
 * - The output's last complete row gives the resume line (rows are written
 *   in input order); a torn last line is cut off.
 * - The rejects file loses the rows past that line: a chunk's rejects are
 *   on disk before its output rows are written (see the writer), so rejects
 *   past the last output row are of chunks the resumed run checks again.
 *
 * `fields` are the CSV output's columns: they must hold `line`.
 *
 * @throws ResumeError when the output is CSV without a `line` column, or its last row carries no line number
 */
export function resumePoint(output: string, rejects: string | undefined, format: OutputFormat, fields: readonly string[]): ResumePoint {
  const lineColumn = format === 'csv' ? fields.indexOf('line') : 0;
  if (lineColumn < 0) throw new ResumeError('--resume needs the line column in a CSV output (--fields line,…)');
  let line = 0;
  let cutBytes = 0;
  const fd = openIfThere(output);
  if (fd !== undefined) {
    try {
      const size = fstatSync(fd).size;
      let keep = 0;
      // NDJSON rows are lines (JSON escapes a line break); CSV rows are records, which may span lines.
      const last = format === 'csv' ? lastCsvRecord(fd, size, output) : linesFromEnd(fd, size).next().value;
      if (last !== undefined) {
        const at = lineOfRow(last.text, format, lineColumn);
        // A CSV output whose only record is its header: no row yet.
        if (at === undefined && !(format === 'csv' && last.start === 0)) {
          throw new ResumeError(`--resume: the last ${format === 'csv' ? 'record' : 'line'} of ${output} is not a row of this batch (no line number): resume from a file this command wrote`);
        }
        line = at ?? 0;
        keep = last.end;
      }
      if (keep < size) {
        ftruncateSync(fd, keep);
        cutBytes += size - keep;
      }
    } finally {
      closeSync(fd);
    }
  }
  const rejectsFd = rejects === undefined ? undefined : openIfThere(rejects);
  if (rejectsFd !== undefined) {
    try {
      const size = fstatSync(rejectsFd).size;
      let keep = 0;
      for (const reject of linesFromEnd(rejectsFd, size)) {
        const at = lineOfRow(reject.text, 'ndjson', 0);
        if (at !== undefined && at <= line) {
          keep = reject.end;
          break;
        }
      }
      if (keep < size) {
        ftruncateSync(rejectsFd, keep);
        cutBytes += size - keep;
      }
    } finally {
      closeSync(rejectsFd);
    }
  }
  return { line, cutBytes };
}

function openIfThere(path: string): number | undefined {
  try {
    return openSync(path, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ResumeError(`--resume: cannot open ${path}: ${(error as Error).message}`);
  }
}
