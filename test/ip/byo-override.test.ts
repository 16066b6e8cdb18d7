/**
 * Your MaxMind databases override the bundled data field by field
 * (docs/design.md; docs/ip.md "Bring your own databases"): for
 * every field a MaxMind database can set, your value wins where both know
 * the field, a field your record does not hold is left to the bundled data
 * (never mixing two places or two networks), and where both are flags, both
 * facts stand.
 *
 * Every address comes from MaxMind's own test databases
 * (test/fixtures/ip/mmdb/, read with the maxmind reader); each test first
 * checks that the bundled data really says something else there, so it
 * cannot pass vacuously when the bundled snapshot changes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { createIpCheck, type IpCheck, type IpResult } from '../../src/ip/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'ip', 'mmdb');
const file = (name: string): string => join(DIR, `${name}.mmdb`);
const NOW = new Date('2026-11-22T12:00:00Z');

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const raw = (name: string, ip: string): Rec | null => new Reader<Rec>(readFileSync(file(name))).get(ip);

const checkers = new Map<string, IpCheck>();
/** A checker with these test databases, in this order (one per combination). */
function withDbs(...names: string[]): IpCheck {
  const key = names.join('|');
  let check = checkers.get(key);
  if (check === undefined) {
    check = createIpCheck({ databases: names.map(file), now: NOW });
    checkers.set(key, check);
  }
  return check;
}
const bundled = (ip: string): IpResult => withDbs()(ip);
const codes = (r: IpResult): string[] => r.reasons.map((x) => x.code);
const reason = (r: IpResult, code: string): string | undefined => r.reasons.find((x) => x.code === code)?.detail;

const CITY = 'GeoIP2-City-Test';
const COUNTRY = 'GeoIP2-Country-Test';
const ENTERPRISE = 'GeoIP2-Enterprise-Test';
const ASN = 'GeoLite2-ASN-Test';
const ISP = 'GeoIP2-ISP-Test';
const ANON = 'GeoIP2-Anonymous-IP-Test';
const CONN = 'GeoIP2-Connection-Type-Test';

