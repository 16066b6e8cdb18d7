/**
 * The bundle manifest: `manifest.json` at the root of a bundle directory.
 * docs/data.md documents it for sites that inspect or produce bundles.
 */
import { DataError } from '../errors.js';
import type { DataProduct } from './format.js';

/** The manifest layout this code reads and writes. */
export const MANIFEST_FORMAT_VERSION = 1;
/** Value of the manifest's `format` field: tells a bundle manifest from any other JSON file. */
export const MANIFEST_FORMAT = 'identity-signals-data';
/** Name of the manifest file at a bundle's root. */
export const MANIFEST_FILE = 'manifest.json';

/** One dataset of a bundle, as listed in its manifest. */
export interface ManifestDataset {
  readonly product: DataProduct;
  /** Stable name within the product (`disposable`, `lists`). */
  readonly name: string;
  /** The file, relative to the bundle root, `/`-separated. */
  readonly file: string;
  /** The file's layout version (see the dataset's declaration). */
  readonly formatVersion: number;
  /** sha256 of the file's bytes, lower-case hex. */
  readonly sha256: string;
  /** Size of the file in bytes. */
  readonly bytes: number;
  /** Number of records (domains, prefixes, segments…), as the builder counted them. */
  readonly records: number;
  /** Where the data came from: a URL, `package@version`, or the curated inputs. */
  readonly source: string;
  /** Licence of the data (SPDX where there is one). */
  readonly licence: string;
  /** Day the upstream data was retrieved (YYYY-MM-DD): the date its age counts from. */
  readonly retrieved: string;
  /** Free text: what was kept or dropped, counts per list. */
  readonly notes?: string;
}

/** A bundle's `manifest.json`. */
export interface Manifest {
  readonly format: typeof MANIFEST_FORMAT;
  readonly formatVersion: number;
  /** When the bundle was assembled (ISO 8601 date or date-time). */
  readonly created: string;
  /** The datasets the bundle holds, sorted by file. A bundle may hold any subset. */
  readonly datasets: readonly ManifestDataset[];
}

const PRODUCTS: ReadonlySet<string> = new Set(['email', 'device', 'ip', 'phone', 'name']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HEX64 = /^[0-9a-f]{64}$/;
/** A relative path that stays inside the bundle: no leading `/`, no `..` or `.` segment, no backslash. */
const SAFE_SEGMENT = /^[\w.-]+$/;

function safeRelative(file: string): boolean {
  if (file === '' || file.startsWith('/') || file.includes('\\')) return false;
  return file.split('/').every((s) => s !== '.' && s !== '..' && SAFE_SEGMENT.test(s));
}

/** Checks one dataset entry; returns what is wrong, or null. */
function datasetFault(d: unknown, at: string): string | null {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return `${at} is not an object`;
  const e = d as Record<string, unknown>;
  const str = (k: string): boolean => typeof e[k] === 'string' && e[k] !== '';
  const int = (k: string): boolean => typeof e[k] === 'number' && Number.isInteger(e[k]) && (e[k] as number) >= 0;
  if (!str('product') || !PRODUCTS.has(e.product as string)) return `${at}.product must be one of email, device, ip, phone, name`;
  if (!str('name')) return `${at}.name must be a non-empty string`;
  if (!str('file') || !safeRelative(e.file as string)) return `${at}.file must be a relative path inside the bundle`;
  if (!int('formatVersion') || e.formatVersion === 0) return `${at}.formatVersion must be a positive integer`;
  if (typeof e.sha256 !== 'string' || !HEX64.test(e.sha256)) return `${at}.sha256 must be 64 lower-case hex digits`;
  if (!int('bytes')) return `${at}.bytes must be a non-negative integer`;
  if (!int('records')) return `${at}.records must be a non-negative integer`;
  if (!str('source')) return `${at}.source must be a non-empty string`;
  if (!str('licence')) return `${at}.licence must be a non-empty string`;
  if (typeof e.retrieved !== 'string' || !DAY.test(e.retrieved) || Number.isNaN(Date.parse(e.retrieved))) {
    return `${at}.retrieved must be a YYYY-MM-DD date`;
  }
  if (e.notes !== undefined && typeof e.notes !== 'string') return `${at}.notes must be a string when present`;
  return null;
}

/**
 * Parses and checks a manifest's text. Throws {@link DataError} naming the
 * manifest and the first fault (`DATA_CORRUPT`), or `DATA_VERSION` for a
 * manifest of another layout version.
 *
 * @param text the content of `manifest.json`
 * @param path the manifest's path, for messages
 */
export function parseManifest(text: string, path: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new DataError('DATA_CORRUPT', `${path}: not valid JSON (${(cause as Error).message})`, path, { cause });
  }
  const bad = (why: string): never => {
    throw new DataError('DATA_CORRUPT', `${path}: ${why}`, path);
  };
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return bad('not a JSON object');
  const m = parsed as Record<string, unknown>;
  if (m.format !== MANIFEST_FORMAT) return bad(`"format" is not "${MANIFEST_FORMAT}": not an identity-signals data bundle manifest`);
  if (m.formatVersion !== MANIFEST_FORMAT_VERSION) {
    throw new DataError(
      'DATA_VERSION',
      `${path}: manifest format version ${JSON.stringify(m.formatVersion)}, this code reads ${MANIFEST_FORMAT_VERSION}`,
      path,
    );
  }
  if (typeof m.created !== 'string' || Number.isNaN(Date.parse(m.created))) return bad('"created" must be an ISO 8601 date');
  if (!Array.isArray(m.datasets)) return bad('"datasets" must be an array');
  const files = new Set<string>();
  const names = new Set<string>();
  (m.datasets as unknown[]).forEach((d, i) => {
    const fault = datasetFault(d, `datasets[${i}]`);
    if (fault !== null) bad(fault);
    const e = d as ManifestDataset;
    if (files.has(e.file)) bad(`datasets[${i}].file ${e.file} is listed twice`);
    if (names.has(`${e.product}/${e.name}`)) bad(`datasets[${i}] ${e.product}/${e.name} is listed twice`);
    files.add(e.file);
    names.add(`${e.product}/${e.name}`);
  });
  return m as unknown as Manifest;
}

/** Serialises a manifest the way builders and `data export` write it (stable: datasets sorted by file). */
export function formatManifest(manifest: Manifest): string {
  const datasets = [...manifest.datasets].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return `${JSON.stringify({ ...manifest, datasets }, null, 2)}\n`;
}
