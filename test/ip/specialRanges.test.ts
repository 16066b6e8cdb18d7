/**
 * Every IANA special-purpose block (and multicast, and IPv6 outside 2000::/3)
 * gives connection_type RSV, no location and a bottom-band score, at its
 * first and last address; addresses just outside stay public.
 */
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIpCheck, classifySpecialRange, embeddedIpv4, IPV4_SPECIAL_RANGES, IPV6_SPECIAL_RANGES, parseIp } from '../../src/ip/index.js';
import type { IpCheck } from '../../src/ip/index.js';

let check: IpCheck;
beforeAll(() => {
  check = createIpCheck({ now: new Date('2026-11-22T12:00:00Z') });
});

function firstAndLast(cidr: string): [string, string] {
  const [addr, bits] = ipaddr.parseCIDR(cidr);
  if (addr.kind() === 'ipv4') {
    return [ipaddr.IPv4.networkAddressFromCIDR(cidr).toString(), ipaddr.IPv4.broadcastAddressFromCIDR(cidr).toString()];
  }
  void bits;
  return [ipaddr.IPv6.networkAddressFromCIDR(cidr).toString(), ipaddr.IPv6.broadcastAddressFromCIDR(cidr).toString()];
}

const ALL = [...IPV4_SPECIAL_RANGES, ...IPV6_SPECIAL_RANGES];

describe('special-purpose ranges', () => {
  it.each(ALL.map((r) => [r.cidr, r.rfc]))('%s (%s) is RSV at both ends', (cidr) => {
    for (const ip of firstAndLast(cidr)) {
      const r = check(ip);
      expect(r.connection_type, ip).toBe('RSV');
      expect(r.is_valid).toBe(true);
      expect(r.city).toBeNull();
      expect(r.country).toBeNull();
      expect(r.timezone).toBeNull();
      expect(r.request_time).toBeNull();
      expect(r.score).toBeLessThanOrEqual(199);
      expect(r.score_cluster).toBe('very_low');
      expect(r.reasons.map((x) => x.code)).toContain('IP_RESERVED');
      expect(classifySpecialRange(ip)).not.toBeNull();
    }
  });

  it('names every block with an RFC', () => {
    for (const r of ALL) expect(r.rfc).toMatch(/^RFC \d+/);
  });

  it('reports the most specific block', () => {
    expect(classifySpecialRange('192.0.0.9')?.rfc).toBe('RFC 7723');
    expect(classifySpecialRange('192.0.0.100')?.rfc).toBe('RFC 6890');
    expect(classifySpecialRange('2001:1::1')?.rfc).toBe('RFC 7723');
    expect(classifySpecialRange('2001::1')?.name).toBe('TEREDO');
    expect(classifySpecialRange('::1')?.name).toBe('Loopback Address');
    expect(classifySpecialRange('::ffff:127.0.0.1')?.name).toBe('Loopback');
    expect(classifySpecialRange('::ffff:10.1.2.3')?.rfc).toBe('RFC 1918');
  });

  // Independent cross-check: ipaddr.js's own range names for what it knows.
  it('agrees with ipaddr.js range() on every block it names', () => {
    const known = new Set(['private', 'loopback', 'linkLocal', 'carrierGradeNat', 'multicast', 'reserved', 'unspecified', 'broadcast', 'uniqueLocal', 'benchmarking', 'amt', 'as112', 'as112v6', '6to4', 'teredo', 'rfc6052', 'orchid2', 'droneRemoteIdProtocolEntityTags']);
    const samples = ['10.9.8.7', '127.3.2.1', '169.254.9.9', '100.100.1.1', '239.1.1.1', '250.1.1.1', '255.255.255.255', '0.0.0.0', '198.18.4.4', '192.52.193.7', '192.31.196.1', 'fc00::1', 'fe80::abcd', 'ff02::1', '::', '2001:2::1', '2001:3::1', '2002:102:304::1', '2001::1', '64:ff9b::102:304', '2001:20::1', '2001:30::1', '2001:4:112::1'];
    for (const s of samples) {
      const theirs = ipaddr.parse(s).range();
      expect(known.has(theirs), `${s} → ${theirs}`).toBe(true);
      expect(check(s).connection_type, s).toBe('RSV');
    }
  });

  it('covers every address ipaddr.js calls non-unicast (random IPv4 and IPv6)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (ip) => {
        const theirs = ipaddr.parse(ip).range();
        // ipaddr.js treats ::ffff:0:0/96 as 'ipv4Mapped'; we classify the IPv4 inside instead.
        if (theirs === 'unicast' || theirs === 'ipv4Mapped') return;
        expect(classifySpecialRange(ip), `${ip} (${theirs})`).not.toBeNull();
      }),
      { seed: 11, numRuns: 20000 },
    );
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.255',
    '192.0.3.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2001:200::1',
    '2001:4860:4860::8888',
    '2003::1',
    '2c0f:f000::1',
    '2a00:1450:4001::1',
  ])('%s is public', (ip) => {
    expect(classifySpecialRange(ip)).toBeNull();
    expect(check(ip).connection_type).not.toBe('RSV');
  });

  it('reads the IPv4 inside 6to4, Teredo and NAT64 addresses', () => {
    expect(embeddedIpv4(parseIp('2002:5102:458e::1')!)).toBe('81.2.69.142');
    // RFC 4380 §4 example: client 192.0.2.45 obfuscated as 3fff:fdd2.
    expect(embeddedIpv4(parseIp('2001:0:4136:e378:8000:63bf:3fff:fdd2')!)).toBe('192.0.2.45');
    expect(embeddedIpv4(parseIp('64:ff9b::5102:458e')!)).toBe('81.2.69.142');
    const r = check('2002:5102:458e::1');
    expect(r.embedded_ipv4).toBe('81.2.69.142');
    expect(r.reasons.map((x) => x.code)).toContain('IP_TUNNEL');
  });
});
