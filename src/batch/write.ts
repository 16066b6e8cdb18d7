import type { Writable } from 'node:stream';
import { PRODUCTS } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import type { Mapping } from './types.js';

/**
 * The CSV columns written when `--fields` is not given: the line, then per
 * product checked its input, score, cluster and the fields a person sorts a
 * customer list by. Any other field is one `--fields` away.
 */
const DEFAULT_FIELDS: Readonly<Record<ProductName, readonly string[]>> = {
  email: ['value', 'score', 'score_cluster', 'status', 'domain', 'is_free', 'suggestion', 'canonical'],
  phone: ['value', 'score', 'score_cluster', 'is_valid', 'type', 'country', 'original_network', 'e164'],
  ip: ['value', 'score', 'score_cluster', 'country', 'connection_type', 'is_vpn', 'is_proxy', 'is_tor', 'is_hosting'],
  device: ['value', 'score', 'score_cluster', 'category', 'brand', 'model', 'operating_system', 'browser_name', 'is_robot'],
  name: ['value', 'score', 'score_cluster', 'is_valid', 'risk_type', 'gender'],
};

/** The default CSV columns for the products of `mapping`. */
export function defaultFields(mapping: Mapping): string[] {
  return ['line', ...PRODUCTS.filter((p) => mapping[p] !== undefined).flatMap((p) => DEFAULT_FIELDS[p].map((f) => `${p}.${f}`))];
}

/**
 * Reads `--fields line,email.score,…`: `line`, or a product checked followed
 * by a dotted path into its result. Returns an error message for a field that
 * names no product checked, `undefined` when all are usable.
 */
export function checkFields(fields: readonly string[], mapping: Mapping): string | undefined {
  for (const field of fields) {
    if (field === 'line') continue;
    const [product, ...path] = field.split('.');
    if (!(PRODUCTS as readonly string[]).includes(product!) || path.length === 0 || path.includes('')) {
      return `--fields: "${field}" is not line or product.field (email.score, phone.country, …)`;
    }
    if (mapping[product as ProductName] === undefined) return `--fields: "${field}" names ${product}, which is not checked`;
  }
  return undefined;
}

/** A CSV cell: quoted when it holds a comma, quote, line break or edge space; objects as JSON. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /^\s|\s$|[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The value at a dotted path of a row (`email.score`), `undefined` when absent. */
export function valueAt(row: Readonly<Record<string, unknown>>, field: string): unknown {
  let value: unknown = row;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** One output row as a CSV line (with its newline). */
export function csvLine(row: Readonly<Record<string, unknown>>, fields: readonly string[]): string {
  return `${fields.map((f) => csvCell(valueAt(row, f))).join(',')}\n`;
}

/**
 * Writes `text` (or its UTF-8 bytes), waiting while the stream's buffer is
 * full: the backpressure that keeps memory flat. `written` is called once the
 * stream has handed the bytes on (never when the write fails): from then on
 * their memory may be reused.
 */
export function writeText(stream: Writable, text: string | Uint8Array, written?: () => void): Promise<void> {
  if (text.length === 0) {
    written?.();
    return Promise.resolve();
  }
  if (stream.write(text, written && ((error) => (error ? undefined : written())))) return Promise.resolve();
  return new Promise((ok, fail) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', failed);
      stream.off('close', done);
      ok();
    };
    const failed = (error: Error) => {
      stream.off('drain', done);
      stream.off('close', done);
      fail(error);
    };
    stream.once('drain', done);
    // A reader that went away (`| head`) never drains; the process ends on EPIPE elsewhere.
    stream.once('close', done);
    stream.once('error', failed);
  });
}

/** Writes `text` and waits until the stream has handed it to the system (its file descriptor), not only buffered it. */
export function writeThrough(stream: Writable, text: string): Promise<void> {
  if (text.length === 0) return Promise.resolve();
  return new Promise((ok, fail) => {
    stream.write(text, (error) => (error ? fail(error) : ok()));
  });
}

/** Ends a stream and waits until its data is handed to the system. */
export function endStream(stream: Writable): Promise<void> {
  return new Promise((ok, fail) => {
    stream.once('error', fail);
    stream.end(() => ok());
  });
}