describe('location fields (City, Country, Enterprise)', () => {
  it('country: yours where your record holds one; the bundled one where it holds none', () => {
    expect(bundled('67.43.156.1').country).toBe('US');
    expect(withDbs(CITY)('67.43.156.1').country).toBe('BT');
    expect(withDbs(COUNTRY)('67.43.156.1').country).toBe('BT');
    // Records that hold no country (a City record with a continent only, a
    // Country record with traits only, an Enterprise record with traits only)
    // do not erase the bundled one.
    expect(raw(CITY, '2.3.3.1')).toEqual({ continent: expect.any(Object) });
    expect(bundled('2.3.3.1').country).toBe('FR');
    expect(withDbs(CITY)('2.3.3.1').country).toBe('FR');
    expect(raw(COUNTRY, '214.1.1.1')).toEqual({ traits: { is_anycast: true } });
    expect(bundled('214.1.1.1').country).toBe('US');
    expect(withDbs(COUNTRY)('214.1.1.1').country).toBe('US');
    expect(raw(ENTERPRISE, '1.9.127.107')!.country).toBeUndefined();
    expect(bundled('1.9.127.107').country).toBe('MY');
    expect(withDbs(ENTERPRISE)('1.9.127.107').country).toBe('MY');
  });

  it('region: yours wins; one you lack comes from the bundled record only in your country', () => {
    expect(bundled('89.160.20.112').region).toBe('Stockholm');
    expect(withDbs(CITY)('89.160.20.112').region).toBe('Östergötland County');
    // Your record: Japan, no region; DB-IP: Tokyo, Japan.
    expect(raw(CITY, '2001:218::1')!.subdivisions).toBeUndefined();
    expect(bundled('2001:218::1')).toMatchObject({ country: 'JP', region: 'Tokyo' });
    expect(withDbs(CITY)('2001:218::1')).toMatchObject({ country: 'JP', region: 'Tokyo' });
    // Your record: Bhutan; DB-IP: Hawaii. A Hawaiian region is not put in Bhutan.
    expect(bundled('67.43.156.1').region).toBe('Hawaii');
    expect(withDbs(CITY)('67.43.156.1')).toMatchObject({ country: 'BT', region: null });
  });

  it('city: yours wins; one you lack comes from the bundled record only in your country, region and radius', () => {
    expect(bundled('2.125.160.216').city).toBe('Bugle');
    expect(withDbs(CITY)('2.125.160.216').city).toBe('Boxford');
    // Your record: Washington, US (1000 km radius), no city; DB-IP: Puyallup, Washington.
    expect(raw(CITY, '216.160.83.64')!.city).toBeUndefined();
    expect(bundled('216.160.83.64')).toMatchObject({ region: 'Washington', city: 'Puyallup' });
    expect(withDbs(CITY)('216.160.83.64')).toMatchObject({ region: 'Washington', city: 'Puyallup' });
    // Your record: California; DB-IP: Columbus, Ohio. No Ohio city in California.
    expect(bundled('214.78.124.1')).toMatchObject({ region: 'Ohio', city: 'Columbus' });
    expect(withDbs(CITY)('214.78.124.1')).toMatchObject({ region: 'California', city: null });
    // Your record: the United States, 1000 km around Kansas; DB-IP: Washington D.C., ~1 800 km away.
    expect(raw(CITY, '149.101.100.1')!.location).toMatchObject({ accuracy_radius: 1000 });
    expect(bundled('149.101.100.1').city).toMatch(/^Washington D\.C\./);
    expect(withDbs(CITY)('149.101.100.1')).toMatchObject({ country: 'US', region: null, city: null });
  });

  it('zip: yours; a record of your first database without one leaves it to your next', () => {
    // DB-IP Lite has no postal codes: a zip only ever comes from your databases.
    expect(bundled('2.125.160.216').zip).toBeNull();
    expect(withDbs(CITY)('2.125.160.216').zip).toBe('OX1');
    expect(raw(COUNTRY, '2.125.160.216')!.postal).toBeUndefined();
    expect(withDbs(COUNTRY, CITY)('2.125.160.216')).toMatchObject({ country: 'GB', city: 'Boxford', zip: 'OX1' });
    expect(withDbs(ENTERPRISE)('74.209.24.1').zip).toBe('12037');
  });

  it('latitude and longitude: yours win; without any, the bundled coordinates of the same place', () => {
    const b = bundled('2.125.160.216');
    expect([b.latitude, b.longitude]).not.toEqual([51.75, -1.25]);
    const r = withDbs(CITY)('2.125.160.216');
    expect([r.latitude, r.longitude]).toEqual([51.75, -1.25]);
    // Your coordinates stand beside a city filled from DB-IP (your accuracy radius covers it).
    const tokyo = withDbs(CITY)('2001:218::1');
    expect([tokyo.latitude, tokyo.longitude]).toEqual([35.68536, 139.75309]);
    // A record of yours without a location: the bundled coordinates stand.
    const paris = bundled('2.3.3.1');
    expect(paris.latitude).not.toBeNull();
    const e = withDbs(CITY)('2.3.3.1');
    expect([e.latitude, e.longitude]).toEqual([paris.latitude, paris.longitude]);
  });

  it('timezone: your time_zone wins; without one, from the coordinates that stand', () => {
    // Your record: coordinates near Stuttgart with time_zone Europe/Vaduz, no country; DB-IP: Berlin.
    expect(bundled('2a02:d500::1')).toMatchObject({ city: 'Berlin', timezone: 'Europe/Berlin' });
    const r = withDbs(CITY)('2a02:d500::1');
    expect(r.timezone).toBe('Europe/Vaduz');
    // Berlin is 500 km from your point (radius 100 km): only DB-IP's country fills.
    expect(r).toMatchObject({ country: 'DE', region: null, city: null, latitude: 48.69096, longitude: 9.14062 });
    // A record of yours without a location: the timezone of the bundled coordinates, and the request time there.
    expect(withDbs(CITY)('2.3.3.1')).toMatchObject({ timezone: 'Europe/Paris', request_time: 'afternoon' });
  });

  it('records without a location, in any number of your databases, leave the bundled location whole', () => {
    expect(raw(ENTERPRISE, '214.1.1.1')).toEqual({ traits: { is_anycast: true } });
    expect(raw(COUNTRY, '214.1.1.1')).toEqual({ traits: { is_anycast: true } });
    const r = withDbs(ENTERPRISE, COUNTRY)('214.1.1.1');
    const b = bundled('214.1.1.1');
    expect([r.country, r.region, r.city]).toEqual([b.country, b.region, b.city]);
    expect(b.city).not.toBeNull();
  });
});

