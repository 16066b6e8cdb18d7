/**
 * A service that bundles the library into one file with
 * esbuild and runs from another directory (outside the package) works given
 * `data`, and without it fails with a DataError that says what to pass.
 * The same for an app that uses only the plain functions (checkEmail…):
 * given IDENTITY_SIGNALS_DATA or configureDefaults({ data }).
 * Bundles the built package (dist/): run after `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'is-esbuild-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SERVICE = `
import { createChecker } from './dist/index.js';
const dir = process.argv[2];
try {
  const checker = createChecker(dir === undefined ? {} : { data: dir });
  console.log(JSON.stringify({
    ok: true,
    email: checker.email('jane@mailinator.com').status,
    typo: checker.email('jane@gmial.com').suggestion,
    phone: checker.phone('+39 333 123 4567').country,
    name: checker.name('John', 'Doe').risk_type,
    device: checker.device('Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36').brand,
    datasets: checker.dataInfo({ verify: true }).filter((d) => d.verified && d.from === 'custom').length,
  }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, name: error.name, code: error.code, message: error.message }));
}
`;

/**
 * An app of plain functions only: `configure` as its second argument makes
 * it call configureDefaults({ data }) with the first; otherwise it relies on
 * the environment.
 */
const PLAIN_APP = `
import { checkDevice, checkEmail, checkIp, checkName, checkPhone, configureDefaults, resolve } from './dist/index.js';
import { checkIdentity } from './dist/identity/index.js';
const [dir, how] = process.argv.slice(2);
(async () => {
try {
  if (how === 'configure') configureDefaults({ data: dir });
  const res = await resolve({ customer_id: 'c', claims: ['email'], email: 'jane@gmial.com' });
  console.log(JSON.stringify({
    ok: true,
    email: checkEmail('jane@mailinator.com').status,
    typo: res.email.suggestion,
    phone: checkPhone('+39 333 123 4567').country,
    name: checkName('John', 'Doe').risk_type,
    device: checkDevice('Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36').brand,
    ip: checkIp('10.0.0.1').connection_type,
    identity: checkIdentity({ email: 'jane@mailinator.com' }).email.status,
  }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, name: error.name, code: error.code, message: error.message }));
}
})();
`;

/** Bundles the service (or another app) into one file in `work` and returns its path. */
async function bundle(format: 'cjs' | 'esm', app = SERVICE, name = 'service'): Promise<string> {
  const outfile = join(work, `${name}.${format === 'cjs' ? 'cjs' : 'mjs'}`);
  await build({
    stdin: { contents: app, resolveDir: root, sourcefile: `${name}.js`, loader: 'js' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format,
    outfile,
    logLevel: 'silent',
    // The usual banner of ESM bundles: CommonJS dependencies call require().
    ...(format === 'esm' ? { banner: { js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);" } } : {}),
  });
  return outfile;
}

/** Runs the bundled service from the temporary directory, far from node_modules, with only PATH (and `env`) in its environment. */
function runService(file: string, args: readonly string[] = [], env: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const run = spawnSync(process.execPath, [file, ...args], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe('the library bundled into one file with esbuild, run outside the package', () => {
  const bundleDir = join(work, 'identity-signals-data');

  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run npm run build first');
    // What the DataError tells the service's author to do.
    const exported = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'index.js'), 'data', 'export', '--out', bundleDir], { encoding: 'utf8' });
    expect(exported.status).toBe(0);
  });

  it.each(['cjs', 'esm'] as const)('%s: without data, a DataError that says exactly what to pass; with it, every check works', async (format) => {
    const file = await bundle(format);
    expect(file.startsWith(root)).toBe(false);

    const missing = runService(file);
    expect(missing).toMatchObject({ ok: false, name: 'DataError', code: 'DATA_MISSING' });
    expect(missing.message).toContain("cannot find identity-signals' default data bundle");
    expect(missing.message).toContain('npx identity-signals data export --out ./identity-signals-data');
    expect(missing.message).toContain("createChecker({ data: '/path/to/identity-signals-data' })");

    const given = runService(file, [bundleDir]);
    expect(given).toEqual({
      ok: true,
      email: 'disposable',
      typo: 'gmail.com',
      phone: 'IT',
      name: 'PLACEHOLDER',
      device: 'Samsung',
      datasets: (given as { datasets: number }).datasets,
    });
    // Every dataset came from the given bundle and verified.
    expect(given.datasets).toBeGreaterThanOrEqual(20);
  });

  it.each(['cjs', 'esm'] as const)(
    '%s: the plain functions run on IDENTITY_SIGNALS_DATA or configureDefaults({ data }); without either, DATA_MISSING says how to set one',
    async (format) => {
      const file = await bundle(format, PLAIN_APP, 'plain');
      const missing = runService(file);
      expect(missing).toMatchObject({ ok: false, name: 'DataError', code: 'DATA_MISSING' });
      expect(missing.message).toContain('npx identity-signals data export --out ./identity-signals-data');
      expect(missing.message).toContain('set IDENTITY_SIGNALS_DATA=/path/to/identity-signals-data');
      expect(missing.message).toContain("configureDefaults({ data: '/path/to/identity-signals-data' })");

      const expected = { ok: true, email: 'disposable', typo: 'gmail.com', phone: 'IT', name: 'PLACEHOLDER', device: 'Samsung', ip: 'RSV', identity: 'disposable' };
      // The repository's own data/ folder and an exported bundle both serve.
      expect(runService(file, [], { IDENTITY_SIGNALS_DATA: join(root, 'data') })).toEqual(expected);
      expect(runService(file, [bundleDir, 'configure'])).toEqual(expected);
      expect(runService(file, [join(root, 'data'), 'configure'])).toEqual(expected);
      // A bad directory in the variable is named in the error.
      const bad = runService(file, [], { IDENTITY_SIGNALS_DATA: join(work, 'nowhere') });
      expect(bad).toMatchObject({ ok: false, name: 'DataError', code: 'DATA_MISSING' });
      expect(bad.message).toContain('IDENTITY_SIGNALS_DATA');
    },
  );
});
