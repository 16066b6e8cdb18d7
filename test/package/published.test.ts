/**
 * The package as `npm publish` would ship it, installed as a user installs it.
 *
 * The committed tree (HEAD) is cloned into a temporary folder, so no file of
 * this working tree that git does not hold (a local dist/, an uncommitted
 * edit) can make the package look complete. There: `npm ci`, `npm pack` (its
 * `prepack` builds dist/), then the tarball is installed into an empty
 * project with `--omit=dev`, without the optional peers. The checks run
 * against that install: the bin (`--version`, one check per product, npx),
 * `import` and `require` of the root and of every subpath export, attw on the
 * tarball, every reference of the shipped texts to a shipped file, and the
 * engines of the server install line resolved beside the tarball.
 *
 * npm installs with `--prefer-offline`: what the npm cache holds (`npm ci`
 * of this repository filled it) is not fetched again; anything else comes
 * from the registry. It takes about a minute and a half, so `npm test` runs
 * it on its own after the other tests (`npm run test:pack`; vitest.config.ts
 * leaves this file out of the main run).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danglingReferences, formatDangling } from '../support/packageReferences.js';
import { engineFloor, enginesRefusing, treeOf } from '../support/lockTree.js';
import type { Lockfile } from '../support/lockTree.js';

const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'is-pack-'));
const source = join(work, 'source');
const app = join(work, 'app');
const installed = join(app, 'node_modules', 'identity-signals');
const bin = join(app, 'node_modules', '.bin', 'identity-signals');
// The clone's node_modules is some 50,000 files: removing them takes a while on a busy machine.
afterAll(() => timed('removing the temporary folder', () => rmSync(work, { recursive: true, force: true })), 600_000);

interface Pkg {
  name: string;
  version: string;
  engines: { node: string };
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, Record<string, string>>>;
}

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string }[];
}

// The outer `npm test` passes its own settings down as npm_* variables (npm_config_local_prefix is this
// repository); the npm runs below belong to other folders. The user's cache, registry and npmrc stay.
const KEEP = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => (!key.startsWith('npm_') || KEEP.has(key)) && !key.startsWith('VITEST') && key !== 'NODE_ENV'),
);

function run(command: string, args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 600_000 });
  if (r.error !== undefined) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a command that must succeed; on failure the error carries the end of its output. */
