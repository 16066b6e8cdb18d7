import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createServer as createApiServer } from '../../src/server/index.js';
import type { ServerOptions, WebhookDelivery } from '../../src/server/index.js';
import { deliverWebhook, refuseWebhookTarget, signWebhook } from '../../src/server/webhook.js';
import { scratchFolders } from '../support/scratch.js';

// Real receivers on 127.0.0.1 (allowPrivateTargets lets the sender reach
// them); only the back-off sleep is injected, so no test waits for it.

interface Hit {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

interface Receiver {
  readonly url: string;
  readonly hits: Hit[];
  close(): Promise<void>;
}

/** A receiver answering the n-th request (0-based) with `reply(n, res)`. */
async function receiver(reply: (n: number, res: ServerResponse) => void): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      reply(hits.length - 1, res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    hits,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

const statuses = (...codes: number[]) => (n: number, res: ServerResponse) => res.writeHead(codes[Math.min(n, codes.length - 1)]!).end();
const noSleep = { sleep: async () => {} };
const local = { secret: 'whsec', allowPrivateTargets: true, ...noSleep };
const server = { secret: 'whsec', allowPrivateTargets: true };

describe('deliverWebhook: what is sent', () => {
  it('POSTs the JSON body with content-type and a signature over "t.body" at the injected clock', async () => {
    const r = await receiver(statuses(202));
    try {
      const out = await deliverWebhook(r.url, { event: 'email.enriched', n: 1 }, { ...local, now: () => 1_767_225_600_999 });
      expect(out).toEqual({ delivered: true, attempts: 1, status: 202 });
      expect(r.hits).toHaveLength(1);
      const [hit] = r.hits;
      expect(hit!.method).toBe('POST');
      expect(hit!.path).toBe('/hook');
      expect(hit!.headers['content-type']).toBe('application/json');
      expect(hit!.body).toBe('{"event":"email.enriched","n":1}');
      expect(hit!.headers['x-signature']).toBe(signWebhook(hit!.body, 'whsec', 1_767_225_600));
    } finally {
      await r.close();
    }
  });

  it('signs with the wall clock by default', async () => {
    const r = await receiver(statuses(200));
    try {
      const before = Math.floor(Date.now() / 1000);
      await deliverWebhook(r.url, {}, local);
      const t = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(String(r.hits[0]!.headers['x-signature']))![1]);
      expect(t).toBeGreaterThanOrEqual(before);
      expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    } finally {
      await r.close();
    }
  });
});

describe('deliverWebhook: redirects', () => {
  it('does not follow a redirect: the receiver it points to is never called, and the delivery fails', async () => {
    const elsewhere = await receiver(statuses(200));
    const redirecting = await receiver((_n, res) => res.writeHead(307, { location: elsewhere.url }).end());
    try {
      const out = await deliverWebhook(redirecting.url, { event: 'x' }, local);
      expect(elsewhere.hits).toHaveLength(0);
      expect(out.delivered).toBe(false);
      expect(out.attempts).toBe(1);
      expect(out.status).toBe(307);
      expect(redirecting.hits).toHaveLength(1);
    } finally {
      await Promise.all([elsewhere.close(), redirecting.close()]);
    }
  });
});

describe('deliverWebhook: retries', () => {
  it('retries a 429 and then delivers', async () => {
    const r = await receiver(statuses(429, 429, 200));
    try {
      expect(await deliverWebhook(r.url, {}, local)).toEqual({ delivered: true, attempts: 3, status: 200 });
      expect(r.hits).toHaveLength(3);
    } finally {
      await r.close();
    }
  });

  it.each([300, 304, 400, 401, 404, 410, 422])('stops at a %i: not delivered, and the receiver said no', async (code) => {
    const r = await receiver(statuses(code, 200));
    try {
      expect(await deliverWebhook(r.url, {}, local)).toEqual({ delivered: false, attempts: 1, status: code, error: `HTTP ${code}` });
      expect(r.hits).toHaveLength(1);
    } finally {
      await r.close();
    }
  });

  it.each([500, 502, 503])('retries a %i until the retries run out, with the last status', async (code) => {
    const r = await receiver(statuses(code));
    try {
      expect(await deliverWebhook(r.url, {}, { ...local, retries: 2 })).toEqual({ delivered: false, attempts: 3, status: code, error: `HTTP ${code}` });
      expect(r.hits).toHaveLength(3);
    } finally {
      await r.close();
    }
  });

  it('makes 1 + 4 attempts by default, doubling the delay from 1000 ms', async () => {
    const r = await receiver(statuses(503));
    const delays: number[] = [];
    try {
      const out = await deliverWebhook(r.url, {}, { secret: 's', allowPrivateTargets: true, sleep: async (ms) => void delays.push(ms) });
      expect(out.attempts).toBe(5);
      expect(delays).toEqual([1000, 2000, 4000, 8000]);
    } finally {
      await r.close();
    }
  });

  it('makes one attempt and never sleeps with retries: 0', async () => {
    const r = await receiver(statuses(503));
    const delays: number[] = [];
    try {
      expect((await deliverWebhook(r.url, {}, { ...local, retries: 0, sleep: async (ms) => void delays.push(ms) })).attempts).toBe(1);
      expect(delays).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('retries a refused connection and reports the network error', async () => {
    const r = await receiver(statuses(200));
    await r.close(); // nothing listens on the port any more
    const out = await deliverWebhook(r.url, {}, { ...local, retries: 1 });
    expect(out.delivered).toBe(false);
    expect(out.attempts).toBe(2);
    expect(out.status).toBeUndefined();
    expect(out.error).toMatch(/fetch failed/);
  });

  it('gives up on a receiver that does not answer within timeoutMs, then retries', async () => {
    const pending: ServerResponse[] = [];
    const r = await receiver((n, res) => (n === 0 ? pending.push(res) : res.writeHead(200).end()));
    try {
      const out = await deliverWebhook(r.url, {}, { ...local, timeoutMs: 200 });
      expect(out).toEqual({ delivered: true, attempts: 2, status: 200 });
      expect(r.hits).toHaveLength(2);
    } finally {
      await r.close();
    }
  }, 20_000);

  it('reports a time-out as the error of the last attempt', async () => {
    const r = await receiver(() => {});
    try {
      const out = await deliverWebhook(r.url, {}, { ...local, timeoutMs: 100, retries: 0 });
      expect(out.delivered).toBe(false);
      expect(out.attempts).toBe(1);
      expect(out.error).toMatch(/timeout|aborted/i);
    } finally {
      await r.close();
    }
  }, 20_000);
});

describe('deliverWebhook: refused targets are never called', () => {
  it('refuses a loopback receiver unless private targets are allowed, without a request', async () => {
    const r = await receiver(statuses(200));
    try {
      const out = await deliverWebhook(r.url, {}, { secret: 's', ...noSleep });
      expect(out).toEqual({ delivered: false, attempts: 0, error: expect.stringMatching(/^target refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1 \(.*Loopback/i) });
      expect(r.hits).toHaveLength(0);
    } finally {
      await r.close();
    }
  });

  it.each([
    ['a name that resolves to a private address', 'http://hooks.internal/x', ['10.1.2.3'], /hooks\.internal resolves to 10\.1\.2\.3/],
    ['a name with one public and one private address', 'http://mixed.example/x', ['81.2.69.142', '192.168.0.7'], /resolves to 192\.168\.0\.7/],
    ['a name without addresses', 'http://empty.example/x', [], /empty\.example has no address/],
    ['an IPv4-mapped loopback address', 'http://[::ffff:127.0.0.1]/x', [], /resolves to/],
    ['an IPv6 unique local address', 'http://[fd00::1]/x', [], /fd00::1 resolves to fd00::1/],
  ])('refuses %s', async (_what, url, addresses, why) => {
    const asked: string[] = [];
    const lookup = async (host: string) => (asked.push(host), addresses);
    expect(await refuseWebhookTarget(url, { lookup })).toMatch(why);
  });

  it('reports a lookup failure as the reason, and does not ask DNS about literal addresses', async () => {
    const failing = async (host: string): Promise<readonly string[]> => Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`));
    expect(await refuseWebhookTarget('https://gone.example/x', { lookup: failing })).toBe('cannot resolve gone.example: getaddrinfo ENOTFOUND gone.example');
    const asked: string[] = [];
    const lookup = async (host: string) => (asked.push(host), ['81.2.69.142']);
    expect(await refuseWebhookTarget('http://10.0.0.1/x', { lookup })).toMatch(/10\.0\.0\.1 resolves to 10\.0\.0\.1/);
    expect(await refuseWebhookTarget('https://hooks.example.org/x', { lookup })).toBeNull();
    expect(asked).toEqual(['hooks.example.org']);
  });

  it('refuses other schemes and credentials even when private targets are allowed', async () => {
    expect(await refuseWebhookTarget('file:///etc/passwd', { allowPrivateTargets: true })).toBe('scheme file: is not allowed');
    expect(await refuseWebhookTarget('http://u:p@127.0.0.1/x', { allowPrivateTargets: true })).toBe('credentials in the URL are not allowed');
    expect(await refuseWebhookTarget('http://u@127.0.0.1/x', { allowPrivateTargets: true })).toBe('credentials in the URL are not allowed');
    expect(await refuseWebhookTarget('http://:p@127.0.0.1/x', { allowPrivateTargets: true })).toBe('credentials in the URL are not allowed');
    expect(await refuseWebhookTarget('http://127.0.0.1/x', { allowPrivateTargets: true })).toBeNull();
  });
});

describe('server → webhook', () => {
  const CUSTOMER = 'c-1';
  const { folder } = scratchFolders('identity-signals-webhook-delivery-');
  /** Starts the API server, POSTs one request, waits for `expect` webhook outcomes (or none). */
  async function post(options: Omit<ServerOptions, 'apiKeys'>, path: string, body: unknown) {
    const deliveries: (WebhookDelivery & { url: string; resolution_id: string })[] = [];
    const errors: unknown[] = [];
    let settle: () => void = () => {};
    const settled = new Promise<void>((ok) => (settle = ok));
    const api = createApiServer({
      apiKeys: ['k'],
      ...options,
      // Each server its own journal (the durable queue every server runs).
      ...(options.webhook === undefined ? {} : { webhook: { dir: folder(), ...options.webhook } }),
      onWebhook: (d) => {
        deliveries.push(d);
        settle();
      },
      onError: (e) => {
        errors.push(e);
        settle();
      },
    });
    await new Promise<void>((ok) => api.listen(0, '127.0.0.1', ok));
    try {
      const res = await fetch(`http://127.0.0.1:${(api.address() as AddressInfo).port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
        body: JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loosely inspected
      const json = (await res.json()) as any;
      return { status: res.status, json, deliveries, errors, settled };
    } finally {
      api.close();
    }
  }

  it('posts the enriched email with the envelope ids, and reports the delivery', async () => {
    const r = await receiver(statuses(200));
    try {
      const checker = createChecker({ providers: [{ name: 'social', enrichEmail: async () => ({ has_linkedin: true }) }] });
      const res = await post({ checker, webhook: server }, '/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'jane@acme-widgets.com', webhook_url: r.url });
      expect(res.status).toBe(200);
      await res.settled;
      expect(res.errors).toEqual([]);
      expect(res.deliveries).toEqual([{ delivered: true, attempts: 1, status: 200, url: r.url, resolution_id: res.json.resolution_id }]);
      const payload = JSON.parse(r.hits[0]!.body) as Record<string, unknown>;
      expect(payload).toMatchObject({ event: 'email.enriched', resolution_id: res.json.resolution_id, customer_id: CUSTOMER, claims: ['email'] });
      expect(payload.email).toMatchObject({ value: 'jane@acme-widgets.com', has_linkedin: true });
    } finally {
      await r.close();
    }
  });

  it('reports a refused target through onWebhook, not as an error', async () => {
    const r = await receiver(statuses(200));
    try {
      const res = await post({ webhook: { secret: 's' } }, '/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'jane@acme-widgets.com', webhook_url: r.url });
      await res.settled;
      // Checked when the connection is made: one attempt, refused, given up at once (never retried).
      expect(res.deliveries).toEqual([expect.objectContaining({ delivered: false, attempts: 1, url: r.url, error: 'target refused: 127.0.0.1 (Loopback)' })]);
      expect(r.hits).toHaveLength(0);
    } finally {
      await r.close();
    }
  });

  it('sends nothing when the server has no webhook option, or for a product other than email', async () => {
    const r = await receiver(statuses(200));
    try {
      const without = await post({}, '/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'jane@acme-widgets.com', webhook_url: r.url });
      expect(without.status).toBe(200);
      const name = await post({ webhook: server }, '/1.0/name', { customer_id: CUSTOMER, claims: ['name'], first_name: 'Jane', last_name: 'Doe', webhook_url: r.url });
      expect(name.status).toBe(200);
      // A webhook would have been started before the response was written;
      // a further request round-trip gives it time to arrive if it were sent.
      await post({}, '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' });
      expect(r.hits).toHaveLength(0);
      expect([...without.deliveries, ...name.deliveries]).toEqual([]);
      expect([...without.errors, ...name.errors]).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('hands a failure of the enrichment to onError instead of crashing', async () => {
    const real = createChecker();
    const checker = { ...real, emailAsync: async () => Promise.reject(new Error('enrichment broke')) };
    const res = await post({ checker, webhook: server }, '/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'jane@acme-widgets.com', webhook_url: 'http://127.0.0.1:9/x' });
    expect(res.status).toBe(200);
    await res.settled;
    expect(res.errors).toEqual([expect.objectContaining({ message: 'enrichment broke' })]);
    expect(res.deliveries).toEqual([]);
  });
});
