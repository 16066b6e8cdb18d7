import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, ProviderError } from '../../src/index.js';
import { dnsProvider, runProviders } from '../../src/providers/index.js';
import type { ProviderInput } from '../../src/providers/index.js';
import { CANARY_ZONE, startDnsServer } from '../support/dnsServer.js';
import type { DnsServer } from '../support/dnsServer.js';

// What a checker hands a lookup: the instant of the check (these providers do not read it).
const LOOKUP_NOW = new Date('2026-01-01T00:00:00Z');

// dnsProvider against a DNS server on loopback (dns2), for the answers that
// decide between "yes", "no" and "unknown": what a block-list answer means,
// which MX failures are "no mail", a missing PTR, and a lookup's own limits
// (one try per query, cancelled on abort).

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    // A working resolver: it finds the big mail providers' MX, so its "no such name" is believed.
    ...CANARY_ZONE,
    // MX only, no address of its own.
    'mx-only.com': [{ type: 'MX', exchange: 'mx.mx-only.com', priority: 10 }],
    // The MX query fails (SERVFAIL) though the domain has an address: unknown, not the implicit MX.
    'MX broken-mx.com': 'SERVFAIL',
    'broken-mx.com': [{ type: 'A', address: '192.0.2.8' }],
    'silent-dns.com': 'SILENT',
    // 192.0.2.10: a listing answer and a Spamhaus refusal code together; 192.0.2.11: an answer outside 127/8 (a captive portal's address).
    '10.2.0.192.zen.test': [
      { type: 'A', address: '127.0.0.2' },
      { type: 'A', address: '127.255.255.254' },
    ],
    '11.2.0.192.zen.test': [{ type: 'A', address: '192.0.2.200' }],
  });
});
afterAll(async () => {
  await dns.close();
});

const email = (address: string): ProviderInput => ({ product: 'email', value: address, email: address, domain: address.slice(address.indexOf('@') + 1) });
const ip = (address: string): ProviderInput => ({ product: 'ip', value: address, ip: address, version: 4 });
const provider = (extra: Parameters<typeof dnsProvider>[0] = {}) => dnsProvider({ servers: [dns.address], ipBlockLists: ['zen.test'], timeoutMs: 2000, ...extra });

describe('dnsProvider: what an answer means', () => {
  it('takes MX records as mail, without asking for the address', async () => {
    const out = await runProviders(email('jane@mx-only.com'), [provider()]);
    expect([out.facts, out.errors]).toEqual([{ mx: true }, []]);
    expect(dns.asked.filter((q) => q.endsWith(' mx-only.com'))).toEqual(['MX mx-only.com']);
  });

  it('reports a failed MX query as unknown even when the domain has an address', async () => {
    const out = await runProviders(email('jane@broken-mx.com'), [provider()]);
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.code, e.message])).toEqual([['PROVIDER_FAILED', expect.stringMatching(/MX lookup of broken-mx\.com/)]]);
  });

  it('reports a block-list answer carrying a refusal code (127.255.255.x) as a failure, even beside a listing code', async () => {
    const out = await runProviders(ip('192.0.2.10'), [provider({ reverse: false })]);
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.code, e.message])).toEqual([['PROVIDER_FAILED', expect.stringMatching(/zen\.test refused the query/)]]);
  });

  it('takes a block-list answer outside 127.0.0.0/8 for no answer of a block list (a resolver that answers every name): a failure, not "not listed"', async () => {
    const out = await runProviders(ip('192.0.2.11'), [provider({ reverse: false })]);
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.code, e.message])).toEqual([['PROVIDER_FAILED', expect.stringMatching(/zen\.test answered 192\.0\.2\.200, not a block-list answer/)]]);
  });

  it('leaves hostname out, with no error, for an address without a PTR record', async () => {
    const out = await runProviders(ip('192.0.2.12'), [provider({ ipBlockLists: [] })]);
    expect([out.facts, out.errors, out.answered]).toEqual([{}, [], ['dns']]);
    expect(dns.asked).toContain('PTR 12.2.0.192.in-addr.arpa');
  });

  it('declares domain_black_list_count only when domain block lists are configured', () => {
    expect(provider().fields.email).toEqual(['mx']);
    expect(provider({ domainBlockLists: ['dbl.test'] }).fields.email).toEqual(['mx', 'domain_black_list_count']);
    expect(provider({ reverse: false }).fields.ip).toEqual(['black_list_count']);
  });

  it('refuses a zone that is not a DNS name as an INPUT_OPTION error on ipBlockLists', () => {
    const thrown = (() => {
      try {
        dnsProvider({ domainBlockLists: ['dbl spamhaus'] });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(InputError);
    expect(thrown).toMatchObject({ code: 'INPUT_OPTION', field: 'ipBlockLists' });
  });
});

describe("dnsProvider: a lookup's own limits", () => {
  it('asks a silent resolver once per query and gives up by itself at timeoutMs', async () => {
    const lookup = provider({ timeoutMs: 300 }).lookup(email('jane@silent-dns.com'), { signal: new AbortController().signal, now: LOOKUP_NOW });
    await expect(lookup).rejects.toBeInstanceOf(ProviderError);
    await expect(lookup).rejects.toMatchObject({ code: 'PROVIDER_FAILED', cause: { code: 'ETIMEOUT' } });
    expect(dns.asked.filter((q) => q.endsWith(' silent-dns.com'))).toEqual(['MX silent-dns.com']);
  });

  it('cancels its queries when its signal aborts', async () => {
    const controller = new AbortController();
    const asked = dns.asked.length;
    const lookup = provider({ timeoutMs: 2000 }).lookup(email('jane@silent-dns.com'), { signal: controller.signal, now: LOOKUP_NOW });
    lookup.catch(() => undefined);
    while (dns.asked.length === asked) await new Promise((ok) => setTimeout(ok, 5));
    controller.abort();
    await expect(lookup).rejects.toMatchObject({ code: 'PROVIDER_FAILED', cause: { code: 'ECANCELLED' } });
  });
});
