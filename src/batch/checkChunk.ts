import { createChecker } from '../checker.js';
import type { Checker, CheckerOptions } from '../checker.js';
import { isIdentitySignalsError } from '../errors.js';
import { PRODUCTS } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import { parseCsvRecord, parseCsvRecords } from './read.js';
import { countResult, emptyStats } from './stats.js';
import type { BatchCheckerOptions, BatchStats, ChunkResult, ChunkTask } from './types.js';
import { csvLine } from './write.js';

/** The raw text kept in a reject, cut so one huge broken record cannot bloat the rejects file. */
const KEPT_RECORD_CHARS = 2000;

// One checker per configuration for the life of the thread: its datasets
// load once, on the first chunk, not once per chunk.
const checkers = new Map<string, Checker>();

function checkerFor(options: BatchCheckerOptions): Checker {
  const key = JSON.stringify([options.bands, options.country, options.databases, options.data]);
  let checker = checkers.get(key);
  if (checker === undefined) {
    const config: CheckerOptions = {
      ...(options.bands === undefined ? {} : { scoring: { bands: options.bands } }),
      ...(options.databases === undefined || options.databases.length === 0 ? {} : { ip: { databases: options.databases } }),
      ...(options.country === undefined ? {} : { phone: { defaultCountry: options.country } }),
      ...(options.data === undefined ? {} : { data: options.data }),
    };
    checker = createChecker(config);
    checkers.set(key, checker);
  }
  return checker;
}

/** A row that cannot be read: why, said for a person. */
class Reject {
  constructor(readonly reason: string) {}
}

/** The values of one row by column name, from a CSV record or an NDJSON object. */
interface RowValues {
  get(column: string): string | Reject | null;
  /** NDJSON only: the spec's per-request extras (`headers`, `default_country`). */
  readonly extras?: Readonly<Record<string, unknown>>;
}

function csvRow(fields: readonly string[], index: ReadonlyMap<string, number>, width: number): RowValues {
  return {
    get(column) {
      const at = index.get(column)!;
      if (at >= fields.length) {
        return new Reject(`missing column ${JSON.stringify(column)} (the row has ${fields.length} field${fields.length === 1 ? '' : 's'}, the header ${width})`);
      }
      return fields[at]!;
    },
  };
}

function jsonRow(text: string): RowValues | Reject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return new Reject('not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return new Reject('not a JSON object');
  const object = value as Record<string, unknown>;
  return {
    extras: object,
    get(column) {
      if (!Object.hasOwn(object, column)) return new Reject(`missing field ${JSON.stringify(column)}`);
      const cell = object[column];
      if (cell === null) return null;
      if (typeof cell === 'string') return cell;
      // A phone number or an IP written as a JSON number is still the value meant.
      if (typeof cell === 'number' && Number.isFinite(cell)) return String(cell);
      return new Reject(`field ${JSON.stringify(column)} is not text`);
    },
  };
}

/** Splits a whole name at its last space: surnames come last in the exports this reads. */
function splitName(full: string): [string, string] {
  const trimmed = full.trim();
  const space = Math.max(trimmed.lastIndexOf(' '), trimmed.lastIndexOf('\t'));
  return space < 0 ? [trimmed, ''] : [trimmed.slice(0, space).trim(), trimmed.slice(space + 1)];
}

function runCheck(checker: Checker, product: ProductName, values: readonly string[], extras: Readonly<Record<string, unknown>> | undefined): unknown {
  switch (product) {
    case 'email':
      return checker.email(values[0]!);
    case 'phone': {
      const country = extras?.default_country;
      return typeof country === 'string' ? checker.phone(values[0]!, { defaultCountry: country }) : checker.phone(values[0]!);
    }
    case 'ip':
      return checker.ip(values[0]!);
    case 'device': {
      const headers = extras?.headers;
      return headers !== null && typeof headers === 'object' && !Array.isArray(headers)
        ? checker.device(values[0]!, { headers: headers as Record<string, string> })
        : checker.device(values[0]!);
    }
    case 'name':
      return values.length === 2 ? checker.name(values[0]!, values[1]!) : checker.name(...splitName(values[0]!));
  }
}

/**
 * The identity check of issue 19 for a row that gave two or more products:
 * the same row read as one sign-up, its cross-signal score in `identity`.
 * The products keep the results they got alone (an NDJSON row's
 * `default_country` is the identity's declared country too). A row whose
 * values the identity check refuses gets `identity: { error }`, as a
 * product does.
 */
