/**
 * How a dataset file is declared: once, in its product's `data/formats.ts`,
 * imported both by the builder that writes it (scripts/<product>/) and by the
 * loader that reads it, so the file name, format version and shape cannot
 * differ between the two.
 */

/** The products that own datasets. */
export type DataProduct = 'email' | 'device' | 'ip' | 'phone' | 'name';

/**
 * How a file is encoded:
 * - `json`: a UTF-8 JSON envelope `{ "//": note, formatVersion, data }`;
 * - `range-table`: an identity-signals range table, stored uncompressed and
 *   read in place by the format's `decode` (the format version is in its
 *   binary header; see src/ip/rangeTable.ts).
 */
export type DataEncoding = 'json' | 'range-table';

/** One dataset file of a bundle, as the code that writes and reads it declares it. */
export interface DatasetFormat<T = unknown> {
  readonly product: DataProduct;
  /** Stable name within the product (`disposable`, `lists`), used in `dataInfo()` and the manifest. */
  readonly name: string;
  /** Path of the file inside a bundle, `/`-separated (`email/disposable.json`). */
  readonly file: string;
  /** Version of the file's layout; a reader refuses any other. */
  readonly formatVersion: number;
  readonly encoding: DataEncoding;
  /**
   * For `range-table`: decodes the verified bytes into the table (views over
   * the bytes, no copy); throws a `DataError` naming `path` on bad bytes.
   */
  readonly decode?: (bytes: Uint8Array, path: string) => { readonly payload: unknown };
  /**
   * What the list is, when results lean on it being current (Tor exits,
   * disposable domains): such a dataset older than the maximum age adds a
   * `*_DATA_STALE` reason to the results that consulted it.
   */
  readonly volatile?: string;
  /**
   * Checks the decoded `data` (the JSON envelope's `data`, or a range
   * table's payload) has the declared shape.
   * @returns null when it does, else what is wrong (`"data.domains[3] is not a string"`)
   */
  readonly check: (data: unknown) => string | null;
  /** Number of records (domains, prefixes, segments…) in valid data, for the manifest. */
  readonly records: (data: T) => number;
}

/** Declares a dataset (identity function that keeps `T` for the loader). */
export function dataset<T>(format: DatasetFormat<T>): DatasetFormat<T> {
  return Object.freeze(format);
}

// --- shape helpers: small, allocation-free walks that name the first fault -----

/** The kind of a value, for messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** `null` when `value` is an array whose items all pass `item`, else the first fault. */
export function arrayOf(value: unknown, path: string, item: (v: unknown, path: string) => string | null): string | null {
  if (!Array.isArray(value)) return `${path} is ${kindOf(value)}, expected an array`;
  // The item's path is written only for the item at fault: building it for
  // every item was most of the check's time on the large tables.
  for (let i = 0; i < value.length; i++) {
    if (item(value[i], '') !== null) return item(value[i], `${path}[${i}]`);
  }
  return null;
}

/** `null` when `value` is a plain object whose values all pass `item`, else the first fault. */
export function recordOf(value: unknown, path: string, item: (v: unknown, path: string) => string | null): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path} is ${kindOf(value)}, expected an object`;
  const o = value as Record<string, unknown>;
  for (const key in o) {
    if (Object.hasOwn(o, key) && item(o[key], '') !== null) return item(o[key], `${path}.${key}`);
  }
  return null;
}

/** `null` when `value` is an object holding every key of `fields`, each passing its check. */
export function objectWith(
  value: unknown,
  path: string,
  fields: Readonly<Record<string, (v: unknown, path: string) => string | null>>,
): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path} is ${kindOf(value)}, expected an object`;
  const o = value as Record<string, unknown>;
  for (const [key, check] of Object.entries(fields)) {
    if (!Object.hasOwn(o, key)) return `${path}.${key} is missing`;
    const fault = check(o[key], `${path}.${key}`);
    if (fault !== null) return fault;
  }
  return null;
}

export const isString = (v: unknown, path: string): string | null => (typeof v === 'string' ? null : `${path} is ${kindOf(v)}, expected a string`);
export const isNumber = (v: unknown, path: string): string | null =>
  typeof v === 'number' && Number.isFinite(v) ? null : `${path} is ${kindOf(v)}, expected a number`;
export const isAny = (): string | null => null;
/** Accepts an array of strings. */
export const isStringArray = (v: unknown, path: string): string | null => arrayOf(v, path, isString);
