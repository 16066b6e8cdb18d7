import type { Socket } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import type { Checker } from '../../src/index.js';
import { DataError } from '../../src/errors.js';
import { lazyLoads } from '../../src/common/loads.js';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';

// The server loads every product's data before /ready answers 200: a
// product at a time (checker.preload([product]), then the identity's),
// giving the event loop back between products, so /health and /ready answer
// while it loads. Nothing here is timed: the order of what happened is.

const KEY = 'warm-key';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
let api: ApiServer | undefined;
afterEach(async () => {
  await api?.app.close();
  api = undefined;
});

const get = (server: ApiServer, url: string) => server.app.inject({ method: 'GET', url });
const post = (server: ApiServer, product: string, fields: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: `/1.0/${product}`, headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, payload: { customer_id: CUSTOMER, claims: [product], ...fields } });

/** A real checker whose preload() says what it was asked to load and, at `step`, runs `during` first. */
function recording(checker: Checker, step: string, during: () => void): { checker: Checker; asked: string[] } {
  const asked: string[] = [];
  const wrapped: Checker = {
    ...checker,
    preload: (products) => {
      const name = products === undefined ? 'all' : products.join(',');
      asked.push(name);
      if (name === step) during();
      checker.preload(products);
    },
  };
  return { checker: wrapped, asked };
}