describe('network fields (ASN, ISP, Enterprise)', () => {
  it('asn: yours wins; a record without one leaves it to your next database', () => {
    expect(bundled('15.128.0.1').asn).toBe(16509);
    expect(withDbs(ISP)('15.128.0.1').asn).toBe(71);
    expect(withDbs(ASN)('15.128.0.1').asn).toBe(71);
    // The ISP record names Free SAS but holds no AS number; the ASN database has AS12322.
    expect(raw(ISP, '78.208.0.1')).toEqual({ isp: 'Free SAS', organization: 'Free SAS' });
    expect(bundled('78.208.0.1').asn).toBe(29447);
    expect(withDbs(ISP, ASN)('78.208.0.1')).toMatchObject({ asn: 12322, isp: 'Free SAS' });
    // The Enterprise record has a user type but no AS number; the ISP database has AS721.
    expect(withDbs(ENTERPRISE, ISP)('214.214.214.220').asn).toBe(721);
  });

  it('isp: yours wins; the bundled name of another AS is never attached to yours', () => {
    expect(bundled('15.128.0.1').isp).toBe('Amazon.com, Inc.');
    expect(withDbs(ISP)('15.128.0.1').isp).toBe('Hewlett-Packard Company');
    // Your record: AS33224 without a name; DB-IP's name belongs to AS29930.
    expect(raw(ISP, '64.17.248.1')).toEqual({ autonomous_system_number: 33224 });
    expect(bundled('64.17.248.1')).toMatchObject({ asn: 29930, isp: 'Towerstream I, Inc.' });
    expect(withDbs(ISP)('64.17.248.1')).toMatchObject({ asn: 33224, isp: null });
    // Your Enterprise record holds no ISP there: your ISP database's stands.
    expect(withDbs(ENTERPRISE, ISP)('81.2.69.160').isp).toBe('Andrews & Arnold Ltd');
  });

  it('company_name: your organization wins; never the bundled name of another AS', () => {
    expect(bundled('81.2.69.160').company_name).toBe('Andrews & Arnold Ltd');
    expect(withDbs(ISP)('81.2.69.160').company_name).toBe('STONEHOUSE office network');
    expect(withDbs(ENTERPRISE, ISP)('81.2.69.160').company_name).toBe('STONEHOUSE office network');
    expect(bundled('64.17.248.1').company_name).toBe('Towerstream I, Inc.');
    expect(withDbs(ISP)('64.17.248.1').company_name).toBeNull();
  });

  it('company_domain: your Enterprise traits.domain (nothing bundled has one)', () => {
    expect(bundled('74.209.24.1').company_domain).toBeNull();
    expect(withDbs(ENTERPRISE)('74.209.24.1').company_domain).toBe('frpt.net');
    expect(withDbs(ISP, ENTERPRISE)('74.209.24.1').company_domain).toBe('frpt.net');
  });

  it('connection_type follows your AS number: the bundled ASN rules run on it', () => {
    // DB-IP's table: AS16509 Amazon (a hosting ASN); yours: AS7018 AT&T, a curated ISP.
    expect(bundled('71.141.0.1')).toMatchObject({ asn: 16509, connection_type: 'DCH', is_hosting: true });
    const r = withDbs(ISP)('71.141.0.1');
    expect(r).toMatchObject({ asn: 7018, connection_type: 'ISP', is_hosting: false });
    expect(reason(r, 'IP_ISP')).toBe('curated ASN: AS7018 AT&T');
    // No AS in the bundled table; yours is SURFnet, a curated research network.
    expect(bundled('145.128.0.1')).toMatchObject({ asn: null, connection_type: null });
    expect(withDbs(ASN)('145.128.0.1')).toMatchObject({ asn: 1103, connection_type: 'EDU' });
  });
});

