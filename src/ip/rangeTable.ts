/**
 * The compact binary range table every IP dataset is compiled into
 * (scripts/ip/build.ts writes it, this module reads it).
 *
 * Why a custom format: the upstream lists are CIDRs and CSV ranges that
 * overlap; the builder flattens them into sorted, non-overlapping segments so
 * that a lookup is a search over a typed array with no parsing and no
 * per-entry objects at run time. The file is stored uncompressed and read in
 * place: the loader lays typed-array views over the bytes it read, with no
 * decompression and no index building (the builder writes the index), so
 * the first check pays for one file read and its hash only.
 *
 * Layout (little endian, every section 4-byte aligned):
 * | offset | content |
 * |---|---|
 * | 0 | magic `0x54524953` ("SIRT") |
 * | 4 | format version ({@link RANGE_TABLE_VERSION}) |
 * | 8 | n4: number of IPv4 segments |
 * | 12 | n6: number of IPv6 segments |
 * | 16 | byte length of the payload |
 * | 20 | index bits ({@link INDEX_BITS}) |
 * | 24 | m6: number of IPv6 segment starts whose low 64 bits are not 0 |
 * | 28 | reserved (0) |
 * | 32 | IPv4 prefix index, u32[2^16 + 1] (absent when n4 = 0) |
 * | … | IPv4 segment starts, u32[n4], ascending |
 * | … | IPv4 segment values, u32[n4] (index into the payload, {@link NO_VALUE} for a gap) |
 * | … | IPv6 prefix index, u32[2^16 + 1] (absent when n6 = 0) |
 * | … | IPv6 segment starts, high 64 bits, u32[2·n6] (two u32, most significant first), ascending |
 * | … | IPv6 segment values, u32[n6] |
 * | … | the segments whose start has low 64 bits, u32[m6] (segment numbers, ascending) |
 * | … | their low 64 bits, u32[2·m6] (two u32 each, most significant first) |
 * | … | payload (table-specific: the values the indexes point to), padded to 4 bytes with spaces |
 *
 * A segment runs from its start to the next segment's start − 1; the last
 * one runs to the end of the address space. The prefix index of a version
 * holds, for each value p of the address's top 16 bits, the number of
 * segments that start below p·2^(bits−16) (entry 2^16 is the segment count):
 * the segment holding an address is then among the few that start inside its
 * /16, or the one just before them, so a lookup searches a handful of
 * entries instead of the whole table (IPv4 ASN table: ≈7 segments per /16
 * against 470k).
 *
 * IPv6 starts keep their high 64 bits only, plus the few starts with low
 * bits on the side (format 3; format 2 stored all 128 bits): routed IPv6
 * networks are /64 or shorter, so all but a few hundred of the ASN and
 * country tables' 520k starts end in 64 zero bits (the address lists' /128
 * entries give the rest). That halves the IPv6 starts, 4.4 MB of every
 * install. A search compares the high halves and looks a
 * low half up only when an address shares its /64 with a segment start.
 */
import { DataError } from '../errors.js';

/** Magic number at offset 0 ("SIRT" read as a little-endian u32). */
export const RANGE_TABLE_MAGIC = 0x54524953;
/** Format version the reader understands; the builder writes it. */
export const RANGE_TABLE_VERSION = 3;
/** Value of a segment that no entry covers. */
export const NO_VALUE = 0xffffffff;
/** Address bits the prefix index is keyed by (the top 16). */
export const INDEX_BITS = 16;
const INDEX_ENTRIES = (1 << INDEX_BITS) + 1;
const HEADER_BYTES = 32;

/** A decoded range table: typed-array views over the file's bytes plus the decoded payload. */
export interface RangeTable<P> {
  readonly index4: Uint32Array;
  readonly starts4: Uint32Array;
  readonly values4: Uint32Array;
  readonly index6: Uint32Array;
  /** The high 64 bits of each IPv6 segment start, two words each ({@link start6} gives a whole start). */
  readonly high6: Uint32Array;
  readonly values6: Uint32Array;
  /** The segments whose start has non-zero low 64 bits, ascending. */
  readonly lowAt6: Uint32Array;
  /** Their low 64 bits, two words each, in the order of {@link RangeTable.lowAt6}. */
  readonly low6: Uint32Array;
  readonly payload: P;
}

