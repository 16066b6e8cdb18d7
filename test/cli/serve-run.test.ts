import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serve, serveCommand } from '../../src/cli/serve.js';
import { parseCommandLine } from '../../src/cli/args.js';
import { createChecker } from '../../src/index.js';
import { signWebhook } from '../../src/server/index.js';
import { scratchFolders } from '../support/scratch.js';
import { startServeBin } from '../support/serveBin.js';

// `identity-signals serve` as deployed: a config file, environment over it,
// webhooks, and (as a real process) SIGTERM with requests in flight and
// SIGHUP reloading the keys.

const { root: scratch } = scratchFolders('identity-signals-serve-');
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const IP_BODY = JSON.stringify({ customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' });

/** Runs serveCommand in-process with `argv`, calls `whileListening(port)`, then stops it. */
async function serveWith(argv: string[], env: Record<string, string>, whileListening: (port: number) => Promise<void>) {
  const stop = new AbortController();
  const out: string[] = [];
  const err: string[] = [];
  let served: Promise<void> = Promise.resolve();
  const line = parseCommandLine(['serve', ...argv]);
  const code = await serveCommand(line.flags, {
    out: (l) => out.push(l),
    err: (l) => {
      err.push(l);
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(l);
      if (match) served = whileListening(Number(match[1])).finally(() => stop.abort());
    },
    stdin: Readable.from(['']),
    env: { IDENTITY_SIGNALS_DATA_WARN: 'off', ...env },
    signal: stop.signal,
  });
  await served;
  return { code, out, err };
}

const postIp = (port: number, key: string) =>
  fetch(`http://127.0.0.1:${port}/1.0/ip`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: IP_BODY });

describe('serve: config file and environment', () => {
  it('takes keys with their own limits and products from --config, keys from the environment too, and logs JSON lines to stdout', async () => {
    const file = join(scratch, 'server.json');
    writeFileSync(
      file,
      JSON.stringify({
        host: '127.0.0.1',
        logLevel: 'info',
        keys: [{ key: 'file-key', name: 'partner-a', rateLimit: { perSecond: 1, burst: 2 }, products: ['ip'] }],
        timeouts: { headersMs: 5000, shutdownMs: 2000 },
      }),
    );
    const statuses: number[] = [];
    let forbidden = 0;
    const { code, out } = await serveWith(['--config', file, '--port', '0'], { IDENTITY_SIGNALS_API_KEYS: 'env-key' }, async (port) => {
      for (let i = 0; i < 3; i++) statuses.push((await postIp(port, 'file-key')).status);
      statuses.push((await postIp(port, 'env-key')).status);
      const name = await fetch(`http://127.0.0.1:${port}/1.0/name`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'file-key' },
        body: JSON.stringify({ customer_id: CUSTOMER, claims: ['name'], first_name: 'A', last_name: 'B' }),
      });
      forbidden = name.status;
    });
    expect(code).toBe(0);
    expect(statuses).toEqual([200, 200, 429, 200]);
    expect(forbidden).toBe(403);
    const lines = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === 'request').map((l) => l.key)).toEqual(['partner-a', 'partner-a', 'partner-a', expect.stringMatching(/^[0-9a-f]{16}$/), 'partner-a']);
    expect(lines.at(-1)).toMatchObject({ msg: 'stopped', forced: false });
    expect(out.join('\n')).not.toContain('file-key');
  });

  it.each([
    [{ prot: 8080 }, 'config file FILE: unknown setting "prot"'],
    [{ timeouts: { headersMs: -1 } }, 'config file FILE: timeouts.headersMs must be >= 0'],
    [{ keys: [{ key: 'k', products: ['fax'] }] }, 'config file FILE: keys.0.products.0'],
  ])('refuses a config with a bad setting (a UsageError: exit 2), naming it: %j', async (config, message) => {
    const file = join(scratch, 'bad.json');
    writeFileSync(file, JSON.stringify(config));
    await expect(serveWith(['--config', file], {}, async () => {})).rejects.toThrow(message.replace('FILE', file));
  });

  it('refuses a bad environment value naming the variable', async () => {
    await expect(serveWith([], { IDENTITY_SIGNALS_API_KEYS: 'k', IDENTITY_SIGNALS_HEADERS_TIMEOUT_MS: 'soon' }, async () => {})).rejects.toThrow(
      'IDENTITY_SIGNALS_HEADERS_TIMEOUT_MS must be a whole number ≥ 0, got "soon"',
    );
  });
});