describe('connection type and is_mobile (Connection-Type, ISP, Enterprise)', () => {
  it('your Cellular stands over a bundled hosting list, which keeps its own fact and reason', () => {
    for (const ip of ['108.96.0.1', '67.43.156.1']) {
      expect(raw(CONN, ip)).toEqual({ connection_type: 'Cellular' });
      const b = bundled(ip);
      expect(b).toMatchObject({ connection_type: 'DCH', is_mobile: false, is_hosting: true });
      const r = withDbs(CONN)(ip);
      expect(r, ip).toMatchObject({ connection_type: 'MOB', is_mobile: true, is_hosting: true, connection_speed: 'broadband/cable/fiber/mobile' });
      expect(reason(r, 'IP_HOSTING'), ip).toBe(reason(b, 'IP_HOSTING'));
      expect(codes(r), ip).not.toContain('IP_MOBILE'); // the trust reason is for mobile networks without an anonymiser
    }
  });

  it('your Cellular makes a bundled fixed-line ISP a mobile network', () => {
    expect(bundled('80.214.0.1')).toMatchObject({ connection_type: 'ISP', is_mobile: false });
    const r = withDbs(CONN)('80.214.0.1');
    expect(r).toMatchObject({ connection_type: 'MOB', is_mobile: true });
    expect(reason(r, 'IP_MOBILE')).toBe('GeoIP2-Connection-Type: connection type Cellular');
  });

  it('your mobile country code (ISP, Enterprise) makes the network MOB', () => {
    expect(raw(ISP, '149.101.100.1')).toMatchObject({ mobile_country_code: '310' });
    expect(bundled('149.101.100.1')).toMatchObject({ connection_type: null, is_mobile: false });
    for (const db of [ISP, ENTERPRISE]) expect(withDbs(db)('149.101.100.1'), db).toMatchObject({ connection_type: 'MOB', is_mobile: true });
    // The reason names the evidence: your database, not a bundled rule.
    expect(reason(withDbs(ISP)('149.101.100.1'), 'IP_MOBILE')).toBe('GeoIP2-ISP: mobile country code 310');
  });

  it('your Enterprise user_type wins over the bundled code; a bundled hosting fact stands beside it', () => {
    expect(bundled('214.214.214.220')).toMatchObject({ connection_type: 'MIL', is_hosting: false });
    const hosting = withDbs(ENTERPRISE)('214.214.214.220');
    expect(hosting).toMatchObject({ connection_type: 'DCH', is_hosting: true });
    expect(reason(hosting, 'IP_HOSTING')).toBe('GeoIP2-Enterprise: user type hosting');
    expect(withDbs(ENTERPRISE)('214.214.214.218').connection_type).toBe('COM');
    // Your crawler user type over DB-IP's hosting range: SES, and the hosting fact stays.
    expect(raw(ENTERPRISE, '67.43.156.1')!.traits).toMatchObject({ user_type: 'search_engine_spider' });
    expect(withDbs(ENTERPRISE)('67.43.156.1')).toMatchObject({ connection_type: 'SES', is_hosting: true });
  });

  it('connection_speed: yours; a database without it leaves it to your next', () => {
    expect(bundled('201.243.200.1').connection_speed).toBeNull();
    expect(withDbs(CONN)('201.243.200.1').connection_speed).toBe('company/T1');
    expect(raw(ENTERPRISE, '2.125.160.217')!.traits?.connection_type).toBeUndefined();
    expect(withDbs(ENTERPRISE, CONN)('2.125.160.217').connection_speed).toBe('broadband/cable/fiber/mobile');
  });
});

