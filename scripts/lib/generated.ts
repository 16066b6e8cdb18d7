/**
 * Helpers shared by the data builders in scripts/<product>/build.ts.
 *
 * Every builder writes through `writeGenerated`. With `--check` (npm run
 * data:check) nothing is written: each output is compared byte for byte with
 * the committed file and a drift fails the run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { decodeDataset } from '../../src/data/bundle.js';
import type { DataProduct, DatasetFormat } from '../../src/data/format.js';
import { MANIFEST_FILE, MANIFEST_FORMAT, MANIFEST_FORMAT_VERSION, formatManifest, parseManifest } from '../../src/data/manifest.js';
import type { ManifestDataset } from '../../src/data/manifest.js';

/**
 * Where a builder reads its inputs: `node_modules/<package>` and
 * `data/raw/<product>` below this root. The repository by default;
 * `identity-signals data update` sets IDENTITY_SIGNALS_BUILD_ROOT to a
 * directory laid out the same way, holding the packages and files it has just
 * downloaded (src/update/update.ts).
 */
export const ROOT = process.env.IDENTITY_SIGNALS_BUILD_ROOT || join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The bundle a builder writes: the default bundle (`data/`) by default;
 * `data update` sets IDENTITY_SIGNALS_BUILD_OUT to the new bundle it builds.
 */
export const DATA = process.env.IDENTITY_SIGNALS_BUILD_OUT || join(ROOT, 'data');
/** The raw inputs the builders read (data/raw below {@link ROOT}). */
export const RAW = join(ROOT, 'data', 'raw');
/** True when `data update` runs the builder: the raw inputs' record (data/raw/inputs.json) is not written then. */
export const UPDATING = Boolean(process.env.IDENTITY_SIGNALS_BUILD_OUT);
export const CHECK = process.argv.includes('--check') || process.env.DATA_CHECK === '1';

/**
 * The day to record as `retrieved` for a dataset built from upstream data:
 * the builder's own date (the day the committed inputs were copied) in
 * `npm run data:build`, or the day `data update` downloaded them
 * (IDENTITY_SIGNALS_BUILD_RETRIEVED, YYYY-MM-DD).
 */
export function retrieved(committed: string): string {
  return process.env.IDENTITY_SIGNALS_BUILD_RETRIEVED || committed;
}

const drift: string[] = [];

/** sha256 hex of a buffer or string. */
export function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Path of a file under `data/`. */
export function dataFile(rel: string): string {
  return join(DATA, rel);
}

/** Every file below `dir`, recursively, in sorted order (the raw inputs a builder hashes or refreshes). */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else out.push(path);
  }
  return out;
}

/**
 * `data update` runs each builder as a child and names itself in
 * IDENTITY_SIGNALS_BUILD_PARENT. A `data update` killed with SIGKILL leaves
 * its builder running, re-parented; the next update removes the killed run's
 * work directory, which such an orphan would keep writing into (ENOTEMPTY for
 * the next run, or files left behind after it). So a builder whose parent is
 * no longer the `data update` that started it writes nothing more and exits:
 * checked before every file it writes, and every 100 ms while it runs.
 */
const BUILD_PARENT = Number(process.env.IDENTITY_SIGNALS_BUILD_PARENT); // NaN when unset

function stopIfOrphaned(): void {
  if (Number.isInteger(BUILD_PARENT) && process.ppid !== BUILD_PARENT) {
    process.stderr.write(`builder: the data update that started it (pid ${BUILD_PARENT}) is gone; stopping without writing\n`);
    process.exit(1);
  }
}
if (Number.isInteger(BUILD_PARENT)) setInterval(stopIfOrphaned, 100).unref();

/**
 * Writes (or, in check mode, compares) a generated file under `data/`.
 * @returns the bytes the file holds afterwards: in check mode the committed
 * bytes when they are equivalent (a brotli stream of another zlib version),
 * so the manifest's sha256 stays the committed file's
 */