describe('the server preloads the data before /ready answers 200', () => {
  it('503 "loading the data" while it loads, /health 200 meanwhile, then 200 with every dataset verified', async () => {
    const answers: Promise<LightMyRequestResponse>[] = [];
    // Asked while the e-mail data loads: answered between the products, before the rest is loaded.
    const { checker, asked } = recording(createChecker(), 'email', () => answers.push(get(api!, '/ready'), get(api!, '/health')));
    api = createApiServer({ apiKeys: [KEY], checker });
    await api.warm;
    const [during, health] = await Promise.all(answers);
    expect(during!.statusCode).toBe(503);
    expect(during!.json()).toMatchObject({ status: 'not_ready', reason: expect.stringMatching(/^loading the data \((device|ip|phone|name|identity|routes)\)$/) });
    expect(health!.statusCode).toBe(200);
    expect(asked).toEqual(['email', 'device', 'ip', 'phone', 'name', 'all']);

    const ready = await get(api, '/ready');
    expect(ready.statusCode).toBe(200);
    const body = ready.json<{ status: string; data: { verified: boolean }[] }>();
    expect(body.status).toBe('ready');
    expect(body.data.length).toBeGreaterThan(20);
    expect(body.data.filter((d) => !d.verified)).toEqual([]);
  });

  it('then it sends each route a few requests of its own: answered by the checker, neither logged nor counted', async () => {
    const real = createChecker();
    const asked: string[] = [];
    const checker: Checker = { ...real, email: (value) => (asked.push(value), real.email(value)) };
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    api = createApiServer({ apiKeys: [KEY], checker, logger });
    const connections: [string | undefined, Socket][] = [];
    api.server.on('connection', (socket: Socket) => connections.push([socket.remoteAddress, socket]));
    await api.warm;
    // The e-mail route's warm-up requests reached the checker (the checks' own warm-up does not go through it):
    // three through inject(), three over one real loopback connection, closed once they are answered.
    expect(asked).toHaveLength(6);
    expect(connections.map(([from, socket]) => [from, socket.destroyed])).toEqual([['127.0.0.1', true]]);
    const posts = () => lines.filter((line) => line.includes('"msg":"request"') && line.includes('"method":"POST"'));
    expect(posts()).toEqual([]);
    const metrics = (await get(api, '/metrics')).body;
    expect(metrics).not.toMatch(/identity_signals_http_requests_total\{route="\/1\.0\//);
    // A client's request is logged and counted as before.
    expect((await post(api, 'email', { email: 'jane@acme-widgets.com' })).statusCode).toBe(200);
    expect(posts()).toHaveLength(1);
    expect((await get(api, '/metrics')).body).toMatch(/identity_signals_http_requests_total\{route="\/1\.0\/email",method="POST",status="200"\} 1/);
  });

  it('after it, a request of each product loads nothing (the first request costs what a later one does)', async () => {
    api = createApiServer({ apiKeys: [KEY], rateLimitPerSecond: 0 });
    await api.warm;
    const before = new Map(lazyLoads());
    const requests: [string, Record<string, unknown>][] = [
      ['email', { email: 'jane.doe@gmial.com' }],
      ['device', { user_agent: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36' }],
      ['ip', { ip: '81.2.69.142' }],
      ['phone', { phone_number: '+86 10 6552 9988' }],
      ['name', { first_name: 'Piet', last_name: 'Kowalski' }],
    ];
    for (const [product, fields] of requests) expect((await post(api, product, fields)).statusCode, product).toBe(200);
    const hub = await api.app.inject({
      method: 'POST',
      url: '/1.0/hub',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      payload: { customer_id: CUSTOMER, claims: ['email', 'phone', 'ip', 'name'], email: 'giulia.rossi@libero.it', phone_number: '+393471234567', ip: '79.0.0.1', first_name: 'Giulia', last_name: 'Rossi' },
    });
    expect(hub.statusCode).toBe(200);
    const loaded = [...lazyLoads()].filter(([what, n]) => n !== (before.get(what) ?? 0)).map(([what]) => what);
    expect(loaded).toEqual([]);
  });

  it('a data file that fails: /ready stays 503 naming it, warm rejects with it, onError has it, the other products answer', async () => {
    const errors: unknown[] = [];
    const failure = new DataError('DATA_CORRUPT', 'phone/carriers.json: sha256 does not match', 'phone/carriers.json');
    const real = createChecker();
    const broken: Checker = {
      ...real,
      preload: (products) => {
        if (products?.includes('phone')) throw failure;
        real.preload(products);
      },
    };
    api = createApiServer({ apiKeys: [KEY], checker: broken, onError: (error) => errors.push(error) });
    await expect(api.warm).rejects.toBe(failure);
    expect(errors).toEqual([failure]);
    const ready = await get(api, '/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', reason: 'data: phone/carriers.json: sha256 does not match' });
    expect((await post(api, 'email', { email: 'jane@acme-widgets.com' })).statusCode).toBe(200);
  });

  it('a checker given to reload is preloaded too, without /ready turning 503', async () => {
    api = createApiServer({ apiKeys: [KEY] });
    await api.warm;
    const answers: Promise<LightMyRequestResponse>[] = [];
    const { checker, asked } = recording(createChecker(), 'ip', () => answers.push(get(api!, '/ready')));
    api.reload({ checker });
    await api.warm;
    expect(asked).toEqual(['email', 'device', 'ip', 'phone', 'name', 'all']);
    expect((await Promise.all(answers)).map((r) => r.statusCode)).toEqual([200]);
    expect((await get(api, '/ready')).statusCode).toBe(200);
  });

  it('a server closed while it loads stops loading, with no error (createServer callers close the node:http server)', async () => {
    const errors: unknown[] = [];
    const { checker, asked } = recording(createChecker(), 'email', () => void closed.server.close());
    const closed = createApiServer({ apiKeys: [KEY], checker, onError: (error) => errors.push(error) });
    await closed.warm;
    expect(errors).toEqual([]);
    expect(asked).toEqual(['email']);
  });

  it('preload: false leaves the data to the first requests: no preload, /ready verifies the files when first asked', async () => {
    const { checker, asked } = recording(createChecker(), 'email', () => {});
    api = createApiServer({ apiKeys: [KEY], checker, preload: false });
    await api.warm;
    const ready = await get(api, '/ready');
    expect(asked).toEqual([]);
    expect(ready.statusCode).toBe(200);
    expect(ready.json<{ data: { verified: boolean }[] }>().data.every((d) => d.verified)).toBe(true);
  });
});
