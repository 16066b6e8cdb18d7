import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { DataError, InputError } from '../errors.js';
import { quoteInput } from '../common/quoteInput.js';
import { fieldProblem, fieldType } from './fields.js';
import type { FieldType } from './fields.js';
import type { Provider, ProviderInput, ProviderProduct } from './types.js';

/** Options of {@link tableProvider}. */
export interface TableProviderOptions {
  /** @default 'table' */
  readonly name?: string;
  /** `csv` or `ndjson`. @default from the file's extension (`.ndjson`/`.jsonl` → ndjson, else csv) */
  readonly format?: 'csv' | 'ndjson';
}

/** The key columns a table may have, and the product each serves. */
const KEYS: Readonly<Record<string, ProviderProduct>> = { email: 'email', domain: 'email', phone: 'phone', ip: 'ip' };

/**
 * A provider over a local table, for sites without a network path to an
 * enrichment service: a CSV (with a header row) or NDJSON file keyed by
 * `email`, `domain`, `phone` (E.164) or `ip`, its other columns named by the
 * result fields they fill (`email,has_linkedin,company_name`). Read and
 * checked once, here (every column must be a field of the key's product and
 * every cell of its type: `true`/`false`, numbers, text); looked up in memory.
 * An empty cell means "not known". E-mail and domain keys match without
 * regard to case; one key column per table.
 *
 * @throws InputError when the file has no key column or a column that is not a field
 * @throws DataError when the file cannot be read or a cell does not fit its column
 * @example
 * // not run: reads crm.csv (columns email,has_linkedin,company_name)
 * const checker = createChecker({ providers: [tableProvider('crm.csv')] });
 */
export function tableProvider(file: string, options: TableProviderOptions = {}): Provider {
  const name = options.name ?? 'table';
  const format = options.format ?? (/\.(?:nd)?jsonl?$/i.test(file) ? 'ndjson' : 'csv');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DataError('DATA_MISSING', `tableProvider: cannot read ${quoteInput(file, 'end')}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, file, { cause: error });
  }
  const rows = format === 'csv' ? readCsv(text, file) : readNdjson(text, file);
  const columns = new Set(rows.flatMap((row) => Object.keys(row)));
  const keyColumn = [...columns].find((c) => c in KEYS);
  if (keyColumn === undefined) throw new InputError('INPUT_OPTION', `tableProvider: ${quoteInput(file, 'end')} has no key column (email, domain, phone or ip)`, 'file');
  const product = KEYS[keyColumn]!;
  const types = new Map<string, FieldType>();
  for (const column of columns) {
    if (column === keyColumn) continue;
    if (column in KEYS) throw new InputError('INPUT_OPTION', `tableProvider: ${quoteInput(file, 'end')} has two key columns (${keyColumn}, ${column})`, 'file');
    const type = fieldType(product, column);
    if (type === undefined) throw new InputError('INPUT_OPTION', `tableProvider: column ${quoteInput(column)} is not a ${product} field a provider may fill`, 'file');
    types.set(column, type);
  }
  const byKey = new Map<string, Readonly<Record<string, unknown>>>();
  rows.forEach((row, i) => {
    const key = normaliseKey(keyColumn, row[keyColumn]);
    if (key === '') return;
    const facts: Record<string, unknown> = {};
    for (const [column, type] of types) {
      const cell = row[column];
      if (cell === undefined || cell === null || cell === '') continue;
      const value = typeof cell === 'string' ? fromText(type, cell) : cell;
      const problem = fieldProblem(type, value);
      if (problem !== null) throw new DataError('DATA_CORRUPT', `tableProvider: row ${i + 1}, column ${column} must be ${problem}, got ${quoteInput(cell)}`, file);
      facts[column] = value;
    }
    byKey.set(key, Object.freeze(facts));
  });

  const keysOf = (input: ProviderInput): string[] => {
    switch (input.product) {
      case 'email':
        return keyColumn === 'domain' ? [input.domain.toLowerCase()] : [input.email.trim().toLowerCase()];
      case 'phone':
        return [input.e164];
      case 'ip':
        return [input.ip];
      default:
        return [];
    }
  };
  return {
    name,
    // In memory: a lookup takes microseconds; the limit only guards against a bug.
    timeoutMs: 1000,
    fields: { [product]: [...types.keys()] },
    lookup: async (input) => {
      const [key] = keysOf(input);
      return (key === undefined ? undefined : byKey.get(key)) ?? {};
    },
  };
}

function normaliseKey(column: string, value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  return column === 'email' || column === 'domain' ? trimmed.toLowerCase() : trimmed;
}

/** A CSV cell as its field's type; a cell that does not read stays text, and the type check then names it. */
function fromText(type: FieldType, cell: string): unknown {
  const t = cell.trim();
  if (type === 'boolean') return t === 'true' ? true : t === 'false' ? false : cell;
  if (type === 'number' || type === 'count') return t !== '' && Number.isFinite(Number(t)) ? Number(t) : cell;
  return t;
}

function readCsv(text: string, file: string): Record<string, unknown>[] {
  try {
    return parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, unknown>[];
  } catch (error) {
    throw new DataError('DATA_CORRUPT', `tableProvider: ${quoteInput(file, 'end')} is not CSV: ${(error as Error).message}`, file, { cause: error });
  }
}

function readNdjson(text: string, file: string): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new DataError('DATA_CORRUPT', `tableProvider: ${quoteInput(file, 'end')} line ${i + 1} is not JSON`, file);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new DataError('DATA_CORRUPT', `tableProvider: ${quoteInput(file, 'end')} line ${i + 1} is not an object`, file);
    rows.push(row as Record<string, unknown>);
  });
  return rows;
}
