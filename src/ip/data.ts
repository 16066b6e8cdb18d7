/**
 * Loaders for the IP tables of a bundle (built by scripts/ip/build.ts,
 * declared in ./data/formats.ts): each file is read and verified on first
 * use and kept by that bundle, read-only.
 */
import type { DataBundle } from '../data/bundle.js';
import { ASN4, ASN6, ASN_CLASSES, LISTS, orgName } from './data/formats.js';
import type { AsnClassesData, AsnPayload, ListsPayload } from './data/formats.js';
import type { RangeTable } from './rangeTable.js';

export type { AsnClassesData, AsnPayload, ListKind, ListsPayload } from './data/formats.js';

/** A loaded ASN table: the range table plus its organisation names, decoded on first use each. */
export interface AsnTable {
  readonly table: RangeTable<AsnPayload>;
  /** Organisation name by id (from the payload's name section, decoded once per name). */
  org(id: number): string;
}

/** The IP → ASN table of one IP version of `bundle` (IPv4 ≈ 0.47 M segments, IPv6 ≈ 0.18 M). */
export function loadAsnTable(bundle: DataBundle, version: 4 | 6): AsnTable {
  const table = bundle.load(version === 4 ? ASN4 : ASN6);
  // Names are decoded on first sight, not all 90k at load: the first check reads one.
  const names = new Array<string | undefined>(table.payload.nameEnds.length);
  return {
    table,
    org: (id) => (names[id] ??= orgName(table.payload, id)),
  };
}

/** The IP → source lists table of `bundle`. */
export function loadListsTable(bundle: DataBundle): RangeTable<ListsPayload> {
  return bundle.load(LISTS);
}

/** The ASN classification tables of `bundle`. */
export function loadAsnClasses(bundle: DataBundle): AsnClassesData {
  return bundle.load(ASN_CLASSES);
}
