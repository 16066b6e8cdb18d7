/**
 * Prefix data of the running check's bundle: carrier names, time zones and
 * geographic areas (Google libphonenumber data, built by
 * scripts/phone/build.ts). Each table loads on first use, once per bundle,
 * and decodes a calling code on the first number of that code.
 */
import { currentBundle } from '../data/context.js';
import { onPreload } from '../data/preload.js';
import type { DatasetFormat } from '../data/format.js';
import { CARRIERS, GEOCODING, TIMEZONES } from './data/formats.js';
import type { PrefixTableJson } from './data/formats.js';
import { PrefixTable } from './prefixTable.js';

function table(format: DatasetFormat<PrefixTableJson>): PrefixTable {
  const bundle = currentBundle();
  return bundle.derive(`${format.file}:table`, [format], () => new PrefixTable(bundle.load(format)));
}

// Every calling code of the three tables decoded at preload(): lookups decode them one at a time otherwise.
for (const format of [CARRIERS, TIMEZONES, GEOCODING]) onPreload('phone', () => table(format).decodeAll());
onPreload('phone', zoneLists);

/**
 * The operator a number range was first allocated to: the longest prefix of
 * the national number in Google's carrier data (English names). It does not
 * validate: callers pass numbers already known to be valid.
 *
 * @param callingCode calling code, digits only (`'39'`)
 * @param nationalNumber national significant number, digits only
 * @returns the carrier name, or `null` when no prefix of the range is listed
 * @example
 * carrierByPrefix('39', '3331234567') // 'TIM'
 */
export function carrierByPrefix(callingCode: string, nationalNumber: string): string | null {
  return table(CARRIERS).lookup(callingCode, nationalNumber);
}

/**
 * IANA time zones of a number. `geographic` (fixed lines and mobiles) looks
 * up the longest prefix; other types (toll-free, premium…) get the calling
 * code's zones, as Google's PhoneNumberToTimeZonesMapper does.
 *
 * @returns a frozen list shared between results, or `null` when unknown
 * @example
 * timeZonesByPrefix('49', '301234567', true) // ['Europe/Berlin']
 */
export function timeZonesByPrefix(callingCode: string, nationalNumber: string, geographic: boolean): readonly string[] | null {
  const joined = table(TIMEZONES).lookup(callingCode, geographic ? nationalNumber : '');
  if (joined === null) return null;
  const lists = zoneLists();
  let zones = lists.get(joined);
  if (zones === undefined) {
    // Google marks ranges with no zone as Etc/Unknown: that is "not known", so null.
    const list = joined.split('&').filter((z) => z !== 'Etc/Unknown');
    zones = list.length === 0 ? null : Object.freeze(list);
    lists.set(joined, zones);
  }
  return zones;
}

/**
 * English description of the geographic area of a number's range (city,
 * region or state), from Google's geocoding data.
 *
 * @returns the area, or `null` when the data has no prefix for the range
 * @example
 * areaByPrefix('39', '0212345678') // 'Milan'
 */
export function areaByPrefix(callingCode: string, nationalNumber: string): string | null {
  return table(GEOCODING).lookup(callingCode, nationalNumber);
}

/** The zone lists of the time zone table, split once per joined string (a few hundred). */
function zoneLists(): Map<string, readonly string[] | null> {
  return currentBundle().derive('phone/timezones:lists', [TIMEZONES], () => new Map<string, readonly string[] | null>());
}
