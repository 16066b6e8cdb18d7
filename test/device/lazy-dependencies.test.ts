/**
 * Cold start: importing the package loads neither
 * ua-parser-js nor isbot; the first device check does (src/device/dependencies.ts).
 * A child process imports the source entry (src/index.ts, through tsx) and
 * reports which of the two were loaded — seen in `require.cache` (a CommonJS
 * `require`, as src/common/lazyRequire.ts loads them) and by an ESM resolve
 * hook (an `import`: isbot has an ESM entry that never enters the cache) —
 * after the import, after createChecker, and after a first e-mail and a
 * first device check.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'is-device-lazy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const log = join(work, 'resolved.log');

/** Resolve hook (runs on the loader thread): appends every resolved URL to the log. */
const HOOK = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}`;

const body = `
const { register, createRequire } = await import('node:module');
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));
const lib = await import(${JSON.stringify(pathToFileURL(join(root, 'src', 'index.ts')).href)});
const { readFileSync } = await import('node:fs');
const cache = createRequire(${JSON.stringify(join(root, 'package.json'))}).cache;
const files = () => { let urls = []; try { urls = readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n'); } catch {} return [...urls, ...Object.keys(cache)]; };
const loaded = () => ['ua-parser-js', 'isbot'].filter((name) => files().some((file) => file.includes('/node_modules/' + name + '/')));
const out = { afterImport: loaded() };
const c = lib.createChecker();
out.afterCreate = loaded();
c.email('jane@example.com');
out.afterEmail = loaded();
out.robot = c.device('curl/8.4.0').is_robot;
out.afterDevice = loaded();
console.log(JSON.stringify(out));
`;

describe('device dependencies load on first use', () => {
  it('importing the package, creating a checker and an e-mail check load neither ua-parser-js nor isbot; the first device check loads both', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', body], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(child.stderr).toBe('');
    const out = JSON.parse(child.stdout) as Record<string, unknown>;
    expect(out).toEqual({ afterImport: [], afterCreate: [], afterEmail: [], robot: true, afterDevice: ['ua-parser-js', 'isbot'] });
  }, 60_000);
});
