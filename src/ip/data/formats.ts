/**
 * The IP datasets of a bundle, declared once for their builder
 * (scripts/ip/build.ts) and their loader (src/ip/data.ts).
 */
import { arrayOf, dataset, isNumber, isString, isStringArray, objectWith, recordOf, kindOf } from '../../data/format.js';
import { RANGE_TABLE_VERSION, decodeRangeTable } from '../rangeTable.js';
import type { RangeTable } from '../rangeTable.js';

/** What a source list says about the addresses it covers. */
export type ListKind = 'tor_exit' | 'tor_relay' | 'relay' | 'vpn' | 'proxy' | 'ses' | 'cdn' | 'dch' | 'resolver';

/**
 * Payload of data/ip/asn4.bin and asn6.bin: value i is the AS `asns[i]` and
 * the organisation name `orgIds[i]` (see {@link orgName}). Binary, read in
 * place: u32 k, u32 m, asns u32[k], orgIds u32[k], nameEnds u32[m], then the
 * m names as UTF-8, name j ending at byte `nameEnds[j]` of that section.
 */
export interface AsnPayload {
  readonly asns: Uint32Array;
  readonly orgIds: Uint32Array;
  /** End offset of each name in `names`. */
  readonly nameEnds: Uint32Array;
  readonly names: Uint8Array;
}

/** Encodes an ASN payload (the builder's side of {@link decodeAsnPayload}). */
export function encodeAsnPayload(asns: readonly number[], orgIds: readonly number[], names: readonly string[]): Uint8Array {
  const utf8 = names.map((n) => Buffer.from(n, 'utf8'));
  const head = new Uint32Array(2 + 2 * asns.length + names.length);
  head[0] = asns.length;
  head[1] = names.length;
  head.set(asns, 2);
  head.set(orgIds, 2 + asns.length);
  let end = 0;
  utf8.forEach((b, j) => {
    end += b.length;
    head[2 + 2 * asns.length + j] = end;
  });
  return Buffer.concat([Buffer.from(head.buffer), ...utf8]);
}

/** Decodes an ASN payload in place; a string says what is wrong. */
export function decodeAsnPayload(bytes: Uint8Array): AsnPayload | string {
  if (bytes.byteLength < 8 || bytes.byteOffset % 4 !== 0) return 'too short for an ASN payload';
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
  const k = words[0]!;
  const m = words[1]!;
  const head = 2 + 2 * k + m;
  if (head * 4 > bytes.byteLength) return `${k} values and ${m} names do not fit in ${bytes.byteLength} bytes`;
  const nameEnds = words.subarray(2 + 2 * k, head);
  const names = new Uint8Array(bytes.buffer, bytes.byteOffset + head * 4, bytes.byteLength - head * 4);
  return { asns: words.subarray(2, 2 + k), orgIds: words.subarray(2 + k, 2 + 2 * k), nameEnds, names };
}

const utf8 = new TextDecoder();

/** Organisation name `id` of an ASN payload. */
export function orgName(payload: AsnPayload, id: number): string {
  const start = id === 0 ? 0 : payload.nameEnds[id - 1]!;
  return utf8.decode(payload.names.subarray(start, payload.nameEnds[id]!));
}

/** Checks an ASN payload: org ids point at names, name ends ascend within the names (padding may follow). */
function checkAsnPayload(d: unknown): string | null {
  const p = d as AsnPayload;
  if (!(p.asns instanceof Uint32Array) || !(p.orgIds instanceof Uint32Array) || !(p.nameEnds instanceof Uint32Array)) return 'payload is not an ASN payload';
  const m = p.nameEnds.length;
  for (let i = 0; i < p.orgIds.length; i++) if (p.orgIds[i]! >= m) return `payload.orgIds[${i}] is ${p.orgIds[i]}, there are ${m} names`;
  let last = 0;
  for (let j = 0; j < m; j++) {
    const end = p.nameEnds[j]!;
    if (end < last || end > p.names.length) return `payload.nameEnds[${j}] is out of order or past the names`;
    last = end;
  }
  return null;
}

const textDecoder = new TextDecoder('utf-8', { fatal: true });
const jsonPayload = (bytes: Uint8Array): unknown => JSON.parse(textDecoder.decode(bytes));

/** Payload of data/ip/lists.bin (UTF-8 JSON, padded with spaces): value i is the set `combos[i]` of indexes into `lists`. */
export interface ListsPayload {
  readonly lists: readonly { readonly key: string; readonly kind: ListKind; readonly name: string }[];
  readonly combos: readonly (readonly number[])[];
}