function addIdentity(
  checker: Checker,
  out: Record<string, unknown>,
  products: readonly ProductName[],
  mapping: ChunkTask['mapping'],
  row: RowValues,
): void {
  const given = products.filter((p) => out[p] !== null && out[p] !== undefined && !Object.hasOwn(out[p] as object, 'error'));
  if (given.length < 2) return;
  const value = (product: ProductName): string[] => mapping[product]!.map((column) => {
    const cell = row.get(column);
    return typeof cell === 'string' ? cell : '';
  });
  const input: Record<string, unknown> = {};
  for (const product of given) {
    const values = value(product);
    if (product === 'email') input['email'] = values[0];
    else if (product === 'phone') input['phone'] = values[0];
    else if (product === 'ip') input['ip'] = values[0];
    else if (product === 'device') {
      input['userAgent'] = values[0];
      const headers = row.extras?.headers;
      if (headers !== null && typeof headers === 'object' && !Array.isArray(headers)) input['headers'] = headers;
    } else {
      const [first, last] = values.length === 2 ? [values[0]!, values[1]!] : splitName(values[0]!);
      input['firstName'] = first;
      input['lastName'] = last;
    }
  }
  const country = row.extras?.default_country;
  if (typeof country === 'string') input['country'] = country;
  try {
    out['identity'] = checker.identity(input).identity;
  } catch (error) {
    if (!isIdentitySignalsError(error)) throw error;
    out['identity'] = { error: { code: error.code, message: error.message } };
  }
}

/**
 * Checks one chunk of rows: reads each record (csv-parse for CSV, JSON for
 * NDJSON), takes the mapped columns, runs every mapped product, and gives the
 * output lines in the chunk's order, the rejected rows with their reasons,
 * and (for `--report`) the counts. Rows that cannot be read never stop the
 * chunk; a product whose check refuses its value (an InputError) gets
 * `{ error: { code, message } }` in its place.
 */
export function checkChunk(task: ChunkTask): ChunkResult {
  const checker = checkerFor(task.checker);
  const products = PRODUCTS.filter((p) => task.mapping[p] !== undefined);
  const index = new Map(task.columns.map((c, i) => [c, i] as const).reverse());
  const stats: BatchStats = {};
  if (task.report) for (const p of products) stats[p] = emptyStats();
  const parsed = task.format === 'csv' ? parseCsvRecords(task.records.filter((t) => t.trim() !== ''), task.delimiter) : undefined;
  let next = 0;

  let text = '';
  let rejects = '';
  let checked = 0;
  const rejectLines: number[] = [];
  const reject = (line: number, reason: string, record: string) => {
    rejects += `${JSON.stringify({ line, reason, record: record.length > KEPT_RECORD_CHARS ? `${record.slice(0, KEPT_RECORD_CHARS)}…` : record })}\n`;
    rejectLines.push(line);
  };

  for (let i = 0; i < task.records.length; i++) {
    const record = task.records[i]!;
    const line = task.lines[i]!;
    if (record.trim() === '') {
      reject(line, 'blank line', record);
      continue;
    }
    let row: RowValues | Reject;
    if (task.format === 'csv') {
      let fields: string[] | Reject;
      if (parsed !== undefined) fields = parsed[next++]!;
      else {
        try {
          fields = parseCsvRecord(record, task.delimiter);
        } catch (error) {
          // csv-parse counts lines within the record it was given; the row's own line is in the reject already.
          fields = new Reject(`broken quoting: ${(error as Error).message.replace(/ at line \d+/, '')}`);
        }
      }
      row = fields instanceof Reject ? fields : csvRow(fields, index, task.columns.length);
    } else {
      row = jsonRow(record);
    }
    if (row instanceof Reject) {
      reject(line, row.reason, record);
      continue;
    }

    const out: Record<string, unknown> = { line };
    let refused: Reject | undefined;
    for (const product of products) {
      const values: string[] = [];
      for (const column of task.mapping[product]!) {
        const value = row.get(column);
        if (value instanceof Reject) refused ??= value;
        else values.push(value ?? '');
      }
      if (refused) break;
      if (values.every((v) => v.trim() === '')) {
        // An empty cell is a customer without that detail, not a bad row: nothing to check.
        out[product] = null;
        if (task.report) stats[product]!.empty++;
        continue;
      }
      try {
        const result = runCheck(checker, product, values, row.extras);
        out[product] = result;
        if (task.report) countResult(stats[product]!, product, result as Record<string, unknown>);
      } catch (error) {
        if (!isIdentitySignalsError(error)) throw error;
        out[product] = { error: { code: error.code, message: error.message } };
        if (task.report) stats[product]!.errors++;
      }
    }
    if (refused) {
      reject(line, refused.reason, record);
      continue;
    }
    addIdentity(checker, out, products, task.mapping, row);
    checked++;
    text += task.output === 'csv' ? csvLine(out, task.fields) : `${JSON.stringify(out)}\n`;
  }
  return { seq: task.seq, text, rejects, checked, rejected: rejectLines.length, rejectLines, ...(task.report ? { stats } : {}) };
}