/** The segments of one table, as the builder holds them, for {@link encodeRangeTable}. */
export interface Segments {
  /** IPv4 segment starts, ascending. */
  readonly starts4: readonly number[];
  readonly values4: readonly number[];
  /** IPv6 segment starts as four u32 words each (most significant first), ascending. */
  readonly starts6: readonly number[];
  readonly values6: readonly number[];
}

/**
 * The prefix index of sorted segment starts (`stride` words per start, the
 * first word's top 16 bits are the prefix): entry p is the number of starts
 * whose prefix is below p.
 */
export function prefixIndex(starts: ArrayLike<number>, stride: number): Uint32Array {
  const n = starts.length / stride;
  const index = new Uint32Array(INDEX_ENTRIES);
  let s = 0;
  for (let p = 0; p < INDEX_ENTRIES - 1; p++) {
    while (s < n && starts[s * stride]! >>> 16 < p) s++;
    index[p] = s;
  }
  index[INDEX_ENTRIES - 1] = n;
  return index;
}

/**
 * Encodes a range table (the builder's side of {@link decodeRangeTable}):
 * header, the prefix indexes, the segments and the payload bytes.
 */
export function encodeRangeTable(segments: Segments, payload: Uint8Array): Uint8Array {
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('big-endian hosts are not supported');
  const n4 = segments.values4.length;
  const n6 = segments.values6.length;
  const high6 = new Uint32Array(2 * n6);
  const lowAt6: number[] = [];
  const low6: number[] = [];
  for (let i = 0; i < n6; i++) {
    const w = segments.starts6;
    high6[2 * i] = w[4 * i]!;
    high6[2 * i + 1] = w[4 * i + 1]!;
    if (w[4 * i + 2] !== 0 || w[4 * i + 3] !== 0) {
      lowAt6.push(i);
      low6.push(w[4 * i + 2]!, w[4 * i + 3]!);
    }
  }
  const m6 = lowAt6.length;
  const pad = (4 - (payload.length % 4)) % 4;
  const words = HEADER_BYTES / 4 + (n4 > 0 ? INDEX_ENTRIES : 0) + 2 * n4 + (n6 > 0 ? INDEX_ENTRIES : 0) + 3 * n6 + 3 * m6;
  const out = new Uint8Array(words * 4 + payload.length + pad);
  const u32 = new Uint32Array(out.buffer, 0, words);
  u32.set([RANGE_TABLE_MAGIC, RANGE_TABLE_VERSION, n4, n6, payload.length + pad, INDEX_BITS, m6, 0]);
  let o = HEADER_BYTES / 4;
  if (n4 > 0) {
    u32.set(prefixIndex(segments.starts4, 1), o);
    o += INDEX_ENTRIES;
  }
  u32.set(segments.starts4, o);
  o += n4;
  u32.set(segments.values4, o);
  o += n4;
  if (n6 > 0) {
    u32.set(prefixIndex(high6, 2), o);
    o += INDEX_ENTRIES;
  }
  u32.set(high6, o);
  o += 2 * n6;
  u32.set(segments.values6, o);
  o += n6;
  u32.set(lowAt6, o);
  o += m6;
  u32.set(low6, o);
  out.set(payload, words * 4);
  // Spaces: a JSON payload stays valid JSON with its padding.
  out.fill(0x20, words * 4 + payload.length);
  return out;
}

/**
 * Decodes a range table from its bytes, in place (the views share the
 * bytes' memory). Throws {@link DataError} when the magic, version, section
 * sizes or the prefix indexes do not match, so a truncated or foreign file
 * is reported instead of giving wrong answers.
 *
 * @param bytes the file content
 * @param source name used in error messages
 * @param decodePayload turns the payload bytes into the table's values; throws or returns a string (what is wrong) on bad bytes
 * @example
 * import { readFileSync } from 'node:fs';
 * const table = decodeRangeTable(readFileSync('data/ip/lists.bin'), 'data/ip/lists.bin', (b) => JSON.parse(new TextDecoder().decode(b)));
 * lookup4(table, 0x0a000001); // 4294967295: 10.0.0.1 is in no list (NO_VALUE)
 */
