/**
 * A MaxMind DB reader over a buffer, walked with an address already parsed
 * into numbers (the MaxMind DB format, https://maxmind.github.io/MaxMind-DB/).
 *
 * Why our own: the `maxmind` package takes the address as a string and
 * parses it again on every lookup, although the IP check has parsed it
 * already (`parseIp` gives the IPv4 as a u32 and IPv6 as four u32 words),
 * and it cannot read a file in place on demand; bench/ip-reader.ts measures
 * the whole check both ways (keep this walker only while it shows a gain of
 * 15% or more). Here a lookup is the walk alone: one
 * bit of the address per tree level, each level one node record read from
 * the buffer. The `maxmind` reader stays for your own databases
 * (`databases` option), where its exact record shapes are the documented
 * contract.
 *
 * The format in brief: a binary search tree of `node_count` nodes, each two
 * records (left: bit 0, right: bit 1) of `record_size` bits; a record below
 * `node_count` is the next node, equal to it means "no data", above it
 * points into the data section (16 zero bytes after the tree). Data values
 * carry a control byte: 3 bits of type (0: extended, the type is 7 + the
 * next byte), 5 bits of size (29, 30, 31: the size continues in 1, 2, 3
 * bytes), then the payload. The metadata is a map after the last
 * `\xAB\xCD\xEFMaxMind.com` marker.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { noteLoad } from '../common/loads.js';
import { DataError } from '../errors.js';

/** The metadata fields the walker needs, read from the file. */
export interface MmdbMetadata {
  readonly nodeCount: number;
  readonly recordSize: number;
  readonly ipVersion: number;
  readonly databaseType: string;
  /** Build time, seconds since the epoch. */
  readonly buildEpoch: number;
}

/** Value returned by {@link MmdbTree.find4} / {@link MmdbTree.find6} when the address has no record. */
export const NOT_FOUND = -1;

const MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);
/** The metadata section is at most 128 KiB from the end (format spec). */
const METADATA_MAX = 128 * 1024;

/** A value of the data section: decoded as the MaxMind DB spec's types map to JavaScript. */
export type MmdbValue = string | number | bigint | boolean | Uint8Array | MmdbValue[] | { [key: string]: MmdbValue };

/** Bytes read on demand: one page holds 64 KiB of the file. */
const PAGE_BITS = 16;
/** Pages each lookup in paged mode reads ahead, in file order, until the file is whole (32 pages: 2 MiB). */
const STEP_PAGES = 32;

/**
 * A database file read in place on demand, then whole: the first lookups
 * read only the pages their walk touches (a few dozen 64 KiB pages instead
 * of a 63 MB file, so a fresh process answers its first check in
 * milliseconds), and each lookup also reads the next 2 MiB in file order,
 * so that after a few dozen lookups the file is in memory and lookups read
 * the buffer with no page checks. The buffer is allocated once at the
 * file's size and filled in place.
 */
export class PagedFile {
  readonly buf: Buffer;
  readonly path: string;
  private fd: number | null;
  private readonly loaded: Uint8Array;
  private missing: number;
  private next = 0;

  /** @throws DataError `DATA_MISSING` when the file cannot be opened */
  constructor(path: string) {
    this.path = path;
    try {
      this.fd = openSync(path, 'r');
      this.buf = Buffer.allocUnsafeSlow(fstatSync(this.fd).size);
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      throw new DataError('DATA_MISSING', `${path}: cannot read MaxMind database (${code ?? String(cause)})`, path, { cause });
    }
    const pages = Math.ceil(this.buf.length / (1 << PAGE_BITS));
    this.loaded = new Uint8Array(pages);
    this.missing = pages;
    if (pages === 0) this.close();
  }

  /** Whether every byte is in memory. */
  get complete(): boolean {
    return this.missing === 0;
  }

  /** Makes bytes [from, to) readable in `buf`. */
  ensure(from: number, to: number): void {
    const last = Math.min(to, this.buf.length) - 1;
    for (let p = from >>> PAGE_BITS; p <= last >>> PAGE_BITS; p++) if (this.loaded[p] === 0) this.load(p);
  }

  /** Reads the next {@link STEP_PAGES} pages not yet read, in file order. */
  step(): void {
    let budget = STEP_PAGES;
    while (budget > 0 && this.next < this.loaded.length) {
      if (this.loaded[this.next] === 0) {
        this.load(this.next);
        budget--;
      }
      this.next++;
    }
  }

  /** Reads every page not yet read. */
  loadAll(): void {
    while (this.missing > 0) this.step();
  }

