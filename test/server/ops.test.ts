import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Validator } from '@seriousme/openapi-schema-validator';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer, ServerOptions } from '../../src/server/index.js';

// The operations side of the server, over loopback sockets: OpenAPI, health,
// readiness, metrics, request ids and access logs, per-key settings, load
// shedding, and the socket limits (header timeout, early 413).

const KEY = 'ops-key';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';

async function start(options: Partial<ServerOptions> = {}): Promise<{ api: ApiServer; base: string; port: number; close: () => Promise<void> }> {
  const api = createApiServer({ apiKeys: [KEY], ...options });
  await new Promise<void>((ok) => api.server.listen(0, '127.0.0.1', ok));
  // Ready as a load balancer sees it: the data loaded (the tests of the loading itself are in test/server/warm-up.test.ts).
  await api.warm;
  const { port } = api.server.address() as AddressInfo;
  return {
    api,
    port,
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => {
      api.server.closeAllConnections();
      api.server.close(() => ok());
    }),
  };
}

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A pino logger writing parsed lines into `lines`. */
function memoryLogger(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

describe('server: OpenAPI document', () => {
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.close());

  it('serves /openapi.json, a valid OpenAPI 3.1 document naming every route', async () => {
    const res = await fetch(`${s.base}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/1.0/device', '/1.0/email', '/1.0/hub', '/1.0/ip', '/1.0/name', '/1.0/phone', '/health', '/metrics', '/ready']);
  });

  it('documents the webhooks the server POSTs, each body with its product\'s async result and a required provider_errors', async () => {
    type Schema = { type?: string; required?: string[]; properties: Record<string, Schema> };
    const doc = (await (await fetch(`${s.base}/openapi.json`)).json()) as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual(['email.enriched', 'name.enriched']);
    for (const [event, product] of [['email.enriched', 'email'], ['name.enriched', 'name']] as const) {
      const body = doc.webhooks[event]!.post.requestBody.content['application/json']!.schema;
      expect(body.required).toContain(product);
      expect(body.properties[product]!.required).toContain('provider_errors');
      expect(body.properties[product]!.properties.provider_errors).toMatchObject({ type: 'array' });
    }
  });

  it('answers one request per route built from the document\'s own examples', async () => {
    const doc = (await (await fetch(`${s.base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>>;
    };
    const seen: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const example = operation.requestBody?.content['application/json']?.example;
        const res = await fetch(`${s.base}${path}`, {
          method: method.toUpperCase(),
          headers: example === undefined ? {} : { 'content-type': 'application/json', 'x-api-key': KEY },
          ...(example === undefined ? {} : { body: JSON.stringify(example) }),
        });
        const text = await res.text();
        expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBe(200);
        if (path === '/1.0/hub') {
          // One object per claim of the example, plus the identity score.
          const body = JSON.parse(text) as Record<string, unknown> & { claims: string[] };
          expect(body.claims.length).toBeGreaterThan(1);
          for (const claim of body.claims) expect(body[claim]).toMatchObject({ value: expect.any(String) });
          expect(body.identity).toMatchObject({ score: expect.any(Number), reasons: expect.any(Array) });
        } else if (path.startsWith('/1.0/')) {
          const product = path.slice(5);
          expect((JSON.parse(text) as Record<string, unknown>)[product]).toMatchObject({ value: expect.any(String) });
        }
        seen.push(`${method} ${path}`);
      }
    }
    expect(seen).toHaveLength(9);
  });
});

