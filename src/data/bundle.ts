/**
 * A data bundle: a directory holding `manifest.json` and the compiled files
 * it lists. Each file is verified the first time it is read (size and
 * sha256 against the manifest, format version, shape) and kept by this
 * bundle object only, so two checkers opened on two bundles never see each
 * other's tables. A bundle may be partial: a dataset its manifest does not
 * list is read from the fallback (the package's default bundle); a dataset
 * it lists is never replaced by the fallback's, even when it fails.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { sharedFile } from '../common/sharedFiles.js';
import { DataError } from '../errors.js';
import type { DatasetFormat } from './format.js';
import { noteLoad } from '../common/loads.js';
import { MANIFEST_FILE, parseManifest } from './manifest.js';
import type { Manifest, ManifestDataset } from './manifest.js';

/** Where a bundle came from: the package's own, or a directory the caller named. */
export type BundleOrigin = 'default' | 'custom';

/** State of one file of a bundle in this process. */
type FileState = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: DataError };

/** An opened bundle: its manifest is read and checked; files are read on first use. */
export class DataBundle {
  /** Absolute path of the bundle directory, as given. */
  readonly dir: string;
  /**
   * The directory the files are read from: `dir` with symbolic links
   * resolved when the bundle is opened. `data update` swaps a bundle by
   * pointing its link at a new directory; a bundle opened before keeps reading
   * the files its manifest lists, not the new ones.
   */
  readonly root: string;
  readonly origin: BundleOrigin;
  /** Where datasets this bundle does not list come from (null for the default bundle). */
  readonly fallback: DataBundle | null;
  readonly manifest: Manifest;
  private readonly byFile: ReadonlyMap<string, ManifestDataset>;
  private readonly files = new Map<string, FileState>();

  /**
   * Opens a bundle directory: reads and checks its manifest now, so a wrong
   * path or a foreign directory fails at once, not at the first check.
   *
   * @throws DataError `DATA_MISSING` when there is no `manifest.json` in `dir`;
   * `DATA_CORRUPT` or `DATA_VERSION` when the manifest is not a valid bundle manifest
   */
  constructor(dir: string, origin: BundleOrigin, fallback: DataBundle | null) {
    this.dir = resolvePath(dir);
    this.origin = origin;
    this.fallback = fallback;
    let root: string;
    try {
      root = realpathSync(this.dir);
    } catch {
      root = this.dir; // missing: reading the manifest below says so
    }
    this.root = root;
    const path = join(this.root, MANIFEST_FILE);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no manifest.json: not a data bundle directory' : `cannot read manifest.json (${code ?? String(cause)})`;
      throw new DataError('DATA_MISSING', `${this.dir}: ${why}`, path, { cause });
    }
    this.manifest = parseManifest(text, path);
    this.byFile = new Map(this.manifest.datasets.map((d) => [d.file, d]));
  }

  /** The manifest entry for a dataset when this bundle lists it (not its fallback). */
  listed(format: DatasetFormat<never>): ManifestDataset | undefined {
    return this.byFile.get(format.file);
  }

  /** The bundle a dataset is read from: this one when it lists it, else the fallback chain's. */
  holder(format: DatasetFormat<never>): DataBundle | null {
    if (this.byFile.has(format.file)) return this;
    return this.fallback === null ? null : this.fallback.holder(format);
  }

  /**
   * The verified content of a dataset (JSON `data`, or the decoded range
   * table), read and verified on first use and kept by the bundle that holds it.
   *
   * @throws DataError naming the file and what is wrong; the same error again on every later call
   */
  load<T>(format: DatasetFormat<T>): T {
    const holder = this.holder(format);
    if (holder === null) {
      throw new DataError(
        'DATA_MISSING',
        `${this.dir}: the bundle lists no ${format.file} (${format.product}/${format.name}) and has no default bundle to take it from`,
        join(this.dir, format.file),
      );
    }
    if (holder !== this) return holder.load(format);
    let state = this.files.get(format.file);
    if (state === undefined) {
      noteLoad(`file ${format.file}`);
      try {
        state = { ok: true, value: this.readVerified(format) };
      } catch (error) {
        if (!(error instanceof DataError)) throw error;
        state = { ok: false, error };
      }
      this.files.set(format.file, state);
    }
    if (!state.ok) throw state.error;
    return state.value as T;
  }

  /**
   * Verifies a dataset now (reads it if not yet read).
   * @returns null when it verifies, else the error
   */
  check(format: DatasetFormat<never>): DataError | null {
    try {
      this.load(format);
      return null;
    } catch (error) {
      if (error instanceof DataError) return error;
      throw error;
    }
  }

  /** Whether a dataset this bundle holds has been read and verified in this process: true, false, or the error. */
  status(format: DatasetFormat<never>): boolean | DataError {
    const state = this.files.get(format.file);
    if (state === undefined) return false;
    return state.ok ? true : state.error;
  }

  /** Reads a file of this bundle and verifies it against the manifest and its declaration. */
  private readVerified<T>(format: DatasetFormat<T>): unknown {
    const entry = this.byFile.get(format.file)!;
    const path = join(this.root, format.file);
    const fail = (code: 'DATA_CORRUPT' | 'DATA_VERSION', why: string): never => {
      throw new DataError(code, `${path}: ${why}`, path);
    };
    if (entry.product !== format.product || entry.name !== format.name) {
      fail('DATA_CORRUPT', `the manifest calls it ${entry.product}/${entry.name}, this code reads it as ${format.product}/${format.name}`);
    }
    if (entry.formatVersion !== format.formatVersion) {
      fail('DATA_VERSION', `the manifest says format version ${entry.formatVersion}, this code reads ${format.formatVersion}`);
    }
    const bytes = readListedFile(this.root, entry);
    return decodeDataset(format, bytes, path);
  }
}

