/**
 * Device check speed against node-device-detector (the Matomo port DESIGN
 * names as the accuracy anchor) and against bare ua-parser-js 1.0.41 + isbot,
 * on the same user agents in one process. node-device-detector takes
 * milliseconds per UA, too slow for a loop over the whole corpus, so it
 * runs on a fixed sample (every 10th unique UA of the fixture corpora) and
 * the other two on every unique UA; the figures are CPU time per UA
 * (process.cpuUsage), which a shared, loaded machine disturbs far less than
 * wall-clock time, best of the rounds. Rounds alternate the three so drift in
 * load hits all of them alike.
 *
 * Run: npx tsx bench/device-detector.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isbot } from 'isbot';
import { createRequire } from 'node:module';
import UAParser from 'ua-parser-js';
import { createDeviceCheck } from '../src/device/index.js';

// The package is CommonJS (module.exports = the class) while its types declare
// an ES default export: required as it runs.
const DeviceDetector = createRequire(import.meta.url)('node-device-detector') as new (options: Record<string, boolean>) => {
  detect(ua: string): unknown;
  parseBot(ua: string): unknown;
};

const dir = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/device');
const unique = [
  ...new Set(
    ['device_ua.dev.jsonl', 'uap_device.dev.jsonl', 'client_hints.dev.jsonl'].flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => (JSON.parse(l) as { input: { user_agent: string } }).input.user_agent),
    ),
  ),
];
const sample = unique.filter((_, i) => i % 10 === 0);

const check = createDeviceCheck({ cacheSize: 0 });
const detector = new DeviceDetector({ clientIndexes: true, deviceIndexes: true, deviceAliasCode: false });
const runs: Record<string, () => void> = {
  'identity-signals checkDevice': () => {
    for (const ua of unique) check(ua);
  },
  'ua-parser-js 1.0.41 + isbot': () => {
    for (const ua of unique) {
      new UAParser(ua).getResult();
      isbot(ua);
    }
  },
  'node-device-detector detect + parseBot': () => {
    for (const ua of sample) {
      detector.detect(ua);
      detector.parseBot(ua);
    }
  },
};

/** CPU microseconds of one call of `fn`. */
function cpu(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

for (const fn of Object.values(runs)) fn(); // warm up: load tables, JIT
const ROUNDS = 8;
const size: Record<string, number> = {
  'identity-signals checkDevice': unique.length,
  'ua-parser-js 1.0.41 + isbot': unique.length,
  'node-device-detector detect + parseBot': sample.length,
};
const best: Record<string, number> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(runs)) {
    const us = cpu(fn);
    best[name] = Math.min(best[name] ?? Infinity, us);
  }
}
const ours = best['identity-signals checkDevice']! / unique.length;
console.log(`${unique.length} unique user agents (node-device-detector: every 10th, ${sample.length}), best CPU time of ${ROUNDS} rounds`);
for (const [name, us] of Object.entries(best)) {
  const perUa = us / size[name]!;
  console.log(`${name.padEnd(40)} ${perUa.toFixed(1).padStart(8)} µs/UA  ${(1e6 / perUa).toFixed(0).padStart(7)} UAs/s  ${(perUa / ours).toFixed(2)}× ours`);
}
