/**
 * The phone datasets of a bundle (Google libphonenumber prefix data),
 * declared once for their builder (scripts/phone/build.ts) and their loader
 * (src/phone/lookup.ts).
 */
import { dataset, isStringArray, objectWith, recordOf, isString } from '../../data/format.js';
import type { DatasetFormat } from '../../data/format.js';

/** The `data` member of a generated prefix-table file. */
export interface PrefixTableJson {
  /** Distinct descriptions (carrier names, time-zone lists, place names). */
  readonly names: readonly string[];
  /** Calling code (digits, no `+`) → encoded entries of national-number prefixes. */
  readonly tables: Readonly<Record<string, string>>;
}

/** Version of the prefix-table JSON layout (see src/phone/prefixTable.ts). */
export const PREFIX_TABLE_FORMAT = 1;

/** Number of prefixes: one per comma-separated entry. */
function countPrefixes(d: PrefixTableJson): number {
  let n = 0;
  for (const encoded of Object.values(d.tables)) {
    if (encoded === '') continue;
    n++;
    for (let i = encoded.indexOf(','); i >= 0; i = encoded.indexOf(',', i + 1)) n++;
  }
  return n;
}

const prefixTable = (name: string): DatasetFormat<PrefixTableJson> =>
  dataset<PrefixTableJson>({
    product: 'phone',
    name,
    file: `phone/${name}.json`,
    formatVersion: PREFIX_TABLE_FORMAT,
    encoding: 'json',
    check: (d) => objectWith(d, 'data', { names: isStringArray, tables: (v, p) => recordOf(v, p, isString) }),
    records: countPrefixes,
  });

/** Carrier (original network) names by number prefix. */
export const CARRIERS = prefixTable('carriers');
/** Geographic area descriptions by number prefix. */
export const GEOCODING = prefixTable('geocoding');
/** IANA time zones by number prefix, "&"-joined. */
export const TIMEZONES = prefixTable('timezones');

/** Every phone dataset. */
export const PHONE_DATASETS = [CARRIERS, GEOCODING, TIMEZONES] as const;
