/**
 * Field mapping of caller-supplied MaxMind-format databases and the
 * precedence of their fields over the bundled data (docs/ip.md, "Bring your
 * own databases"). Your database is the stronger evidence for the fields it
 * holds, field by field: a field its record does not hold is left to the
 * next source, and a flag it does not set never clears a bundled flag.
 */
import type { OpenedDatabase } from './mmdb.js';
import type { ConnectionSpeed, ConnectionType } from './types.js';

/** Location fields; each null when no source so far holds it. */
export interface LocationFields {
  country: string | null;
  region: string | null;
  city: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Radius in km around the coordinates where the address is (GeoIP2 `location.accuracy_radius`); not a result field. */
  accuracyKm: number | null;
  timezone: string | null;
}

/** Everything the supplied databases say about one address, field by field (null: no database holds it). */
export interface ByoFacts {
  /** Merged over the databases in their order with {@link fillLocation}. */
  readonly location: LocationFields;
  readonly asn: number | null;
  /** The AS organisation name of the database that gave `asn` (for the AS-name rules). */
  readonly asOrg: string | null;
  readonly isp: string | null;
  readonly companyName: string | null;
  readonly companyDomain: string | null;
  /** `connection_type` code from an Enterprise `user_type`. */
  readonly usage: ConnectionType | null;
  /** Which database and value gave `usage`, for reason details. */
  readonly usageBasis: string | null;
  /** Which database says the address is on a mobile network (mobile country code, `Cellular`, `cellular`); null: none does. */
  readonly mobileBasis: string | null;
  readonly speed: ConnectionSpeed | null;
  readonly vpn: boolean;
  /** A Tor exit node (an Anonymous-IP database lists exits only). */
  readonly torExit: boolean;
  readonly proxy: boolean;
  readonly hosting: boolean;
  /** Which database says the address is a hosting provider, for reason details. */
  readonly hostingBasis: string | null;
}

type Rec = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Rec | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null);
const enName = (v: unknown): string | null => str(obj(obj(v)?.names)?.en);

/**
 * GeoIP2 `connection_type` → the spec's `connection_speed`. Satellite and
 * cellular links are broadband-class; `Corporate` is a leased line.
 */
const SPEED: Readonly<Record<string, ConnectionSpeed>> = {
  Dialup: 'dial up',
  'Cable/DSL': 'broadband/cable/fiber/mobile',
  Cellular: 'broadband/cable/fiber/mobile',
  Satellite: 'broadband/cable/fiber/mobile',
  Corporate: 'company/T1',
};

/** GeoIP2 Enterprise `traits.user_type` → connection_type code. */
const USER_TYPE: Readonly<Record<string, ConnectionType>> = {
  residential: 'ISP',
  cellular: 'MOB',
  business: 'COM',
  hosting: 'DCH',
  content_delivery_network: 'CDN',
  search_engine_spider: 'SES',
  college: 'EDU',
  school: 'EDU',
  government: 'GOV',
  military: 'MIL',
  library: 'LIB',
  organization: 'ORG',
  dialup: 'ISP',
  cafe: 'ISP',
  traveler: 'ISP',
};

/** A location with no field held. */
export function emptyLocation(): LocationFields {
  return { country: null, region: null, city: null, zip: null, latitude: null, longitude: null, accuracyKm: null, timezone: null };
}

function locationOf(rec: Rec): LocationFields {
  // DB-IP via ip-location-db ("city ipv4"): flat records.
  if (typeof rec.country_code === 'string') {
    return {
      country: str(rec.country_code),
      region: str(rec.state1),
      city: str(rec.city),
      zip: str(rec.postcode),
      latitude: num(rec.latitude),
      longitude: num(rec.longitude),
      accuracyKm: null,
      timezone: str(rec.timezone),
    };
  }
  const loc = obj(rec.location);
  const subdivisions = Array.isArray(rec.subdivisions) ? rec.subdivisions : [];
  return {
    country: str(obj(rec.country)?.iso_code),
    region: enName(subdivisions[0]),
    city: enName(rec.city),
    zip: str(obj(rec.postal)?.code),
    latitude: num(loc?.latitude),
    longitude: num(loc?.longitude),
    accuracyKm: num(loc?.accuracy_radius),
    timezone: str(loc?.time_zone),
  };
}

/** Great-circle distance in km (haversine, mean Earth radius). */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Fills the location fields `target` does not hold from `source`, without
 * ever mixing two places. The fields `target` holds are never changed: the
 * earlier source is the stronger one. The levels are country ⊃ region ⊃
 * city ⊃ zip, and coordinates and timezone describe the finest of them:
 * - a level `source` names differently from `target` stops the fill there,
 *   so nothing finer comes from a source that puts the address in another
 *   country (or a city from one that puts it in another region). Names are
 *   compared as written: two spellings of one region count as a
 *   disagreement (null rather than a mix);
 * - when `target` has coordinates with an accuracy radius and the source's
 *   coordinates lie outside it, the source's place is not `target`'s: only
 *   its country can fill.
 *
 * @example
 * const loc = { ...emptyLocation(), country: 'JP', latitude: 35.685, longitude: 139.753, accuracyKm: 100 };
 * fillLocation(loc, { ...emptyLocation(), country: 'JP', region: 'Tokyo', city: 'Chiyoda City', latitude: 35.687, longitude: 139.75 });
 * [loc.country, loc.region, loc.city, loc.latitude, loc.longitude]; // ['JP', 'Tokyo', 'Chiyoda City', 35.685, 139.753]: its own coordinates stay
 */
