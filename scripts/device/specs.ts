/**
 * Specs table: data/raw/device/specs.csv (curated, one source URL per row)
 * validated and compiled to data/device/specs.json. A bad row fails the
 * build with its line number: year outside 2018–2026, pixels not portrait,
 * ppi more than 5% away from √(w²+h²)/diagonal, unknown category, a flag
 * other than yes/no/empty, a missing source.
 */
import { join } from 'node:path';
import { priceCluster } from '../../src/device/data/specs.js';
import { readCsv } from './csv.js';
import type { ModelTable } from './models.js';

export const SPEC_CATEGORIES = ['smartphone', 'phablet', 'tablet', 'wearable', 'tv'] as const;
export const NETWORK_FLAGS = ['nfc', 'lte', 'lte_advanced', 'umts', 'hsdpa', 'hspa_evolved', 'edge', 'gprs'] as const;
/** Column order of each row in specs.json (src/device/data/specs.ts reads it by name). */
export const SPEC_COLUMNS = [
  'brand',
  'model',
  'release_year',
  'screen_width',
  'screen_height',
  'diagonal_in',
  'ppi',
  'launch_price_usd',
  'price_cluster',
  'category',
  ...NETWORK_FLAGS,
  'camera_mp',
  'source',
] as const;


/** Key used to match specs rows with model-table names: case and spaces ignored. */
export function specKey(brand: string, model: string): string {
  return `${brand.toLowerCase().replace(/\s+/g, '')}|${model.toLowerCase().replace(/\s+/g, '')}`;
}

export interface SpecsTable {
  columns: readonly string[];
  rows: (string | number | boolean | null)[][];
}

function fail(line: number, message: string): never {
  throw new Error(`data/raw/device/specs.csv:${line}: ${message}`);
}

export function buildSpecs(
  root: string,
  models: ModelTable,
): { table: SpecsTable; text: string; stats: { rows: number; reachable: number; unreachable: string[] } } {
  const csv = readCsv(join(root, 'data', 'raw', 'device', 'specs.csv'));
  const expected = SPEC_COLUMNS.filter((c) => c !== 'price_cluster');
  if (csv.header.join(',') !== expected.join(',')) {
    throw new Error(`specs.csv header must be: ${expected.join(',')}`);
  }
  const seen = new Set<string>();
  const rows: (string | number | boolean | null)[][] = [];
  for (const { line, cells } of csv.rows) {
    const text = (name: string): string => cells[name] ?? '';
    const int = (name: string, min: number, max: number): number => {
      const v = Number(text(name));
      if (text(name) === '' || !Number.isInteger(v) || v < min || v > max) fail(line, `${name} ${text(name)} not an integer in ${min}..${max}`);
      return v;
    };
    const num = (name: string, min: number, max: number, optional: boolean): number | null => {
      if (text(name) === '') {
        if (optional) return null;
        fail(line, `${name} is required`);
      }
      const v = Number(text(name));
      if (!Number.isFinite(v) || v < min || v > max) fail(line, `${name} ${text(name)} not in ${min}..${max}`);
      return v;
    };
    const flag = (name: string): boolean | null => {
      const v = text(name);
      if (v === '') return null;
      if (v === 'yes') return true;
      if (v === 'no') return false;
      return fail(line, `${name} must be yes, no or empty, got ${v}`);
    };
    const brand = text('brand');
    const model = text('model');
    if (brand === '' || model === '') fail(line, 'brand and model are required');
    const key = specKey(brand, model);
    if (seen.has(key)) fail(line, `duplicate row ${brand} ${model}`);
    seen.add(key);
    const year = int('release_year', 2018, 2026);
    const width = int('screen_width', 120, 4000);
    const height = int('screen_height', 120, 4000);
    if (width > height) fail(line, `screen ${width}x${height} is not portrait (width <= height)`);
    const diagonal = num('diagonal_in', 1, 20, false) ?? 0;
    const ppi = int('ppi', 100, 800);
    const computed = Math.sqrt(width * width + height * height) / diagonal;
    if (Math.abs(ppi - computed) / computed > 0.05) fail(line, `ppi ${ppi} is not within 5% of ${computed.toFixed(0)} (from pixels and diagonal)`);
    const price = num('launch_price_usd', 20, 5000, true);
    const category = text('category');
    if (!(SPEC_CATEGORIES as readonly string[]).includes(category)) fail(line, `category ${category} not one of ${SPEC_CATEGORIES.join(', ')}`);
    const camera = num('camera_mp', 1, 250, true);
    const source = text('source');
    if (!source.startsWith('https://')) fail(line, 'source must be an https URL');
    rows.push([
      brand,
      model,
      year,
      width,
      height,
      diagonal,
      ppi,
      price,
      price === null ? null : priceCluster(price),
      category,
      ...NETWORK_FLAGS.map(flag),
      camera,
      source,
    ]);
  }
  rows.sort((a, b) => (String(a[0]) + String(a[1]) < String(b[0]) + String(b[1]) ? -1 : 1));

  // Reachability: a row is reachable when some model code maps to its brand + name.
  const named = new Set<string>();
  const addTuple = (t: readonly [number, string, ...unknown[]]): void => {
    named.add(specKey(models.brands[t[0]] ?? '', t[1]));
  };
  for (const tuple of Object.values(models.codes)) addTuple(tuple);
  for (const list of Object.values(models.alt)) list.forEach(addTuple);
  const unreachable = rows.filter((r) => !named.has(specKey(String(r[0]), String(r[1])))).map((r) => `${String(r[0])} ${String(r[1])}`);
  return {
    table: { columns: SPEC_COLUMNS, rows },
    text: csv.text,
    stats: { rows: rows.length, reachable: rows.length - unreachable.length, unreachable },
  };
}
