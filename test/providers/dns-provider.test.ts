import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { dnsProvider } from '../../src/providers/index.js';
import { reversedLabel } from '../../src/providers/dnsProvider.js';
import { CANARY_ZONE, startDnsServer } from '../support/dnsServer.js';
import type { DnsServer } from '../support/dnsServer.js';

// A real DNS server (dns2) on 127.0.0.1 answers every query: node:dns talks
// to it over UDP exactly as it would to a resolver.

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    ...CANARY_ZONE,
    'mail-ok.com': [{ type: 'MX', exchange: 'mx.mail-ok.com', priority: 10 }],
    'nullmx-co.com': [{ type: 'MX', exchange: '', priority: 0 }],
    'implicit-mx.com': [{ type: 'A', address: '192.0.2.7' }],
    'v6only-mx.com': [{ type: 'AAAA', address: '2001:db8::7' }],
    'broken-dns.com': 'SERVFAIL',
    'silent-dns.com': 'SILENT',
    // 192.0.2.99 is on one of the two zones; 192.0.2.98 on none; 192.0.2.97 gets a "refused" code.
    '99.2.0.192.zen.test': [{ type: 'A', address: '127.0.0.2' }],
    '99.2.0.192.spamcop.test': 'NXDOMAIN',
    '97.2.0.192.zen.test': [{ type: 'A', address: '127.255.255.254' }],
    // RHSBL: spammy-shop.com is listed.
    'spammy-shop.com': [{ type: 'MX', exchange: 'mx.spammy-shop.com', priority: 10 }],
    'spammy-shop.com.dbl.test': [{ type: 'A', address: '127.0.1.2' }],
    // Reverse DNS: 192.0.2.99 names host.example, which points back; 192.0.2.98 names a liar.
    '99.2.0.192.in-addr.arpa': [{ type: 'PTR', domain: 'Host.Example' }],
    'host.example': [{ type: 'A', address: '192.0.2.99' }],
    '98.2.0.192.in-addr.arpa': [{ type: 'PTR', domain: 'liar.example' }],
    'liar.example': [{ type: 'A', address: '203.0.113.1' }],
    [`${reversedLabel('2001:db8::1', 6)}.ip6.arpa`]: [{ type: 'PTR', domain: 'v6.example' }],
    'v6.example': [{ type: 'AAAA', address: '2001:db8:0:0::1' }],
  });
});
afterAll(async () => {
  await dns.close();
});

const provider = (extra: Parameters<typeof dnsProvider>[0] = {}) =>
  dnsProvider({ servers: [dns.address], ipBlockLists: ['zen.test', 'spamcop.test'], domainBlockLists: ['dbl.test'], timeoutMs: 2000, ...extra });

describe('dnsProvider against a DNS server on loopback', () => {
  it('reads MX, null MX, implicit MX from A or AAAA, and a domain without mail', async () => {
    const checker = createChecker({ providers: [provider()] });
    expect((await checker.emailAsync('jane@mail-ok.com')).provider_errors).toEqual([]);
    const mx = async (address: string) => {
      const r = await checker.emailAsync(address);
      return [r.status, r.is_valid, r.reasons.some((x) => x.code === 'EMAIL_NO_MX')];
    };
    expect(await mx('jane@nullmx-co.com')).toEqual(['invalid', false, true]);
    expect(await mx('jane@implicit-mx.com')).toEqual(['undetermined', null, false]);
    expect(await mx('jane@v6only-mx.com')).toEqual(['undetermined', null, false]);
    expect(await mx('jane@nowhere-xyz.com')).toEqual(['invalid', false, true]);
  });

  it('counts domain block-list listings for an e-mail domain', async () => {
    const checker = createChecker({ providers: [provider()] });
    expect((await checker.emailAsync('jane@spammy-shop.com')).domain_black_list_count).toBe(1);
    expect((await checker.emailAsync('jane@mail-ok.com')).domain_black_list_count).toBe(0);
    expect(dns.asked).toContain('A spammy-shop.com.dbl.test');
  });

  it('counts DNSBL listings of an IP over the configured zones and re-scores', async () => {
    const checker = createChecker({ providers: [provider({ reverse: false })] });
    const listed = await checker.ipAsync('192.0.2.99');
    expect(listed.black_list_count).toBe(1);
    expect(listed.reasons.find((r) => r.code === 'IP_BLACKLISTED')?.detail).toBe('on 1 list, reported by dns');
    expect((await checker.ipAsync('192.0.2.98')).black_list_count).toBe(0);
    expect(dns.asked).toEqual(expect.arrayContaining(['A 99.2.0.192.zen.test', 'A 99.2.0.192.spamcop.test']));
  });

  it('reports a refused block-list query as a failure, not a listing', async () => {
    const r = await createChecker({ providers: [provider({ reverse: false })] }).ipAsync('192.0.2.97');
    expect(r.black_list_count).toBeNull();
    expect(r.provider_errors).toEqual([expect.objectContaining({ provider: 'dns', code: 'PROVIDER_FAILED' })]);
    expect(r.provider_errors![0]!.message).toMatch(/zen\.test refused the query/);
  });

  it('keeps a reverse-DNS name only when it resolves back to the address (IPv4 and IPv6)', async () => {
    const checker = createChecker({ providers: [provider({ ipBlockLists: [] })] });
    expect((await checker.ipAsync('192.0.2.99')).hostname).toBe('host.example');
    expect((await checker.ipAsync('192.0.2.98')).hostname).toBeUndefined();
    expect((await checker.ipAsync('2001:db8::1')).hostname).toBe('v6.example');
  });

  it('turns SERVFAIL into a provider error (unknown, never "no mail")', async () => {
    const r = await createChecker({ providers: [provider()] }).emailAsync('jane@broken-dns.com');
    expect(r.status).toBe('undetermined');
    expect(r.provider_errors![0]).toMatchObject({ provider: 'dns', code: 'PROVIDER_FAILED' });
  });

  it('gives up on a resolver that stays silent, as a time-out', async () => {
    const r = await createChecker({ providers: [provider({ timeoutMs: 150 })] }).emailAsync('jane@silent-dns.com');
    expect(r.status).toBe('undetermined');
    expect(r.provider_errors![0]).toMatchObject({ provider: 'dns', code: 'PROVIDER_TIMEOUT' });
  });

  it('builds DNSBL labels: reversed octets, reversed IPv6 nibbles', () => {
    expect(reversedLabel('192.0.2.99', 4)).toBe('99.2.0.192');
    expect(reversedLabel('2001:db8::1', 6)).toBe('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2');
  });

  it('refuses a block-list zone that is not a DNS name', () => {
    expect(() => dnsProvider({ ipBlockLists: ['zen spamhaus'] })).toThrow(/is not a DNS zone/);
  });
});
