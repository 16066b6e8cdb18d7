/**
 * Everything the phone check reads, opened once per checker from the bundle
 * it is given: the carrier, time zone and area prefix tables, the reserved
 * fictional ranges, the subscriber-pattern thresholds and the calling codes.
 * Each loads on first use and is kept here, so a checker's calls share them
 * and two checkers on different bundles never see each other's data.
 */
import type { DataContext } from '../data/context.js';
import type { DataBundle } from '../data/bundle.js';
import { noteLoad } from '../common/loads.js';
import type { DatasetFormat } from '../data/format.js';
import { CARRIERS, FICTIONAL, GEOCODING, PHONE_DATASETS, TIMEZONES } from './data/formats.js';
import { openFictionalRanges } from './fictional.js';
import type { FictionalRanges } from './fictional.js';
import { core, libphonenumber, listCallingCodes, planLengths } from './libphonenumber.js';
import { openTimeZones } from './lookup.js';
import type { TimeZones } from './lookup.js';
import { PrefixTable } from './prefixTable.js';
import { openSubscriberPatterns } from './subscriberPatterns.js';
import type { SubscriberPatterns } from './subscriberPatterns.js';

/** The phone tables of one checker; see {@link openPhoneTables}. */
export class PhoneTables {
  readonly #bundle: DataBundle;
  #carriers: PrefixTable | undefined;
  #geocoding: PrefixTable | undefined;
  #timeZones: TimeZones | undefined;
  #fictional: FictionalRanges | undefined;
  #patterns: SubscriberPatterns | undefined;
  #callingCodes: ReadonlySet<string> | undefined;
  readonly #planLengths = new Map<string, readonly number[] | undefined>();

  constructor(bundle: DataBundle) {
    this.#bundle = bundle;
  }

  /** Carrier (original network) names by national-number prefix. */
  get carriers(): PrefixTable {
    return (this.#carriers ??= this.#prefixTable('carriers', CARRIERS));
  }

  /** English area descriptions by national-number prefix. */
  get geocoding(): PrefixTable {
    return (this.#geocoding ??= this.#prefixTable('geocoding', GEOCODING));
  }

  /** IANA time zones by national-number prefix, with their split lists. */
  get timeZones(): TimeZones {
    return (this.#timeZones ??= openTimeZones(this.#prefixTable('timezones', TIMEZONES)));
  }

  /** The ranges regulators reserve for fiction, by calling code. */
  get fictional(): FictionalRanges {
    if (this.#fictional === undefined) {
      noteLoad('open phone fictional ranges');
      this.#fictional = openFictionalRanges(this.#bundle.load(FICTIONAL));
    }
    return this.#fictional;
  }

  /** The repeated/sequential digit thresholds and the subscriber-number split's memo. */
  get patterns(): SubscriberPatterns {
    if (this.#patterns === undefined) {
      noteLoad('open phone subscriber patterns');
      this.#patterns = openSubscriberPatterns();
    }
    return this.#patterns;
  }

  /** Every calling code of libphonenumber's max metadata (`'39'`, `'800'`). */
  get callingCodes(): ReadonlySet<string> {
    return (this.#callingCodes ??= listCallingCodes());
  }

  /**
   * The possible national number lengths of a numbering plan (libphonenumber's
   * max metadata), by country (`'GB'`) or, for a number of no country, calling
   * code (`'800'`); kept per plan (a few hundred).
   */
  planLengths(countryOrCallingCode: string): readonly number[] | undefined {
    let lengths = this.#planLengths.get(countryOrCallingCode);
    if (lengths === undefined && !this.#planLengths.has(countryOrCallingCode)) {
      lengths = planLengths(countryOrCallingCode);
      this.#planLengths.set(countryOrCallingCode, lengths);
    }
    return lengths;
  }

  /**
   * Loads and verifies every dataset (in the order of PHONE_DATASETS, so a
   * broken bundle fails on its first broken file), decodes every calling
   * code of the prefix tables (lookups decode them one at a time otherwise)
   * and loads libphonenumber (max and core) with its calling codes.
   *
   * @throws DataError for a dataset file that is missing or fails verification
   */
  preload(): void {
    const datasets: readonly DatasetFormat<never>[] = PHONE_DATASETS;
    for (const format of datasets) this.#bundle.load(format);
    this.carriers.decodeAll();
    this.geocoding.decodeAll();
    this.timeZones.prefixes.decodeAll();
    void this.fictional;
    void this.patterns;
    libphonenumber();
    core();
    void this.callingCodes;
  }

  #prefixTable(name: string, format: typeof CARRIERS): PrefixTable {
    noteLoad(`open phone ${name} table`);
    return new PrefixTable(this.#bundle.load(format));
  }
}

/**
 * Opens the phone tables of `context`'s bundle. Nothing is read yet: each
 * table loads on its first use, or all of them at `preload()`.
 *
 * @example
 * const tables = openPhoneTables(openData(undefined));
 * carrierByPrefix(tables.carriers, '39', '3331234567'); // 'TIM'
 */
export function openPhoneTables(context: DataContext): PhoneTables {
  return new PhoneTables(context.bundle);
}