/**
 * Reads a file a manifest lists and checks its size and sha256.
 *
 * @throws DataError naming the file: `DATA_MISSING` when absent or unreadable,
 * `DATA_CORRUPT` when truncated, longer, or of another sha256
 */
export function readListedFile(dir: string, entry: ManifestDataset): Buffer {
  const path = join(dir, entry.file);
  const fail = (code: 'DATA_CORRUPT' | 'DATA_MISSING', why: string, cause?: unknown): never => {
    throw new DataError(code, `${path}: ${why}`, path, cause === undefined ? undefined : { cause });
  };
  let bytes: Buffer;
  try {
    // The batch pool's shared copy when this thread was handed one (see useSharedFile): checked all the same.
    bytes = sharedFile(path) ?? readFileSync(path);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    return fail('DATA_MISSING', code === 'ENOENT' ? 'listed in the manifest but missing' : `cannot be read (${code ?? String(cause)})`, cause);
  }
  if (bytes.length !== entry.bytes) {
    fail('DATA_CORRUPT', `${bytes.length} bytes, the manifest says ${entry.bytes} (${bytes.length < entry.bytes ? 'truncated' : 'changed'})`);
  }
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (sha !== entry.sha256) fail('DATA_CORRUPT', `sha256 ${sha} does not match the manifest's ${entry.sha256}`);
  return bytes;
}

/**
 * Decodes verified bytes per the dataset's declaration and checks the
 * format version and shape. Builders use it too, to refuse writing a file the
 * loader would refuse.
 *
 * @throws DataError naming `path` and what is wrong
 */
export function decodeDataset<T>(format: DatasetFormat<T>, bytes: Uint8Array, path: string): T {
  const fail = (code: 'DATA_CORRUPT' | 'DATA_VERSION', why: string, cause?: unknown): never => {
    throw new DataError(code, `${path}: ${why}`, path, cause === undefined ? undefined : { cause });
  };
  if (format.encoding === 'range-table') {
    // Read in place: the table's views share the file's bytes (no decompression, no copy).
    let table: { readonly payload: unknown };
    try {
      table = format.decode!(bytes, path);
    } catch (error) {
      if (error instanceof DataError) throw error;
      return fail('DATA_CORRUPT', `not a range table (${(error as Error).message})`, error);
    }
    const fault = format.check(table.payload);
    if (fault !== null) fail('DATA_CORRUPT', `wrong structure: ${fault}`);
    return table as T;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (cause) {
    return fail('DATA_CORRUPT', `not valid JSON (${(cause as Error).message})`, cause);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Object.hasOwn(parsed, 'data')) {
    return fail('DATA_CORRUPT', 'wrong structure: not a { formatVersion, data } envelope');
  }
  const envelope = parsed as { formatVersion?: unknown; data: unknown };
  if (envelope.formatVersion !== format.formatVersion) {
    fail('DATA_VERSION', `format version ${JSON.stringify(envelope.formatVersion)}, this code reads ${format.formatVersion}`);
  }
  const fault = format.check(envelope.data);
  if (fault !== null) fail('DATA_CORRUPT', `wrong structure: ${fault}`);
  return envelope.data as T;
}

/** Whether `dir` is a directory (for messages that tell a missing path from a bad bundle). */
export function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
