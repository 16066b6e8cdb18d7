import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createChecker, InputError } from '../../src/index.js';
import type { Checker } from '../../src/index.js';
import { createApiServer, createRequestHandler, createServer } from '../../src/server/index.js';
import type { ServerOptions } from '../../src/server/index.js';

// Every test starts its own server on 127.0.0.1 (port 0) and closes it: the
// status code of each failure, and what reaches the client, are the contract.

const KEY = 'key-one';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const EMAIL_BODY = JSON.stringify({ customer_id: CUSTOMER, claims: ['email'], email: 'jane@acme-widgets.com' });

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely
  readonly body: any;
}

/** Starts a server with `options`, runs `fn` against its base URL, closes it. */
async function withServer<T>(options: ServerOptions, fn: (send: Sender) => Promise<T>): Promise<T> {
  const server = createServer(options);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  try {
    return await fn((req) => send(port, req));
  } finally {
    await new Promise((ok) => server.close(ok));
  }
}

interface RawRequest {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  /** The body, sent in these chunks; without content-length when `chunked`. */
  readonly body?: string | readonly string[];
  readonly chunked?: boolean;
}
type Sender = (req: RawRequest) => Promise<Answer>;

/** One request over node:http, so that headers and chunking are exactly as written. */
function send(port: number, req: RawRequest): Promise<Answer> {
  const chunks = req.body === undefined ? [] : typeof req.body === 'string' ? [req.body] : req.body;
  const length = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
  const headers: Record<string, string> = {
    ...(req.chunked ? {} : { 'content-length': String(length) }),
    ...req.headers,
  };
  return new Promise((ok, fail) => {
    const r = request({ host: '127.0.0.1', port, method: req.method ?? 'POST', path: req.path ?? '/1.0/email', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) }));
    });
    r.on('error', fail);
    for (const c of chunks) r.write(c);
    r.end();
  });
}

const json = (key?: string): Record<string, string> => ({ 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }) });

describe('server: authentication', () => {
  it('answers 401 (not 500) when x-api-key is missing, without calling onError', async () => {
    const errors: unknown[] = [];
    await withServer({ apiKeys: [KEY], onError: (e) => errors.push(e) }, async (req) => {
      const res = await req({ headers: json(), body: EMAIL_BODY });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'missing or wrong x-api-key header' } });
    });
    expect(errors).toEqual([]);
  });

  it('answers 401 for a wrong key, a key that is a prefix of a real one and a key of another length', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      for (const key of ['wrong', 'key-on', 'key-one-and-more', '']) {
        expect((await req({ headers: json(key), body: EMAIL_BODY })).status).toBe(401);
      }
    });
  });

  it('accepts every configured key', async () => {
    await withServer({ apiKeys: ['first', 'second'] }, async (req) => {
      expect((await req({ headers: json('first'), body: EMAIL_BODY })).status).toBe(200);
      expect((await req({ headers: json('second'), body: EMAIL_BODY })).status).toBe(200);
    });
  });

  it('refuses every request when the key list is empty', async () => {
    await withServer({ apiKeys: [] }, async (req) => {
      expect((await req({ headers: json(''), body: EMAIL_BODY })).status).toBe(401);
      expect((await req({ headers: json('anything'), body: EMAIL_BODY })).status).toBe(401);
    });
  });

  it('checks the key before reading the body: an anonymous client learns nothing about its request', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      expect((await req({ headers: json(), body: '{"not json' })).status).toBe(401);
      expect((await req({ headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(401);
    });
  });

  it.each([
    ['not an array', 'k'],
    ['an empty key', ['k', '']],
    ['a key that is not a string', ['k', 7]],
  ])('rejects apiKeys that is %s with InputError INPUT_OPTION', (_what, apiKeys) => {
    const make = () => createRequestHandler({ apiKeys } as unknown as ServerOptions);
    expect(make).toThrow(InputError);
    expect(make).toThrow(expect.objectContaining({ code: 'INPUT_OPTION', field: 'apiKeys' }));
  });
});

