/**
 * The range table's IPv6 starts (format 3): the high 64 bits
 * of every start, and the low 64 bits only of the starts that have them.
 * A small table built here, with starts that share a /64 (a /128 inside a
 * /64, two /128s next to each other, a start at the very top of a /64), is
 * encoded and decoded, and every lookup is compared with a search over the
 * starts as BigInts, written independently of src/ip/rangeTable.ts.
 */
import { describe, expect, it } from 'vitest';
import { DataError } from '../../src/errors.js';
import { NO_VALUE, RANGE_TABLE_VERSION, decodeRangeTable, encodeRangeTable, lookup6, lookup6Linear, start6 } from '../../src/ip/rangeTable.js';
import { COUNTRY } from '../../src/ip/data/formats.js';
import { defaultDataContext } from '../../src/data/context.js';

const words = (v: bigint): [number, number, number, number] => [Number((v >> 96n) & 0xffffffffn), Number((v >> 64n) & 0xffffffffn), Number((v >> 32n) & 0xffffffffn), Number(v & 0xffffffffn)];
const big = (s: string): bigint => {
  const [head = '', tail = ''] = s.split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === '' ? [] : tail.split(':');
  const groups = s.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
};

/** Segment starts, ascending, each with its value (NO_VALUE for a gap). */
const SEGMENTS: readonly [string, number][] = [
  ['2001:db8::', 0],
  ['2001:db8::5', 1], // a /128 inside 2001:db8::/64
  ['2001:db8::6', 0],
  ['2001:db8:0:1::', NO_VALUE],
  ['2001:db8:0:2::', 2],
  ['2001:db8:0:2:ffff:ffff:ffff:ffff', 3], // the last address of a /64
  ['2001:db8:0:3::', NO_VALUE],
  ['2a00::', 4],
  ['2a00::1:0:0', 5], // low bits in the third word only
  ['2a00::1:0:1', NO_VALUE],
  ['fe80::', 6],
];

const STARTS = SEGMENTS.map(([s]) => big(s));

function table() {
  const bytes = encodeRangeTable(
    { starts4: [], values4: [], starts6: STARTS.flatMap(words), values6: SEGMENTS.map(([, v]) => v) },
    new TextEncoder().encode('{}'),
  );
  return { bytes, table: decodeRangeTable(bytes, 'test.bin', () => ({})) };
}

/** The reference: the value of the last start ≤ address. */
function expected(address: bigint): number {
  let value = NO_VALUE;
  for (let i = 0; i < STARTS.length && STARTS[i]! <= address; i++) value = SEGMENTS[i]![1];
  return value;
}

describe('range table: IPv6 starts as high halves plus the few low halves', () => {
  it('keeps the low halves of only the starts that have them, and gives every start back whole', () => {
    const { bytes, table: t } = table();
    expect(new Uint32Array(bytes.buffer, 0, 8)[1]).toBe(RANGE_TABLE_VERSION);
    expect([...t.lowAt6]).toEqual([1, 2, 5, 8, 9]);
    expect(t.high6.length).toBe(2 * SEGMENTS.length);
    for (let i = 0; i < STARTS.length; i++) expect(start6(t, i), SEGMENTS[i]![0]).toEqual(words(STARTS[i]!));
  });

  it('finds the segment of every start, the address before it and after it, as the BigInt search does', () => {
    const { table: t } = table();
    const probes = new Set<bigint>([0n, (1n << 128n) - 1n, big('2001:db8::4'), big('2001:db8::ffff'), big('2001:db8:0:2:ffff:ffff:ffff:fffe')]);
    for (const s of STARTS) for (const d of [-1n, 0n, 1n, 1n << 32n, 1n << 64n]) if (s + d >= 0n && s + d < 1n << 128n) probes.add(s + d);
    for (const address of probes) {
      const w = words(address);
      expect(lookup6(t, ...w), address.toString(16)).toBe(expected(address));
      expect(lookup6Linear(t, ...w), address.toString(16)).toBe(expected(address));
    }
  });

  it('refuses a table whose low-bits list is not ascending, or whose size does not match', () => {
    const { bytes } = table();
    const m6 = new Uint32Array(bytes.buffer, 0, 8)[6]!;
    expect(m6).toBe(5);
    const words32 = new Uint32Array(bytes.buffer);
    // lowAt6 sits after the index, the high halves and the values: swap its first two entries.
    const at = 8 + 65537 + 2 * SEGMENTS.length + SEGMENTS.length;
    expect([words32[at], words32[at + 1]]).toEqual([1, 2]);
    const swapped = new Uint8Array(bytes);
    const sw = new Uint32Array(swapped.buffer);
    [sw[at], sw[at + 1]] = [2, 1];
    expect(() => decodeRangeTable(swapped, 'swapped.bin', () => ({}))).toThrow(/low-bits list is not ascending/);
    const grown = new Uint8Array(bytes);
    new Uint32Array(grown.buffer)[6] = m6 + 1;
    expect(() => decodeRangeTable(grown, 'grown.bin', () => ({}))).toThrow(DataError);
  });

  it('a version 2 table is refused with DATA_VERSION', () => {
    const old = new Uint8Array(table().bytes);
    new Uint32Array(old.buffer)[1] = 2;
    expect(() => decodeRangeTable(old, 'old.bin', () => ({}))).toThrow(expect.objectContaining({ code: 'DATA_VERSION' }));
  });

  it('the bundled country table: every IPv6 start and the address before it, prefix-index search against the plain one', () => {
    const t = defaultDataContext().bundle.load(COUNTRY);
    expect(t.lowAt6.length).toBeGreaterThan(0);
    let found = 0;
    for (let i = 0; i < t.values6.length; i++) {
      const [a, b, c, d] = start6(t, i);
      const below = d > 0 ? [a, b, c, d - 1] : c > 0 ? [a, b, c - 1, 0xffffffff] : b > 0 ? [a, b - 1, 0xffffffff, 0xffffffff] : a > 0 ? [a - 1, 0xffffffff, 0xffffffff, 0xffffffff] : [0, 0, 0, 0];
      for (const [w0, w1, w2, w3] of [[a, b, c, d], below] as number[][]) {
        const plain = lookup6Linear(t, w0!, w1!, w2!, w3!);
        if (plain !== NO_VALUE) found++;
        if (lookup6(t, w0!, w1!, w2!, w3!) !== plain) expect(lookup6(t, w0!, w1!, w2!, w3!)).toBe(plain);
      }
    }
    expect(found).toBeGreaterThan(100_000);
  });
});