  private load(page: number): void {
    noteLoad('read ip city page');
    const start = page << PAGE_BITS;
    const end = Math.min(this.buf.length, start + (1 << PAGE_BITS));
    try {
      for (let at = start; at < end; ) {
        const n = readSync(this.fd!, this.buf, at, end - at, at);
        if (n === 0) throw new Error('the file is shorter than when it was opened');
        at += n;
      }
    } catch (cause) {
      throw new DataError('DATA_CORRUPT', `${this.path}: read failed (${(cause as Error).message})`, this.path, { cause });
    }
    this.loaded[page] = 1;
    if (--this.missing === 0) this.close();
  }

  private close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** A MaxMind DB search tree and data section over one buffer. */
export class MmdbTree {
  readonly metadata: MmdbMetadata;
  /** The file's name, for messages. */
  readonly source: string;
  private readonly buf: Buffer;
  /** The file while it is read on demand; null once it is whole (or when it came whole). */
  private paged: PagedFile | null;
  private readonly nodeCount: number;
  private readonly recordSize: number;
  /** Offset of the data section (after the tree and its 16-byte separator). */
  private readonly dataStart: number;
  /** The node an IPv4 address starts from: the root in an IPv4 tree, the node after ::/96 in an IPv6 tree. */
  private readonly ipv4Root: number;

  /**
   * @param file the whole database file, or the file read on demand
   * @param source the file's name, for messages
   * @throws DataError `DATA_CORRUPT` when the buffer is not a MaxMind DB the walker can read
   */
  constructor(file: Buffer | PagedFile, source: string) {
    const buf = file instanceof PagedFile ? file.buf : file;
    this.buf = buf;
    this.paged = file instanceof PagedFile && !file.complete ? file : null;
    this.source = source;
    const fail = (why: string): never => {
      throw new DataError('DATA_CORRUPT', `${source}: ${why}`, source);
    };
    const from = Math.max(0, buf.length - METADATA_MAX);
    this.paged?.ensure(from, buf.length);
    const tail = buf.subarray(from).lastIndexOf(MARKER);
    if (tail === -1) fail('no MaxMind DB metadata marker');
    const at = from + tail;
    const metaStart = at + MARKER.length;
    let raw: MmdbValue;
    try {
      raw = decodeValue(buf, metaStart, metaStart, buf.length, 0, null).value;
    } catch (cause) {
      throw new DataError('DATA_CORRUPT', `${source}: unreadable metadata (${(cause as Error).message})`, source, { cause });
    }
    const m = raw as Record<string, MmdbValue>;
    const num = (key: string): number => {
      const v = m[key];
      if (typeof v === 'number') return v;
      if (typeof v === 'bigint' && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
      return fail(`metadata ${key} is missing or not a number`);
    };
    const recordSize = num('record_size');
    const nodeCount = num('node_count');
    const ipVersion = num('ip_version');
    if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32) fail(`record size ${recordSize} is not 24, 28 or 32`);
    if (ipVersion !== 4 && ipVersion !== 6) fail(`ip_version ${ipVersion} is not 4 or 6`);
    const treeBytes = (nodeCount * recordSize) / 4;
    if (!Number.isInteger(nodeCount) || nodeCount <= 0 || treeBytes + 16 > at) fail(`node_count ${nodeCount} does not fit in the file`);
    this.metadata = Object.freeze({
      nodeCount,
      recordSize,
      ipVersion,
      databaseType: typeof m.database_type === 'string' ? m.database_type : '',
      buildEpoch: typeof m.build_epoch === 'number' ? m.build_epoch : Number(m.build_epoch ?? 0),
    });
    this.nodeCount = nodeCount;
    this.recordSize = recordSize;
    this.dataStart = treeBytes + 16;
    let node = 0;
    if (ipVersion === 6) for (let i = 0; i < 96 && node < nodeCount; i++) node = this.record(node, 0);
    this.ipv4Root = node;
  }

