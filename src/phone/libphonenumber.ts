/**
 * libphonenumber-js (max metadata), loaded on the first phone check rather
 * than when the package is imported: its import parses the max metadata,
 * about a third of the package's import time.
 */
import type { CountryCode, MetadataJson } from 'libphonenumber-js/core';
import { lazyRequire } from '../common/lazyRequire.js';
import { noteLoad } from '../common/loads.js';

/** The libphonenumber-js `max` build. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal require bundlers follow (see lazyRequire)
export const libphonenumber = lazyRequire<typeof import('libphonenumber-js/max')>('libphonenumber-js/max', () => require('libphonenumber-js/max'));

interface MaxMetadata {
  readonly country_calling_codes: Readonly<Record<string, unknown>>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const metadata = lazyRequire<MaxMetadata>('libphonenumber-js/max/metadata', () => require('libphonenumber-js/max/metadata'));

/** Every calling code of the max metadata, geographic or not (`39`, `800`): digits, no `+`. */
export function listCallingCodes(): ReadonlySet<string> {
  noteLoad('list phone calling codes');
  return new Set(Object.keys(metadata().country_calling_codes));
}

/** The libphonenumber-js core build (its `Metadata` class, which the max build does not export from CommonJS). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
export const core = lazyRequire<typeof import('libphonenumber-js/core')>('libphonenumber-js/core', () => require('libphonenumber-js/core'));

/**
 * The possible national number lengths of a numbering plan of the max
 * metadata, selected as libphonenumber selects it: by country (`'GB'`), or by
 * calling code (`'800'`) for a number of no country.
 */
export function planLengths(countryOrCallingCode: string): readonly number[] | undefined {
  const plans = new (core().Metadata)(metadata() as unknown as MetadataJson);
  plans.selectNumberingPlan(countryOrCallingCode as CountryCode);
  return plans.numberingPlan?.possibleLengths();
}