/** Content of data/ip/asn-classes.json (ASN numbers as object keys). */
export interface AsnClassesData {
  /** VPN provider ASNs (X4BNet input/vpn/ASN.txt, minus AS60729) → provider name from curated/vpn-asn-names.csv ('' = unnamed). */
  readonly vpn: Readonly<Record<string, string>>;
  /** Tor-only networks (AS60729 "Tor Servers"). */
  readonly tor: Readonly<Record<string, string>>;
  /** Hosting, cloud and colo ASNs (X4BNet input/datacenter/ASN.txt + brianhama bad-asn-list). */
  readonly dch: Readonly<Record<string, string>>;
  /** CDN ASNs (Akamai, minus AS63949 Linode). */
  readonly cdn: Readonly<Record<string, string>>;
  /** Curated ASN → [connection_type code, network name] (data/raw/ip/curated/asn-usage.csv). */
  readonly usage: Readonly<Record<string, readonly [string, string]>>;
}

const LIST_KINDS: ReadonlySet<string> = new Set(['tor_exit', 'tor_relay', 'relay', 'vpn', 'proxy', 'ses', 'cdn', 'dch', 'resolver']);
const segments = (t: RangeTable<unknown>): number => t.values4.length + t.values6.length;
const isNumberArray = (v: unknown, p: string): string | null => arrayOf(v, p, isNumber);

const asnTable = (version: 4 | 6) =>
  dataset<RangeTable<AsnPayload>>({
    product: 'ip',
    name: `asn${version}`,
    file: `ip/asn${version}.bin`,
    formatVersion: RANGE_TABLE_VERSION,
    encoding: 'range-table',
    decode: (bytes, path) => decodeRangeTable(bytes, path, decodeAsnPayload),
    check: checkAsnPayload,
    records: segments,
  });

/** IPv4 address → announcing AS and its organisation (segments of the address space). */
export const ASN4 = asnTable(4);
/** IPv6 address → announcing AS and its organisation. */
export const ASN6 = asnTable(6);

/** IP → the source lists (Tor, VPN, proxy, relay, crawlers, CDN, hosting ranges, public DNS resolvers) that cover it. */
export const LISTS = dataset<RangeTable<ListsPayload>>({
  product: 'ip',
  name: 'lists',
  file: 'ip/lists.bin',
  formatVersion: RANGE_TABLE_VERSION,
  encoding: 'range-table',
  decode: (bytes, path) => decodeRangeTable(bytes, path, jsonPayload),
  volatile: 'Tor, VPN, proxy, relay and hosting lists',
  check: (d) =>
    objectWith(d, 'payload', {
      lists: (v, p) =>
        arrayOf(v, p, (row, at) =>
          objectWith(row, at, {
            key: isString,
            name: isString,
            kind: (k, kp) => (typeof k === 'string' && LIST_KINDS.has(k) ? null : `${kp} is ${kindOf(k)}, expected a list kind`),
          }),
        ),
      combos: (v, p) => arrayOf(v, p, isNumberArray),
    }),
  records: segments,
});

/** ASN classes: VPN, Tor, hosting and CDN networks, curated usage. */
export const ASN_CLASSES = dataset<AsnClassesData>({
  product: 'ip',
  name: 'asn-classes',
  file: 'ip/asn-classes.json',
  formatVersion: 1,
  encoding: 'json',
  volatile: 'VPN, Tor and hosting network (ASN) lists',
  check: (d) =>
    objectWith(d, 'data', {
      vpn: (v, p) => recordOf(v, p, isString),
      tor: (v, p) => recordOf(v, p, isString),
      dch: (v, p) => recordOf(v, p, isString),
      cdn: (v, p) => recordOf(v, p, isString),
      usage: (v, p) => recordOf(v, p, isStringArray),
    }),
  records: (d) => Object.keys(d.vpn).length + Object.keys(d.tor).length + Object.keys(d.dch).length + Object.keys(d.cdn).length + Object.keys(d.usage).length,
});

/** Payload of data/ip/country.bin (UTF-8 JSON, padded with spaces): value i is the ISO 3166 code `countries[i]`. */
export interface CountryPayload {
  readonly countries: readonly string[];
}

/**
 * IP → country, from the DB-IP Lite city files' country of every network
 * (adjacent networks of one country merged): the default install's location
 * when the optional city package is absent, so the country is the city
 * files' own.
 */
export const COUNTRY = dataset<RangeTable<CountryPayload>>({
  product: 'ip',
  name: 'country',
  file: 'ip/country.bin',
  formatVersion: RANGE_TABLE_VERSION,
  encoding: 'range-table',
  decode: (bytes, path) => decodeRangeTable(bytes, path, jsonPayload),
  check: (d) => objectWith(d, 'payload', { countries: isStringArray }),
  records: segments,
});

/** Every IP dataset. */
export const IP_DATASETS = [ASN4, ASN6, LISTS, ASN_CLASSES, COUNTRY] as const;