  /**
   * Record `bit` (0 left, 1 right) of `node`: the next node (below
   * `metadata.nodeCount`), `nodeCount` for "no data", or above it a pointer
   * that {@link dataOffset} turns into a data offset. For walks of the whole
   * tree (the builder's country table); lookups use {@link find4} / {@link find6}.
   */
  record(node: number, bit: number): number {
    const b = this.buf;
    if (this.paged !== null) this.paged.ensure((node * this.recordSize) / 4, ((node + 1) * this.recordSize) / 4);
    switch (this.recordSize) {
      case 28: {
        const o = node * 7;
        return bit === 0
          ? ((b[o + 3]! & 0xf0) << 20) | (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!
          : ((b[o + 3]! & 0x0f) << 24) | (b[o + 4]! << 16) | (b[o + 5]! << 8) | b[o + 6]!;
      }
      case 24: {
        const o = node * 6 + bit * 3;
        return (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!;
      }
      default: {
        const o = node * 8 + bit * 4;
        return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
      }
    }
  }

  /** The data offset a terminal record points at, or {@link NOT_FOUND}. */
  dataOffset(node: number): number {
    return this.resolve(node);
  }

  private resolve(node: number): number {
    // node === nodeCount: no data; node < nodeCount after every bit: a malformed tree.
    return node > this.nodeCount ? node - this.nodeCount - 16 : NOT_FOUND;
  }

  /**
   * The data offset of an IPv4 address's record, or {@link NOT_FOUND}.
   *
   * @param v4 the address as an unsigned 32-bit number
   */
  find4(v4: number): number {
    const count = this.nodeCount;
    let node = this.ipv4Root;
    if (this.paged !== null && this.stepPaged()) {
      for (let i = 31; i >= 0 && node < count; i--) node = this.record(node, (v4 >>> i) & 1);
    } else if (this.recordSize === 28) {
      // The bundled DB-IP files' record size: the common case, unrolled from record().
      const b = this.buf;
      for (let i = 31; i >= 0 && node < count; i--) {
        const o = node * 7;
        node =
          ((v4 >>> i) & 1) === 0
            ? ((b[o + 3]! & 0xf0) << 20) | (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!
            : ((b[o + 3]! & 0x0f) << 24) | (b[o + 4]! << 16) | (b[o + 5]! << 8) | b[o + 6]!;
      }
    } else {
      for (let i = 31; i >= 0 && node < count; i--) node = this.record(node, (v4 >>> i) & 1);
    }
    return this.resolve(node);
  }

  /**
   * The data offset of an IPv6 address's record, or {@link NOT_FOUND}
   * ({@link NOT_FOUND} too in an IPv4-only tree).
   *
   * @param w the address as four unsigned 32-bit words, most significant first
   */
  find6(w: readonly [number, number, number, number]): number {
    if (this.metadata.ipVersion === 4) return NOT_FOUND;
    const count = this.nodeCount;
    let node = 0;
    const b = this.buf;
    const fast = this.recordSize === 28 && !(this.paged !== null && this.stepPaged());
    for (let k = 0; k < 4 && node < count; k++) {
      const word = w[k]!;
      for (let i = 31; i >= 0 && node < count; i--) {
        const bit = (word >>> i) & 1;
        if (fast) {
          const o = node * 7;
          node =
            bit === 0
              ? ((b[o + 3]! & 0xf0) << 20) | (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!
              : ((b[o + 3]! & 0x0f) << 24) | (b[o + 4]! << 16) | (b[o + 5]! << 8) | b[o + 6]!;
        } else node = this.record(node, bit);
      }
    }
    return this.resolve(node);
  }

  /**
   * In paged mode: reads ahead one step, and says whether the file is still
   * partly on disk (then the walk must check its pages).
   */
  private stepPaged(): boolean {
    const paged = this.paged!;
    paged.step();
    if (!paged.complete) return true;
    this.paged = null;
    return false;
  }

  /** Reads the whole file now (a no-op once it is whole): lookups then read the buffer with no page checks. */
  loadAll(): void {
    this.paged?.loadAll();
    this.paged = null;
  }

  /**
   * Decodes the record at a data offset (from {@link find4} / {@link find6}).
   *
   * @throws DataError `DATA_CORRUPT` when the record is malformed
   */
  decode(offset: number): MmdbValue {
    try {
      const paged = this.paged;
      return decodeValue(this.buf, this.dataStart, this.dataStart + offset, this.buf.length, 0, paged === null ? null : (a, z) => paged.ensure(a, z)).value;
    } catch (cause) {
      throw new DataError('DATA_CORRUPT', `${this.source}: the record at data offset ${offset} is malformed (${(cause as Error).message})`, this.source, { cause });
    }
  }
}

/** Makes bytes [from, to) of the file readable (paged mode). */
type Ensure = (from: number, to: number) => void;

/** A decoded value and the offset after it. */
interface Decoded {
  readonly value: MmdbValue;
  readonly next: number;
}

/**
 * Decodes the value at `at` in a section starting at `base` (pointers are
 * relative to it) and ending before `end`. Throws on anything malformed.
 */
function decodeValue(b: Buffer, base: number, at: number, end: number, depth: number, ensure: Ensure | null): Decoded {
  if (depth > 32) throw new Error('values nested deeper than 32 levels');
  if (at >= end) throw new Error('value past the end of its section');
  // Control byte, extended type and size bytes, or a pointer: at most 5 bytes.
  ensure?.(at, at + 5);
  const ctrl = b[at++]!;
  let type = ctrl >> 5;
  if (type === 1) {
    // Pointer: 3 bits of the control byte plus 1–4 bytes; the pointed value is not itself a pointer.
    const ss = (ctrl >> 3) & 3;
    const vvv = ctrl & 7;
    let ptr: number;
    if (ss === 0) ptr = (vvv << 8) | b[at]!;
    else if (ss === 1) ptr = ((vvv << 16) | (b[at]! << 8) | b[at + 1]!) + 2048;
    else if (ss === 2) ptr = ((vvv << 24) | (b[at]! << 16) | (b[at + 1]! << 8) | b[at + 2]!) + 526336;
    else ptr = ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
    return { value: decodeValue(b, base, base + ptr, end, depth + 1, ensure).value, next: at + ss + 1 };
  }
  if (type === 0) {
    type = 7 + b[at++]!;
    if (type < 8 || type > 15) throw new Error(`unknown extended type ${type}`);
  }
  let size = ctrl & 0x1f;
  if (size === 29) size = 29 + b[at++]!;
  else if (size === 30) {
    size = 285 + ((b[at]! << 8) | b[at + 1]!);
    at += 2;
  } else if (size === 31) {
    size = 65821 + ((b[at]! << 16) | (b[at + 1]! << 8) | b[at + 2]!);
    at += 3;
  }
  // The payload of a scalar; maps and arrays ensure each of their values.
  if (type !== 7 && type !== 11) ensure?.(at, at + size);
  switch (type) {
    case 2: // UTF-8 string
      if (at + size > end) throw new Error('string past the end of its section');
      return { value: b.toString('utf8', at, at + size), next: at + size };
    case 3: // double
      if (size !== 8) throw new Error(`a double of ${size} bytes`);
      return { value: b.readDoubleBE(at), next: at + 8 };
    case 4: // bytes
      if (at + size > end) throw new Error('bytes past the end of their section');
      return { value: new Uint8Array(b.subarray(at, at + size)), next: at + size };
    case 5: // uint16
    case 6: // uint32
      if (size > (type === 5 ? 2 : 4)) throw new Error(`an unsigned integer of ${size} bytes`);
      return { value: unsigned(b, at, size), next: at + size };
    case 7: {
      // map
      const out: Record<string, MmdbValue> = {};
      let o = at;
      for (let i = 0; i < size; i++) {
        const k = decodeValue(b, base, o, end, depth + 1, ensure);
        if (typeof k.value !== 'string') throw new Error('a map key that is not a string');
        const v = decodeValue(b, base, k.next, end, depth + 1, ensure);
        out[k.value] = v.value;
        o = v.next;
      }
      return { value: out, next: o };
    }
    case 8: {
      // int32
      if (size > 4) throw new Error(`an int32 of ${size} bytes`);
      const u = unsigned(b, at, size);
      return { value: size === 4 ? u | 0 : u, next: at + size };
    }
    case 9: // uint64
    case 10: {
      // uint128
      if (size > (type === 9 ? 8 : 16)) throw new Error(`an unsigned integer of ${size} bytes`);
      let v = 0n;
      for (let i = 0; i < size; i++) v = (v << 8n) | BigInt(b[at + i]!);
      return { value: v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v, next: at + size };
    }
    case 11: {
      // array
      const out: MmdbValue[] = [];
      let o = at;
      for (let i = 0; i < size; i++) {
        const v = decodeValue(b, base, o, end, depth + 1, ensure);
        out.push(v.value);
        o = v.next;
      }
      return { value: out, next: o };
    }
    case 14: // boolean: the size is the value
      if (size > 1) throw new Error(`a boolean of value ${size}`);
      return { value: size === 1, next: at };
    case 15: // float
      if (size !== 4) throw new Error(`a float of ${size} bytes`);
      return { value: b.readFloatBE(at), next: at + 4 };
    default:
      throw new Error(`type ${type} is not a data value`);
  }
}

function unsigned(b: Buffer, at: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + b[at + i]!;
  return v;
}
