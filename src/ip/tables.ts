/**
 * The tables an IP checker reads, opened once per checker from the bundle
 * it was given and passed to the rules as arguments: the network tables
 * (ASN, lists, ASN classes), the country table, the bundled city files with
 * the checker's own record caches, and the watches of the volatile lists'
 * age. Each part loads on first use; `preload()` loads them all.
 */
import type { DataContext, StaleWatch } from '../data/context.js';
import { watchStaleness } from '../data/context.js';
import type { DatasetFormat } from '../data/format.js';
import { CITY_CACHE_SIZE, openBundledCity, openCountryFacts, type CityFile, type CountryFacts } from './city.js';
import { openNetworkTables, type NetworkTables } from './classify.js';
import { ASN_CLASSES, IP_DATASETS, LISTS } from './data/formats.js';
import { LocalHours, loadTimezoneLookup } from './time.js';

/** What {@link openIpTables} opens besides the bundle's tables. */
export interface IpTableOptions {
  /** Whether to read the bundled DB-IP city files (when their package is installed). @default true */
  readonly bundledCity?: boolean;
  /** City records kept per IP version. @default 65536 */
  readonly cityCacheSize?: number;
}

/** One IP checker's tables: each getter opens its part on first call and returns the same object after. */
export interface IpTables {
  /** The ASN tables, address lists and ASN classes, with what the classification derives from them. */
  network(): NetworkTables;
  /** The IP → country table, the location when there is no city file. */
  country(): CountryFacts;
  /** The bundled city file of one IP version with this checker's record cache, or null (package absent, or `bundledCity: false`). */
  city(version: 4 | 6): CityFile | null;
  /** The age watches of the address lists and of the ASN classes (null: never stale). */
  readonly listsWatch: StaleWatch | null;
  readonly classesWatch: StaleWatch | null;
  /** The local hour at a timezone (`request_time`), its formatters and offsets kept for this checker. */
  readonly localHours: LocalHours;
  /**
   * Reads and verifies every IP dataset of the bundle, opens the tables and
   * the city files (read whole: the caller asked for now, not for the first
   * checks) and loads the time zone lookup.
   *
   * @throws DataError when a dataset file is missing or fails verification
   */
  preload(): void;
}

/** Every IP dataset, read and verified by `preload()`. */
const DATASETS: readonly DatasetFormat<never>[] = IP_DATASETS;

/** A value built on first call, then kept. */
function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/**
 * Opens the IP tables of `context`'s bundle for one checker: nothing is
 * read yet but the manifest dates of the volatile lists.
 *
 * @param context the checker's data
 * @param options whether to read the bundled city files, and the size of their record caches
 */
export function openIpTables(context: DataContext, options: IpTableOptions = {}): IpTables {
  const bundle = context.bundle;
  const useCity = options.bundledCity !== false;
  const cacheSize = options.cityCacheSize ?? CITY_CACHE_SIZE;
  const network = lazy(() => openNetworkTables(bundle));
  const country = lazy(() => openCountryFacts(bundle));
  const city4 = lazy(() => (useCity ? openBundledCity(4, cacheSize) : null));
  const city6 = lazy(() => (useCity ? openBundledCity(6, cacheSize) : null));
  return {
    network,
    country,
    city: (version) => (version === 4 ? city4() : city6()),
    listsWatch: watchStaleness(context, LISTS),
    classesWatch: watchStaleness(context, ASN_CLASSES),
    localHours: new LocalHours(),
    preload: () => {
      for (const format of DATASETS) bundle.load(format);
      network();
      country();
      city4()?.tree.loadAll();
      city6()?.tree.loadAll();
      loadTimezoneLookup();
    },
  };
}