export function decodeRangeTable<P>(bytes: Uint8Array, source: string, decodePayload: (payload: Uint8Array) => P | string): RangeTable<P> {
  // Copy when the buffer is not 4-byte aligned (pooled Buffers may not be),
  // so that Uint32Array views can be laid directly over it.
  const buf = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  const fail = (why: string): never => {
    throw new DataError('DATA_CORRUPT', `${source}: ${why}; run \`npm run data:build\``, source);
  };
  if (buf.byteLength < HEADER_BYTES) fail('too short for a range table');
  const header = new Uint32Array(buf.buffer, buf.byteOffset, HEADER_BYTES / 4);
  if (header[0] !== RANGE_TABLE_MAGIC) fail('not an identity-signals range table');
  if (header[1] !== RANGE_TABLE_VERSION) {
    throw new DataError(
      'DATA_VERSION',
      `${source}: range table version ${String(header[1])}, this code reads ${RANGE_TABLE_VERSION}; run \`npm run data:build\``,
      source,
    );
  }
  const n4 = header[2]!;
  const n6 = header[3]!;
  const payloadBytes = header[4]!;
  const m6 = header[6]!;
  if (header[5] !== INDEX_BITS) fail(`index of ${String(header[5])} bits, this code reads ${INDEX_BITS}`);
  if (m6 > n6) fail(`${m6} IPv6 starts with low bits, of ${n6}`);
  const expected = HEADER_BYTES + 4 * ((n4 > 0 ? INDEX_ENTRIES : 0) + 2 * n4 + (n6 > 0 ? INDEX_ENTRIES : 0) + 3 * n6 + 3 * m6) + payloadBytes;
  if (buf.byteLength !== expected) fail(`size ${buf.byteLength} does not match its header (${expected})`);
  let offset = buf.byteOffset + HEADER_BYTES;
  const take = (count: number): Uint32Array => {
    const view = new Uint32Array(buf.buffer, offset, count);
    offset += count * 4;
    return view;
  };
  const index4 = take(n4 > 0 ? INDEX_ENTRIES : 0);
  const starts4 = take(n4);
  const values4 = take(n4);
  const index6 = take(n6 > 0 ? INDEX_ENTRIES : 0);
  const high6 = take(2 * n6);
  const values6 = take(n6);
  const lowAt6 = take(m6);
  const low6 = take(2 * m6);
  // An index that does not match its segments would send lookups to the wrong segment: check it
  // (one pass over the starts, cheap next to reading the file).
  if (n4 > 0 && !indexMatches(index4, starts4, 1)) fail('the IPv4 prefix index does not match its segments');
  if (n6 > 0 && !indexMatches(index6, high6, 2)) fail('the IPv6 prefix index does not match its segments');
  // The low halves are found by a binary search over lowAt6: it must ascend, and name real segments.
  for (let k = 0; k < m6; k++) {
    if (lowAt6[k]! >= n6 || (k > 0 && lowAt6[k]! <= lowAt6[k - 1]!)) fail('the IPv6 low-bits list is not ascending segment numbers');
  }
  let payload: P | string;
  try {
    payload = decodePayload(new Uint8Array(buf.buffer, offset, payloadBytes));
  } catch (cause) {
    return fail(`payload cannot be decoded (${String(cause)})`);
  }
  if (typeof payload === 'string') return fail(`payload: ${payload}`);
  return { index4, starts4, values4, index6, high6, values6, lowAt6, low6, payload };
}

/** Whether `index` is the prefix index of `starts` (and the starts ascend within each step). */
function indexMatches(index: Uint32Array, starts: Uint32Array, stride: number): boolean {
  const n = starts.length / stride;
  if (index[0] !== 0) return false;
  if (index[INDEX_ENTRIES - 1] !== n) return false;
  for (let p = 0; p < INDEX_ENTRIES - 1; p++) {
    const from = index[p]!;
    const to = index[p + 1]!;
    if (to < from || to > n) return false;
    // Every start counted between p and p+1 has prefix p.
    if (from < to && (starts[from * stride]! >>> 16 !== p || starts[(to - 1) * stride]! >>> 16 !== p)) return false;
  }
  return true;
}

/**
 * Value index of the IPv4 segment holding `ip` (an unsigned 32-bit number),
 * or {@link NO_VALUE}: a binary search among the segments that start in the
 * address's /16, and the one before them.
 *
 * @example
 * const table = loadAsnTable(defaultDataContext().bundle, 4).table;
 * table.payload.asns[lookup4(table, 0x08080808)]; // 15169: 8.8.8.8 is Google's
 * lookup4(table, 0x0a000001); // 4294967295: 10.0.0.1 is in no segment (NO_VALUE)
 */
