/**
 * IP check throughput next to the raw library it wraps, in the same run:
 *   npx vitest bench --run bench/ip.bench.ts
 * Corpus: 100k public IPv4 + 20k public IPv6 (seeded, bench/ip-corpus.ts),
 * one address per operation, cycling through the corpus. Startup time and
 * memory: npx tsx bench/ip-startup.ts. On a loaded machine prefer CPU time:
 * npx tsx bench/ip-cpu.ts (the same comparison per CPU-second).
 */
import { Reader } from 'maxmind';
import { bench, describe } from 'vitest';
import { createChecker } from '../src/index.js';
import { createIpCheck } from '../src/ip/index.js';
import { RECORD_CACHE_SIZE, recordCache } from '../src/ip/mmdb.js';
import { benchCorpus, dbipCity as dbip } from './ip-corpus.js';

const { ipv4, ipv6 } = benchCorpus();
const mixed = [...ipv4, ...ipv6];
const raw4 = new Reader(dbip(4));
const raw6 = new Reader(dbip(6));
// The same bounded record cache the check gives its readers: the like-for-like raw comparison.
const cached4 = new Reader(dbip(4), { cache: recordCache(RECORD_CACHE_SIZE) });
const cached6 = new Reader(dbip(6), { cache: recordCache(RECORD_CACHE_SIZE) });
const check = createIpCheck({ now: new Date('2026-11-22T12:00:00Z') });
check.preload();
const checker = createChecker({ now: new Date('2026-11-22T12:00:00Z') });
checker.preload();
let k = 0;

let i = 0;
let sink = 0;

/** A bench body that looks the corpus up in turn, each address in its own file (v4 or v6). */
function routedLookup(v4: Reader<object>, v6: Reader<object>): () => void {
  let n = 0;
  return () => {
    const ip = mixed[n]!;
    if ((ip.includes(':') ? v6 : v4).get(ip) !== null) sink++;
    n = (n + 1) % mixed.length;
  };
}

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
    'identity-signals createChecker().ip (the same, through the checker)',
    () => {
      sink += checker.ip(mixed[k]!).score;
      k = (k + 1) % mixed.length;
    },
    { time: 3000 },
  );
  bench('maxmind Reader.get on dbip-city (bare city lookup, v4/v6 routed)', routedLookup(raw4, raw6), { time: 3000 });
  bench('maxmind Reader.get on dbip-city with the same 50k-record cache', routedLookup(cached4, cached6), { time: 3000 });
});

export { sink };
