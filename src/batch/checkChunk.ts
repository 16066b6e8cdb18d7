import { createChecker } from '../checker.js';
import type { Checker, CheckerOptions } from '../checker.js';
import { isIdentitySignalsError } from '../errors.js';
import { nameHint } from '../identity/product.js';
import type { IpResult } from '../ip/index.js';
import type { NameResult } from '../name/index.js';
import type { PhoneResult } from '../phone/index.js';
import type { ProductName } from '../scoring/index.js';
import { quoteInput } from '../common/quoteInput.js';
import { PRODUCTS } from '../resolve.js';
import { countryHint, readCountry } from './country.js';
import { mappedProducts } from './mapColumns.js';
import { parseCsvRecord, parseCsvRecords } from './read.js';
import { countResult, emptyStats } from './stats.js';
import type { BatchCheckerOptions, BatchStats, ChunkResult, ChunkTask } from './types.js';
import { csvLine } from './write.js';

/** The raw text kept in a reject, cut so one huge broken record cannot bloat the rejects file. */
const KEPT_RECORD_CHARS = 2000;

/**
 * City records kept per IP version by a batch checker (the library keeps
 * 65,536). A file of distinct addresses fills the cache as it goes, about
 * 400 bytes a record: measured, 25,000 records (10 MB of heap) in one thread
 * after 170,000 rows of all five products, and a full cache would hold
 * ≈50 MB in every thread, so peak memory grew with the file's length.
 */
export const BATCH_CITY_CACHE_SIZE = 8192;

/** The options of a batch run's checker, on its opened `data`. @internal */
export function batchCheckerOptions(options: BatchCheckerOptions): CheckerOptions {
  const scoring = options.scoring ?? (options.bands === undefined ? undefined : { bands: options.bands });
  const databases = options.databases === undefined || options.databases.length === 0 ? {} : { databases: options.databases };
  return {
    ...(scoring === undefined ? {} : { scoring }),
    ip: { ...databases, cityCacheSize: BATCH_CITY_CACHE_SIZE },
    // The run's --country, for the rows without a country of their own: as `name --country` and `phone --country` read it.
    ...(options.country === undefined ? {} : { phone: { defaultCountry: options.country }, name: { country: options.country } }),
    ...(options.data === undefined ? {} : { data: options.data }),
  };
}

/**
 * The checkers of one batch thread, one per configuration for the life of
 * the thread: their datasets load once, on the first chunk, not once per
 * chunk. The thread's entry (worker.ts) holds one.
 */
export class BatchCheckers {
  readonly #byConfiguration = new Map<string, Checker>();

