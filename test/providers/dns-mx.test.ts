import { createSocket } from 'node:dgram';
import type { Socket } from 'node:dgram';
import dns from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/index.js';
import { dnsMx } from '../../src/providers/index.js';

// dnsMx with its DEFAULT resolvers, answered by a small DNS server on
// 127.0.0.1 that this file starts: node's resolver is pointed at it for the
// duration of the file, so no query leaves the machine. Address look-ups
// (getaddrinfo) are only made for `localhost`, which /etc/hosts answers.

/** What the loopback server answers for an MX question about each name. */
const ZONE: Record<string, { rcode: number; mx?: readonly [number, string][] }> = {
  'mail.test': { rcode: 0, mx: [[10, 'mx1.mail.test'], [20, 'mx2.mail.test']] },
  'nullmx.test': { rcode: 0, mx: [[0, '']] }, // RFC 7505: one record, exchange "."
  'nomx.test': { rcode: 0, mx: [] }, // NOERROR without answers: ENODATA
  localhost: { rcode: 0, mx: [] },
  'gone.test': { rcode: 3 }, // NXDOMAIN: ENOTFOUND
  'broken.test': { rcode: 2 }, // SERVFAIL
  'refused.test': { rcode: 5 }, // REFUSED
  // A working resolver finds the big mail providers' MX: dnsMx believes its "no such name" only then.
  'gmail.com': { rcode: 0, mx: [[5, 'gmail-smtp-in.l.google.com']] },
};

function encodeName(name: string): Buffer {
  const labels = name === '' ? [] : name.split('.');
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')])), Buffer.from([0])]);
}

/** Answers one DNS query (RFC 1035 §4.1) from ZONE. */
function answer(query: Buffer): Buffer {
  let at = 12;
  const labels: string[] = [];
  while (query[at]! !== 0) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
    at += query[at]! + 1;
  }
  const question = query.subarray(12, at + 5); // name, its 0 byte, QTYPE, QCLASS
  const qtype = query.readUInt16BE(at + 1);
  const zone = ZONE[labels.join('.').toLowerCase()] ?? { rcode: 3 };
  const records = qtype === 15 && zone.rcode === 0 ? (zone.mx ?? []) : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the query's ID
  header.writeUInt16BE(0x8180 | zone.rcode, 2); // response, recursion desired and available
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const rrs = records.map(([preference, exchange]) => {
    const rdata = Buffer.concat([Buffer.from([preference >> 8, preference & 0xff]), encodeName(exchange)]);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // pointer to the question's name
    fixed.writeUInt16BE(15, 2); // MX
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6); // TTL
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, question, ...rrs]);
}

let server: Socket;
let savedServers: string[];
let savedPromiseServers: string[];

beforeAll(async () => {
  server = createSocket('udp4');
  server.on('message', (msg, peer) => server.send(answer(msg), peer.port, peer.address));
  await new Promise<void>((ok) => server.bind(0, '127.0.0.1', ok));
  const address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  savedServers = dns.getServers();
  savedPromiseServers = dns.promises.getServers();
  dns.setServers([address]);
  dns.promises.setServers([address]);
});

afterAll(async () => {
  dns.setServers(savedServers);
  dns.promises.setServers(savedPromiseServers);
  await new Promise<void>((ok) => server.close(() => ok()));
});

const ask = (domain: string, options: Parameters<typeof dnsMx>[0] = {}) =>
  dnsMx(options).enrichEmail(`jane@${domain}`, { domain, signal: new AbortController().signal });

describe('dnsMx with the default resolvers (loopback DNS server)', () => {
  it('reports mx true for a domain with MX records', async () => {
    expect(await ask('mail.test')).toEqual({ mx: true });
  });

  it('reports mx false for a null MX (RFC 7505)', async () => {
    expect(await ask('nullmx.test')).toEqual({ mx: false });
  });

  it('falls back to the address record (implicit MX, RFC 5321 §5.1) when there is no MX', async () => {
    expect(await ask('localhost')).toEqual({ mx: true });
  });

  it('reports mx false when the name has no MX and no address', async () => {
    expect(await ask('nomx.test', { resolveAddress: async () => [] })).toEqual({ mx: false });
    const nxAddress = async (): Promise<readonly string[]> => Promise.reject(Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(await ask('gone.test', { resolveAddress: nxAddress })).toEqual({ mx: false });
  });

  it('takes "no mail" for a failure when the resolver does not find the canary either', async () => {
    const error = await ask('gone.test', { canaryDomains: ['gone-too.test'], resolveAddress: async () => [] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', provider: 'dns-mx' });
    expect((error as Error).message).toMatch(/no MX for any of gone-too\.test \(gone-too\.test: ENOTFOUND\)/);
  });

  it.each(['broken.test', 'refused.test'])('turns a resolver failure for %s into a ProviderError: unknown, not "no"', async (domain) => {
    const error = await ask(domain, { resolveAddress: async () => ['192.0.2.1'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED', provider: 'dns-mx' });
    expect((error as Error).message).toMatch(new RegExp(`^MX lookup of ${domain.replace('.', '\\.')} failed: `));
  });

  it('turns a failing address look-up (other than "no such name") into a ProviderError', async () => {
    const failing = async (): Promise<readonly string[]> => Promise.reject(Object.assign(new Error('queryA ETIMEOUT'), { code: 'ETIMEOUT' }));
    const error = await ask('nomx.test', { resolveAddress: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe('address lookup of nomx.test failed: queryA ETIMEOUT');
  });

  it('is named dns-mx and allows 3000 ms unless told otherwise', () => {
    expect(dnsMx()).toMatchObject({ name: 'dns-mx', timeoutMs: 3000 });
    expect(dnsMx({ timeoutMs: 250 }).timeoutMs).toBe(250);
  });
});