describe('server: routing and request shape', () => {
  it('answers 404 with the endpoint list for unknown paths, whatever the method', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      for (const path of ['/1.0/fax', '/2.0/email', '/1.0/email/extra', '/v2/1.0/email', '/', '/1.0/EMAIL']) {
        const res = await req({ path, headers: json(KEY), body: EMAIL_BODY });
        expect(res.status, path).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
        expect(res.body.error.message).toMatch(/POST \/1\.0\/\{email,device,ip,phone,name\}/);
      }
      expect((await req({ method: 'GET', path: '/nope', headers: json(KEY) })).status).toBe(404);
    });
  });

  it('answers a path that is not valid percent-encoding as an unknown path, in the API\'s error shape', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      for (const path of ['/1.0/%E0%A4%A', '/1.0/email%', '/%ZZ']) {
        const res = await req({ path, headers: json(KEY), body: EMAIL_BODY });
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ error: { code: 'NOT_FOUND', message: expect.stringMatching(/POST \/1\.0\/\{email,device,ip,phone,name\}/) } });
        expect(res.headers['x-request-id'], path).toMatch(/\S/);
      }
    });
  });

  it('while draining, closes the connection after a bad-URL answer too, as after any other answer', async () => {
    const api = createApiServer({ apiKeys: [KEY], onError: () => {} });
    await api.ready;
    // shutdown() marks the server draining at once; both requests are sent before it closes the app.
    const stopped = api.shutdown(Date.now() + 5_000);
    const urls = ['/1.0/%E0%A4%A', '/nope'];
    const answers = await Promise.all(urls.map((url) => api.app.inject({ method: 'POST', url, headers: json(KEY), payload: EMAIL_BODY })));
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, urls[i]).toBe(404);
      expect(res.headers.connection, urls[i]).toBe('close');
    }
    await stopped;
  });

  it('accepts a trailing slash and a query string on a product path', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      expect((await req({ path: '/1.0/email/', headers: json(KEY), body: EMAIL_BODY })).status).toBe(200);
      expect((await req({ path: '/1.0/email?trace=1', headers: json(KEY), body: EMAIL_BODY })).status).toBe(200);
    });
  });

  it('answers 405 with Allow: POST for other methods', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await req({ method, headers: json(KEY) });
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('POST');
        expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
      }
    });
  });

  it('takes application/json with parameters and in any case, and answers 415 for anything else', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      const as = (type: string | undefined) =>
        req({ headers: { 'x-api-key': KEY, ...(type === undefined ? {} : { 'content-type': type }) }, body: EMAIL_BODY });
      expect((await as('application/json; charset=utf-8')).status).toBe(200);
      expect((await as('Application/JSON')).status).toBe(200);
      for (const type of ['text/plain', 'application/jsonx', 'application/x-www-form-urlencoded', undefined]) {
        const res = await as(type);
        expect(res.status, String(type)).toBe(415);
        expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });
  });

  it('answers 413 for a declared length over the limit and for a chunked body that grows past it', async () => {
    await withServer({ apiKeys: [KEY], maxBodyBytes: 200 }, async (req) => {
      const big = JSON.stringify({ customer_id: CUSTOMER, claims: ['email'], email: `${'x'.repeat(200)}@a.co` });
      const declared = await req({ headers: json(KEY), body: big });
      expect(declared.status).toBe(413);
      expect(declared.body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'the body is larger than 200 bytes' });
      const streamed = await req({ headers: json(KEY), body: [big.slice(0, 150), big.slice(150)], chunked: true });
      expect(streamed.status).toBe(413);
      // A body of exactly the limit is accepted.
      const exact = JSON.stringify({ customer_id: CUSTOMER, claims: ['email'], email: 'a@acme-widgets.com' });
      const padded = exact.replace('{', `{${' '.repeat(200 - Buffer.byteLength(exact))}`);
      expect(Buffer.byteLength(padded)).toBe(200);
      expect((await req({ headers: json(KEY), body: padded })).status).toBe(200);
      expect((await req({ headers: json(KEY), body: [padded.slice(0, 150), padded.slice(150)], chunked: true })).status).toBe(200);
    });
  });

  it('reassembles a body sent in several chunks', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      const res = await req({ headers: json(KEY), body: [EMAIL_BODY.slice(0, 10), EMAIL_BODY.slice(10, 30), EMAIL_BODY.slice(30)], chunked: true });
      expect(res.status).toBe(200);
      expect(res.body.email.value).toBe('jane@acme-widgets.com');
    });
  });

  it('answers 400 MALFORMED_JSON for a body that is not JSON, and 400 with the field for a bad request', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      const bad = await req({ headers: json(KEY), body: '{"customer_id":' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: { code: 'MALFORMED_JSON', message: 'the body is not valid JSON' } });
      const empty = await req({ headers: json(KEY), body: '' });
      expect(empty.status).toBe(400);
      // JSON that is not an object is a bad request, not a crash.
      for (const body of ['null', '[]', '"email"', '7']) {
        const res = await req({ headers: json(KEY), body });
        expect(res.status, body).toBe(400);
        expect(res.body.error.code, body).toMatch(/^INPUT_/);
      }
      const missing = await req({ headers: json(KEY), body: JSON.stringify({ customer_id: CUSTOMER, claims: ['email'] }) });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({ code: 'INPUT_MISSING', field: 'email' });
    });
  });

  it('answers 400 CLAIM_MISMATCH naming claims[0] when the claim is another product', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      const res = await req({ path: '/1.0/ip', headers: json(KEY), body: EMAIL_BODY });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'CLAIM_MISMATCH', field: 'claims[0]' });
      expect(res.body.error.message).toContain('ip');
      // Several claims, or a claim that is not a string, are the request's own fault (resolve's error), not a mismatch.
      for (const claims of [['ip', 'email'], [5]]) {
        const other = await req({ path: '/1.0/ip', headers: json(KEY), body: JSON.stringify({ customer_id: CUSTOMER, claims, ip: '81.2.69.142' }) });
        expect(other.status).toBe(400);
        expect(other.body.error).toMatchObject({ code: expect.stringMatching(/^INPUT_/), field: expect.stringMatching(/^claims/) });
      }
    });
  });

  it('answers with the JSON content type and an exact content-length', async () => {
    await withServer({ apiKeys: [KEY] }, async (req) => {
      for (const res of [await req({ headers: json(KEY), body: EMAIL_BODY }), await req({ headers: json(), body: EMAIL_BODY })]) {
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
      }
    });
  });
});