describe('server: health, readiness, metrics', () => {
  it('/health is alive; /ready lists each dataset with its age, 503 when one failed or while draining', async () => {
    let broken = false;
    const s = await start({
      dataStatus: () => [
        { product: 'ip', name: 'ranges', retrieved: '2026-01-01', ageDays: 12, verified: true, stale: false },
        { product: 'email', name: 'disposable', retrieved: '2026-01-02', ageDays: 11, verified: !broken, stale: false, ...(broken ? { problem: 'sha256 mismatch' } : {}) },
      ],
    });
    try {
      expect(await (await fetch(`${s.base}/health`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${s.base}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        data: [
          { product: 'ip', name: 'ranges', retrieved: '2026-01-01', age_days: 12, verified: true, stale: false },
          { product: 'email', name: 'disposable', retrieved: '2026-01-02', age_days: 11, verified: true, stale: false },
        ],
      });
      broken = true;
      const notReady = await fetch(`${s.base}/ready`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ status: 'not_ready', reason: 'email/disposable: sha256 mismatch' });
    } finally {
      await s.close();
    }
  });

  it('/ready reads the checker\'s own datasets by default: each verified, with its retrieval day and age', async () => {
    const s = await start();
    try {
      const res = await fetch(`${s.base}/ready`);
      const body = (await res.json()) as { status: string; data: { product: string; name: string; retrieved: string; age_days: number; verified: boolean }[] };
      expect(res.status).toBe(200);
      expect(body.status).toBe('ready');
      // The data bundles give the checker dataInfo(); every dataset they list is reported.
      expect(body.data.length).toBeGreaterThan(0);
      for (const d of body.data) {
        expect(d).toMatchObject({ product: expect.any(String), name: expect.any(String), retrieved: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), verified: true });
        expect(d.age_days).toBeGreaterThanOrEqual(0);
      }
      const metrics = await (await fetch(`${s.base}/metrics`)).text();
      const first = body.data[0]!;
      expect(metrics).toContain(`identity_signals_data_age_days{product="${first.product}",dataset="${first.name}"} ${first.age_days}`);
    } finally {
      await s.close();
    }
  });

  it('/metrics counts requests by route and status, times them, and gives the webhook queue and data ages', async () => {
    const s = await start({ dataStatus: () => [{ product: 'ip', name: 'tor', retrieved: '2026-01-01', ageDays: 40, verified: true, stale: true }] });
    try {
      await (await post(s.base, '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' })).arrayBuffer();
      await (await post(s.base, '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'] })).arrayBuffer();
      await (await post(s.base, '/1.0/ip', '{}', { 'x-api-key': 'nope' })).arrayBuffer();
      const res = await fetch(`${s.base}/metrics`);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toContain('identity_signals_http_requests_total{route="/1.0/ip",method="POST",status="200"} 1');
      expect(text).toContain('identity_signals_http_requests_total{route="/1.0/ip",method="POST",status="400"} 1');
      expect(text).toContain('identity_signals_http_requests_total{route="/1.0/ip",method="POST",status="401"} 1');
      expect(text).toMatch(/identity_signals_http_request_duration_seconds_count\{route="\/1\.0\/ip",method="POST"\} 3/);
      expect(text).toContain('identity_signals_webhook_queue_depth 0');
      expect(text).toContain('identity_signals_data_age_days{product="ip",dataset="tor"} 40');
      expect(text).toContain('identity_signals_data_stale{product="ip",dataset="tor"} 1');
    } finally {
      await s.close();
    }
  });
});