describe('anonymiser flags (Anonymous-IP): both facts stand', () => {
  it('is_vpn: yours sets it; a bundled VPN (and its name) stands under your record without the flag', () => {
    expect(bundled('1.2.0.1').is_vpn).toBe(false);
    expect(withDbs(ANON)('1.2.0.1').is_vpn).toBe(true);
    expect(raw(ANON, '2.58.241.67')).toEqual({});
    expect(bundled('2.58.241.67')).toMatchObject({ is_vpn: true, vpn_name: 'ProtonVPN' });
    const r = withDbs(ANON)('2.58.241.67');
    expect(r).toMatchObject({ is_vpn: true, vpn_name: 'ProtonVPN' });
    expect(reason(r, 'IP_VPN')).toBe('ProtonVPN');
    expect(raw(ANON, '198.56.0.1')).toEqual({});
    expect(bundled('198.56.0.1').is_vpn).toBe(true); // a VPN provider's ASN (M247)
    expect(withDbs(ANON)('198.56.0.1').is_vpn).toBe(true);
  });

  it('is_tor: your Tor exit on an AWS address stands with the bundled hosting fact; a bundled exit stands under your record', () => {
    expect(raw(ANON, '65.0.0.1')).toMatchObject({ is_tor_exit_node: true });
    expect(bundled('65.0.0.1')).toMatchObject({ is_tor: false, is_hosting: true, network: 'Amazon AWS' });
    const aws = withDbs(ANON)('65.0.0.1');
    expect(aws).toMatchObject({ is_tor: true, is_hosting: true, connection_type: 'DCH', network: 'Amazon AWS' });
    expect(codes(aws)).toEqual(expect.arrayContaining(['IP_TOR_EXIT', 'IP_HOSTING']));
    expect(aws.score).toBeLessThanOrEqual(399);
    expect(raw(ANON, '204.8.96.141')).toEqual({});
    expect(codes(bundled('204.8.96.141'))).toContain('IP_TOR_EXIT');
    const exit = withDbs(ANON)('204.8.96.141');
    expect(exit.is_tor).toBe(true);
    expect(codes(exit)).toContain('IP_TOR_EXIT');
    expect(exit.score).toBeLessThanOrEqual(399);
  });

  it('is_proxy: yours sets it; a bundled proxy stands under your record without the flag', () => {
    expect(bundled('186.30.236.1').is_proxy).toBe(false);
    expect(withDbs(ANON)('186.30.236.1').is_proxy).toBe(true);
    expect(withDbs(ANON)('6.1.0.4').is_proxy).toBe(true); // residential proxy
    expect(raw(ANON, '144.31.222.106')).toEqual({});
    expect(bundled('144.31.222.106').is_proxy).toBe(true);
    const r = withDbs(ANON)('144.31.222.106');
    expect(r.is_proxy).toBe(true);
    expect(codes(r)).toContain('IP_PROXY');
  });

  it('is_hosting: your hosting provider stands beside the bundled usage code, with its own reason', () => {
    expect(raw(ANON, '6.1.0.2')).toMatchObject({ is_hosting_provider: true });
    expect(bundled('6.1.0.2')).toMatchObject({ connection_type: 'MIL', is_hosting: false });
    const r = withDbs(ANON)('6.1.0.2');
    expect(r).toMatchObject({ connection_type: 'MIL', is_hosting: true });
    expect(reason(r, 'IP_HOSTING')).toBe('GeoIP2-Anonymous-IP: hosting provider');
  });
});
