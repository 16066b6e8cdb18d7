/**
 * Device check speed over the unique user agents of the fixture corpora,
 * measured next to the raw libraries it wraps (ua-parser-js 1.0.41 + isbot)
 * in the same run. One iteration = every unique UA once; UAs/s = ops/s × the
 * count printed below. The cache is disabled so every call parses.
 *
 * Run: npx vitest bench --run bench/device.bench.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { bench, describe } from 'vitest';
import { createDeviceCheck } from '../src/device/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/device');
const uas = [
  ...new Set(
    ['device_ua.dev.jsonl', 'uap_device.dev.jsonl', 'client_hints.dev.jsonl'].flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => (JSON.parse(l) as { input: { user_agent: string } }).input.user_agent),
    ),
  ),
];
console.log(`device bench: ${uas.length} unique user agents per iteration`);

const check = createDeviceCheck({ cacheSize: 0 });
check(uas[0]!); // load the data tables before timing

describe(`device: ${uas.length} unique UAs per op`, () => {
  bench('identity-signals checkDevice (cache off)', () => {
    for (const ua of uas) check(ua);
  });
  bench('ua-parser-js 1.0.41 getResult + isbot (raw)', () => {
    for (const ua of uas) {
      new UAParser(ua).getResult();
      isbot(ua);
    }
  });
});