describe('server: request ids and access logs', () => {
  it('returns a sane incoming x-request-id, makes one otherwise, and logs it with the inputs hashed, never raw', async () => {
    const lines: Record<string, unknown>[] = [];
    const s = await start({ logger: memoryLogger(lines), logHashKey: 'fixed' });
    try {
      const given = await post(s.base, '/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'secret.person@acme-widgets.com' }, { 'x-request-id': 'lb-trace-42' });
      expect(given.headers.get('x-request-id')).toBe('lb-trace-42');
      await given.arrayBuffer();
      const forged = await post(s.base, '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' }, { 'x-request-id': 'bad id\twith "stuff"' });
      expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await forged.arrayBuffer();
      const access = lines.filter((l) => l.msg === 'request');
      expect(access).toHaveLength(2);
      expect(access[0]).toMatchObject({ req_id: 'lb-trace-42', method: 'POST', route: '/1.0/email', status: 200, key: expect.any(String), input: expect.stringMatching(/^[0-9a-f]{16}$/) });
      expect(access[1]!.req_id).toBe(forged.headers.get('x-request-id'));
      const all = JSON.stringify(lines);
      expect(all).not.toContain('secret.person');
      expect(all).not.toContain('81.2.69.142');
      expect(all).not.toContain(KEY);
    } finally {
      await s.close();
    }
  });

  it('logs a client that goes away mid-body as an abort, not an error, and counts it', async () => {
    const lines: Record<string, unknown>[] = [];
    const errors: unknown[] = [];
    const s = await start({ logger: memoryLogger(lines), onError: (e) => errors.push(e) });
    try {
      await new Promise<void>((ok) => {
        const socket = connect(s.port, '127.0.0.1', () => {
          socket.write(`POST /1.0/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: ${KEY}\r\nContent-Length: 500\r\n\r\n{"customer_id":`);
          setTimeout(() => {
            socket.destroy();
            ok();
          }, 100);
        });
      });
      await expect.poll(() => lines.some((l) => l.msg === 'request aborted by the client'), { timeout: 5000 }).toBe(true);
      expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
      expect(errors).toEqual([]);
      const metrics = await (await fetch(`${s.base}/metrics`)).text();
      expect(metrics).toContain('identity_signals_http_requests_total{route="/1.0/email",method="POST",status="aborted"} 1');
    } finally {
      await s.close();
    }
  });
});

