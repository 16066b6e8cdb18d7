/**
 * IP check speed in CPU time, next to the raw MaxMind lookup on the same
 * addresses in the same run, for a loaded machine where wall
 * time is distorted:
 *
 *   npx tsx bench/ip-cpu.ts [--rounds 5] [--traffic]
 *
 * Rounds alternate: the raw `maxmind` Reader.get on the bundled DB-IP city
 * files (v4/v6 routed; without a record cache, the bare lookup, and with a
 * 50k-record cache), then
 * `createChecker().ip()` over the same 120k-address corpus
 * (bench/ip-corpus.ts). Prints checks per CPU-second of each and the ratio
 * per round and as the median. `--traffic` also runs realistic traffic
 * (90% distinct addresses, 10% from a hot set of 1,000) through checkers
 * with several city-record cache sizes, the figures the default comes from.
 */
import { readFileSync } from 'node:fs';
import { Reader } from 'maxmind';
import { createChecker } from '../src/index.js';
import { CityFile } from '../src/ip/city.js';
import { bundledCityPath, recordCache } from '../src/ip/mmdb.js';
import { MmdbTree } from '../src/ip/mmdbTree.js';
import { parseIp } from '../src/ip/parseIp.js';
import { prng } from '../test/support/prng.js';
import { benchCorpus, dbipCity as dbip } from './ip-corpus.js';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 5);
const { ipv4, ipv6 } = benchCorpus();
const mixed = [...ipv4, ...ipv6];
const raw4 = new Reader(dbip(4));
const raw6 = new Reader(dbip(6));
// The same reader with a 50k-record cache (what the check's readers had before the lookup speed work).
const cached4 = new Reader(dbip(4), { cache: recordCache(50_000) });
const cached6 = new Reader(dbip(6), { cache: recordCache(50_000) });
const checker = createChecker({ now: new Date('2026-11-22T12:00:00Z') });
checker.preload();

let sink = 0;
const cpu = (fn: () => void): number => {
  const start = process.cpuUsage();
  fn();
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1e6;
};
const rawPass = (): void => {
  for (const ip of mixed) if ((ip.includes(':') ? raw6 : raw4).get(ip) !== null) sink++;
};
const cachedPass = (): void => {
  for (const ip of mixed) if ((ip.includes(':') ? cached6 : cached4).get(ip) !== null) sink++;
};
const checkPass = (): void => {
  for (const ip of mixed) sink += checker.ip(ip).score;
};
// Warm both paths (JIT, record caches) before measuring.
rawPass();
cachedPass();
checkPass();
const ratios: number[] = [];
const cachedRatios: number[] = [];
for (let r = 0; r < rounds; r++) {
  const rawS = cpu(rawPass);
  const cachedS = cpu(cachedPass);
  const checkS = cpu(checkPass);
  ratios.push(checkS / rawS);
  cachedRatios.push(checkS / cachedS);
  console.log(
    JSON.stringify({
      round: r + 1,
      raw_lookups_per_cpu_s: Math.round(mixed.length / rawS),
      raw_cached_lookups_per_cpu_s: Math.round(mixed.length / cachedS),
      checks_per_cpu_s: Math.round(mixed.length / checkS),
      ratio_to_raw: Number((checkS / rawS).toFixed(2)),
      ratio_to_raw_cached: Number((checkS / cachedS).toFixed(2)),
    }),
  );
}
const median = (xs: number[]): number => Number([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2));
console.log(JSON.stringify({ median_ratio_to_raw: median(ratios), median_ratio_to_raw_cached: median(cachedRatios) }));

if (process.argv.includes('--traffic')) {
  // 90% addresses never seen before, 10% from a hot set of 1,000: the city-record cache at several sizes.
  const rand = prng(7);
  const fresh = (): string => {
    const n = Math.floor(rand() * 4294967296);
    return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  };
  const hot = Array.from({ length: 1000 }, fresh);
  const traffic = Array.from({ length: 300_000 }, () => (rand() < 0.1 ? hot[Math.floor(rand() * hot.length)]! : fresh()))
    .map((ip) => parseIp(ip)!)
    .filter((p) => p !== null);
  const tree = new MmdbTree(readFileSync(bundledCityPath(4)), bundledCityPath(4));
  for (const size of [0, 4096, 16_384, 65_536, 262_144]) {
    const file = new CityFile(tree, size);
    for (const p of traffic.slice(0, 50_000)) file.lookup(p);
    const s = cpu(() => {
      for (const p of traffic) if (file.lookup(p) !== null) sink++;
    });
    console.log(JSON.stringify({ city_cache_records: size, city_lookups_per_cpu_s: Math.round(traffic.length / s) }));
  }
}
export { sink };
