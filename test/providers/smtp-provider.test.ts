import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker, InputError } from '../../src/index.js';
import { smtpProvider } from '../../src/providers/index.js';
import { startDnsServer } from '../support/dnsServer.js';
import type { DnsServer } from '../support/dnsServer.js';

// Real SMTP servers (smtp-server) on 127.0.0.1, one per behaviour; a DNS
// server on loopback points each test domain's MX at 127.0.0.1. All servers
// share one port number space, so each domain's "port 25" is its own server:
// the provider is built per domain with that server's port.

type Behaviour = 'accept-known' | 'reject' | 'accept-all' | 'greylist';

interface Smtp {
  readonly port: number;
  readonly rcpts: string[];
  readonly data: number;
  close(): Promise<void>;
}

async function smtp(behaviour: Behaviour): Promise<Smtp> {
  const rcpts: string[] = [];
  let data = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      rcpts.push(address.address);
      const known = address.address.startsWith('jane@');
      if (behaviour === 'accept-all' || (behaviour === 'accept-known' && known)) return callback();
      const error = Object.assign(new Error(behaviour === 'greylist' ? 'Greylisted, try again later' : 'No such user'), {
        responseCode: behaviour === 'greylist' ? 451 : 550,
      });
      return callback(error);
    },
    onData(stream, _session, callback) {
      data += 1;
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port;
  return { port, rcpts, get data() { return data; }, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

let dns: DnsServer;
const servers: Smtp[] = [];
let silent: Server;
let silentPort: number;

beforeAll(async () => {
  dns = await startDnsServer({
    'acme-widgets.com': [{ type: 'MX', exchange: 'mx.acme-widgets.com', priority: 10 }],
    'mx.acme-widgets.com': [{ type: 'A', address: '127.0.0.1' }],
    'nullmx-co.com': [{ type: 'MX', exchange: '', priority: 0 }],
  });
  // A server that accepts the connection and never says a word.
  silent = createTcpServer(() => {});
  await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await new Promise<void>((ok) => silent.close(() => ok()));
  await dns.close();
});

const probeWith = (port: number, extra: Partial<Parameters<typeof smtpProvider>[0]> = {}) =>
  createChecker({ providers: [smtpProvider({ heloName: 'probe.test-host.org', from: 'probe@test-host.org', port, servers: [dns.address], timeoutMs: 2000, ...extra })] });

async function server(behaviour: Behaviour): Promise<Smtp> {
  const s = await smtp(behaviour);
  servers.push(s);
  return s;
}

describe('smtpProvider against SMTP servers on loopback', () => {
  it('marks an accepted address deliverable when a random address is refused, and sends no message', async () => {
    const s = await server('accept-known');
    const r = await probeWith(s.port).emailAsync('jane@acme-widgets.com');
    expect([r.status, r.is_valid, r.provider_errors]).toEqual(['deliverable', true, []]);
    expect(s.rcpts[0]).toBe('jane@acme-widgets.com');
    expect(s.rcpts[1]).toMatch(/^[0-9a-f]{20}@acme-widgets\.com$/);
    expect(s.data).toBe(0);
  });

  it('marks a refused address invalid (550)', async () => {
    const s = await server('reject');
    const r = await probeWith(s.port).emailAsync('bob@acme-widgets.com');
    expect([r.status, r.is_valid]).toEqual(['invalid', false]);
    expect(r.reasons.map((x) => x.code)).toContain('EMAIL_MAILBOX_REJECTED');
  });

  it('marks a server that accepts any recipient accept-all', async () => {
    const s = await server('accept-all');
    const r = await probeWith(s.port).emailAsync('jane@acme-widgets.com');
    expect([r.status, r.is_valid]).toEqual(['accept-all', null]);
  });

  it('leaves a greylisted address undetermined, with the reason in provider_errors', async () => {
    const s = await server('greylist');
    const r = await probeWith(s.port).emailAsync('jane@acme-widgets.com');
    expect([r.status, r.is_valid]).toEqual(['undetermined', null]);
    expect(r.provider_errors![0]!.message).toMatch(/RCPT TO answered 451 .*Greylisted.*undetermined/);
  });

  it('gives up on a silent server as a time-out, undetermined', async () => {
    const r = await probeWith(silentPort, { timeoutMs: 300 }).emailAsync('jane@acme-widgets.com');
    expect(r.status).toBe('undetermined');
    expect(r.provider_errors![0]!.code).toMatch(/PROVIDER_(TIMEOUT|FAILED)/);
  });

  it('says "no mail" for a null MX without connecting', async () => {
    const r = await probeWith(1).emailAsync('jane@nullmx-co.com');
    expect(r.status).toBe('invalid');
  });

  it('caches verdicts by address and holds at most perDomainConcurrency conversations with one domain', async () => {
    let open = 0;
    let most = 0;
    const counting = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        open += 1;
        most = Math.max(most, open);
        callback();
      },
      onClose() {
        open -= 1;
      },
      onRcptTo(address, _session, callback) {
        // Hold each answer a little so conversations overlap if nothing limits them.
        setTimeout(() => callback(address.address.startsWith('jane') ? undefined : Object.assign(new Error('no'), { responseCode: 550 })), 30);
      },
    });
    await new Promise<void>((ok) => counting.listen(0, '127.0.0.1', ok));
    const port = ((counting as unknown as { server: Server }).server.address() as AddressInfo).port;
    try {
      const checker = probeWith(port, { perDomainConcurrency: 1 });
      const addresses = ['jane1@acme-widgets.com', 'jane2@acme-widgets.com', 'jane3@acme-widgets.com', 'jane1@acme-widgets.com'];
      const results = await Promise.all(addresses.map((a) => checker.emailAsync(a)));
      expect(results.map((r) => r.status)).toEqual(['deliverable', 'deliverable', 'deliverable', 'deliverable']);
      expect(most).toBe(1);
      const before = open;
      expect((await checker.emailAsync('JANE2@acme-widgets.com')).status).toBe('deliverable');
      expect(open).toBe(before);
    } finally {
      await new Promise<void>((ok) => counting.close(() => ok()));
    }
  });

  it('refuses a bad heloName or from', () => {
    expect(() => smtpProvider({ heloName: 'bad name', from: 'a@b.org' })).toThrow(InputError);
    expect(() => smtpProvider({ heloName: 'ok.org', from: 'nobody' })).toThrow(/from must be an address/);
  });
});
