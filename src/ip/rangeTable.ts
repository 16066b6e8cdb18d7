/**
 * The compact binary range table every IP dataset is compiled into
 * (scripts/ip/build.ts writes it, this module reads it).
 *
 * Why a custom format: the upstream lists are CIDRs and CSV ranges that
 * overlap; the builder flattens them into sorted, non-overlapping segments so
 * that a lookup is one binary search over a typed array (≈20 steps for 400k
 * segments), with no parsing and no per-entry objects at run time.
 *
 * Layout (little endian, every section 4-byte aligned):
 * | offset | content |
 * |---|---|
 * | 0 | magic `0x54524953` ("SIRT") |
 * | 4 | format version ({@link RANGE_TABLE_VERSION}) |
 * | 8 | n4: number of IPv4 segments |
 * | 12 | n6: number of IPv6 segments |
 * | 16 | byte length of the JSON payload |
 * | 20 | reserved (0) |
 * | 24 | IPv4 segment starts, u32[n4], ascending |
 * | … | IPv4 segment values, u32[n4] (index into the payload, {@link NO_VALUE} for a gap) |
 * | … | IPv6 segment starts, u32[4·n6] (128 bits as four u32, most significant first), ascending |
 * | … | IPv6 segment values, u32[n6] |
 * | … | UTF-8 JSON payload (table-specific: the values the indexes point to), padded with spaces |
 *
 * A segment runs from its start to the next segment's start − 1; the last
 * one runs to the end of the address space.
 */
import { DataError } from '../errors.js';

/** Magic number at offset 0 ("SIRT" read as a little-endian u32). */
export const RANGE_TABLE_MAGIC = 0x54524953;
/** Format version the reader understands; the builder writes it. */
export const RANGE_TABLE_VERSION = 1;
/** Value of a segment that no entry covers. */
export const NO_VALUE = 0xffffffff;
const HEADER_BYTES = 24;

/** A decoded range table: typed-array views plus the parsed payload. */
export interface RangeTable<P> {
  readonly starts4: Uint32Array;
  readonly values4: Uint32Array;
  readonly starts6: Uint32Array;
  readonly values6: Uint32Array;
  readonly payload: P;
}

/**
 * Decodes a range table from its bytes. Throws {@link DataError} when the
 * magic, version or section sizes do not match, so a truncated or foreign
 * file is reported instead of giving wrong answers.
 *
 * @param bytes the file content
 * @param source name used in error messages
 * @example
 * import { readFileSync } from 'node:fs';
 * import { brotliDecompressSync } from 'node:zlib';
 * const table = decodeRangeTable<AsnPayload>(brotliDecompressSync(readFileSync('data/ip/asn4.bin.br')), 'data/ip/asn4.bin.br');
 * table.payload.asns[lookup4(table, 0x08080808)]; // 15169: 8.8.8.8 is Google's
 */
export function decodeRangeTable<P>(bytes: Uint8Array, source: string): RangeTable<P> {
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
  const jsonBytes = header[4]!;
  const expected = HEADER_BYTES + 8 * n4 + 20 * n6 + jsonBytes;
  if (buf.byteLength !== expected) fail(`size ${buf.byteLength} does not match its header (${expected})`);
  let offset = buf.byteOffset + HEADER_BYTES;
  const take = (count: number): Uint32Array => {
    const view = new Uint32Array(buf.buffer, offset, count);
    offset += count * 4;
    return view;
  };
  const starts4 = take(n4);
  const values4 = take(n4);
  const starts6 = take(4 * n6);
  const values6 = take(n6);
  let payload: P;
  try {
    payload = JSON.parse(new TextDecoder().decode(new Uint8Array(buf.buffer, offset, jsonBytes))) as P;
  } catch (cause) {
    return fail(`payload is not valid JSON (${String(cause)})`);
  }
  return { starts4, values4, starts6, values6, payload };
}

/**
 * Value index of the IPv4 segment holding `ip` (an unsigned 32-bit number),
 * or {@link NO_VALUE}.
 *
 * @example
 * const table = loadAsnTable(4).table;
 * table.payload.asns[lookup4(table, 0x08080808)]; // 15169: 8.8.8.8 is Google's
 * lookup4(table, 0x0a000001); // 4294967295: 10.0.0.1 is in no segment (NO_VALUE)
 */
export function lookup4(table: RangeTable<unknown>, ip: number): number {
  const starts = table.starts4;
  let lo = 0;
  let hi = starts.length - 1;
  if (hi < 0 || ip < starts[0]!) return NO_VALUE;
  // Last segment whose start is <= ip.
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= ip) lo = mid;
    else hi = mid - 1;
  }
  return table.values4[lo]!;
}

/**
 * Value index of the IPv6 segment holding the address given as four
 * unsigned 32-bit words (most significant first), or {@link NO_VALUE}.
 *
 * @example
 * const table = loadAsnTable(6).table;
 * table.payload.asns[lookup6(table, 0x20014860, 0x48600000, 0, 0x8888)]; // 15169: 2001:4860:4860::8888
 */
export function lookup6(table: RangeTable<unknown>, a: number, b: number, c: number, d: number): number {
  const s = table.starts6;
  const n = table.values6.length;
  if (n === 0 || compare6(s, 0, a, b, c, d) > 0) return NO_VALUE;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (compare6(s, mid * 4, a, b, c, d) <= 0) lo = mid;
    else hi = mid - 1;
  }
  return table.values6[lo]!;
}

/** Sign of (segment start at s[i..i+3]) − (a, b, c, d). */
function compare6(s: Uint32Array, i: number, a: number, b: number, c: number, d: number): number {
  const w0 = s[i]!;
  if (w0 !== a) return w0 < a ? -1 : 1;
  const w1 = s[i + 1]!;
  if (w1 !== b) return w1 < b ? -1 : 1;
  const w2 = s[i + 2]!;
  if (w2 !== c) return w2 < c ? -1 : 1;
  const w3 = s[i + 3]!;
  if (w3 !== d) return w3 < d ? -1 : 1;
  return 0;
}