function must(command: string, args: readonly string[], cwd: string): string {
  const r = run(command, args, cwd);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${r.status}:\n${(r.stdout + r.stderr).slice(-4000)}`);
  return r.stdout;
}

const NPM = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

let packed: Packed;
let pkg: Pkg;
let tarball: string;

/** Clones HEAD into `source`; says what is not in it. Without git, copies the working tree. */
function checkout(): void {
  const head = run('git', ['rev-parse', 'HEAD'], root);
  if (head.status !== 0) {
    console.log(`${root} is not a git checkout: packing a copy of its files (without node_modules, dist and .git)`);
    const skip = new Set(['node_modules', 'dist', '.git', '.tmp', 'coverage', 'reports', 'test-results', '.stryker-tmp']);
    cpSync(root, source, { recursive: true, filter: (path) => !skip.has(relative(root, path).split('/')[0]!) });
    return;
  }
  const sha = head.stdout.trim();
  const subject = must('git', ['log', '-1', '--format=%s', sha], root).trim();
  must('git', ['clone', '--quiet', '--no-checkout', root, source], work);
  must('git', ['-C', source, 'checkout', '--quiet', '--detach', sha], work);
  const changes = must('git', ['status', '--porcelain'], root).split('\n').filter(Boolean).length;
  console.log(`packing HEAD ${sha.slice(0, 10)} (${subject.length > 72 ? `${subject.slice(0, 71)}…` : subject}), cloned into ${source}`);
  if (changes > 0) {
    console.log(`note: ${changes} uncommitted change${changes === 1 ? '' : 's'} in ${root} (git status) ${changes === 1 ? 'is' : 'are'} not in this package: it is built from HEAD; commit to test them`);
  }
}

/** Runs `step`, then logs what it took: the steps are most of this file's time. */
function timed<T>(what: string, step: () => T): T {
  const start = performance.now();
  const result = step();
  console.log(`${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

beforeAll(() => {
  checkout();
  timed('npm ci in the clone', () => must('npm', ['ci', ...NPM], source));
  // prepack's build prints to stdout ahead of npm's JSON.
  const out = timed('npm pack (prepack: build)', () => must('npm', ['pack', '--json', '--pack-destination', work, ...NPM], source));
  packed = (JSON.parse(out.slice(out.search(/^\[/m))) as Packed[])[0]!;
  tarball = join(work, packed.filename);
  console.log(`${packed.filename}: ${packed.entryCount} files, ${mb(packed.size)} packed, ${mb(packed.unpackedSize)} unpacked`);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  timed('npm install --omit=dev of the tarball', () => must('npm', ['install', '--omit=dev', ...NPM, tarball], app));
  pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Pkg;
}, 1_200_000);

/** Every file target of the exports map and the bin. */
function targets(p: Pkg): string[] {
  const found = new Set<string>(Object.values(p.bin));
  const visit = (value: unknown): void => {
    if (typeof value === 'string') found.add(value);
    else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) visit(v);
  };
  visit(p.exports);
  return [...found].map((t) => t.replace(/^\.\//, '')).sort();
}

describe('the packed tarball', () => {
  it('holds every file package.json points at (exports, bin), the docs and the data', () => {
    const files = new Set(packed.files.map((f) => f.path));
    expect(targets(pkg).filter((t) => !files.has(t))).toEqual([]);
    expect(files.has('docs/design.md')).toBe(true);
    expect(files.has('data/manifest.json')).toBe(true);
    expect([...files].filter((f) => f.startsWith('data/raw/') || f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
  });

  it('passes attw --profile strict: types for every entry point, under every resolution', () => {
    const r = run(join(root, 'node_modules', '.bin', 'attw'), [tarball, '--profile', 'strict', '--format', 'json'], root);
    // attw exits 0 on a package without any types ("This package does not contain types"), so the
    // analysis itself is read: types found, an entry point per export, no problem.
    const report = JSON.parse(r.stdout) as { analysis: { types: unknown; entrypoints?: Record<string, unknown>; problems?: unknown[] } };
    expect(r.status, r.stderr).toBe(0);
    expect(report.analysis.types).not.toBe(false);
    expect(Object.keys(report.analysis.entrypoints ?? {})).toEqual(Object.keys(pkg.exports));
    expect(report.analysis.problems, JSON.stringify(report.analysis.problems, null, 1)).toEqual([]);
  });
});

describe('the bin of the installed package', () => {
  const cli = (args: readonly string[]) => run(bin, args, app);

  it('--version, directly and through npx', () => {
    expect(cli(['--version'])).toMatchObject({ status: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect(run('npx', ['--no', '--', 'identity-signals', '--version'], app)).toMatchObject({ status: 0, stdout: `${pkg.version}\n` });
  });

  const UA = 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
  it.each([
    { product: 'email', args: ['email', 'jane@gmial.com'], expected: { value: 'jane@gmial.com', status: 'syntax', suggestion: 'gmail.com' } },
    { product: 'device', args: ['device', UA], expected: { brand: 'Samsung', operating_system: 'Android' } },
    { product: 'ip', args: ['ip', '81.2.69.142'], expected: { value: '81.2.69.142', country: 'GB' } },
    { product: 'phone', args: ['phone', '+39 333 123 4567'], expected: { type: 'mobile', country: 'IT', e164: '+393331234567' } },
    { product: 'name', args: ['name', 'Siobhan', "O'Shaughnessy"], expected: { value: "Siobhan,O'Shaughnessy", is_valid: true } },
    {
      product: 'identity',
      args: ['identity', '--email', 'siobhan.oshaughnessy@gmail.com', '--phone', '+353 85 123 4567', '--ip', '81.2.69.142', '--first', 'Siobhan', '--last', "O'Shaughnessy"],
      expected: { email: { domain: 'gmail.com' }, phone: { country: 'IE' }, ip: { country: 'GB' } },
    },
  ])('checks a $product', ({ args, expected }) => {
    const r = cli([...args, '--compact']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const result = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(result).toMatchObject(expected);
    const score = (args[0] === 'identity' ? (result['identity'] as Record<string, unknown>)['score'] : result['score']) as number;
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1000);
  });
});

describe('the installed package as a module', () => {
  const node = (code: string, type: 'module' | 'commonjs') => run(process.execPath, [`--input-type=${type}`, '-e', code], app);

  it.each(['module', 'commonjs'] as const)('every export loads (%s): the root and each subpath, the server saying what to install', (type) => {
    const specifiers = Object.keys(pkg.exports).map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
    const load = type === 'module' ? "(s) => s.endsWith('.json') ? import(s, { with: { type: 'json' } }) : import(s)" : '(s) => require(s)';
    const code = `
      const load = ${load};
      const out = {};
      for (const s of ${JSON.stringify(specifiers)}) {
        try { out[s] = Object.keys(await load(s)).length; }
        catch (e) { out[s] = e.code ?? e.message; }
      }
      console.log(JSON.stringify(out));`;
    const r = node(type === 'module' ? code : `(async () => {${code}})()`, type);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Record<string, number | string>;
    expect(Object.keys(out)).toEqual(specifiers);
    for (const [specifier, result] of Object.entries(out)) {
      if (specifier === `${pkg.name}/server`) expect(result, specifier).toBe('DEPENDENCY_MISSING');
      else expect(result, specifier).toBeGreaterThan(0);
    }
  });

  it.each(['module', 'commonjs'] as const)('the root checks with the bundled data (%s)', (type) => {
    const code = `
      const lib = ${type === 'module' ? "await import('identity-signals')" : "require('identity-signals')"};
      console.log(JSON.stringify({ email: lib.checkEmail('jane@gmial.com').suggestion, ip: lib.checkIp('81.2.69.142').country, phone: lib.checkPhone('+39 333 123 4567').country }));`;
    const r = node(type === 'module' ? code : `(async () => {${code}})()`, type);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ email: 'gmail.com', ip: 'GB', phone: 'IT' });
  });
});

describe('what the package says', () => {
  /** The package's text files (README, NOTICE, CHANGELOG, docs, built code and types), by package path. */
  function shippedTexts(): Map<string, string> {
    const texts = new Map<string, string>();
    for (const { path } of packed.files) {
      if (/^(?:README\.md|NOTICE|CHANGELOG\.md|docs\/.+\.md|dist\/.+\.(?:[cm]?js|d\.[cm]?ts))$/.test(path)) texts.set(path, readFileSync(join(installed, path), 'utf8'));
    }
    return texts;
  }

  /** `--help` and every command's `--help`, by the command line that printed it. */
  function helpTexts(): Map<string, string> {
    const texts = new Map<string, string>();
    const main = must(bin, ['--help'], app);
    texts.set('identity-signals --help', main);
    const commands = [...new Set([...main.matchAll(/^ {2}identity-signals ([a-z]+)\b/gm)].map((m) => m[1]!))];
    expect(commands.length).toBeGreaterThanOrEqual(12);
    for (const command of [...commands, 'batch email', 'batch device', 'batch ip', 'batch phone', 'batch name']) {
      const line = `identity-signals ${command} --help`;
      texts.set(line, must(bin, [...command.split(' '), '--help'], app));
    }
    return texts;
  }

  it('refers to no file that is not in the package (links, docs/ pages, ../ paths, document names)', () => {
    const texts = new Map([...shippedTexts(), ...helpTexts()]);
    const dangling = danglingReferences(texts, packed.files.map((f) => f.path));
    console.log(`references checked in ${texts.size} texts (${[...texts.keys()].filter((k) => k.startsWith('docs/')).length} docs pages, ${[...texts.keys()].filter((k) => k.endsWith('--help')).length} --help texts): ${dangling.length} dangling`);
    expect(dangling, formatDangling(dangling)).toEqual([]);
  });
});

describe('the server install line, resolved beside the tarball as a user would', () => {
  it(`accepts the Node of engines.node in every package of its tree`, () => {
    // The command the package itself prints when the server's packages are missing.
    const probe = run(process.execPath, ['--input-type=module', '-e', "try { await import('identity-signals/server'); } catch (e) { console.log(e.command); }"], app);
    const command = probe.stdout.trim();
    expect(command).toMatch(/^npm install fastify@/);
    const dir = join(work, 'server');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), '{ "name": "server", "private": true }\n');
    must('npm', ['install', '--package-lock-only', ...NPM, tarball, ...command.split(' ').slice(2)], dir);
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lockfile;
    const rootDeps = Object.keys(lock.packages['']?.dependencies ?? {});
    const tree = treeOf(lock, rootDeps);
    const floor = engineFloor(pkg.engines.node);
    const refusing = enginesRefusing(lock, tree, floor).map((r) => `${r.location.replace(/^node_modules\//, '')}@${r.version} (engines.node ${r.engines})`);
    console.log(`${command.split(' ').length - 2} packages of the server line + the tarball: ${tree.length} packages resolved, ${refusing.length} refusing Node ${floor}`);
    expect(refusing, `${refusing.length} of ${tree.length} packages refuse Node ${floor}`).toEqual([]);
  });
});