describe('server: per-key settings', () => {
  it('limits each key at its own rate, refuses products a key may not use with 403, and signs nothing without a secret', async () => {
    const s = await start({
      apiKeys: [
        { key: 'slow', name: 'slow-partner', rateLimit: { perSecond: 1, burst: 1 }, products: ['ip'] },
        { key: 'fast', rateLimit: { perSecond: 100, burst: 100 } },
      ],
    });
    try {
      const ip = { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' };
      const as = async (key: string, path = '/1.0/ip', body: unknown = ip) => {
        const res = await post(s.base, path, body, { 'x-api-key': key });
        await res.arrayBuffer();
        return res;
      };
      expect((await as('slow')).status).toBe(200);
      const limited = await as('slow');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < 5; i++) expect((await as('fast')).status).toBe(200);
      const forbidden = await post(s.base, '/1.0/name', { customer_id: CUSTOMER, claims: ['name'], first_name: 'A', last_name: 'B' }, { 'x-api-key': 'slow' });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'this API key may not use name' } });
    } finally {
      await s.close();
    }
  });

  it('takes new keys on reload without a restart', async () => {
    const s = await start({ apiKeys: ['old'] });
    try {
      const body = { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' };
      expect((await post(s.base, '/1.0/ip', body, { 'x-api-key': 'new' })).status).toBe(401);
      s.api.reload({ apiKeys: ['new'] });
      expect((await post(s.base, '/1.0/ip', body, { 'x-api-key': 'new' })).status).toBe(200);
      expect((await post(s.base, '/1.0/ip', body, { 'x-api-key': 'old' })).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('server: load shedding', () => {
  it('answers 503 with Retry-After past a limit, but keeps /health up', async () => {
    // A heap limit of 1 byte is always passed: the shedding path, without racing an event-loop sample.
    const s = await start({ pressure: { maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterSeconds: 7 } });
    try {
      const send = () => post(s.base, '/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' });
      await expect.poll(async () => (await send()).status, { timeout: 5000 }).toBe(503);
      const res = await send();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(await res.json()).toEqual({ error: { code: 'OVERLOADED', message: 'the server is overloaded; retry later' } });
      expect((await fetch(`${s.base}/health`)).status).toBe(200);
      // Paused (serve does so while it loads the data), the same request is answered.
      s.api.shedLoad(false);
      expect((await send()).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('server: keep-alive after a refused body', () => {
  it('keeps the connection open after a 400 for bad JSON (the body was read to its end), so the next request reuses it', async () => {
    const s = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: string) =>
      new Promise<{ status: number; connection: string | undefined; reused: boolean }>((ok, fail) => {
        const req = request(
          { host: '127.0.0.1', port: s.port, method: 'POST', path: '/1.0/ip', agent, headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => ok({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket }));
          },
        );
        req.on('error', fail);
        req.end(body);
      });
    try {
      const bad = await send('{"customer_id":');
      expect(bad).toMatchObject({ status: 400, reused: false });
      expect(bad.connection).not.toBe('close');
      const next = await send(JSON.stringify({ customer_id: CUSTOMER, claims: ['ip'], ip: '81.2.69.142' }));
      expect(next).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
      await s.close();
    }
  });
});

describe('server: socket limits', () => {
  it('caps open connections: past maxConnections a new connection is closed at once, the open one still answers', async () => {
    const s = await start({ maxConnections: 1 });
    try {
      const first = connect(s.port, '127.0.0.1');
      await new Promise<void>((ok) => first.once('connect', () => ok()));
      await new Promise((ok) => setTimeout(ok, 50)); // the server has accepted it
      const second = await new Promise<{ data: string }>((ok) => {
        let data = '';
        const socket = connect(s.port, '127.0.0.1', () => socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n'));
        socket.on('data', (c: Buffer) => (data += c.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => ok({ data }));
      });
      expect(second.data).toBe('');
      const answer = await new Promise<string>((ok) => {
        let data = '';
        first.on('data', (c: Buffer) => {
          data += c.toString();
          if (data.includes('\r\n\r\n')) ok(data);
        });
        first.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      first.destroy();
    } finally {
      await s.close();
    }
  });

  it('cuts off a slowloris client that never finishes its headers, at the header timeout', async () => {
    const s = await start({ timeouts: { headersMs: 300, requestMs: 600, checkIntervalMs: 50 } });
    try {
      const outcome = await new Promise<{ reply: string; linesSent: number }>((ok) => {
        let reply = '';
        let linesSent = 0;
        const socket = connect(s.port, '127.0.0.1', () => {
          socket.write('POST /1.0/email HTTP/1.1\r\nHost: x\r\n');
          // One header line every 50 ms, for up to 10 s: the server must end it long before.
          const drip = setInterval(() => {
            if (linesSent >= 200 || socket.destroyed) return clearInterval(drip);
            linesSent++;
            socket.write(`x-slow-${linesSent}: 1\r\n`);
          }, 50);
          socket.on('close', () => {
            clearInterval(drip);
            ok({ reply, linesSent });
          });
        });
        socket.on('data', (c: Buffer) => (reply += c.toString()));
        socket.on('error', () => undefined);
      });
      expect(outcome.reply).toMatch(/^HTTP\/1\.1 408/);
      expect(outcome.linesSent).toBeLessThan(200);
    } finally {
      await s.close();
    }
  });

  it('refuses an oversized chunked upload with 413 and closes the connection instead of reading it to the end', async () => {
    const s = await start({ maxBodyBytes: 1024 });
    try {
      const CAP = 64 << 20; // the client would send 64 MB; the server must stop it far sooner
      const outcome = await new Promise<{ reply: string; sent: number }>((ok) => {
        let reply = '';
        let sent = 0;
        const socket = connect(s.port, '127.0.0.1', () => {
          socket.write(`POST /1.0/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: ${KEY}\r\nTransfer-Encoding: chunked\r\n\r\n`);
          const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
          const pump = () => {
            while (!socket.destroyed && sent < CAP) {
              sent += 0x10000;
              if (!socket.write(chunk)) return void socket.once('drain', pump);
            }
          };
          pump();
        });
        socket.on('data', (c: Buffer) => (reply += c.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => ok({ reply, sent }));
      });
      expect(outcome.reply).toMatch(/^HTTP\/1\.1 413/);
      expect(outcome.reply).toContain('"code":"PAYLOAD_TOO_LARGE"');
      expect(outcome.sent).toBeLessThan(CAP);
    } finally {
      await s.close();
    }
  });
});
