import { promises as dnsPromises } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { dnsMx, dnsProvider, fromEmailProvider, smtpProvider } from '../../src/providers/index.js';
import type { Provider } from '../../src/providers/index.js';
import { CANARY_ZONE, startDnsServer } from '../support/dnsServer.js';
import type { DnsAnswer, DnsServer } from '../support/dnsServer.js';

// A resolver that answers NXDOMAIN to every name (misconfigured, a captive
// portal's, an upstream that is down) must not make every address "invalid":
// the DNS providers check their resolver against names that must resolve
// (the big mail providers' MX) before they believe a "no such name". Real DNS
// servers (dns2) on 127.0.0.1: one broken, one silent, one captive, one
// healthy, and one whose zone a test changes.

let broken: DnsServer;
let silent: DnsServer;
let captive: DnsServer;
let healthy: DnsServer;
let changing: DnsServer;
const changingZone: Record<string, DnsAnswer> = {};
beforeAll(async () => {
  broken = await startDnsServer({});
  silent = await startDnsServer({}, 'SILENT');
  // A captive portal's resolver: its own address for every A question, nothing else.
  captive = await startDnsServer({}, [{ type: 'A', address: '10.1.2.3' }]);
  healthy = await startDnsServer({
    ...CANARY_ZONE,
    'corp.example': [{ type: 'MX', exchange: 'mx.corp.example', priority: 10 }],
    '2.0.0.127.zen.test': [{ type: 'A', address: '127.0.0.2' }],
  });
  changing = await startDnsServer(changingZone);
});
afterAll(async () => {
  await Promise.all([broken, silent, captive, healthy, changing].map((s) => s.close()));
});

const dns = (server: DnsServer, extra: Parameters<typeof dnsProvider>[0] = {}) =>
  dnsProvider({ servers: [server.address], ipBlockLists: ['zen.test'], timeoutMs: 1000, ...extra });

/** dnsMx with its resolvers pointed at `server` (its defaults use the process's resolver). */
function dnsMxAt(server: DnsServer, extra: Parameters<typeof dnsMx>[0] = {}): Provider {
  const resolver = new dnsPromises.Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([server.address]);
  return fromEmailProvider(dnsMx({ resolveMx: (d) => resolver.resolveMx(d), resolveAddress: (d) => resolver.resolve4(d), ...extra }));
}

const smtp = (server: DnsServer) => smtpProvider({ heloName: 'probe.test', from: 'probe@probe.test', servers: [server.address], port: 1, timeoutMs: 1000 });

const codes = (r: { reasons: readonly { code: string }[] }) => r.reasons.map((x) => x.code);

describe('a resolver that answers NXDOMAIN to every name: facts unknown, never "invalid"', () => {
  it.each([
    ['dnsProvider', () => dns(broken), 'dns'],
    ['dnsMx', () => dnsMxAt(broken), 'dns-mx'],
    ['smtpProvider', () => smtp(broken), 'smtp'],
  ])('%s: emailAsync(john.smith@gmail.com) keeps the offline result and reports the provider failed', async (_, make, name) => {
    const checker = createChecker({ providers: [make()] });
    const offline = checker.email('john.smith@gmail.com');
    const r = await checker.emailAsync('john.smith@gmail.com');
    expect(r.status).not.toBe('invalid');
    expect([r.status, r.is_valid, r.score]).toEqual([offline.status, offline.is_valid, offline.score]);
    expect(codes(r)).not.toContain('EMAIL_NO_MX');
    expect(r.provider_errors).toEqual([{ provider: name, code: 'PROVIDER_FAILED', message: expect.stringMatching(/gmail\.com, outlook\.com, yahoo\.com/) as string }]);
  });

  it.each([
    ['block lists and reverse DNS', {}],
    ['block lists alone', { reverse: false }],
    ['reverse DNS alone', { ipBlockLists: [] }],
  ])('dnsProvider: ipAsync (%s) gives no black_list_count (not 0) and no hostname, and says why', async (_, extra) => {
    const checker = createChecker({ providers: [dns(broken, extra)] });
    const offline = checker.ip('192.0.2.1');
    const r = await checker.ipAsync('192.0.2.1');
    expect(r.black_list_count).toBe(offline.black_list_count);
    expect(r.black_list_count).not.toBe(0);
    expect(r.hostname).toBeUndefined();
    expect(r.score).toBe(offline.score);
    expect(r.provider_errors).toEqual([{ provider: 'dns', code: 'PROVIDER_FAILED', message: expect.stringMatching(/does not resolve names that must resolve/) as string }]);
  });

  it('a resolver that times out: the same (a time-out, not "no mail")', async () => {
    const checker = createChecker({ providers: [dns(silent, { timeoutMs: 200 })] });
    const r = await checker.emailAsync('john.smith@gmail.com');
    expect(r.status).toBe(checker.email('john.smith@gmail.com').status);
    expect(r.provider_errors.map((e) => [e.provider, e.code])).toEqual([['dns', 'PROVIDER_TIMEOUT']]);
    const ip = await checker.ipAsync('192.0.2.1');
    expect(ip.black_list_count).not.toBe(0);
    expect(ip.provider_errors.map((e) => e.code)).toEqual(['PROVIDER_TIMEOUT']);
  });

  it('a captive resolver (one address for every name): a block-list answer outside 127.0.0.0/8 is a failure, not "not listed"', async () => {
    const r = await createChecker({ providers: [dns(captive, { reverse: false })] }).ipAsync('192.0.2.1');
    expect(r.black_list_count).not.toBe(0);
    expect(r.provider_errors).toEqual([{ provider: 'dns', code: 'PROVIDER_FAILED', message: expect.stringMatching(/10\.1\.2\.3.*not a block-list answer/) as string }]);
  });
});