describe('server: rate limiting (token bucket per key, injected clock)', () => {
  it('limits each key on its own and refills with time', async () => {
    let clock = 0;
    await withServer({ apiKeys: ['a', 'b'], rateLimitPerSecond: 2, rateLimitBurst: 2, now: () => clock }, async (req) => {
      const as = async (key: string) => (await req({ headers: json(key), body: EMAIL_BODY })).status;
      expect([await as('a'), await as('a'), await as('a')]).toEqual([200, 200, 429]);
      // Key b has its own bucket.
      expect([await as('b'), await as('b'), await as('b')]).toEqual([200, 200, 429]);
      clock += 500; // half a second at 2/s: one token back
      expect([await as('a'), await as('a')]).toEqual([200, 429]);
      clock += 10_000; // a long pause refills only up to the burst
      expect([await as('a'), await as('a'), await as('a')]).toEqual([200, 200, 429]);
    });
  });

  it('gives a burst of twice the rate by default and a Retry-After of whole seconds', async () => {
    await withServer({ apiKeys: [KEY], rateLimitPerSecond: 0.5, now: () => 0 }, async (req) => {
      expect((await req({ headers: json(KEY), body: EMAIL_BODY })).status).toBe(200);
      const limited = await req({ headers: json(KEY), body: EMAIL_BODY });
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('2');
      expect(limited.body.error.code).toBe('RATE_LIMITED');
    });
  });

  it('does not limit when the rate is 0', async () => {
    await withServer({ apiKeys: [KEY], rateLimitPerSecond: 0, now: () => 0 }, async (req) => {
      for (let i = 0; i < 5; i++) expect((await req({ headers: json(KEY), body: EMAIL_BODY })).status).toBe(200);
    });
  });

  it('does not charge a refused (unauthenticated) request to any bucket', async () => {
    await withServer({ apiKeys: [KEY], rateLimitPerSecond: 1, rateLimitBurst: 1, now: () => 0 }, async (req) => {
      for (let i = 0; i < 3; i++) expect((await req({ headers: json('wrong'), body: EMAIL_BODY })).status).toBe(401);
      expect((await req({ headers: json(KEY), body: EMAIL_BODY })).status).toBe(200);
    });
  });
});

describe('server: internal errors', () => {
  // A checker whose check throws a plain Error stands for a bug in a check:
  // the only way to reach the 500 path, which must not leak the error.
  const faulty = (): Checker => {
    const real = createChecker();
    return { ...real, email: () => { throw new TypeError('secret internals: /srv/data/email.bin'); } };
  };

  it('answers 500 with a generic body and hands the error to onError', async () => {
    const errors: unknown[] = [];
    await withServer({ apiKeys: [KEY], checker: faulty(), onError: (e) => errors.push(e) }, async (req) => {
      const res = await req({ headers: json(KEY), body: EMAIL_BODY });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'internal error' } });
    });
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toMatch(/secret internals/);
  });

  it('logs an internal error with console.error when no onError is given', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await withServer({ apiKeys: [KEY], checker: faulty() }, async (req) => {
        expect((await req({ headers: json(KEY), body: EMAIL_BODY })).status).toBe(500);
      });
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/secret internals/) }));
    } finally {
      logged.mockRestore();
    }
  });
});
