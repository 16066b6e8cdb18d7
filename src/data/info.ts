/**
 * What a checker's data is and how old: `checker.dataInfo()`, `data info`,
 * `data verify` and `data export`.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { DataError } from '../errors.js';
import { DataBundle, isDirectory, readListedFile } from './bundle.js';
import type { DataContext } from './context.js';
import { ageInDays } from './context.js';
import { readClock } from '../common/clock.js';
import type { DataProduct, DatasetFormat } from './format.js';
import { MANIFEST_FILE, MANIFEST_FORMAT, MANIFEST_FORMAT_VERSION, formatManifest } from './manifest.js';
import type { ManifestDataset } from './manifest.js';

/** One dataset as a checker sees it. */
export interface DatasetInfo {
  readonly product: DataProduct;
  readonly name: string;
  /** The file inside its bundle. */
  readonly file: string;
  /** `default`: the package's bundle; `custom`: the bundle given in `data`. */
  readonly from: 'default' | 'custom';
  /** The directory of the bundle it is read from. */
  readonly bundle: string;
  readonly source: string;
  readonly licence: string;
  /** Day the upstream data was retrieved (YYYY-MM-DD). */
  readonly retrieved: string;
  /** Whole days from `retrieved` to the checker's clock. */
  readonly ageDays: number;
  /** True for a list results lean on being current (Tor, VPN, proxy, relay, hosting, disposable). */
  readonly volatile: boolean;
  /** A volatile list older than the checker's `maxAgeDays`. */
  readonly stale: boolean;
  readonly records: number;
  readonly bytes: number;
  readonly sha256: string;
  readonly formatVersion: number;
  /** True once the file has been read and verified in this process (sha256, version, shape); `dataInfo({ verify: true })` verifies every file first. */
  readonly verified: boolean;
  /** Why the file failed verification, when it did. */
  readonly problem?: string;
}

/**
 * Every dataset of a context: where it comes from, how old it is, and
 * whether it verified. With `verify`, each file not yet read is read and
 * verified now (a dataset that fails keeps failing: its checks throw).
 */
export function dataInfo(context: DataContext, formats: readonly DatasetFormat<never>[], options: { readonly verify?: boolean } = {}): readonly DatasetInfo[] {
  const now = readClock(context.now);
  const out: DatasetInfo[] = [];
  for (const format of formats) {
    const holder = context.bundle.holder(format);
    const entry = holder?.listed(format);
    if (holder === null || holder === undefined || entry === undefined) continue;
    if (options.verify === true) holder.check(format);
    const status = holder.status(format);
    const ageDays = ageInDays(entry.retrieved, now);
    out.push(
      Object.freeze({
        product: format.product,
        name: format.name,
        file: entry.file,
        from: holder.origin,
        bundle: holder.dir,
        source: entry.source,
        licence: entry.licence,
        retrieved: entry.retrieved,
        ageDays,
        volatile: format.volatile !== undefined,
        stale: format.volatile !== undefined && ageDays > context.maxAgeDays,
        records: entry.records,
        bytes: entry.bytes,
        sha256: entry.sha256,
        formatVersion: entry.formatVersion,
        verified: status === true,
        ...(status instanceof DataError ? { problem: status.message } : {}),
      }),
    );
  }
  return Object.freeze(out);
}

/** One fault `verifyBundle` found. */
export interface BundleProblem {
  /** The file at fault (the manifest, or a dataset file), relative to the bundle. */
  readonly file: string;
  readonly message: string;
}

/** What {@link verifyBundle} found: how many datasets the manifest lists, and every problem. */
export interface BundleVerification {
  readonly ok: boolean;
  readonly datasets: number;
  readonly problems: readonly BundleProblem[];
}

/**
 * Verifies a bundle directory on its own (no fallback): the manifest, then
 * every file it lists: size, sha256 and, for the datasets this version
 * reads, format version and shape. Lists every problem rather than the first.
 */
