/**
 * The IP datasets of a bundle, declared once for their builder
 * (scripts/ip/build.ts) and their loader (src/ip/data.ts).
 */
import { arrayOf, dataset, isNumber, isString, isStringArray, objectWith, recordOf, kindOf } from '../../data/format.js';
import { RANGE_TABLE_VERSION } from '../rangeTable.js';
import type { RangeTable } from '../rangeTable.js';

/** What a source list says about the addresses it covers. */
export type ListKind = 'tor_exit' | 'tor_relay' | 'relay' | 'vpn' | 'proxy' | 'ses' | 'cdn' | 'dch';

/** Payload of data/ip/asn4.bin.br and asn6.bin.br: value i is (asns[i], names.split('\n')[orgIds[i]]). */
export interface AsnPayload {
  readonly asns: readonly number[];
  readonly orgIds: readonly number[];
  /** Unique AS organisation names joined by newlines. */
  readonly names: string;
}

/** Payload of data/ip/lists.bin: value i is the set `combos[i]` of indexes into `lists`. */
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

const LIST_KINDS: ReadonlySet<string> = new Set(['tor_exit', 'tor_relay', 'relay', 'vpn', 'proxy', 'ses', 'cdn', 'dch']);
const segments = (t: RangeTable<unknown>): number => t.starts4.length + t.starts6.length;
const isNumberArray = (v: unknown, p: string): string | null => arrayOf(v, p, isNumber);

const asnTable = (version: 4 | 6) =>
  dataset<RangeTable<AsnPayload>>({
    product: 'ip',
    name: `asn${version}`,
    file: `ip/asn${version}.bin.br`,
    formatVersion: RANGE_TABLE_VERSION,
    encoding: 'range-table',
    check: (d) =>
      objectWith(d, 'payload', { asns: isNumberArray, orgIds: isNumberArray, names: isString }) ??
      ((d as AsnPayload).asns.length === (d as AsnPayload).orgIds.length ? null : 'payload.asns and payload.orgIds differ in length'),
    records: segments,
  });

/** IPv4 address → announcing AS and its organisation (segments of the address space). */
export const ASN4 = asnTable(4);
/** IPv6 address → announcing AS and its organisation. */
export const ASN6 = asnTable(6);

/** IP → the source lists (Tor, VPN, proxy, relay, crawlers, CDN, hosting ranges) that cover it. */
export const LISTS = dataset<RangeTable<ListsPayload>>({
  product: 'ip',
  name: 'lists',
  file: 'ip/lists.bin.br',
  formatVersion: RANGE_TABLE_VERSION,
  encoding: 'range-table',
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

/** Every IP dataset. */
export const IP_DATASETS = [ASN4, ASN6, LISTS, ASN_CLASSES] as const;