  /** The checker of `options`, built on first use. */
  for(options: BatchCheckerOptions): Checker {
    const key = JSON.stringify([options.bands, options.scoring, options.country, options.databases, options.data]);
    let checker = this.#byConfiguration.get(key);
    if (checker === undefined) {
      checker = createChecker(batchCheckerOptions(options));
      this.#byConfiguration.set(key, checker);
    }
    return checker;
  }
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

/**
 * The row's own country, from its country column: the code upper-cased,
 * `undefined` for an empty cell (a customer without that detail: the run's
 * `--country`, if any, stands), or a {@link Reject} for anything else. A
 * value that is no code rejects the row rather than being passed over: a
 * national number read without its country is invalid, and a score given on
 * that is worse than a row set aside with its reason.
 */
function rowCountry(row: RowValues, column: string, format: ChunkTask['format']): string | undefined | Reject {
  const value = row.get(column);
  if (value instanceof Reject) return value;
  if (value === null || value.trim() === '') return undefined;
  const code = readCountry(value);
  if (code !== undefined) return code;
  const hint = countryHint(value);
  return new Reject(
    `${format === 'csv' ? 'column' : 'field'} ${JSON.stringify(column)}: ${quoteInput(value)} is not an ISO 3166-1 alpha-2 country code such as GB or IT ` +
      `(${hint ?? '--map country= checks the rows without it'})`,
  );
}

/**
 * The label cell as written: a CSV cell's text, an NDJSON field's value
 * (a string, number, boolean or null: `true` and `1` are labels there), or a
 * {@link Reject} when the row does not have it.
 */
function labelCell(row: RowValues, column: string): unknown {
  if (row.extras === undefined) return row.get(column);
  return Object.hasOwn(row.extras, column) ? row.extras[column] : new Reject(`missing field ${JSON.stringify(column)}`);
}

/** What evaluation and tuning read of a row: per subject its score and each reason's code and points. */
function scoredRow(out: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const slim: Record<string, unknown> = { line: out.line, label: out.label };
  for (const subject of [...PRODUCTS, 'identity'] as const) {
    const result = out[subject] as { score?: number; reasons?: readonly { code: string; points: number }[]; error?: { code: string } } | null | undefined;
    if (result === null || result === undefined) continue;
    slim[subject] = result.error !== undefined ? { error: result.error.code } : { score: result.score, reasons: result.reasons!.map(({ code, points }) => ({ code, points })) };
  }
  return slim;
}

/** Splits a whole name at its last space: surnames come last in the exports this reads. */
function splitName(full: string): [string, string] {
  const trimmed = full.trim();
  const space = Math.max(trimmed.lastIndexOf(' '), trimmed.lastIndexOf('\t'));
  return space < 0 ? [trimmed, ''] : [trimmed.slice(0, space).trim(), trimmed.slice(space + 1)];
}

/**
 * Runs one product's check. `phoneCountry` is the row's country for a
 * national number (its country column, else an NDJSON row's
 * `default_country`); `nameCountry` the name's hint.
 */
function runCheck(
  checker: Checker,
  product: ProductName,
  values: readonly string[],
  extras: Readonly<Record<string, unknown>> | undefined,
  phoneCountry: unknown,
  nameCountry: string | undefined,
): unknown {
  switch (product) {
    case 'email':
      return checker.email(values[0]!);
    case 'phone':
      return typeof phoneCountry === 'string' ? checker.phone(values[0]!, { defaultCountry: phoneCountry }) : checker.phone(values[0]!);
    case 'ip':
      return checker.ip(values[0]!);
    case 'device': {
      const headers = extras?.headers;
      return headers !== null && typeof headers === 'object' && !Array.isArray(headers)
        ? checker.device(values[0]!, { headers: headers as Record<string, string> })
        : checker.device(values[0]!);
    }
    case 'name': {
      const [first, last] = values.length === 2 ? [values[0]!, values[1]!] : splitName(values[0]!);
      return nameCountry === undefined ? checker.name(first, last) : checker.name(first, last, { country: nameCountry });
    }
  }
}

/** A product's result that counts for the identity: checked, not refused. */
function isResult(value: unknown): boolean {
  return value !== null && value !== undefined && !Object.hasOwn(value as object, 'error');
}

/** The row's result of `product` when it {@link isResult}. */
function resultOf<T>(out: Readonly<Record<string, unknown>>, product: ProductName): T | undefined {
  return isResult(out[product]) ? (out[product] as T) : undefined;
}

/**
 * The identity check for a row that gave two or more products:
 * the row read as one sign-up, its cross-signal score in `identity`. It is
 * scored from the results the row already has (checking the five products
 * again cost a quarter of a mixed row's time) and equals what
 * `checker.identity` gives for the row's inputs: the name of such a row is
 * read with the country the identity reads it with (see {@link nameHint}).
 * An NDJSON row's `default_country` is the identity's declared country; one
 * the identity refuses gives `identity: { error }`, as a product does.
 */
function addIdentity(
  checker: Checker,
  out: Record<string, unknown>,
  products: readonly ProductName[],
  names: readonly [string, string] | undefined,
  country: string | undefined,
): void {
  if (products.filter((p) => isResult(out[p])).length < 2) return;
  const name = resultOf<NameResult>(out, 'name');
  try {
    out['identity'] = checker.identityScore({
      email: resultOf(out, 'email'),
      phone: resultOf(out, 'phone'),
      ip: resultOf(out, 'ip'),
      device: resultOf(out, 'device'),
      name,
      ...(name === undefined || names === undefined ? {} : { firstName: names[0], lastName: names[1] }),
      country,
    });
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
 *
 * @param checkers the thread's checkers; the chunk's is taken (or built) from them
 */
export function checkChunk(task: ChunkTask, checkers: BatchCheckers): ChunkResult & { readonly text: string } {
  const checker = checkers.for(task.checker);
  const products = mappedProducts(task.mapping);
  const countryColumn = task.mapping.country?.[0];
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

    const own = countryColumn === undefined ? undefined : rowCountry(row, countryColumn, task.format);
    if (own instanceof Reject) {
      reject(line, own.reason, record);
      continue;
    }
    let label: unknown;
    if (task.label !== undefined) {
      label = labelCell(row, task.label);
      if (label instanceof Reject) {
        reject(line, label.reason, record);
        continue;
      }
    }
    const out: Record<string, unknown> = task.label === undefined ? { line } : { line, label };
    let refused: Reject | undefined;
    let names: readonly [string, string] | undefined;
    // The row's country column first; an NDJSON row may also say the spec's default_country.
    const declared = own ?? (typeof row.extras?.default_country === 'string' ? row.extras.default_country : undefined);
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
      // The name comes last (PRODUCTS' order): with another product checked the row gets an
      // identity, which reads the name with the declared, phone's or IP's country.
      let nameCountry: string | undefined;
      if (product === 'name') {
        names = values.length === 2 ? [values[0]!, values[1]!] : splitName(values[0]!);
        if (own !== undefined) nameCountry = own;
        else if (products.some((p) => p !== 'name' && isResult(out[p]))) {
          const valid = declared !== undefined && /^[a-z]{2}$/iu.test(declared) ? declared : undefined;
          nameCountry = nameHint(valid, resultOf<PhoneResult>(out, 'phone'), resultOf<IpResult>(out, 'ip'));
        }
      }
      try {
        const result = runCheck(checker, product, values, row.extras, own ?? row.extras?.default_country, nameCountry);
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
    addIdentity(checker, out, products, names, declared);
    checked++;
    text += task.output === 'csv' ? csvLine(out, task.fields) : `${JSON.stringify(task.output === 'scored' ? scoredRow(out) : out)}\n`;
  }
  return { seq: task.seq, text, rejects, checked, rejected: rejectLines.length, rejectLines, ...(task.report ? { stats } : {}) };
}