export function fillLocation(target: LocationFields, source: Readonly<LocationFields>): void {
  const elsewhere =
    target.accuracyKm !== null &&
    target.latitude !== null &&
    target.longitude !== null &&
    source.latitude !== null &&
    source.longitude !== null &&
    distanceKm(target.latitude, target.longitude, source.latitude, source.longitude) > target.accuracyKm;
  for (const level of ['country', 'region', 'city'] as const) {
    const theirs = source[level];
    if (theirs !== null) {
      if (target[level] === null) target[level] = theirs;
      else if (target[level] !== theirs) return;
    }
    if (elsewhere) return;
  }
  target.zip ??= source.zip;
  if (target.latitude === null && target.longitude === null && source.latitude !== null && source.longitude !== null) {
    target.latitude = source.latitude;
    target.longitude = source.longitude;
    target.accuracyKm = source.accuracyKm;
  }
  target.timezone ??= source.timezone;
}

/** The network part of one database record (an ASN / ISP record, or an Enterprise record's traits). */
interface NetworkRecord {
  readonly asn: number | null;
  readonly asOrg: string | null;
  readonly isp: string | null;
  readonly organization: string | null;
  readonly domain: string | null;
}

function networkOf(rec: Rec): NetworkRecord {
  const asOrg = str(rec.autonomous_system_organization);
  return {
    asn: num(rec.autonomous_system_number),
    asOrg,
    // An ASN database has only the AS organisation: it names the ISP and the company too.
    isp: str(rec.isp) ?? asOrg,
    organization: str(rec.organization) ?? asOrg,
    domain: str(rec.domain),
  };
}

/**
 * Looks an address up in every supplied database and merges their answers
 * field by field, in the order the databases were given: for each field the
 * first database whose record holds it wins, and a record that does not
 * hold a field (an empty record, a City record without a postal code, an
 * ISP record without an AS number) leaves it to the next database and then
 * to the bundled data. Names are taken only from a record that agrees on the
 * AS number (or has none), so no organisation is attached to another AS.
 * Anonymiser flags are facts, not a field to override: any database that
 * sets one sets it, and none clears one.
 *
 * @example
 * const databases = [openDatabase('test/fixtures/ip/mmdb/GeoIP2-City-Test.mmdb', 0)]; // MaxMind's test database
 * byoFacts(databases, '81.2.69.142', 4).location.city // 'London'
 */
export function byoFacts(databases: readonly OpenedDatabase[], address: string, version: 4 | 6): ByoFacts {
  const location = emptyLocation();
  const networks: NetworkRecord[] = [];
  let usage: ConnectionType | null = null;
  let usageBasis: string | null = null;
  let mobileBasis: string | null = null;
  let speed: ConnectionSpeed | null = null;
  let vpn = false;
  let torExit = false;
  let proxy = false;
  let hostingBasis: string | null = null;

  /** A GeoIP2 `connection_type` (Connection-Type database or Enterprise traits). */
  const medium = (db: OpenedDatabase, conn: string | null): void => {
    if (speed !== null || conn === null || SPEED[conn] === undefined) return;
    speed = SPEED[conn];
    if (conn === 'Cellular') mobileBasis ??= `${db.databaseType}: connection type Cellular`;
  };
  const mobileCountry = (db: OpenedDatabase, rec: Rec): void => {
    const mcc = str(rec.mobile_country_code);
    if (mcc !== null) mobileBasis ??= `${db.databaseType}: mobile country code ${mcc}`;
  };

  for (const db of databases) {
    if (version === 6 && db.ipVersion === 4) continue;
    const rec = obj(db.reader.get(address));
    if (rec === null) continue;
    switch (db.kind) {
      case 'city':
        fillLocation(location, locationOf(rec));
        break;
      case 'country':
        fillLocation(location, { ...emptyLocation(), country: str(obj(rec.country)?.iso_code) ?? str(rec.country_code) });
        break;
      case 'asn':
        networks.push(networkOf(rec));
        break;
      case 'isp':
        networks.push(networkOf(rec));
        mobileCountry(db, rec);
        break;
      case 'enterprise': {
        fillLocation(location, locationOf(rec));
        const traits = obj(rec.traits);
        if (traits === null) break;
        networks.push(networkOf(traits));
        mobileCountry(db, traits);
        medium(db, str(traits.connection_type));
        const userType = str(traits.user_type);
        if (userType === 'consumer_privacy_network') vpn = true;
        else if (usage === null && userType !== null && USER_TYPE[userType] !== undefined) {
          usage = USER_TYPE[userType];
          usageBasis = `${db.databaseType}: user type ${userType}`;
          if (usage === 'MOB') mobileBasis ??= usageBasis;
        }
        break;
      }
      case 'anonymous-ip':
        vpn ||= rec.is_anonymous_vpn === true;
        torExit ||= rec.is_tor_exit_node === true;
        proxy ||= rec.is_public_proxy === true || rec.is_residential_proxy === true;
        if (rec.is_hosting_provider === true) hostingBasis ??= `${db.databaseType}: hosting provider`;
        break;
      case 'connection-type':
        medium(db, str(rec.connection_type));
        break;
    }
  }

  const asn = networks.find((n) => n.asn !== null)?.asn ?? null;
  const sameAs = networks.filter((n) => n.asn === null || n.asn === asn);
  const first = <K extends keyof NetworkRecord>(key: K): NetworkRecord[K] | null => sameAs.find((n) => n[key] !== null)?.[key] ?? null;
  return {
    location,
    asn,
    asOrg: networks.find((n) => n.asn !== null && n.asn === asn && n.asOrg !== null)?.asOrg ?? null,
    isp: first('isp'),
    companyName: first('organization'),
    companyDomain: first('domain'),
    usage,
    usageBasis,
    mobileBasis,
    speed,
    vpn,
    torExit,
    proxy,
    hosting: hostingBasis !== null,
    hostingBasis,
  };
}
