/**
 * The IP check end to end with its city lookups through our own MMDB walker
 * (src/ip/mmdbTree.ts, what the check uses) against the `maxmind` package's
 * Reader (MaxmindCityFile below: the same record cache size, the same
 * mapping of a record, kept per record), in one process, rounds
 * alternating A/B, CPU time per pass of the 120k-address corpus
 * (bench/ip-corpus.ts). Our walker stays while this shows an end-to-end
 * gain of 15% or more:
 *
 *   npx tsx bench/ip-reader.ts [--rounds 7]
 *
 * Both checks are built on the same context and preloaded; every result of
 * the corpus is compared first (they must be equal).
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Reader, type Response } from 'maxmind';
import { BoundedCache } from '../src/common/boundedCache.js';
import { openData } from '../src/data/context.js';
import { CITY_CACHE_SIZE, factsOf, type CityFacts } from '../src/ip/city.js';
import { ipCheckOn, tablesOf } from '../src/ip/checkIp.js';
import { bundledCityPath } from '../src/ip/mmdb.js';
import type { ParsedIp } from '../src/ip/parseIp.js';
import { benchCorpus } from './ip-corpus.js';

/** A bundled city file read with maxmind's Reader: its record cache, and the mapped facts kept per record. */
class MaxmindCityFile {
  private readonly reader: Reader<Response>;
  private readonly facts = new WeakMap<object, CityFacts>();

  constructor(bytes: Buffer, cacheSize = CITY_CACHE_SIZE) {
    this.reader = new Reader<Response>(bytes, { cache: new BoundedCache<number, object>(cacheSize) });
  }

  lookup(ip: ParsedIp): CityFacts | null {
    const record = this.reader.get(ip.address);
    if (record === null) return null;
    let facts = this.facts.get(record);
    if (facts === undefined) {
      facts = factsOf(record);
      this.facts.set(record, facts);
    }
    return facts;
  }
}

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 7);
const { ipv4, ipv6 } = benchCorpus();
const mixed = [...ipv4, ...ipv6];
const context = openData(undefined, 'data', new Date('2026-11-22T12:00:00Z'));
const own = ipCheckOn(context);
own.preload();
const viaMaxmind = ipCheckOn(context);
viaMaxmind.preload();
const files = { 4: new MaxmindCityFile(readFileSync(bundledCityPath(4))), 6: new MaxmindCityFile(readFileSync(bundledCityPath(6))) };
(tablesOf(viaMaxmind) as { city: unknown }).city = (version: 4 | 6) => files[version];

let differ = 0;
for (const ip of mixed) if (!isDeepStrictEqual(own(ip), viaMaxmind(ip))) differ++;
console.log(JSON.stringify({ addresses: mixed.length, differ }));

let sink = 0;
const cpu = (fn: () => void): number => {
  const start = process.cpuUsage();
  fn();
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1e6;
};
const pass = (check: typeof own) => (): void => {
  for (const ip of mixed) sink += check(ip).score;
};
const ratios: number[] = [];
for (let r = 0; r < rounds; r++) {
  const a = r % 2 === 0 ? cpu(pass(own)) : 0;
  const b = cpu(pass(viaMaxmind));
  const a2 = r % 2 === 0 ? a : cpu(pass(own));
  ratios.push(b / a2);
  console.log(JSON.stringify({ round: r + 1, own_checks_per_cpu_s: Math.round(mixed.length / a2), maxmind_checks_per_cpu_s: Math.round(mixed.length / b), maxmind_cpu_over_own: Number((b / a2).toFixed(3)) }));
}
const median = (xs: number[]): number => Number([...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!.toFixed(3));
console.log(JSON.stringify({ median_maxmind_cpu_over_own: median(ratios), sink: sink > 0 }));
