import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProviders, smtpProvider } from '../../src/providers/index.js';
import type { ProvidersOutcome, SmtpProviderOptions } from '../../src/providers/index.js';
import { startDnsServer } from '../support/dnsServer.js';
import type { DnsServer } from '../support/dnsServer.js';

// What a checker hands a lookup: the instant of the check (these providers do not read it).
const LOOKUP_NOW = new Date('2026-01-01T00:00:00Z');

// A scripted SMTP server on 127.0.0.1 (a bare TCP server, so that it can say
// what no real server library would: multi-line replies of any shape, a
// 64 KiB line, 251, a hang-up) and a DNS server on loopback pointing the test
// domains' MX at it. The provider is asked through runProviders, as the
// checks ask it.

/** What the server answers to one command line: a reply (its lines with their CRLF), `hang-up`, or nothing at all (`null`). */
type Script = (command: string) => string | 'hang-up' | null;

interface ScriptedSmtp {
  readonly port: number;
  /** Every command line received. */
  readonly heard: string[];
  /** Resolves when the server sees the client's connection close. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

const servers: Server[] = [];

async function scriptedSmtp(greeting: string, script: Script): Promise<ScriptedSmtp> {
  const heard: string[] = [];
  let sawClose: () => void = () => {};
  const closed = new Promise<void>((ok) => (sawClose = ok));
  const server = createServer((socket: Socket) => {
    socket.on('close', () => sawClose());
    socket.on('error', () => undefined);
    socket.write(greeting);
    let buffer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        heard.push(line);
        const answer = script(line);
        if (answer === 'hang-up') socket.destroy();
        else if (answer !== null) socket.write(answer);
      }
    });
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { port: (server.address() as AddressInfo).port, heard, closed, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

/** A well-behaved server: knows jane@, refuses any other mailbox with 550; `overrides` answer first (`silence`: no answer). */
const polite =
  (overrides: (command: string) => string | 'hang-up' | 'silence' | null = () => null): Script =>
  (command) => {
    const own = overrides(command);
    if (own === 'silence') return null;
    if (own !== null) return own;
    if (/^(?:EHLO|HELO|MAIL FROM)/i.test(command)) return '250 ok\r\n';
    if (command.startsWith('RCPT TO:<jane@')) return '250 ok\r\n';
    if (command.startsWith('RCPT TO:')) return '550 no such user\r\n';
    return null;
  };

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    'loop-mail.com': [{ type: 'MX', exchange: 'mx.loop-mail.com', priority: 10 }],
    'mx.loop-mail.com': [{ type: 'A', address: '127.0.0.1' }],
    // Three MX listed worst first: only the best (lowest preference) leads to the server; the others to addresses nothing listens on.
    'prio-mail.com': [
      { type: 'MX', exchange: 'mx30.prio-mail.com', priority: 30 },
      { type: 'MX', exchange: 'mx10.prio-mail.com', priority: 10 },
      { type: 'MX', exchange: 'mx20.prio-mail.com', priority: 20 },
    ],
    'mx30.prio-mail.com': [{ type: 'A', address: '127.0.0.2' }],
    'mx10.prio-mail.com': [{ type: 'A', address: '127.0.0.1' }],
    'mx20.prio-mail.com': [{ type: 'A', address: '127.0.0.3' }],
    // No MX, an address: the implicit MX (RFC 5321 §5.1).
    'implicit-mail.com': [{ type: 'A', address: '127.0.0.1' }],
    // An MX whose host has no address: a broken setup, not "no mail".
    'dangling-mx.com': [{ type: 'MX', exchange: 'gone.dangling-mx.com', priority: 10 }],
    'silent-mail.com': 'SILENT',
  });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((ok) => s.close(() => ok()))));
  await dns.close();
});

