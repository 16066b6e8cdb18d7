import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { InputFormat } from './types.js';

/** One record of the input as read: its raw text and the line it starts on. */
export interface FramedRecord {
  readonly line: number;
  readonly text: string;
}

/**
 * A quoted field longer than this many lines is taken for a quote that was
 * never closed: its first line is rejected and reading starts again on the
 * next, so one stray quote costs one row instead of the rest of the file.
 */
const MAX_RECORD_LINES = 1000;
/** The same limit in characters (a multi-line free-text note is far shorter). */
const MAX_RECORD_CHARS = 1 << 20;

/**
 * Groups numbered lines into CSV records: a record goes on past the end of a
 * line while a quoted field is open. A quote opens a quoted field only at the
 * start of a field, and `""` inside one is a quote, as RFC 4180 writes them; a
 * quote inside an unquoted field (`O"Brien`) opens nothing, so that broken
 * row (csv-parse refuses it) does not swallow the lines after it. Only the
 * framing is done here; csv-parse reads the fields, in the workers.
 *
 * A record that spans lines is checked here as well, when it closes: a
 * stray quote (`e@x.com,"Eve,+44…`) that a quote some rows later seems to
 * close would otherwise make one broken record of every line between them.
 * When csv-parse refuses the record (asked only when a scan of its quotes
 * finds it suspect), its first line alone is the broken row and the lines
 * after it are framed again, so one bad row costs one row. A record that csv-parse reads is taken as written, as RFC
 * 4180 reads it: a stray quote that happens to make a readable record with
 * the lines after it cannot be told from a cell with line breaks.
 *
 * Why not feed the whole stream to csv-parse: after a broken quote it cannot
 * find its way back (its documentation of `skip_records_with_error` says so:
 * on an error it cannot know whether a line break was inside a quoted field;
 * measured on a file of 7 rows with a stray quote in the 5th, csv-parse
 * 7.0.3 returned the 4 rows before it and one skipped record, and
 * `relax_quotes` joined the last 3 rows into one), and a person's file with
 * one bad row should lose that row, reported, and nothing else.
 */
export class CsvFramer {
  private group: (readonly [number, string])[] = [];
  private chars = 0;
  private open = false;

  constructor(private readonly delimiter: string) {}

  /** Adds one line; returns the records it completes (none, one, or several after a runaway quote). */
  push(line: number, text: string): FramedRecord[] {
    const done: FramedRecord[] = [];
    this.add(line, text, done);
    return done;
  }

  /** The records left at the end of the input: a quote still open is a broken first line, the rest read again. */
  end(): FramedRecord[] {
    const done: FramedRecord[] = [];
    while (this.open) this.giveUp(done);
    return done;
  }

  /** Whether a quoted field is still open at the end of `text`, given whether one was open at its start. */
  private openAfter(text: string, open: boolean): boolean {
    if (!open && !text.includes('"')) return false;
    let fieldStart = !open;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (open) {
        if (char === '"') {
          if (text[i + 1] === '"') i++;
          else open = false;
        }
      } else if (char === this.delimiter) {
        fieldStart = true;
        continue;
      } else if (char === '"' && fieldStart) {
        open = true;
      }
      fieldStart = false;
    }
    return open;
  }

  private add(line: number, text: string, done: FramedRecord[]): void {
    if (!this.open) {
      if (!this.openAfter(text, false)) {
        done.push({ line, text });
        return;
      }
      this.group = [[line, text]];
      this.chars = text.length;
      this.open = true;
      return;
    }
    this.group.push([line, text]);
    this.chars += text.length + 1;
    if (!this.openAfter(text, true)) {
      const record = this.group.map(([, t]) => t).join('\n');
      // csv-parse's set-up costs far more than framing a record without it (docs/perf.md), so it only confirms what a
      // quick scan finds suspect: a well-quoted record is one csv-parse reads.
      if (!wellQuoted(record, this.delimiter) && parseCsvRecords([record], this.delimiter) === undefined) {
        this.giveUp(done);
        return;
      }
      done.push({ line: this.group[0]![0], text: record });
      this.group = [];
      this.open = false;
      return;
    }
    if (this.group.length > MAX_RECORD_LINES || this.chars > MAX_RECORD_CHARS) this.giveUp(done);
  }

  /** The quote opened on the group's first line never closed, or closed into a record csv-parse refuses: that line alone is a record (the worker rejects it), the lines after are framed again. */
  private giveUp(done: FramedRecord[]): void {
    const [first, ...rest] = this.group;
    this.group = [];
    this.open = false;
    done.push({ line: first![0], text: first![1] });
    for (const [line, text] of rest) this.add(line, text, done);
  }
}

/**
 * Whether every quote of a record is where RFC 4180 puts it: a quoted field
 * opens at the start of a field and, once closed, is followed by the
 * delimiter or the end; no quote stands inside an unquoted field. csv-parse
 * (without `relax_quotes`) refuses a record that breaks either rule
 * ("Invalid Closing Quote", "Invalid Opening Quote", "Quote Not Closed").
 * Only called on records that span lines, whose line breaks are all inside
 * quotes.
 */
function wellQuoted(text: string, delimiter: string): boolean {
  let i = 0;
  let fieldStart = true;
  while (i < text.length) {
    const char = text[i];
    if (fieldStart && char === '"') {
      for (i++; ; i += 2) {
        i = text.indexOf('"', i);
        if (i < 0) return false;
        if (text[i + 1] !== '"') break;
      }
      i++;
      if (i < text.length && text[i] !== delimiter) return false;
    } else if (char === '"') {
      return false;
    }
    fieldStart = text[i] === delimiter;
    i++;
  }
  return true;
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of a CSV header line: whichever of `,` `;` tab `|` occurs
 * most often outside quotes (a comma when none does: a one-column file).
 * Exports from spreadsheets in locales with a decimal comma use `;`.
 */
export function detectDelimiter(header: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * The fields of one CSV record, read by csv-parse. Throws csv-parse's error
 * (its message says what is wrong with the quoting) for a broken record.
 */
export function parseCsvRecord(text: string, delimiter: string): string[] {
  const rows = parse(text, { delimiter, relax_column_count: true, bom: false }) as string[][];
  return rows[0] ?? [''];
}

/**
 * Several records at once (much faster than one by one: csv-parse's set-up
 * costs more than a short record), or `undefined` when any of them is broken
 * or the count does not match, so the caller can read them one by one.
 */
export function parseCsvRecords(texts: readonly string[], delimiter: string): string[][] | undefined {
  if (texts.some((t) => t === '')) return undefined;
  try {
    const rows = parse(texts.join('\n'), { delimiter, relax_column_count: true, bom: false }) as string[][];
    return rows.length === texts.length ? rows : undefined;
  } catch {
    return undefined;
  }
}

/** The input format a file name suggests, if any. */
export function formatOfPath(path: string): InputFormat | undefined {
  switch (extname(path).toLowerCase()) {
    case '.csv':
    case '.tsv':
    case '.txt':
      return 'csv';
    case '.ndjson':
    case '.jsonl':
    case '.json':
      return 'ndjson';
    default:
      return undefined;
  }
}

/** The input format of a first non-blank line: NDJSON when it is a JSON object. */
export function formatOfLine(text: string): InputFormat {
  return text.trimStart().startsWith('{') ? 'ndjson' : 'csv';
}