export function writeGenerated(rel: string, content: string | Uint8Array): Buffer {
  stopIfOrphaned();
  const path = dataFile(rel);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  if (CHECK) {
    const committed = existsSync(path) ? readFileSync(path) : undefined;
    if (committed === undefined || !sameContent(path, committed, bytes)) {
      drift.push(relative(ROOT, path));
      return bytes;
    }
    return committed;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return bytes;
}

/**
 * Brotli output may differ between zlib versions for the same input, so
 * compressed files are compared by what they decompress to.
 */
function sameContent(path: string, committed: Buffer, generated: Buffer): boolean {
  if (committed.equals(generated)) return true;
  if (!path.endsWith('.br')) return false;
  try {
    return brotliDecompressSync(committed).equals(brotliDecompressSync(generated));
  } catch {
    return false;
  }
}

/**
 * Serialises generated JSON with the "do not edit" header and a format
 * version that the runtime loader checks (src/data/bundle.ts).
 */
export function generatedJson(script: string, formatVersion: number, data: unknown): string {
  return `${JSON.stringify({ '//': `Generated by ${script}. Do not edit: change the script or its inputs and run npm run data:build.`, formatVersion, data })}\n`;
}

/** Provenance of a dataset a builder writes (the rest of its manifest entry is computed). */
export interface DatasetMeta {
  /** Where the data came from: a URL, `package@version`, or the curated inputs. */
  readonly source: string;
  readonly licence: string;
  /** Day the upstream data was retrieved (YYYY-MM-DD). */
  readonly retrieved: string;
  readonly notes?: string;
}

const datasets: ManifestDataset[] = [];

/**
 * Writes one dataset of the default bundle: the builder's JSON data in the
 * generated envelope, or a range table's bytes. The output is decoded and
 * checked with the dataset's own declaration first (the loader's check), so a
 * builder cannot write a file the loader would refuse; its manifest entry
 * (sha256, bytes, records) is kept for {@link writeManifest}.
 *
 * @returns the written bytes
 */
export function writeDataset<T>(script: string, format: DatasetFormat<T>, content: T | Uint8Array, meta: DatasetMeta): Buffer {
  const fresh =
    format.encoding === 'json' ? Buffer.from(generatedJson(script, format.formatVersion, content), 'utf8') : Buffer.from(content as Uint8Array);
  let decoded: T;
  try {
    decoded = decodeDataset(format, fresh, format.file);
  } catch (error) {
    console.error(`${script}: refusing to write ${format.file}: ${(error as Error).message}`);
    process.exit(1);
  }
  const bytes = writeGenerated(format.file, fresh);
  datasets.push({
    product: format.product,
    name: format.name,
    file: format.file,
    formatVersion: format.formatVersion,
    sha256: sha256(bytes),
    bytes: bytes.length,
    records: format.records(decoded),
    source: meta.source,
    licence: meta.licence,
    retrieved: meta.retrieved,
    ...(meta.notes === undefined ? {} : { notes: meta.notes }),
  });
  return bytes;
}

/** One raw input of a builder (not shipped: data/raw/inputs.json records what each dataset was built from). */
export interface ManifestEntry {
  /** The raw input, relative to data/, or a package it was read from. */
  readonly file: string;
  /** Where the input came from: an npm package@version or a URL. */
  readonly source: string;
  readonly licence: string;
  /** Date of the upstream snapshot (YYYY-MM-DD). */
  readonly date: string;
  readonly sha256: string;
  readonly formatVersion?: number;
  readonly notes?: string;
}

const byFile = <E extends { readonly file: string }>(a: E, b: E): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

/**
 * Writes the product's part of the default bundle's manifest (data/manifest.json:
 * the datasets written through {@link writeDataset}) and of data/raw/inputs.json
 * (the raw inputs, with their sha256), keeping the other products' entries.
 * The manifest's `created` is the newest `retrieved` date, so an unchanged
 * build writes an unchanged manifest.
 */
export function writeManifest(product: DataProduct, inputs: readonly ManifestEntry[]): void {
  // (writes nothing to data/raw when `data update` builds a bundle elsewhere: the raw inputs are its downloads)
  const manifestPath = dataFile(MANIFEST_FILE);
  const others = existsSync(manifestPath)
    ? parseManifest(readFileSync(manifestPath, 'utf8'), manifestPath).datasets.filter((d) => d.product !== product)
    : [];
  const all = [...others, ...datasets].sort(byFile);
  const created = all.reduce((max, d) => (d.retrieved > max ? d.retrieved : max), '0000-00-00');
  writeGenerated(MANIFEST_FILE, formatManifest({ format: MANIFEST_FORMAT, formatVersion: MANIFEST_FORMAT_VERSION, created, datasets: all }));

  if (UPDATING) return;
  const inputsPath = dataFile('raw/inputs.json');
  const previous = existsSync(inputsPath)
    ? (JSON.parse(readFileSync(inputsPath, 'utf8')) as { inputs: (ManifestEntry & { product: string })[] }).inputs.filter((e) => e.product !== product)
    : [];
  const rows = [...previous, ...inputs.map((e) => ({ product, ...e }))].sort(byFile);
  writeGenerated(
    'raw/inputs.json',
    `${JSON.stringify({ '//': 'The raw inputs each dataset of data/manifest.json was built from (maintainers only; not shipped). Written by the builders.', inputs: rows }, null, 2)}\n`,
  );
}

/** The version of an installed npm package (for manifests). */
export function packageVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Ends a builder: in check mode, exits non-zero listing drifted files. */
export function finish(builder: string): void {
  if (CHECK) {
    if (drift.length > 0) {
      console.error(`${builder}: generated data drifted from its inputs:\n  ${drift.join('\n  ')}\nRun npm run data:build and commit.`);
      process.exitCode = 1;
    } else {
      console.log(`${builder}: generated data matches its inputs`);
    }
  } else {
    console.log(`${builder}: data written`);
  }
}