const probe = (port: number, email: string, extra: Partial<SmtpProviderOptions> = {}, signal?: AbortSignal): Promise<ProvidersOutcome> => {
  // The domain as the e-mail check parses it (an address the provider must refuse still has one).
  const domain = /@([a-z0-9.-]+)/.exec(email)![1]!;
  const provider = smtpProvider({ heloName: 'probe.test-host.org', from: 'probe@test-host.org', port, servers: [dns.address], timeoutMs: 5000, ...extra });
  return runProviders({ product: 'email', value: email, email, domain }, [provider], signal === undefined ? {} : { signal });
};

describe('smtpProvider: which server it talks to', () => {
  it('talks to the MX with the lowest preference, whatever order DNS lists them in', async () => {
    const s = await scriptedSmtp('220 mx10 ready\r\n', polite());
    const out = await probe(s.port, 'jane@prio-mail.com');
    expect([out.facts, out.errors]).toEqual([{ mx: true, deliverable: true, accept_all: false }, []]);
  });

  it('talks to the domain itself when it has no MX but an address (implicit MX)', async () => {
    const s = await scriptedSmtp('220 ready\r\n', polite());
    const out = await probe(s.port, 'jane@implicit-mail.com');
    expect([out.facts, out.errors]).toEqual([{ mx: true, deliverable: true, accept_all: false }, []]);
    expect(s.heard).toContain('RCPT TO:<jane@implicit-mail.com>');
  });

  it('reports an MX host without an address as a failure, not as a domain without mail', async () => {
    const out = await probe(1, 'jane@dangling-mx.com');
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.code, e.message])).toEqual([['PROVIDER_FAILED', expect.stringMatching(/gone\.dangling-mx\.com/)]]);
  });

  it('asks a silent resolver once and gives up by itself at timeoutMs', async () => {
    const provider = smtpProvider({ heloName: 'probe.test-host.org', from: 'probe@test-host.org', port: 1, servers: [dns.address], timeoutMs: 300 });
    const input = { product: 'email', value: 'jane@silent-mail.com', email: 'jane@silent-mail.com', domain: 'silent-mail.com' } as const;
    await expect(provider.lookup(input, { signal: new AbortController().signal, now: LOOKUP_NOW })).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(dns.asked.filter((q) => q.endsWith(' silent-mail.com'))).toEqual(['MX silent-mail.com']);
  });
});

