/**
 * Field mapping of caller-supplied MaxMind-format databases. Each kind
 * overrides only the fields it covers (docs/ip.md, "Bring your own data").
 */
import type { OpenedDatabase } from './mmdb.js';
import type { ConnectionSpeed, ConnectionType } from './types.js';

/** Location fields a City / Enterprise / Country database can give. */
export interface ByoLocation {
  readonly city: string | null;
  readonly country: string | null;
  readonly region: string | null;
  readonly zip: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly timezone: string | null;
}

/** Network fields an ASN / ISP / Enterprise database can give. */
export interface ByoNetwork {
  readonly asn: number | null;
  readonly isp: string | null;
  readonly companyName: string | null;
  readonly companyDomain: string | null;
  /** A mobile country code (ISP / Enterprise) or `Cellular` connection type: a mobile network. */
  readonly mobile: boolean;
  readonly connectionType: ConnectionType | null;
}

/** Anonymiser flags from an Anonymous-IP database (or Enterprise user_type). */
export interface ByoAnonymous {
  readonly vpn: boolean;
  readonly tor: boolean;
  readonly proxy: boolean;
  readonly hosting: boolean;
}

/** Everything the supplied databases say about one address. */
export interface ByoFacts {
  location: ByoLocation | null;
  /** Country from a Country database (location without city); null when its record has none. */
  countryOnly: string | null;
  /** True when a Country database had a record for the address. */
  countryKnown: boolean;
  network: ByoNetwork | null;
  anonymous: ByoAnonymous | null;
  speed: ConnectionSpeed | null;
  speedMobile: boolean;
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

function locationOf(rec: Rec): ByoLocation {
  // DB-IP via ip-location-db ("city ipv4"): flat records.
  if (typeof rec.country_code === 'string') {
    return {
      city: str(rec.city),
      country: str(rec.country_code),
      region: str(rec.state1),
      zip: str(rec.postcode),
      latitude: num(rec.latitude),
      longitude: num(rec.longitude),
      timezone: str(rec.timezone),
    };
  }
  const loc = obj(rec.location);
  const country = str(obj(rec.country)?.iso_code);
  const subdivisions = Array.isArray(rec.subdivisions) ? rec.subdivisions : [];
  return {
    city: enName(rec.city),
    country,
    region: enName(subdivisions[0]),
    zip: str(obj(rec.postal)?.code),
    latitude: num(loc?.latitude),
    longitude: num(loc?.longitude),
    timezone: str(loc?.time_zone),
  };
}

function networkOf(rec: Rec): ByoNetwork | null {
  const asn = num(rec.autonomous_system_number);
  const asOrg = str(rec.autonomous_system_organization);
  const isp = str(rec.isp) ?? asOrg;
  const org = str(rec.organization) ?? asOrg;
  const userType = str(rec.user_type);
  const conn = str(rec.connection_type);
  if (asn === null && isp === null && org === null && userType === null && str(rec.domain) === null) return null;
  return {
    asn,
    isp,
    companyName: org,
    companyDomain: str(rec.domain),
    mobile: str(rec.mobile_country_code) !== null || userType === 'cellular' || conn === 'Cellular',
    connectionType: userType === null ? null : (USER_TYPE[userType] ?? null),
  };
}

/**
 * Looks an address up in every supplied database. The first database of a
 * kind that has a record for the address wins, and a record is that
 * database's whole answer for the fields its kind covers: a City record
 * without a postal code gives `zip: null` even if another source had one, an
 * Anonymous-IP record without `is_anonymous_vpn` gives `is_vpn: false`.
 *
 * @example
 * byoFacts(databases, '81.2.69.142', 4).location?.city // 'London'
 */
export function byoFacts(databases: readonly OpenedDatabase[], address: string, version: 4 | 6): ByoFacts {
  const facts: ByoFacts = { location: null, countryOnly: null, countryKnown: false, network: null, anonymous: null, speed: null, speedMobile: false };
  for (const db of databases) {
    if (version === 6 && db.ipVersion === 4) continue;
    const rec = obj(db.reader.get(address));
    if (rec === null) continue;
    switch (db.kind) {
      case 'city':
        facts.location ??= locationOf(rec);
        break;
      case 'country':
        if (!facts.countryKnown) {
          facts.countryKnown = true;
          facts.countryOnly = str(obj(rec.country)?.iso_code) ?? str(rec.country_code);
        }
        break;
      case 'asn':
      case 'isp':
        facts.network ??= networkOf(rec);
        break;
      case 'enterprise': {
        facts.location ??= locationOf(rec);
        const traits = obj(rec.traits);
        if (traits !== null) {
          facts.network ??= networkOf(traits);
          const conn = str(traits.connection_type);
          if (facts.speed === null && conn !== null && SPEED[conn] !== undefined) {
            facts.speed = SPEED[conn];
            facts.speedMobile = conn === 'Cellular';
          }
          if (facts.anonymous === null && str(traits.user_type) === 'consumer_privacy_network') {
            facts.anonymous = { vpn: true, tor: false, proxy: false, hosting: false };
          }
        }
        break;
      }
      case 'anonymous-ip':
        // A record (even an empty one) is the database's answer for this network: it wins.
        if (facts.anonymous === null) {
          facts.anonymous = {
            vpn: rec.is_anonymous_vpn === true,
            tor: rec.is_tor_exit_node === true,
            proxy: rec.is_public_proxy === true || rec.is_residential_proxy === true,
            hosting: rec.is_hosting_provider === true,
          };
        }
        break;
      case 'connection-type': {
        const conn = str(rec.connection_type);
        if (facts.speed === null && conn !== null && SPEED[conn] !== undefined) {
          facts.speed = SPEED[conn];
          facts.speedMobile = conn === 'Cellular';
        }
        break;
      }
    }
  }
  return facts;
}
