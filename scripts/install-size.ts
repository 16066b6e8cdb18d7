/**
 * `npm run size:install`: what a user's `npm install identity-signals` puts
 * on disk. Builds the package, packs it exactly as
 * `npm publish` would (`npm pack`), installs the tarball into an empty
 * temporary folder the way a user would (`npm install <tgz>`, optional peers
 * left out), and prints the size of that folder's node_modules with the
 * largest entries: package by package, and this package's own dist/ and
 * data/ subfolders.
 *
 * The install is `--prefer-offline`: packages already in the npm cache are
 * taken from it, anything else comes from the registry. That is why this is
 * a script and not a test (the test suite never uses the network).
 *
 * Options:
 *   --json        one JSON object on stdout instead of the table
 *   --top N       how many entries to list (default 25)
 *   --no-build    pack the dist/ that is there (`npm pack --ignore-scripts`) instead of letting prepack build it
 *   --keep        keep the temporary folder (its path is printed)
 *
 * Sizes are disk usage (allocated blocks, what `du` reports) and, beside
 * them, the bytes of the files (what a tarball or a copy would carry).
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Disk usage and file bytes of one tree. */
interface Size {
  /** Allocated bytes (st_blocks × 512), as `du` counts them. */
  readonly disk: number;
  /** The sum of the files' lengths. */
  readonly bytes: number;
  readonly files: number;
}

/** One line of the report. */
interface Entry extends Size {
  /** Path relative to node_modules (`fastify`, `identity-signals/data/ip`). */
  readonly path: string;
  readonly kind: 'package' | 'own';
}

/** What the script prints with `--json`. */
interface Report {
  readonly tarball: { readonly file: string; readonly bytes: number; readonly unpackedBytes: number; readonly entries: number };
  readonly nodeModules: Size;
  readonly packages: number;
  /** The largest packages and this package's own folders, largest first. */
  readonly top: readonly Entry[];
  /** Source maps under node_modules/identity-signals (they are not needed at run time). */
  readonly ownSourceMaps: Size;
}

interface Options {
  json: boolean;
  top: number;
  build: boolean;
  keep: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { json: false, top: 25, build: true, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--top') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error('--top takes a whole number ≥ 1');
      options.top = n;
    } else throw new Error(`unknown argument ${arg} (use --json, --top N, --no-build, --keep)`);
  }
  return options;
}

const ZERO: Size = { disk: 0, bytes: 0, files: 0 };
const add = (a: Size, b: Size): Size => ({ disk: a.disk + b.disk, bytes: a.bytes + b.bytes, files: a.files + b.files });

/** Size of a file or a whole tree; with `filter`, only the files it accepts count (and no directory blocks). */
function sizeOf(path: string, filter?: (file: string) => boolean, skip?: string): Size {
  if (path === skip) return ZERO;
  const st = lstatSync(path);
  if (!st.isDirectory()) return filter === undefined || filter(path) ? { disk: st.blocks * 512, bytes: st.isFile() ? st.size : 0, files: st.isFile() ? 1 : 0 } : ZERO;
  let total: Size = filter === undefined ? { disk: st.blocks * 512, bytes: 0, files: 0 } : ZERO;
  for (const name of readdirSync(path)) total = add(total, sizeOf(join(path, name), filter, skip));
  return total;
}

/** Every installed package folder under a node_modules, nested ones included, each measured without its own node_modules. */
function packagesIn(nodeModules: string): { path: string; dir: string }[] {
  const found: { path: string; dir: string }[] = [];
  const visit = (modules: string): void => {
    let names: string[];
    try {
      names = readdirSync(modules);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const dir = join(modules, name);
      if (!lstatSync(dir).isDirectory()) continue;
      const dirs = name.startsWith('@') ? readdirSync(dir).map((n) => join(dir, n)) : [dir];
      for (const d of dirs) {
        found.push({ path: relative(nodeModules, d), dir: d });
        visit(join(d, 'node_modules'));
      }
    }
  };
  visit(nodeModules);
  return found;
}

/** A package's size without the packages nested in its node_modules (they are listed on their own). */
function packageSize(dir: string): Size {
  return sizeOf(dir, undefined, join(dir, 'node_modules'));
}

function run(cmd: string, args: readonly string[], cwd: string, quiet: boolean): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'], maxBuffer: 64 * 1024 * 1024 });
}

function measure(options: Options): { report: Report; work: string } {
  const log = (line: string): void => {
    if (!options.json) console.error(line);
  };
  const work = mkdtempSync(join(tmpdir(), 'is-install-size-'));
  log(options.build ? `building (prepack) and packing into ${work}…` : `packing into ${work}…`);
  const out = run('npm', ['pack', '--json', '--pack-destination', work, ...(options.build ? [] : ['--ignore-scripts'])], ROOT, true);
  // prepack's build prints to stdout ahead of npm's JSON.
  const packed = JSON.parse(out.slice(out.search(/^\[/m))) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  const tgz = packed[0];
  if (tgz === undefined) throw new Error('npm pack printed no tarball');
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'install-size-probe', version: '1.0.0', private: true }, null, 2)}\n`);
  log('installing the tarball (npm install --prefer-offline)…');
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, tgz.filename)], app, options.json);
  const nodeModules = join(app, 'node_modules');
  const packages = packagesIn(nodeModules);
  const entries: Entry[] = packages.map(({ path, dir }) => ({ path, kind: 'package', ...packageSize(dir) }));
  const own = join(nodeModules, 'identity-signals');
  for (const top of ['dist', 'data']) {
    let names: string[] = [];
    try {
      names = readdirSync(join(own, top));
    } catch {
      continue;
    }
    for (const name of names) entries.push({ path: `identity-signals/${top}/${name}`, kind: 'own', ...sizeOf(join(own, top, name)) });
  }
  entries.sort((a, b) => b.disk - a.disk || a.path.localeCompare(b.path));
  const report: Report = {
    tarball: { file: tgz.filename, bytes: tgz.size, unpackedBytes: tgz.unpackedSize, entries: tgz.entryCount },
    nodeModules: sizeOf(nodeModules),
    packages: packages.length,
    top: entries.slice(0, options.top),
    ownSourceMaps: sizeOf(own, (file) => file.endsWith('.map')),
  };
  return { report, work };
}

const mb = (n: number): string => (n / 1e6).toFixed(1).padStart(7);

function print(report: Report): void {
  const { tarball, nodeModules } = report;
  console.log(`tarball       ${tarball.file}: ${mb(tarball.bytes).trim()} MB packed, ${mb(tarball.unpackedBytes).trim()} MB unpacked, ${tarball.entries} files`);
  console.log(
    `node_modules  ${mb(nodeModules.disk).trim()} MB on disk (${(nodeModules.disk / 2 ** 20).toFixed(1)} MiB, as du -sh shows it; ${mb(nodeModules.bytes).trim()} MB of file bytes), ${report.packages} packages, ${nodeModules.files} files`,
  );
  console.log(`source maps   ${mb(report.ownSourceMaps.bytes).trim()} MB in identity-signals (${report.ownSourceMaps.files} files)`);
  console.log('\n   disk MB  bytes MB  files  entry');
  for (const e of report.top) console.log(`${mb(e.disk)}   ${mb(e.bytes)}  ${String(e.files).padStart(5)}  ${e.path}${e.kind === 'own' ? '' : '/'}`);
}

const options = parseArgs(process.argv.slice(2));
const { report, work } = measure(options);
if (options.json) console.log(JSON.stringify(report, null, 2));
else print(report);
if (options.keep) console.error(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
