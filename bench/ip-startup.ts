/**
 * First-call latency (opening the databases) and resident memory with
 * everything loaded. Run in a fresh process: npx tsx bench/ip-startup.ts
 * (add --preload to time a cold preload() first).
 */
import { createIpCheck } from '../src/ip/index.js';
import { benchCorpus } from './ip-corpus.js';

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(0)} MB`;
const rssBefore = process.memoryUsage().rss;

const check = createIpCheck({ now: new Date('2026-11-22T12:00:00Z') });
let t = performance.now();
if (process.argv.includes('--preload')) {
  // Cold preload: both DB-IP files, both ASN tables, the lists.
  check.preload();
  console.log(JSON.stringify({ cold_preload_ms: Math.round(performance.now() - t) }));
  t = performance.now();
}
check('81.2.69.142');
const firstV4 = performance.now() - t;
t = performance.now();
check('2a00:1450:4001:800::200e');
const firstV6 = performance.now() - t;

const fresh = createIpCheck();
t = performance.now();
// The first calls read the city files in place on demand; preload() reads the rest of them now.
fresh.preload();
const preloadAgain = performance.now() - t;

const { ipv4, ipv6 } = benchCorpus(20_000, 5_000);
for (const ip of [...ipv4, ...ipv6]) check(ip);
global.gc?.();
const rss = process.memoryUsage().rss;
console.log(JSON.stringify({
  first_call_ipv4_ms: Math.round(firstV4),
  first_call_ipv6_ms: Math.round(firstV6),
  first_calls_total_ms: Math.round(firstV4 + firstV6),
  preload_after_first_calls_ms: Math.round(preloadAgain),
  rss_before: mb(rssBefore),
  rss_all_loaded_after_25k_checks: mb(rss),
}));