describe('smtpProvider: the conversation', () => {
  it('says HELO when the server refuses EHLO (5xx), and goes on', async () => {
    const s = await scriptedSmtp('220 old server\r\n', polite((c) => (c.startsWith('EHLO') ? '502 command not implemented\r\n' : null)));
    const out = await probe(s.port, 'jane@loop-mail.com');
    expect([out.facts, out.errors]).toEqual([{ mx: true, deliverable: true, accept_all: false }, []]);
    expect(s.heard.slice(0, 2)).toEqual(['EHLO probe.test-host.org', 'HELO probe.test-host.org']);
  });

  it('reads multi-line replies (250-… then 250 …) as one reply', async () => {
    const ehlo = '250-loop.test greets you\r\n250-SIZE 35882577\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n';
    const s = await scriptedSmtp('220-loop.test ESMTP\r\n220 no UCE\r\n', polite((c) => (c.startsWith('EHLO') ? ehlo : null)));
    const out = await probe(s.port, 'jane@loop-mail.com');
    expect([out.facts, out.errors]).toEqual([{ mx: true, deliverable: true, accept_all: false }, []]);
  });

  it("quotes a multi-line refusal's text, its lines joined, in the error", async () => {
    const busy = polite((c) => (c.startsWith('RCPT') ? '450-4.2.1 mailbox busy\r\n450 4.2.1 try again later\r\n' : null));
    const s = await scriptedSmtp('220 ready\r\n', busy);
    const out = await probe(s.port, 'jane@loop-mail.com');
    expect(out.facts).toEqual({});
    expect(out.errors[0]!.message).toContain('RCPT TO answered 450 "4.2.1 mailbox busy 4.2.1 try again later"');
  });

  it('takes 251 (user not local, will forward) as an accepted address', async () => {
    const s = await scriptedSmtp('220 ready\r\n', polite((c) => (c.startsWith('RCPT TO:<jane@') ? '251 user not local; will forward\r\n' : null)));
    const out = await probe(s.port, 'jane@loop-mail.com');
    expect([out.facts, out.errors]).toEqual([{ mx: true, deliverable: true, accept_all: false }, []]);
  });

  it('leaves the address undetermined when the server refuses service at the greeting (554), asking nothing', async () => {
    const s = await scriptedSmtp('554 no service for you\r\n', () => '503 bad sequence of commands\r\n');
    const out = await probe(s.port, 'bob@loop-mail.com');
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.code, e.message])).toEqual([['PROVIDER_FAILED', expect.stringMatching(/greeting answered 554/)]]);
    expect(s.heard.filter((c) => c.startsWith('RCPT'))).toEqual([]);
  });

  it('takes a reply line of 64 KiB (with its CRLF) and refuses a longer one', async () => {
    const line = (bytes: number) => `220 ${'x'.repeat(bytes - 6)}\r\n`;
    const fits = await scriptedSmtp(line(65_536), polite());
    expect((await probe(fits.port, 'jane@loop-mail.com')).facts).toEqual({ mx: true, deliverable: true, accept_all: false });
    const over = await scriptedSmtp(line(65_537), polite());
    const out = await probe(over.port, 'jane@loop-mail.com');
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.code, e.message])).toEqual([['PROVIDER_FAILED', expect.stringMatching(/64 KiB/)]]);
  });

  it('fails at once, saying so, when the server hangs up mid-conversation', async () => {
    const s = await scriptedSmtp('220 ready\r\n', polite((c) => (c.startsWith('MAIL FROM') ? 'hang-up' : null)));
    // A limit far beyond the test's: only noticing the hang-up ends the lookup.
    const out = await probe(s.port, 'jane@loop-mail.com', { timeoutMs: 600_000 });
    expect(out.facts).toEqual({});
    expect(out.errors.map((e) => [e.code, e.message])).toEqual([['PROVIDER_FAILED', expect.stringMatching(/connection closed/)]]);
  });

  it("closes the connection when the caller aborts, without waiting for the server's answer", async () => {
    const s = await scriptedSmtp('220 ready\r\n', polite((c) => (c.startsWith('MAIL FROM') ? 'silence' : null)));
    const caller = new AbortController();
    // The server never answers MAIL FROM; the limits are far beyond the test's, so only the abort ends the conversation.
    const call = probe(s.port, 'jane@loop-mail.com', { timeoutMs: 600_000 }, caller.signal);
    while (!s.heard.some((c) => c.startsWith('MAIL FROM'))) await new Promise((ok) => setTimeout(ok, 10));
    caller.abort(new Error('caller gave up'));
    await expect(call).rejects.toThrow('caller gave up');
    await s.closed;
  });
});

describe('smtpProvider: what it never sends', () => {
  it('answers nothing, asking nobody, about an input of another product', async () => {
    const s = await scriptedSmtp('220 ready\r\n', polite());
    const provider = smtpProvider({ heloName: 'probe.test-host.org', from: 'probe@test-host.org', port: s.port, servers: [dns.address] });
    const ip = { product: 'ip', value: '127.0.0.1', ip: '127.0.0.1', version: 4 } as const;
    expect(await provider.lookup(ip, { signal: new AbortController().signal, now: LOOKUP_NOW })).toEqual({});
    expect(dns.asked.filter((q) => q.includes('127.0.0.1'))).toEqual([]);
  });

  it.each([
    ['a CR LF and a second command after the address', 'jane@loop-mail.com\r\nVRFY root'],
    ['a command before a CR LF and the address', 'VRFY root\r\njane@loop-mail.com'],
    ['an angle bracket closing the path early', 'jane@loop-mail.com>RSET'],
    ['an angle bracket before the address', 'x<jane@loop-mail.com'],
  ])('an address with %s: nothing is asked', async (_what, email) => {
    const s = await scriptedSmtp('220 ready\r\n', polite());
    const out = await probe(s.port, email);
    expect([out.facts, out.errors, out.answered]).toEqual([{}, [], ['smtp']]);
    expect(s.heard).toEqual([]);
  });
});
