/**
 * Lazy loaders for the bundled IP tables under data/ip/ (built by
 * scripts/ip/build.ts). Each table is read once, on first use, and shared
 * read-only by every checker in the process.
 */
import { brotliDecompressSync } from 'node:zlib';
import { DataError } from '../errors.js';
import { loadGeneratedBuffer, loadGeneratedJson } from '../common/data.js';
import { decodeRangeTable, type RangeTable } from './rangeTable.js';

/** What a source list says about the addresses it covers. */
export type ListKind = 'tor_exit' | 'tor_relay' | 'relay' | 'vpn' | 'proxy' | 'ses' | 'cdn' | 'dch';

/** Payload of data/ip/asn4.bin.br and asn6.bin.br: value i is (asns[i], names.split('\n')[orgIds[i]]). */
export interface AsnPayload {
  readonly asns: readonly number[];
  readonly orgIds: readonly number[];
  /** Unique AS organisation names joined by newlines. */
  readonly names: string;
}

/** A loaded ASN table: the range table plus its organisation names split once. */
export interface AsnTable {
  readonly table: RangeTable<AsnPayload>;
  readonly orgs: readonly string[];
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

/** Format version of data/ip/asn-classes.json. */
export const ASN_CLASSES_FORMAT = 1;

/** Reads and inflates a brotli-compressed range table under data/. */
function loadCompressedTable<P>(relative: string): RangeTable<P> {
  const source = `data/${relative}`;
  let bytes: Uint8Array;
  try {
    bytes = brotliDecompressSync(loadGeneratedBuffer(relative));
  } catch (cause) {
    if (cause instanceof DataError) throw cause;
    throw new DataError('DATA_CORRUPT', `${source}: not a brotli stream; run \`npm run data:build\``, source, { cause });
  }
  return decodeRangeTable<P>(bytes, source);
}

let asnTable4: AsnTable | undefined;
let asnTable6: AsnTable | undefined;
let listsTable: RangeTable<ListsPayload> | undefined;
let asnClasses: AsnClassesData | undefined;

function loadAsn(relative: string): AsnTable {
  const table = loadCompressedTable<AsnPayload>(relative);
  return { table, orgs: table.payload.names.split('\n') };
}

/** The IP → ASN table of one IP version (IPv4 ≈ 0.47 M segments, IPv6 ≈ 0.18 M), loaded on first call. */
export function loadAsnTable(version: 4 | 6): AsnTable {
  if (version === 4) {
    asnTable4 ??= loadAsn('ip/asn4.bin.br');
    return asnTable4;
  }
  asnTable6 ??= loadAsn('ip/asn6.bin.br');
  return asnTable6;
}

/** The IP → source lists table, loaded on first call. */
export function loadListsTable(): RangeTable<ListsPayload> {
  listsTable ??= loadCompressedTable<ListsPayload>('ip/lists.bin.br');
  return listsTable;
}

/** The ASN classification tables, loaded on first call. */
export function loadAsnClasses(): AsnClassesData {
  asnClasses ??= loadGeneratedJson<AsnClassesData>('ip/asn-classes.json', ASN_CLASSES_FORMAT);
  return asnClasses;
}