export function lookup4(table: RangeTable<unknown>, ip: number): number {
  const starts = table.starts4;
  if (starts.length === 0) return NO_VALUE;
  const p = ip >>> 16;
  const index = table.index4;
  // The segment holding ip is the last one starting at or below it: one of those
  // starting inside this /16, or else the last one starting before it.
  let lo = index[p]!;
  let hi = index[p + 1]!;
  // Invariant: every start in [old lo, lo) is <= ip, every start in [hi, old hi) is > ip.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= ip) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? NO_VALUE : table.values4[lo - 1]!;
}

/**
 * Value index of the IPv6 segment holding the address given as four
 * unsigned 32-bit words (most significant first), or {@link NO_VALUE}.
 *
 * @example
 * const table = loadAsnTable(defaultDataContext().bundle, 6).table;
 * table.payload.asns[lookup6(table, 0x20014860, 0x48600000, 0, 0x8888)]; // 15169: 2001:4860:4860::8888
 */
export function lookup6(table: RangeTable<unknown>, a: number, b: number, c: number, d: number): number {
  const values = table.values6;
  if (values.length === 0) return NO_VALUE;
  const high = table.high6;
  const index = table.index6;
  const p = a >>> 16;
  let lo = index[p]!;
  let hi = index[p + 1]!;
  // First by the high halves alone: lo becomes the number of starts whose high half is ≤ the address's.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const w0 = high[2 * mid]!;
    if (w0 !== a ? w0 < a : high[2 * mid + 1]! <= b) lo = mid + 1;
    else hi = mid;
  }
  // Rarely, the last starts counted are in the address's own /64: their low halves decide.
  if (lo > 0 && high[2 * lo - 2] === a && high[2 * lo - 1] === b && table.lowAt6.length > 0) lo = sameSlash64(table, lo, c, d);
  return lo === 0 ? NO_VALUE : values[lo - 1]!;
}

/**
 * The number of starts ≤ the address, given `lo` counted by the high halves
 * alone and that start lo − 1 is in the address's /64: those of the /64
 * whose low half is above the address's (c, d) start after it.
 */
function sameSlash64(table: RangeTable<unknown>, lo: number, c: number, d: number): number {
  const high = table.high6;
  const a = high[2 * lo - 2]!;
  const b = high[2 * lo - 1]!;
  let n = lo;
  while (n > 0 && high[2 * n - 2] === a && high[2 * n - 1] === b && !lowAtMost(table, n - 1, c, d)) n--;
  return n;
}

/** Whether the low 64 bits of segment i's start (0 unless it is on the side list) are ≤ (c, d). */
function lowAtMost(table: RangeTable<unknown>, i: number, c: number, d: number): boolean {
  const k = lowIndex(table, i);
  if (k < 0) return true;
  const w2 = table.low6[2 * k]!;
  return w2 !== c ? w2 < c : table.low6[2 * k + 1]! <= d;
}

/**
 * The start of IPv6 segment `i` as four words, most significant first.
 *
 * @example
 * const t = loadAsnTable(defaultDataContext().bundle, 6).table;
 * start6(t, t.lowAt6[0]!).map((w) => w.toString(16)); // ['20010500', '30ff0000', '0', '30']: 2001:500:30ff::30, the first start with low bits
 */
export function start6(table: RangeTable<unknown>, i: number): [number, number, number, number] {
  const k = lowIndex(table, i);
  return [table.high6[2 * i]!, table.high6[2 * i + 1]!, k < 0 ? 0 : table.low6[2 * k]!, k < 0 ? 0 : table.low6[2 * k + 1]!];
}

/** Position of segment `i` in lowAt6, or −1 when its start's low 64 bits are 0. */
function lowIndex(table: RangeTable<unknown>, i: number): number {
  const at = table.lowAt6;
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = at[mid]!;
    if (v === i) return mid;
    if (v < i) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/**
 * The reference search: a binary search over all IPv4 segments, without the
 * prefix index. Tests compare {@link lookup4} with it.
 * @internal
 */
export function lookup4Linear(table: RangeTable<unknown>, ip: number): number {
  const starts = table.starts4;
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= ip) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? NO_VALUE : table.values4[lo - 1]!;
}

/**
 * The reference search for IPv6 (all segments, no prefix index).
 * @internal
 */
export function lookup6Linear(table: RangeTable<unknown>, a: number, b: number, c: number, d: number): number {
  let lo = 0;
  let hi = table.values6.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const [w0, w1, w2, w3] = start6(table, mid);
    const sign = w0 !== a ? w0 - a : w1 !== b ? w1 - b : w2 !== c ? w2 - c : w3 - d;
    if (sign <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? NO_VALUE : table.values6[lo - 1]!;
}

