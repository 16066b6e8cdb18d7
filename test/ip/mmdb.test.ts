/**
 * Bring-your-own MaxMind databases: MaxMind's own test databases (fake
 * records in the real GeoIP2 / GeoLite2 schemas, test/fixtures/ip/mmdb/,
 * Apache-2.0 OR MIT) must be read field by field, and the two broken files
 * must give a DataError that says what is wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { DataError, InputError } from '../../src/errors.js';
import { createIpCheck, detectDatabaseKind } from '../../src/ip/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'ip', 'mmdb');
const file = (name: string): string => join(DIR, `${name}.mmdb`);
const NOW = new Date('2026-11-22T12:00:00Z');

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const raw = (name: string, ip: string): Rec | null => new Reader<Rec>(readFileSync(file(name))).get(ip);

describe('database kinds', () => {
  it.each([
    ['GeoIP2-City', 'city'],
    ['GeoLite2-City', 'city'],
    ['DBIP-City-Lite', 'city'],
    ['city ipv4', 'city'],
    ['GeoIP2-Country', 'country'],
    ['DBIP-Country-Lite', 'country'],
    ['GeoLite2-ASN', 'asn'],
    ['DBIP-ASN-Lite (compat=GeoLite2-ASN)', 'asn'],
    ['GeoIP2-ISP', 'isp'],
    ['GeoIP2-Anonymous-IP', 'anonymous-ip'],
    ['GeoIP2-Connection-Type', 'connection-type'],
    ['GeoIP2-Enterprise', 'enterprise'],
    ['Something-Else', null],
  ])('%s → %s', (type, kind) => {
    expect(detectDatabaseKind(type)).toBe(kind);
  });
});

describe('City databases', () => {
  for (const name of ['GeoIP2-City-Test', 'GeoLite2-City-Test']) {
    const check = createIpCheck({ databases: [file(name)], now: NOW });
    it.each(['2.125.160.216', '216.160.83.56', '89.160.20.112', '81.2.69.142', '67.43.156.1', '2001:218::1', '2a02:cf40::1'])(
      `${name}: %s field by field`,
      (ip) => {
        const rec = raw(name, ip)!;
        expect(rec).not.toBeNull();
        const r = check(ip);
        // Every field the record holds is the result's (one it lacks is left to the bundled data: test/ip/byo-override.test.ts).
        const held: [unknown, unknown][] = [
          [r.city, rec.city?.names?.en],
          [r.country, rec.country?.iso_code],
          [r.region, rec.subdivisions?.[0]?.names?.en],
          [r.zip, rec.postal?.code],
          [r.latitude, rec.location?.latitude],
          [r.longitude, rec.location?.longitude],
          [r.timezone, rec.location?.time_zone],
        ];
        for (const [got, want] of held) if (want !== undefined) expect(got).toBe(want);
      },
    );
  }

  it('GeoIP2-City-Test: known records', () => {
    const check = createIpCheck({ databases: [file('GeoIP2-City-Test')], now: NOW });
    const r = check('2.125.160.216');
    expect([r.city, r.country, r.region, r.zip, r.latitude, r.longitude, r.timezone]).toEqual(['Boxford', 'GB', 'England', 'OX1', 51.75, -1.25, 'Europe/London']);
    expect(r.request_time).toBe('afternoon'); // 12:00 UTC = 12:00 in London in November
    const m = check('216.160.83.56');
    expect([m.city, m.country, m.region, m.zip, m.timezone]).toEqual(['Milton', 'US', 'Washington', '98354', 'America/Los_Angeles']);
    expect(m.request_time).toBe('night'); // 04:00 in Los Angeles
    // IPv4-mapped IPv6 goes through the IPv4 subtree of an IPv6 database.
    expect(check('::ffff:2.125.160.216').city).toBe('Boxford');
  });
});

describe('Country database', () => {
  const check = createIpCheck({ databases: [file('GeoIP2-Country-Test')], now: NOW });
  it.each(['2.125.160.216', '81.2.69.142', '89.160.20.112', '2001:218::1'])('%s country', (ip) => {
    expect(check(ip).country).toBe(raw('GeoIP2-Country-Test', ip)!.country.iso_code);
  });
  it('keeps the bundled city only where your country agrees with it', () => {
    const bundled = createIpCheck({ now: NOW });
    let disagreements = 0;
    for (const ip of ['2.125.160.216', '81.2.69.142', '89.160.20.112', '2001:218::1', '216.160.83.56', '67.43.156.1']) {
      const b = bundled(ip);
      const r = check(ip);
      if (b.country !== r.country) {
        disagreements++;
        expect([r.city, r.zip, r.latitude, r.timezone], ip).toEqual([null, null, null, null]);
      } else expect(r.city, ip).toBe(b.city);
    }
    expect(disagreements).toBeGreaterThan(0); // the fixture's fake records do disagree with DB-IP
  });
});

describe('ASN and ISP databases', () => {
  const asn = createIpCheck({ databases: [file('GeoLite2-ASN-Test')], now: NOW });
  const isp = createIpCheck({ databases: [file('GeoIP2-ISP-Test')], now: NOW });
  it.each(['1.128.0.1', '149.101.100.1', '89.160.20.112', '2003::1', '12.81.92.1', '214.78.120.1'])('GeoLite2-ASN %s', (ip) => {
    const rec = raw('GeoLite2-ASN-Test', ip)!;
    const r = asn(ip);
    expect(r.asn).toBe(rec.autonomous_system_number);
    expect(r.isp).toBe(rec.autonomous_system_organization);
    expect(r.company_name).toBe(rec.autonomous_system_organization);
  });
  it.each(['1.128.0.1', '149.101.100.1', '89.160.20.112', '216.160.83.56', '67.43.156.1', '2003::1', '12.81.92.1'])('GeoIP2-ISP %s', (ip) => {
    const rec = raw('GeoIP2-ISP-Test', ip)!;
    const r = isp(ip);
    expect(r.asn).toBe(rec.autonomous_system_number);
    expect(r.isp).toBe(rec.isp ?? rec.autonomous_system_organization);
    expect(r.company_name).toBe(rec.organization ?? rec.autonomous_system_organization);
  });
  it('a mobile country code makes the network MOB', () => {
    const r = isp('149.101.100.1');
    expect([r.isp, r.asn, r.connection_type, r.is_mobile]).toEqual(['Verizon Wireless', 6167, 'MOB', true]);
  });
});

describe('Anonymous-IP database', () => {
  const check = createIpCheck({ databases: [file('GeoIP2-Anonymous-IP-Test')], now: NOW });
  it.each(['1.2.0.1', '81.2.69.1', '186.30.236.1', '65.4.3.1', '71.160.223.1', '::ffff:1.2.0.1'])('%s flags', (ip) => {
    const rec = raw('GeoIP2-Anonymous-IP-Test', ip)!;
    const r = check(ip);
    expect(r.is_vpn).toBe(rec.is_anonymous_vpn === true);
    expect(r.is_tor).toBe(rec.is_tor_exit_node === true);
    expect(r.is_proxy).toBe(rec.is_public_proxy === true || rec.is_residential_proxy === true);
    if (rec.is_hosting_provider === true) expect(r.is_hosting).toBe(true);
  });
  it('a Tor exit from your database is gated to the second band', () => {
    const r = check('65.4.3.1');
    expect(r.is_tor).toBe(true);
    expect(r.score).toBeLessThanOrEqual(399);
    expect(r.reasons.map((x) => x.code)).toContain('IP_TOR_EXIT');
  });
});

describe('Connection-Type database', () => {
  const check = createIpCheck({ databases: [file('GeoIP2-Connection-Type-Test')], now: NOW });
  const speed: Record<string, string> = {
    Dialup: 'dial up',
    'Cable/DSL': 'broadband/cable/fiber/mobile',
    Cellular: 'broadband/cable/fiber/mobile',
    Satellite: 'broadband/cable/fiber/mobile',
    Corporate: 'company/T1',
  };
  it.each(['1.0.0.1', '1.0.1.1', '80.214.0.1', '201.243.200.1', '207.179.48.1', '216.160.83.56', '2003::1', '214.78.120.1'])('%s speed', (ip) => {
    const rec = raw('GeoIP2-Connection-Type-Test', ip)!;
    expect(check(ip).connection_speed).toBe(speed[rec.connection_type]);
  });
  it('without the database connection_speed is null', () => {
    expect(createIpCheck({ now: NOW })('201.243.200.1').connection_speed).toBeNull();
  });
});

describe('Enterprise database', () => {
  const check = createIpCheck({ databases: [file('GeoIP2-Enterprise-Test')], now: NOW });
  it('74.209.24.1: location, network, speed, usage', () => {
    const r = check('74.209.24.1');
    expect([r.city, r.country, r.region, r.zip, r.timezone]).toEqual(['Chatham', 'US', 'New York', '12037', 'America/New_York']);
    expect([r.asn, r.isp, r.company_name, r.company_domain]).toEqual([14671, 'Fairpoint Communications', 'Fairpoint Communications', 'frpt.net']);
    expect([r.connection_speed, r.connection_type]).toEqual(['broadband/cable/fiber/mobile', 'ISP']);
  });
  it('user_type maps to connection_type', () => {
    expect(check('89.160.20.112').connection_type).toBe('GOV');
    expect(check('67.43.156.1').connection_type).toBe('SES');
    expect(check('149.101.100.1').connection_type).toBe('MOB');
    expect(check('214.78.120.1').connection_speed).toBe('broadband/cable/fiber/mobile');
  });
});

describe('several databases and buffers', () => {
  it('accepts buffers and combines kinds', () => {
    const check = createIpCheck({
      databases: [readFileSync(file('GeoIP2-City-Test')), file('GeoIP2-ISP-Test'), file('GeoIP2-Connection-Type-Test')],
      now: NOW,
    });
    const r = check('216.160.83.56');
    expect([r.city, r.isp, r.company_name, r.asn, r.connection_speed]).toEqual(['Milton', 'Century Link', 'Lariat Software', 209, 'company/T1']);
  });
});

describe('broken databases', () => {
  it('a double of the wrong size is a DataError naming the problem', () => {
    expect(() => createIpCheck({ databases: [file('GeoIP2-City-Test-Broken-Double-Format')] })).toThrowError(DataError);
    expect(() => createIpCheck({ databases: [file('GeoIP2-City-Test-Broken-Double-Format')] })).toThrowError(/double of \d+ bytes/);
  });
  it('an impossible node count is a DataError naming the problem', () => {
    expect(() => createIpCheck({ databases: [file('GeoIP2-City-Test-Invalid-Node-Count')] })).toThrowError(DataError);
    expect(() => createIpCheck({ databases: [file('GeoIP2-City-Test-Invalid-Node-Count')] })).toThrowError(/node_count 100000/);
  });
  it('junk bytes, a missing file and gzip are DataErrors', () => {
    expect(() => createIpCheck({ databases: [new Uint8Array([1, 2, 3, 4])] })).toThrowError(DataError);
    expect(() => createIpCheck({ databases: [join(DIR, 'does-not-exist.mmdb')] })).toThrowError(/cannot read/);
    expect(() => createIpCheck({ databases: [new Uint8Array([0x1f, 0x8b, 8, 0])] })).toThrowError(/gzip/);
  });
  it('a wrong option type is an InputError', () => {
    expect(() => createIpCheck({ databases: [42 as unknown as string] })).toThrowError(InputError);
    expect(() => createIpCheck({ databases: 'x' as unknown as string[] })).toThrowError(InputError);
  });
});
