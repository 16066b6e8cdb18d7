/**
 * Issue 13, item 7: a service that bundles the library into one file with
 * esbuild and runs from another directory (outside the package) works given
 * `data`, and without it fails with a DataError that says what to pass.
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

/** Bundles the service into one file in `work` and returns its path. */
async function bundle(format: 'cjs' | 'esm'): Promise<string> {
  const outfile = join(work, `service.${format === 'cjs' ? 'cjs' : 'mjs'}`);
  await build({
    stdin: { contents: SERVICE, resolveDir: root, sourcefile: 'service.js', loader: 'js' },
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

/** Runs the bundled service from the temporary directory, far from node_modules. */
function runService(file: string, ...args: string[]): Record<string, unknown> {
  const run = spawnSync(process.execPath, [file, ...args], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
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

    const given = runService(file, bundleDir);
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
});
