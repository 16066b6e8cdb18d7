/**
 * libphonenumber-js (max metadata), loaded on the first phone check rather
 * than when the package is imported: its import parses the max metadata,
 * about a third of the package's import time.
 */
import { lazyRequire } from '../common/lazyRequire.js';
import { noteLoad } from '../data/loads.js';

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
