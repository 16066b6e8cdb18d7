import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/index.js';

const KEY = 'test-key-1';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
let base = '';
let clock = 0;
const errors: unknown[] = [];
const server = createServer({
  apiKeys: [KEY],
  maxBodyBytes: 2048,
  rateLimitPerSecond: 5,
  rateLimitBurst: 5,
  now: () => clock,
  onError: (e) => errors.push(e),
});

beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  clock += 1000; // one second between requests: the bucket refills
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

describe('HTTP server (loopback only)', () => {
  it('answers POST /1.0/email with the spec envelope', async () => {
    const res = await post('/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'jane@gmial.com', webhook_url: 'https://h.example.org' });
    expect(res.status).toBe(200);
    expect(res.body.customer_id).toBe(CUSTOMER);
    expect(res.body.claims).toEqual(['email']);
    expect(res.body.webhook_url).toBe('https://h.example.org');
    expect(res.body.email.status).toBe('syntax');
  });

  it('answers every product', async () => {
    expect((await post('/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: '127.0.0.1' })).body.ip.connection_type).toBe('RSV');
    expect((await post('/1.0/phone', { customer_id: CUSTOMER, claims: ['phone'], phone_number: '+393331234567' })).body.phone.country).toBe('IT');
    expect((await post('/1.0/name', { customer_id: CUSTOMER, claims: ['name'], first_name: 'Jane', last_name: 'Doe' })).body.name.value).toBe('Jane,Doe');
    expect((await post('/1.0/device', { customer_id: CUSTOMER, claims: ['device'], user_agent: 'curl/8.0' })).body.device.is_robot).toBe(true);
  });

  it('maps each failure to its status and error body', async () => {
    const missing = await post('/1.0/email', { customer_id: CUSTOMER, claims: ['email'] });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({ code: 'INPUT_MISSING', message: 'email is required', field: 'email' });
    expect((await post('/1.0/email', '{"customer_id":')).status).toBe(400);
    expect((await post('/1.0/email', { customer_id: CUSTOMER, claims: ['ip'], email: 'a@b.co' })).body.error.code).toBe('CLAIM_MISMATCH');
    expect((await post('/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'a@b.co' }, { 'x-api-key': 'wrong' })).status).toBe(401);
    expect((await post('/1.0/fax', { customer_id: CUSTOMER, claims: ['fax'] })).status).toBe(404);
    expect((await post('/1.0/email', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await post('/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: 'x'.repeat(5000) })).status).toBe(413);
    const get = await fetch(`${base}/1.0/email`, { headers: { 'x-api-key': KEY } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(errors).toEqual([]);
  });

  it('rate-limits per key with 429 and Retry-After', async () => {
    clock += 10_000;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${base}/1.0/ip`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify({ customer_id: CUSTOMER, claims: ['ip'], ip: '10.1.1.1' }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toBe('1');
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('HTTP server errors: wire names, bounded messages (loopback only)', () => {
  const MB = 'x'.repeat(1 << 20);
  const MESSAGE_BOUND = 64 + 200;
  const bigServer = createServer({ apiKeys: [KEY], maxBodyBytes: 4 << 20, rateLimitPerSecond: 0, onError: (e) => bigErrors.push(e) });
  const bigErrors: unknown[] = [];
  let bigBase = '';
  beforeAll(async () => {
    await new Promise<void>((ok) => bigServer.listen(0, '127.0.0.1', ok));
    bigBase = `http://127.0.0.1:${(bigServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((ok) => bigServer.close(ok));
    expect(bigErrors).toEqual([]);
  });

  async function postBig(path: string, body: unknown) {
    const res = await fetch(`${bigBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely
    return { status: res.status, text, body: JSON.parse(text) as Record<string, any> };
  }

  it('names default_country, the field the client sent, when the country is unknown', async () => {
    const res = await postBig('/1.0/phone', { customer_id: CUSTOMER, claims: ['phone'], phone_number: '333 123 4567', default_country: 'XX' });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('default_country');
    expect(res.body.error.message).toMatch(/^default_country /);
    expect(res.text).not.toContain('defaultCountry');
  });

  it.each([
    ['a 1 MB claim on the email endpoint', '/1.0/email', { customer_id: CUSTOMER, claims: [MB] }, 'claims[0]'],
    ['a 1 MB default_country', '/1.0/phone', { customer_id: CUSTOMER, claims: ['phone'], phone_number: '+393331234567', default_country: MB }, 'default_country'],
  ])('answers %s with a bounded 400 naming the wire field', async (_label, path, body, field) => {
    const res = await postBig(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message.length).toBeLessThan(MESSAGE_BOUND);
    expect(res.text.length).toBeLessThan(MESSAGE_BOUND + 100);
  });

  it('bounds the message of an unknown claim that reaches resolve()', async () => {
    // A claim that is not a string passes the endpoint check and fails in resolve().
    const res = await postBig('/1.0/email', { customer_id: CUSTOMER, claims: [[MB]] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INPUT_UNKNOWN_CLAIM');
    expect(res.text.length).toBeLessThan(MESSAGE_BOUND + 100);
  });
});