describe('a healthy resolver: its "no such name" is believed, the canary asked once a while', () => {
  it('a domain that does not exist is invalid, an unlisted IP counts 0, with no provider errors', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const checker = createChecker({ now: () => now, providers: [dns(healthy, { reverse: false })] });
    const before = healthy.asked.length;
    const gone = await checker.emailAsync('jane@no-such-domain-xyz.com');
    expect([gone.status, codes(gone).includes('EMAIL_NO_MX'), gone.provider_errors]).toEqual(['invalid', true, []]);
    const ip = await checker.ipAsync('192.0.2.1');
    expect([ip.black_list_count, ip.provider_errors]).toEqual([0, []]);
    await checker.emailAsync('jane@also-gone-xyz.com');
    const canary = () => healthy.asked.slice(before).filter((q) => ['MX gmail.com', 'MX outlook.com', 'MX yahoo.com'].includes(q)).length;
    // One check (three names at once) for three lookups within the minute, on the checker's clock.
    expect(canary()).toBe(3);
    now = new Date(now.getTime() + 59_000);
    await checker.emailAsync('jane@gone-again-xyz.com');
    expect(canary()).toBe(3);
    now = new Date(now.getTime() + 2000);
    await checker.emailAsync('jane@gone-again-xyz.com');
    expect(canary()).toBe(6);
    // A clock that went back (a replay, another checker sharing the provider): checked again.
    now = new Date(now.getTime() - 10_000);
    await checker.emailAsync('jane@gone-again-xyz.com');
    expect(canary()).toBe(9);
  });

  it('a name that exists needs no canary: MX found is a fact whatever the resolver', async () => {
    const before = healthy.asked.length;
    const r = await createChecker({ providers: [dns(healthy, { canaryDomains: ['no-such-canary.test'] })] }).emailAsync('jane@corp.example');
    expect(r.provider_errors).toEqual([]);
    expect(healthy.asked.slice(before)).not.toContain('MX no-such-canary.test');
  });

  it('canaryDomains of your own (a resolver that only knows your names), and [] to turn the check off', async () => {
    const own = await createChecker({ providers: [dns(healthy, { canaryDomains: ['corp.example'] })] }).emailAsync('jane@no-such-domain-xyz.com');
    expect([own.status, own.provider_errors]).toEqual(['invalid', []]);
    const wrong = await createChecker({ providers: [dnsMxAt(healthy, { canaryDomains: ['no-such-canary.test'] })] }).emailAsync('jane@no-such-domain-xyz.com');
    expect(wrong.status).not.toBe('invalid');
    expect(wrong.provider_errors[0]!.message).toMatch(/no-such-canary\.test/);
    const off = await createChecker({ providers: [dns(broken, { canaryDomains: [] })] }).emailAsync('john.smith@gmail.com');
    expect(off.status).toBe('invalid');
  });

  it('a failed check is not kept: a resolver that is mended is believed at the next lookup', async () => {
    for (const key of Object.keys(changingZone)) delete changingZone[key];
    const checker = createChecker({ now: new Date('2030-01-01T00:00:00Z'), providers: [dns(changing)] });
    const down = await checker.emailAsync('jane@no-such-domain-xyz.com');
    expect(down.provider_errors.map((e) => e.code)).toEqual(['PROVIDER_FAILED']);
    Object.assign(changingZone, CANARY_ZONE);
    const up = await checker.emailAsync('jane@no-such-domain-xyz.com');
    expect([up.status, up.provider_errors]).toEqual(['invalid', []]);
  });

  it('refuses canary options that are not names or a time', () => {
    expect(() => dnsProvider({ canaryDomains: ['not a name'] })).toThrow(/canaryDomains/);
    expect(() => dnsProvider({ canaryTtlMs: -1 })).toThrow(/canaryTtlMs/);
    expect(() => dnsMx({ canaryDomains: 'gmail.com' as unknown as string[] })).toThrow(/canaryDomains/);
  });
});
