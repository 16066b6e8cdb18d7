/**
 * The lookup paths of the IP speed work against their references:
 * - the MaxMind DB tree walker (src/ip/mmdbTree.ts) against the `maxmind`
 *   package's Reader, record for record, on every MaxMind test database and
 *   on seeded addresses of the bundled DB-IP city files;
 * - the range tables' /16 prefix-index search against a plain binary search
 *   over all segments, at every segment boundary of the bundled tables;
 * - malformed inputs: a broken index, a broken database, a bad record;
 * - the stale-list detail, computed once per UTC day, still moves with the day.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { DataError } from '../../src/errors.js';
import { defaultDataContext } from '../../src/data/context.js';
import { loadAsnTable, loadListsTable } from '../../src/ip/data.js';
import { ASN4 } from '../../src/ip/data/formats.js';
import { bundledCityPath } from '../../src/ip/mmdb.js';
import { MmdbTree, NOT_FOUND, PagedFile } from '../../src/ip/mmdbTree.js';
import { parseIp } from '../../src/ip/parseIp.js';
import { NO_VALUE, decodeRangeTable, lookup4, lookup4Linear, lookup6, lookup6Linear, start6, type RangeTable } from '../../src/ip/rangeTable.js';
import { prng } from '../support/prng.js';

const MMDB = join(import.meta.dirname, '..', 'fixtures', 'ip', 'mmdb');
const BROKEN = new Set(['GeoIP2-City-Test-Broken-Double-Format.mmdb', 'GeoIP2-City-Test-Invalid-Node-Count.mmdb']);

/** Seeded addresses: IPv4 anywhere, IPv6 in the RIR blocks and anywhere, IPv4-mapped. */
function addresses(count: number, seed: number): string[] {
  const rand = prng(seed);
  const u32 = (): number => Math.floor(rand() * 4294967296);
  const dotted = (v: number): string => `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  const hex = (): string => Math.floor(rand() * 65536).toString(16);
  return Array.from({ length: count }, (_, i) => {
    if (i % 4 === 3) return `${['2001', '2a00', '2a02', '2400', '2600', '2c0f'][i % 6]}:${hex()}:${hex()}:${hex()}::${hex()}`;
    if (i % 16 === 5) return `${hex()}:${hex()}::${hex()}`;
    return dotted(u32());
  });
}

/** The walker's record for an address, as Reader.get would give it (null: no record). */
function walk(tree: MmdbTree, text: string): unknown {
  const ip = parseIp(text);
  if (ip === null) throw new Error(`not an address: ${text}`);
  const offset = ip.version === 4 ? tree.find4(ip.v4) : tree.find6(ip.w);
  return offset === NOT_FOUND ? null : tree.decode(offset);
}

describe('MaxMind DB tree walker against the maxmind Reader', () => {
  const files = readdirSync(MMDB).filter((f) => f.endsWith('.mmdb') && !BROKEN.has(f));

  it.each(files)('%s: the same record for every test address and 4,000 seeded ones', (file) => {
    const bytes = readFileSync(join(MMDB, file));
    const reader = new Reader<object>(bytes);
    const tree = new MmdbTree(bytes, file);
    expect(tree.metadata).toMatchObject({ nodeCount: reader.metadata.nodeCount, recordSize: reader.metadata.recordSize, ipVersion: reader.metadata.ipVersion });
    // The networks the test databases hold are mostly in 1.0.0.0/8, 2.125/16, 81.2/16, 89.160/16, 175.16/16, 2001:218::/32, 2a02…
    const known = ['1.0.0.1', '1.1.1.1', '1.2.0.1', '2.125.160.216', '67.43.156.1', '81.2.69.142', '81.2.69.160', '89.160.20.112', '89.160.20.128', '175.16.199.1', '202.196.224.1', '216.160.83.56', '::1.1.1.1', '2001:218::1', '2001:480::1', '2a02:cf40::1', '2a02:d280::1'];
    let found = 0;
    for (const ip of [...known, ...addresses(4000, 11)]) {
      if (reader.metadata.ipVersion === 4 && ip.includes(':')) continue;
      const expected = reader.get(ip);
      if (expected !== null) found++;
      expect(walk(tree, ip), `${file} ${ip}`).toEqual(expected);
    }
    expect(found, `${file}: no address hit a record, the comparison proved nothing`).toBeGreaterThan(0);
  });

  it('the bundled DB-IP city files: the same record for 20,000 seeded addresses', () => {
    for (const version of [4, 6] as const) {
      const bytes = readFileSync(bundledCityPath(version));
      const reader = new Reader<object>(bytes);
      const tree = new MmdbTree(bytes, bundledCityPath(version));
      let hits = 0;
      for (const ip of addresses(20_000, 100 + version)) {
        const p = parseIp(ip)!;
        if (p.version !== version) continue;
        const expected = reader.get(p.address);
        if (expected !== null) hits++;
        expect(walk(tree, ip), ip).toEqual(expected);
      }
      expect(hits).toBeGreaterThan(1000);
    }
  });

  it('a city file read in place on demand gives the same records while partly on disk and once whole', () => {
    const path = bundledCityPath(4);
    const paged = new PagedFile(path);
    const tree = new MmdbTree(paged, path);
    const reader = new Reader<object>(readFileSync(bundledCityPath(4)));
    const ips = addresses(3000, 5).filter((ip) => !ip.includes(':'));
    let whileParted = 0;
    for (const ip of ips) {
      if (!paged.complete) whileParted++;
      expect(walk(tree, ip), ip).toEqual(reader.get(ip));
    }
    // The first lookups ran against a file partly on disk, and the read-ahead finished it.
    expect(whileParted).toBeGreaterThan(10);
    expect(paged.complete).toBe(true);
  });

  it('refuses a database whose node count does not fit, and names the file', () => {
    const file = 'GeoIP2-City-Test-Invalid-Node-Count.mmdb';
    expect(() => new MmdbTree(readFileSync(join(MMDB, file)), file)).toThrow(DataError);
    expect(() => new MmdbTree(Buffer.from('not a database at all'), 'junk.mmdb')).toThrow(/junk\.mmdb: no MaxMind DB metadata marker/);
  });

  it('a malformed record is a DataError naming the file, not a wrong value', () => {
    const file = 'GeoIP2-City-Test-Broken-Double-Format.mmdb';
    const tree = new MmdbTree(readFileSync(join(MMDB, file)), file);
    const reader = new Reader<object>(readFileSync(join(MMDB, file)));
    // Find an address whose record holds the broken double (the maxmind reader misreads it).
    const bad = ['2001:220::', '2001:220::1', '81.2.69.142', '2a02:d280::1', '2001:218::1'].find((ip) => {
      try {
        walk(tree, ip);
        return false;
      } catch {
        return true;
      }
    });
    expect(bad, 'no address of the broken file reached its broken record').toBeDefined();
    expect(() => walk(tree, bad!)).toThrow(DataError);
    expect(() => walk(tree, bad!)).toThrow(new RegExp(`${file}: the record at data offset \\d+ is malformed \\(a double of`));
    expect(reader).toBeDefined();
  });
});

describe('range tables: the /16 prefix index finds what a search of every segment finds', () => {
  const boundaries4 = (t: RangeTable<unknown>): number[] => {
    const out: number[] = [0, 0xffffffff];
    for (const s of t.starts4) out.push(s, Math.max(0, s - 1), Math.min(0xffffffff, s + 1));
    return out;
  };

  it('IPv4: every segment start, the address before and after it, on the ASN and list tables', () => {
    for (const table of [loadAsnTable(defaultDataContext().bundle, 4).table, loadListsTable(defaultDataContext().bundle)] as RangeTable<unknown>[]) {
      let found = 0;
      for (const ip of boundaries4(table)) {
        const expected = lookup4Linear(table, ip);
        if (expected !== NO_VALUE) found++;
        if (lookup4(table, ip) !== expected) expect(lookup4(table, ip), `ip ${ip}`).toBe(expected);
      }
      expect(found).toBeGreaterThan(1000);
    }
  });

  it('IPv6: every segment start and the address before it, on the ASN and list tables', () => {
    for (const table of [loadAsnTable(defaultDataContext().bundle, 6).table, loadListsTable(defaultDataContext().bundle)] as RangeTable<unknown>[]) {
      let found = 0;
      for (let i = 0; i < table.values6.length; i++) {
        const [a, b, c, d] = start6(table, i);
        // The address just below the start (128-bit decrement).
        const below = d > 0 ? [a, b, c, d - 1] : c > 0 ? [a, b, c - 1, 0xffffffff] : b > 0 ? [a, b - 1, 0xffffffff, 0xffffffff] : a > 0 ? [a - 1, 0xffffffff, 0xffffffff, 0xffffffff] : [0, 0, 0, 0];
        for (const [w0, w1, w2, w3] of [[a, b, c, d], below, [a, b, c, (d + 1) >>> 0]] as number[][]) {
          const expected = lookup6Linear(table, w0!, w1!, w2!, w3!);
          if (expected !== NO_VALUE) found++;
          if (lookup6(table, w0!, w1!, w2!, w3!) !== expected) expect(lookup6(table, w0!, w1!, w2!, w3!)).toBe(expected);
        }
      }
      expect(found).toBeGreaterThan(1000);
    }
  });

  it('a table whose prefix index does not match its segments is refused', () => {
    const entry = defaultDataContext().bundle.listed(ASN4)!;
    const bytes = new Uint8Array(readFileSync(join(defaultDataContext().bundle.dir, entry.file)));
    const decode = (b: Uint8Array): RangeTable<unknown> => decodeRangeTable(b, 'asn4.bin', () => ({}));
    expect(decode(bytes).starts4.length).toBe(entry.records);
    // Entry 0x0800 of the IPv4 index (the segments below 8.0.0.0) moved by one.
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    words[8 + 0x0800]! += 1;
    expect(() => decode(bytes)).toThrow(/asn4\.bin: the IPv4 prefix index does not match its segments/);
  });
});

describe('stale-list detail', () => {
  it('is recomputed when the UTC day changes, so its age in days moves with the clock', () => {
    const listsDate = defaultDataContext().bundle.manifest.datasets.find((d) => d.file === 'ip/lists.bin')!.retrieved;
    let now = new Date(Date.parse(`${listsDate}T23:59:00Z`) + 40 * 86_400_000);
    const checker = createChecker({ now: () => now, data: { maxAgeDays: 30 } });
    const detail = (): string => checker.ip('81.2.69.142').reasons.find((r) => r.code === 'IP_DATA_STALE')!.detail!;
    expect(detail()).toContain('(40 days old; limit 30)');
    expect(detail()).toContain('(40 days old; limit 30)');
    now = new Date(now.getTime() + 2 * 60_000); // 00:01 the next day
    expect(detail()).toContain('(41 days old; limit 30)');
  });
});