describe('serve: webhooks', () => {
  it('sends the enriched email to webhook_url, signed with the key\'s own secret, when the checker has providers', async () => {
    const received: { body: string; signature: string }[] = [];
    let arrived: () => void = () => {};
    const got = new Promise<void>((ok) => (arrived = ok));
    const receiver = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['x-signature']) });
        res.writeHead(204).end();
        arrived();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const checker = createChecker({ providers: [{ name: 'social', enrichEmail: async () => ({ has_linkedin: true }) }] });
    const stop = new AbortController();
    let status = 0;
    try {
      const code = await serve(
        checker,
        [{ key: 'k', webhookSecret: 'key-secret' }],
        0,
        '127.0.0.1',
        {
          out: () => {},
          err: (line) => {
            const match = /:(\d+)\/1\.0/.exec(line);
            if (!match) return;
            void (async () => {
              const res = await fetch(`http://127.0.0.1:${match[1]}/1.0/email`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
                body: JSON.stringify({ customer_id: CUSTOMER, claims: ['email'], email: 'jane@acme-widgets.com', webhook_url: hook }),
              });
              status = res.status;
              await got;
              stop.abort();
            })();
          },
          stdin: Readable.from(['']),
          env: { IDENTITY_SIGNALS_DATA_WARN: 'off' },
          signal: stop.signal,
        },
        { config: { webhook: { allowPrivateTargets: true } }, webhooks: true },
      );
      expect(code).toBe(0);
    } finally {
      await new Promise((ok) => receiver.close(ok));
    }
    expect(status).toBe(200);
    expect(received).toHaveLength(1);
    const t = Number(/^t=(\d+)/.exec(received[0]!.signature)![1]);
    expect(received[0]!.signature).toBe(signWebhook(received[0]!.body, 'key-secret', t));
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'email.enriched', customer_id: CUSTOMER, email: { has_linkedin: true } });
  });
});

// The built bin as a service manager runs it (npm test builds first; in a focused run, `npm run build` first).
describe('serve as a process: signals', () => {
  function startServe(env: Record<string, string>, args: string[] = []) {
    return startServeBin(args, env);
  }

  /** Resolves when every socket of a slow request is connected. */
  const connected: Promise<void>[] = [];

  /** A request whose body arrives in two parts, the second after `between()` resolves. */
  function slowRequest(port: number, between: () => Promise<void>) {
    return new Promise<{ status: number; body: string }>((ok, fail) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/1.0/ip', headers: { 'content-type': 'application/json', 'x-api-key': 'k1', 'content-length': Buffer.byteLength(IP_BODY) } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => ok({ status: res.statusCode!, body }));
      });
      req.on('error', fail);
      connected.push(new Promise((up) => req.once('socket', (socket) => socket.once('connect', () => up()))));
      req.write(IP_BODY.slice(0, 20));
      void between().then(() => req.end(IP_BODY.slice(20)));
    });
  }

  it('SIGTERM: stops accepting, answers the requests in flight, exits 0', async () => {
    const s = startServe({ IDENTITY_SIGNALS_API_KEYS: 'k1', IDENTITY_SIGNALS_SHUTDOWN_TIMEOUT_MS: '10000' });
    const port = await s.port;
    expect((await postIp(port, 'k1')).status).toBe(200);
    let signalled: () => void = () => {};
    const afterSignal = new Promise<void>((ok) => (signalled = ok));
    // Three requests are in flight (headers and half a body sent) when the signal comes.
    connected.length = 0;
    const inFlight = [slowRequest(port, () => afterSignal), slowRequest(port, () => afterSignal), slowRequest(port, () => afterSignal)];
    // Connected, then time for the server to read the headers (a busy machine may need it).
    await Promise.all(connected);
    await new Promise((ok) => setTimeout(ok, 500));
    s.child.kill('SIGTERM');
    await expect.poll(() => s.stdout().includes('shutting down'), { timeout: 5000 }).toBe(true);
    // No new connection is accepted any more.
    await expect(postIp(port, 'k1')).rejects.toThrow();
    signalled();
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ claims: ['ip'] });
    expect(await s.done).toEqual({ code: 0, signal: null });
    expect(s.stdout()).toContain('"msg":"stopped"');
  });

  it('SIGTERM: a request that never finishes is cut at the shutdown deadline, and the process still exits 0', async () => {
    const s = startServe({ IDENTITY_SIGNALS_API_KEYS: 'k1', IDENTITY_SIGNALS_SHUTDOWN_TIMEOUT_MS: '500' });
    const port = await s.port;
    connected.length = 0;
    const stuck = slowRequest(port, () => new Promise(() => {})).catch((error: Error) => error);
    await Promise.all(connected);
    await new Promise((ok) => setTimeout(ok, 500));
    s.child.kill('SIGTERM');
    expect(await s.done).toEqual({ code: 0, signal: null });
    expect(await stuck).toBeInstanceOf(Error);
    expect(s.stdout()).toMatch(/"forced":true/);
  });

  it('SIGHUP: reads the keys file again; the new key works and the removed one is refused', async () => {
    const keysFile = join(scratch, 'keys.json');
    writeFileSync(keysFile, JSON.stringify([{ key: 'k1' }]));
    const s = startServe({ IDENTITY_SIGNALS_KEYS_FILE: keysFile });
    try {
      const port = await s.port;
      expect((await postIp(port, 'k1')).status).toBe(200);
      expect((await postIp(port, 'k2')).status).toBe(401);
      writeFileSync(keysFile, JSON.stringify({ keys: [{ key: 'k2', name: 'rotated' }] }));
      s.child.kill('SIGHUP');
      await expect.poll(() => s.stdout().includes('reloaded keys and data'), { timeout: 10_000 }).toBe(true);
      expect((await postIp(port, 'k2')).status).toBe(200);
      expect((await postIp(port, 'k1')).status).toBe(401);
      // A keys file broken by mistake keeps the server on the keys it has.
      writeFileSync(keysFile, '{ not json');
      s.child.kill('SIGHUP');
      await expect.poll(() => s.stdout().includes('reload failed'), { timeout: 10_000 }).toBe(true);
      expect((await postIp(port, 'k2')).status).toBe(200);
    } finally {
      s.child.kill('SIGTERM');
      await s.done;
    }
  });
});
