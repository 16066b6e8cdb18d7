/**
 * Lookups in the prefix data (Google libphonenumber data, built by
 * scripts/phone/build.ts): carrier names, time zones and geographic areas.
 * Each reads the table it is given (see tables.ts), which decodes a calling
 * code on the first number of that code.
 */
import type { PrefixTable } from './prefixTable.js';

/**
 * The operator a number range was first allocated to: the longest prefix of
 * the national number in Google's carrier data (English names). It does not
 * validate: callers pass numbers already known to be valid.
 *
 * @param carriers the carrier table (`tables.carriers`)
 * @param callingCode calling code, digits only (`'39'`)
 * @param nationalNumber national significant number, digits only
 * @returns the carrier name, or `null` when no prefix of the range is listed
 * @example
 * const tables = openPhoneTables(openData(undefined));
 * carrierByPrefix(tables.carriers, '39', '3331234567') // 'TIM'
 */
export function carrierByPrefix(carriers: PrefixTable, callingCode: string, nationalNumber: string): string | null {
  return carriers.lookup(callingCode, nationalNumber);
}

/** The time zone table and its zone lists, split once per joined string (a few hundred of them). */
export interface TimeZones {
  readonly prefixes: PrefixTable;
  readonly lists: Map<string, readonly string[] | null>;
}

/** The time zones of a prefix table of `&`-joined zone lists. */
export function openTimeZones(prefixes: PrefixTable): TimeZones {
  return { prefixes, lists: new Map() };
}

/**
 * IANA time zones of a number. `geographic` (fixed lines and mobiles) looks
 * up the longest prefix; other types (toll-free, premium…) get the calling
 * code's zones, as Google's PhoneNumberToTimeZonesMapper does.
 *
 * @param zones the time zone table (`tables.timeZones`)
 * @returns a frozen list shared between results, or `null` when unknown
 * @example
 * const tables = openPhoneTables(openData(undefined));
 * timeZonesByPrefix(tables.timeZones, '49', '301234567', true) // ['Europe/Berlin']
 */
export function timeZonesByPrefix(zones: TimeZones, callingCode: string, nationalNumber: string, geographic: boolean): readonly string[] | null {
  const joined = zones.prefixes.lookup(callingCode, geographic ? nationalNumber : '');
  if (joined === null) return null;
  let list = zones.lists.get(joined);
  if (list === undefined) {
    // Google marks ranges with no zone as Etc/Unknown: that is "not known", so null.
    const known = joined.split('&').filter((z) => z !== 'Etc/Unknown');
    list = known.length === 0 ? null : Object.freeze(known);
    zones.lists.set(joined, list);
  }
  return list;
}

/**
 * English description of the geographic area of a number's range (city,
 * region or state), from Google's geocoding data.
 *
 * @param geocoding the area table (`tables.geocoding`)
 * @returns the area, or `null` when the data has no prefix for the range
 * @example
 * const tables = openPhoneTables(openData(undefined));
 * areaByPrefix(tables.geocoding, '39', '0212345678') // 'Milan'
 */
export function areaByPrefix(geocoding: PrefixTable, callingCode: string, nationalNumber: string): string | null {
  return geocoding.lookup(callingCode, nationalNumber);
}
