import { describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import { HttpError, schemaError } from '../../src/server/errors.js';

// What the per-request savings of the server's speed work must not lose: every
// answer still carries x-request-id (set in the one onSend hook now, also on
// errors and 404s, with no logger), refused requests still answer in the
// spec's words, and an HttpError (an answer, not a fault) carries no stack.

const KEY = 'lean-key';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';

describe('server without a logger', () => {
  it('sets x-request-id on every answer: 200, 400, 401, 404, 405, 413', async () => {
    const api = createApiServer({ apiKeys: [KEY], maxBodyBytes: 512 });
    try {
      const send = (method: 'GET' | 'POST', url: string, payload?: unknown, key = KEY) =>
        api.app.inject({ method, url, headers: { 'x-api-key': key, 'content-type': 'application/json', 'x-request-id': `id-${url.length}-${key}` }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
      const answers = [
        await send('POST', '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' }),
        await send('POST', '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'] }),
        await send('POST', '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' }, 'wrong'),
        await send('POST', '/1.0/fax', {}),
        await send('GET', '/1.0/email'),
        await send('POST', '/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'x'.repeat(1000) }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 401, 404, 405, 413]);
      for (const a of answers) expect(a.headers['x-request-id'], String(a.statusCode)).toMatch(/^id-\d+-/);
      // The schema's 400 is still explained by field, in resolve()'s words.
      expect(answers[1]!.json()).toEqual({ error: { code: 'INPUT_MISSING', message: 'ip is required', field: 'ip' } });
    } finally {
      await api.app.close();
    }
  });
});

describe('per-response listeners', () => {
  /** The names of the 'finish' listeners of the response to one request, as they stand once Fastify has routed it. */
  async function finishListeners(options: Parameters<typeof createApiServer>[0]): Promise<string[]> {
    const api = createApiServer(options);
    await api.ready;
    let names: string[] = [];
    // Registered after Fastify's own listener, so it runs once Fastify has set the request up (synchronously).
    api.server.on('request', (_req: unknown, res: import('node:http').ServerResponse) => {
      names = res.listeners('finish').map((f) => f.name);
    });
    await new Promise<void>((ok) => api.server.listen(0, '127.0.0.1', ok));
    try {
      const { port } = api.server.address() as import('node:net').AddressInfo;
      await (await fetch(`http://127.0.0.1:${port}/health`)).text();
    } finally {
      await new Promise((ok) => api.server.close(ok));
    }
    return names;
  }

  it('without a logger no onResponse work is set up on each response; with one, the access log needs it', async () => {
    expect(await finishListeners({ apiKeys: [KEY] })).not.toContain('onResFinished');
    const { pino } = await import('pino');
    const { Writable } = await import('node:stream');
    const logger = pino(new Writable({ write: (_c, _e, done) => done() }));
    expect(await finishListeners({ apiKeys: [KEY], logger })).toContain('onResFinished');
  });
});

describe('errors that are answers', () => {
  it('an HttpError and a schema error capture no stack frames, and the stack limit is left as it was', () => {
    const before = Error.stackTraceLimit;
    const e = new HttpError(429, 'RATE_LIMITED', 'too many requests', undefined, { 'retry-after': '1' });
    expect([e.statusCode, e.code, e.message, e.field, e.headers, e.name]).toEqual([429, 'RATE_LIMITED', 'too many requests', undefined, { 'retry-after': '1' }, 'HttpError']);
    expect(e).toBeInstanceOf(Error);
    expect(e.stack).not.toContain('\n    at ');
    expect(schemaError().stack).not.toContain('\n    at ');
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a fault').stack).toContain('\n    at ');
  });
});

describe('rate limits called from the key check', () => {
  it('a limited key is limited on every API route, the hub too, with its headers; an unlimited key never meets the limiter', async () => {
    const api = createApiServer({ apiKeys: [{ key: 'limited', rateLimit: { perSecond: 1, burst: 2 } }, { key: 'free', rateLimit: { perSecond: 0 } }] });
    try {
      const ip = { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' };
      const hub = { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' };
      const send = (key: string, url: string, payload: unknown) =>
        api.app.inject({ method: 'POST', url, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      const first = await send('limited', '/1.0/ip', ip);
      expect(first.statusCode).toBe(200);
      expect([first.headers['x-ratelimit-limit'], first.headers['x-ratelimit-remaining']]).toEqual(['2', '1']);
      expect((await send('limited', '/1.0/hub', hub)).statusCode).toBe(200);
      const refused = await send('limited', '/1.0/hub', hub);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'too many requests' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await send('limited', '/1.0/ip', ip)).statusCode).toBe(429);
      // A wrong key is a 401 before any limit; a product the key may not use is a 403 before any limit.
      expect((await send('nobody', '/1.0/ip', ip)).statusCode).toBe(401);
      for (let i = 0; i < 20; i++) {
        const free = await send('free', i % 2 === 0 ? '/1.0/ip' : '/1.0/hub', i % 2 === 0 ? ip : hub);
        expect(free.statusCode).toBe(200);
        expect(free.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await api.app.close();
    }
  });
});

describe('unknown paths', () => {
  it('answer 404 before the body is read or judged: not 415 for a text body, not 413 for a large one, not 401 for no key', async () => {
    const api = createApiServer({ apiKeys: [KEY], maxBodyBytes: 512 });
    try {
      const text = await api.app.inject({ method: 'POST', url: '/1.0/fax', headers: { 'x-api-key': KEY, 'content-type': 'text/plain' }, payload: 'hello' });
      const large = await api.app.inject({ method: 'POST', url: '/nope', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ a: 'x'.repeat(4096) }) });
      const put = await api.app.inject({ method: 'PUT', url: '/1.0/email/extra', headers: { 'content-type': 'application/json' }, payload: '{"bad json' });
      for (const res of [text, large, put]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
        expect(res.headers['x-request-id']).toBeTypeOf('string');
      }
      // Known paths are untouched by the 404 hook: a key's answer, and a 405 for another method.
      const ok = await api.app.inject({ method: 'POST', url: '/1.0/ip', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, payload: JSON.stringify({ customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' }) });
      expect(ok.statusCode).toBe(200);
      expect((await api.app.inject({ method: 'GET', url: '/1.0/ip' })).statusCode).toBe(405);
    } finally {
      await api.app.close();
    }
  });
});
