/**
 * The phone datasets of a bundle (Google libphonenumber prefix data, the
 * regulators' fictional ranges),
 * declared once for their builder (scripts/phone/build.ts) and their loader
 * (src/phone/lookup.ts).
 */
import { arrayOf, dataset, isNumber, objectWith, recordOf, isString } from '../../data/format.js';
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

/** A regulator's document that reserves number ranges for fiction. */
export interface FictionalSource {
  /** Short name of the regulator or plan administrator (`Ofcom`). */
  readonly regulator: string;
  /** Title of its document. */
  readonly title: string;
  readonly url: string;
}

/**
 * The `data` member of data/phone/fictional.json: the ranges the regulators
 * reserve for fiction, drama and examples (data/raw/phone/fictional-ranges.tsv).
 */
export interface FictionalRangesJson {
  readonly sources: readonly FictionalSource[];
  /**
   * Calling code (digits, no `+`) → its ranges: `[first, last, source]`,
   * national significant numbers of one length where `x` is any digit (in
   * the same places of both), `source` an index into `sources`.
   */
  readonly ranges: Readonly<Record<string, readonly (readonly [string, string, number])[]>>;
}

const isRange = (v: unknown, p: string): string | null =>
  Array.isArray(v) && v.length === 3 ? (isString(v[0], `${p}[0]`) ?? isString(v[1], `${p}[1]`) ?? isNumber(v[2], `${p}[2]`)) : `${p} is not a [first, last, source] triple`;

/** Number ranges reserved for fiction by the regulators (curated, a source per range). */
export const FICTIONAL = dataset<FictionalRangesJson>({
  product: 'phone',
  name: 'fictional',
  file: 'phone/fictional.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      sources: (v, p) => arrayOf(v, p, (row, at) => objectWith(row, at, { regulator: isString, title: isString, url: isString })),
      ranges: (v, p) => recordOf(v, p, (list, at) => arrayOf(list, at, isRange)),
    }),
  records: (d) => Object.values(d.ranges).reduce((n, list) => n + list.length, 0),
});

/** Every phone dataset. */
export const PHONE_DATASETS = [CARRIERS, GEOCODING, TIMEZONES, FICTIONAL] as const;
