/**
 * Device specs (release year, screen, ppi, launch price, radios, camera) by
 * brand + marketing name, from data/device/specs.json: a curated table with
 * a source URL per row (data/raw/device/specs.csv). Loaded on first use.
 */
import { SPECS } from './formats.js';
import type { SpecsJson } from './formats.js';
import type { DataBundle } from '../../data/bundle.js';

/** Version of data/device/specs.json (declared in ./formats.ts). */
export const SPECS_FORMAT = SPECS.formatVersion;

/** Retail price class from the launch price in USD. */
export type PriceCluster = 'very_low' | 'low' | 'medium' | 'high' | 'very_high';

/** One row of the specs table. `null` = the source did not give it with confidence. */
export interface DeviceSpecs {
  /** Year of commercial release. */
  release_year: number;
  /** Screen width in pixels, portrait. */
  screen_width: number;
  /** Screen height in pixels, portrait. */
  screen_height: number;
  /** Screen diagonal in inches. */
  diagonal_in: number;
  /** Pixels per inch as the maker states it. */
  ppi: number;
  /** Launch price in USD (the maker's list price for the base configuration). */
  launch_price_usd: number | null;
  /** {@link priceCluster} of `launch_price_usd`. */
  price_cluster: PriceCluster | null;
  category: 'smartphone' | 'phablet' | 'tablet' | 'wearable' | 'tv';
  nfc: boolean | null;
  lte: boolean | null;
  lte_advanced: boolean | null;
  umts: boolean | null;
  hsdpa: boolean | null;
  hspa_evolved: boolean | null;
  edge: boolean | null;
  gprs: boolean | null;
  /** Main (widest-used) rear camera in megapixels. */
  camera_mp: number | null;
  /** Where the figures come from (a spec page URL). */
  source: string;
}

/** A specs row together with the brand and name it is filed under. */
export interface DeviceSpecsRow extends DeviceSpecs {
  brand: string;
  model: string;
}


/** Lower-cases and drops whitespace: "Galaxy  S23" and "galaxy s23" meet. */
function squash(text: string): string {
  let out = '';
  const lower = text.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 160) out += lower[i];
  }
  return out;
}

/** Sub-brands a caller may pass as the brand: they are part of the model name here. */
const SUB_BRANDS: Record<string, string> = { redmi: 'xiaomi', poco: 'xiaomi' };
/** Other spellings of brands of the table. */
const BRAND_ALIASES: Record<string, string> = { lge: 'lg', tecnomobile: 'tecno', tctalcatel: 'alcatel' };

/** The specs table by squashed `brand|model`: open it with {@link openSpecs}. */
export type SpecsTable = ReadonlyMap<string, DeviceSpecsRow>;

/**
 * Reads data/device/specs.json from `bundle` and indexes it.
 *
 * @throws DataError when the file is missing or fails verification
 */
export function openSpecs(bundle: DataBundle): SpecsTable {
  return build(bundle.load(SPECS));
}

function build(json: SpecsJson): Map<string, DeviceSpecsRow> {
  const map = new Map<string, DeviceSpecsRow>();
  for (const row of json.rows) {
    const record: Record<string, unknown> = {};
    json.columns.forEach((name, i) => {
      record[name] = row[i] ?? null;
    });
    const specs = record as unknown as DeviceSpecsRow;
    map.set(`${squash(specs.brand)}|${squash(specs.model)}`, Object.freeze(specs));
  }
  return map;
}

/** Caps the arguments before any work: marketing names are short. */
const MAX_NAME_LENGTH = 80;

/**
 * Specs of a device by brand and marketing name, matched case- and
 * space-insensitively. The brand may be repeated in front of the model
 * ('Samsung', 'Samsung Galaxy S23'), and a sub-brand may be passed as the
 * brand ('Redmi', 'Note 11' finds Xiaomi 'Redmi Note 11').
 *
 * @returns the frozen row, or undefined when the table has no such device
 * @example
 * // not run: `specs` stands for a table a checker opened (src/device/tables.ts)
 * declare const specs: SpecsTable;
 * lookupSpecs(specs, 'Samsung', 'Galaxy S23')?.ppi // 422
 */
export function lookupSpecs(rows: SpecsTable, brand: string, model: string): DeviceSpecs | undefined {
  if (typeof brand !== 'string' || typeof model !== 'string') return undefined;
  let b = squash(brand.slice(0, MAX_NAME_LENGTH));
  let m = squash(model.slice(0, MAX_NAME_LENGTH));
  if (b === '' || m === '') return undefined;
  const parent = SUB_BRANDS[b];
  if (parent !== undefined) {
    if (!m.startsWith(b)) m = b + m;
    b = parent;
  }
  b = BRAND_ALIASES[b] ?? b;
  const hit = rows.get(`${b}|${m}`);
  if (hit !== undefined) return hit;
  if (m.startsWith(b) && m.length > b.length) return rows.get(`${b}|${m.slice(b.length)}`);
  return undefined;
}

/**
 * Every row of the specs table (frozen), for tests and coverage figures.
 *
 * @example
 * // not run: `specs` stands for a table a checker opened (src/device/tables.ts)
 * declare const specs: SpecsTable;
 * allSpecs(specs).filter((r) => r.brand === 'Google').length
 */
export function allSpecs(rows: SpecsTable): readonly DeviceSpecsRow[] {
  return [...rows.values()];
}

/**
 * The price classes from a launch price in USD: very_low < 150,
 * low < 300, medium < 600, high < 1000, very_high ≥ 1000.
 *
 * @example
 * priceCluster(799) // 'high'
 */
export function priceCluster(usd: number): PriceCluster {
  if (usd < 150) return 'very_low';
  if (usd < 300) return 'low';
  if (usd < 600) return 'medium';
  if (usd < 1000) return 'high';
  return 'very_high';
}
