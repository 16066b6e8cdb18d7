import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { deliverWebhook, refuseWebhookTarget, signWebhook } from '../../src/server/webhook.js';

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