export function verifyBundle(dir: string, formats: readonly DatasetFormat<never>[]): BundleVerification {
  const { ok, datasets, problems } = openVerified(formats, () => {
    if (!isDirectory(dir)) throw new DataError('DATA_MISSING', `${dir}: no such directory`, dir);
    return { bundle: new DataBundle(dir, 'custom', null) };
  });
  return { ok, datasets, problems };
}

/** What {@link openVerified} found, and what it opened when the manifest could be read. */
export interface OpenedVerification<T> extends BundleVerification {
  /** Absent when opening failed (the one problem is then the manifest's). */
  readonly opened?: T;
}

/**
 * Opens a bundle with `open` (which reads its manifest) and verifies every
 * file it lists ({@link verifyOpenedBundle}). A manifest that cannot be read,
 * or a directory that is not there, fails verification as a bad file does:
 * one problem on `manifest.json`, not a thrown DataError, so `data verify`
 * and a `serve` reload (which refuses it) report it the same way.
 *
 * @param open opens the bundle and returns what holds it (a data context, or just `{ bundle }`); a DataError it throws becomes the problem
 */
export function openVerified<T extends { readonly bundle: DataBundle }>(formats: readonly DatasetFormat<never>[], open: () => T): OpenedVerification<T> {
  let opened: T;
  try {
    opened = open();
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    return { ok: false, datasets: 0, problems: [{ file: MANIFEST_FILE, message: error.message }] };
  }
  return { ...verifyOpenedBundle(opened.bundle, formats), opened };
}

/**
 * {@link verifyBundle} for a bundle already opened (its manifest read):
 * every file it lists, not its fallback's, verified through the bundle
 * itself, which keeps what it read. A checker opened on that bundle then
 * reads and hashes no file again (`serve --data` verifies its checker's
 * bundle this way at start).
 */
export function verifyOpenedBundle(bundle: DataBundle, formats: readonly DatasetFormat<never>[]): BundleVerification {
  const known = new Map<string, DatasetFormat<never>>(formats.map((f) => [f.file, f]));
  const problems: BundleProblem[] = [];
  for (const entry of bundle.manifest.datasets) {
    const format = known.get(entry.file);
    try {
      if (format === undefined) readListedFile(bundle.root, entry);
      else bundle.load(format);
    } catch (error) {
      if (!(error instanceof DataError)) throw error;
      problems.push({ file: entry.file, message: error.message });
    }
  }
  return { ok: problems.length === 0, datasets: bundle.manifest.datasets.length, problems };
}

/**
 * Writes the datasets a context reads (its bundle's, and the default
 * bundle's for what a partial bundle lacks) as one standalone bundle in
 * `outDir`, verifying each file on the way. `outDir` must not exist or be
 * empty; the manifest is written last, so an interrupted export is not a bundle.
 *
 * @returns the written manifest's datasets
 * @throws DataError when a source file fails verification or `outDir` is not empty
 */
export function exportBundle(context: DataContext, formats: readonly DatasetFormat<never>[], outDir: string): readonly ManifestDataset[] {
  const out = resolvePath(outDir);
  if (isDirectory(out) && readdirSync(out).length > 0) {
    throw new DataError('DATA_CORRUPT', `${out}: not empty; export writes a new bundle into an empty or new directory`, out);
  }
  const datasets: ManifestDataset[] = [];
  for (const format of formats) {
    const holder = context.bundle.holder(format);
    const entry = holder?.listed(format);
    if (holder === null || holder === undefined || entry === undefined) continue;
    holder.load(format); // verified before it is copied
    const target = join(out, entry.file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(holder.root, entry.file), target);
    datasets.push(entry);
  }
  mkdirSync(out, { recursive: true });
  const manifest = { format: MANIFEST_FORMAT, formatVersion: MANIFEST_FORMAT_VERSION, created: new Date(readClock(context.now)).toISOString(), datasets } as const;
  writeFileSync(join(out, MANIFEST_FILE), formatManifest(manifest));
  return Object.freeze(datasets);
}
