/**
 * Loaders for the IP tables of the running check's bundle (built by
 * scripts/ip/build.ts, declared in ./data/formats.ts): each is read and
 * verified on first use and kept by that bundle, read-only.
 */
import { currentBundle } from '../data/context.js';
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

/** The IP → ASN table of one IP version (IPv4 ≈ 0.47 M segments, IPv6 ≈ 0.18 M), loaded on first call. */
export function loadAsnTable(version: 4 | 6): AsnTable {
  const format = version === 4 ? ASN4 : ASN6;
  const bundle = currentBundle();
  return bundle.derive(`ip/asn${version}:orgs`, [format], (): AsnTable => {
    const table = bundle.load(format);
    // Names are decoded on first sight, not all 90k at load: the first check reads one.
    const names = new Array<string | undefined>(table.payload.nameEnds.length);
    return {
      table,
      org: (id) => (names[id] ??= orgName(table.payload, id)),
    };
  });
}

/** The IP → source lists table, loaded on first call. */
export function loadListsTable(): RangeTable<ListsPayload> {
  return currentBundle().load(LISTS);
}

/** The ASN classification tables, loaded on first call. */
export function loadAsnClasses(): AsnClassesData {
  return currentBundle().load(ASN_CLASSES);
}
