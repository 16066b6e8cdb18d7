import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { deliverWebhook, refuseWebhookTarget, signWebhook } from '../../src/server/webhook.js';
import { scratchFolders } from '../support/scratch.js';

const { folder } = scratchFolders('identity-signals-webhook-server-');

describe('webhook signing', () => {
  it('signs "t.body" with HMAC-SHA256', () => {
    const expected = createHmac('sha256', 's3cret').update('1767225600.{"a":1}').digest('hex');
    expect(signWebhook('{"a":1}', 's3cret', 1767225600)).toBe(`t=1767225600,v1=${expected}`);
  });
});

describe('webhook targets', () => {
  const lookup = (map: Record<string, string[]>) => async (host: string) => map[host] ?? [];
  it.each([
    ['http://127.0.0.1:9/x', /Loopback/i],
    ['http://[::1]/x', /Loopback/i],
    ['http://10.0.0.5/x', /Private/i],
    ['http://169.254.169.254/latest/meta-data', /Link/i],
    ['http://internal.example/x', /192\.168\.1\.2/],
    ['ftp://hooks.example.org/x', /scheme/],
    ['https://user:pw@hooks.example.org/x', /credentials/],
    ['not a url', /valid URL/],
  ])('refuses %s', async (url, why) => {
    expect(await refuseWebhookTarget(url, { lookup: lookup({ 'internal.example': ['192.168.1.2'] }) })).toMatch(why);
  });

  it('accepts a host that resolves only to public addresses, and private ones when allowed', async () => {
    expect(await refuseWebhookTarget('https://hooks.example.org/x', { lookup: lookup({ 'hooks.example.org': ['81.2.69.142'] }) })).toBeNull();
    expect(await refuseWebhookTarget('http://127.0.0.1/x', { allowPrivateTargets: true })).toBeNull();
  });
});

describe('deliverWebhook (loopback receiver)', () => {
  it('retries 5xx with back-off, then delivers a verifiable signed body', async () => {
    const seen: { signature: string; body: string }[] = [];
    let calls = 0;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        calls++;
        seen.push({ signature: String(req.headers['x-signature']), body });
        res.writeHead(calls < 3 ? 503 : 204).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const delays: number[] = [];
    try {
      const out = await deliverWebhook(url, { event: 'email.enriched' }, {
        secret: 'k',
        allowPrivateTargets: true,
        baseDelayMs: 100,
        sleep: async (ms) => void delays.push(ms),
        now: () => 1_767_225_600_000,
      });
      expect(out).toEqual({ delivered: true, attempts: 3, status: 204 });
      expect(delays).toEqual([100, 200]);
      const last = seen.at(-1)!;
      expect(last.body).toBe('{"event":"email.enriched"}');
      expect(last.signature).toBe(signWebhook(last.body, 'k', 1_767_225_600));
    } finally {
      await new Promise((ok) => receiver.close(ok));
    }
  });

  it('stops at a 4xx and never calls a refused target', async () => {
    let fetched = 0;
    const fakeFetch = (async () => {
      fetched++;
      return new Response(null, { status: 410 });
    }) as typeof fetch;
    expect(await deliverWebhook('http://127.0.0.1/x', {}, { secret: 'k', fetch: fakeFetch })).toMatchObject({ delivered: false, attempts: 0 });
    expect(fetched).toBe(0);
    const out = await deliverWebhook('https://hooks.example.org/x', {}, { secret: 'k', fetch: fakeFetch, lookup: async () => ['81.2.69.142'], sleep: async () => {} });
    expect(out).toMatchObject({ delivered: false, attempts: 1, status: 410 });
  });
});

describe('server → webhook for email requests', () => {
  it('answers 200 first, then posts the enriched email signed to webhook_url', async () => {
    const { createServer: createApiServer } = await import('../../src/server/index.js');
    const { createChecker } = await import('../../src/index.js');
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['x-signature']) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const deliveries: unknown[] = [];
    const done = new Promise<void>((ok) => {
      const api = createApiServer({
        apiKeys: ['k'],
        checker: createChecker({ providers: [{ name: 'social', enrichEmail: async () => ({ mx: true, has_twitter: true }) }] }),
        webhook: { secret: 'whsec', allowPrivateTargets: true, dir: folder() },
        onWebhook: (d) => {
          deliveries.push(d);
          ok();
        },
      });
      api.listen(0, '127.0.0.1', async () => {
        const port = (api.address() as AddressInfo).port;
        const res = await fetch(`http://127.0.0.1:${port}/1.0/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
          body: JSON.stringify({ customer_id: 'c-1', claims: ['email'], email: 'jane@acme-widgets.com', webhook_url: hookUrl }),
        });
        const first = (await res.json()) as { email: { has_twitter: unknown } };
        expect(first.email.has_twitter).toBeNull();
        await done;
        api.close();
      });
    });
    await done;
    await new Promise((ok) => receiver.close(ok));
    expect(deliveries).toEqual([expect.objectContaining({ delivered: true, attempts: 1, url: hookUrl })]);
    const payload = JSON.parse(received[0]!.body) as { event: string; customer_id: string; email: { has_twitter: boolean } };
    expect(payload.event).toBe('email.enriched');
    expect(payload.customer_id).toBe('c-1');
    expect(payload.email.has_twitter).toBe(true);
    const t = /t=(\d+)/.exec(received[0]!.signature)![1]!;
    expect(received[0]!.signature).toBe(signWebhook(received[0]!.body, 'whsec', Number(t)));
  });
});
