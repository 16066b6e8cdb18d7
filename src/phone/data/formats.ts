/**
 * The phone datasets of a bundle (Google libphonenumber prefix data),
 * declared once for their builder (scripts/phone/build.ts) and their loader
 * (src/phone/lookup.ts).
 */
import { dataset, objectWith, recordOf, isString } from '../../data/format.js';
import type { DatasetFormat } from '../../data/format.js';

/**
 * The `data` member of a generated prefix-table file (format version 2).
 * Each calling code is one self-contained section, so the first number of a
 * code decodes that code's section only: parsing the file is parsing ~150
 * strings, not the 38k place names of every country (version 1 kept one
 * shared `names` array, which the first call had to parse whole).
 */
export interface PrefixTableJson {
  /**
   * Calling code (digits, no `+`) → its section: the section's descriptions
   * (carrier names, time-zone lists, place names) each followed by
   * {@link SECTION_SEPARATOR}, then its encoded entries of national-number
   * prefixes (src/phone/prefixTable.ts), which never contain the separator.
   */
  readonly tables: Readonly<Record<string, string>>;
}

/** Version of the prefix-table JSON layout (see src/phone/prefixTable.ts). */
export const PREFIX_TABLE_FORMAT = 2;

/** Ends each description of a section; no description contains it (the builder refuses one that does). */
export const SECTION_SEPARATOR = '|';

/** Number of prefixes: one per comma-separated entry of each section. */
function countPrefixes(d: PrefixTableJson): number {
  let n = 0;
  for (const section of Object.values(d.tables)) {
    const start = section.lastIndexOf(SECTION_SEPARATOR) + 1;
    if (start === section.length) continue;
    n++;
    for (let i = section.indexOf(',', start); i >= 0; i = section.indexOf(',', i + 1)) n++;
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
    check: (d) => objectWith(d, 'data', { tables: (v, p) => recordOf(v, p, isString) }),
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
