import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer, WebhookOutcome } from '../../src/server/index.js';
import { HUB_EXAMPLE } from '../../src/server/schemas.js';
import { json, startHttpServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// POST /1.0/hub over loopback: several products of one sign-up in
// one request, one result per claim (the product endpoint's own object) plus
// the identity score; its errors, its key permissions, its webhooks.

const KEY = 'hub-key';
const EMAIL_ONLY = 'email-only-key';
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
// A fixed clock: the IP's request_time and the identity's night rule read it, so the hub and the product routes agree.
const NOW = new Date('2026-03-10T13:00:00Z');
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
let api: ApiServer;
let base = '';

beforeAll(async () => {
  api = createApiServer({
    apiKeys: [KEY, { key: EMAIL_ONLY, name: 'email-only', products: ['email'] }],
    checker: createChecker({ now: NOW }),
    rateLimitPerSecond: 0,
    maxBodyBytes: 4096,
    logger: pino({ level: 'info' }, sink),
  });
  await new Promise<void>((ok) => api.server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => api.server.close(ok));
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

const sum = (reasons: readonly { points: number }[]) => reasons.reduce((s, r) => s + r.points, 0);

describe('POST /1.0/hub', () => {
  it('answers one object per claim, each equal to its product endpoint\'s, plus identity whose points add up to its score', async () => {
    const res = await post('/1.0/hub', HUB_EXAMPLE);
    expect(res.status).toBe(200);
    expect(res.body.customer_id).toBe(CUSTOMER);
    expect(res.body.claims).toEqual(['email', 'phone', 'ip', 'device', 'name']);
    expect(res.body.resolution_id).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    expect(Object.keys(res.body).sort()).toEqual(['claims', 'customer_id', 'device', 'device_request_time', 'email', 'identity', 'ip', 'name', 'phone', 'resolution_id']);
    const single = {
      email: (await post('/1.0/email', { customer_id: CUSTOMER, claims: ['email'], email: HUB_EXAMPLE.email })).body.email,
      ip: (await post('/1.0/ip', { customer_id: CUSTOMER, claims: ['ip'], ip: HUB_EXAMPLE.ip })).body.ip,
      device: (await post('/1.0/device', { customer_id: CUSTOMER, claims: ['device'], user_agent: HUB_EXAMPLE.user_agent })).body.device,
      // The hub's country is the declared one: the phone's default country and the name's hint, as these routes take them.
      phone: (await post('/1.0/phone', { customer_id: CUSTOMER, claims: ['phone'], phone_number: HUB_EXAMPLE.phone_number, default_country: 'IT' })).body.phone,
      name: (await post('/1.0/name', { customer_id: CUSTOMER, claims: ['name'], first_name: 'Giulia', last_name: 'Rossi', country: 'IT' })).body.name,
    };
    for (const product of ['email', 'ip', 'device', 'phone', 'name'] as const) expect(res.body[product], product).toEqual(single[product]);
    const { identity } = res.body;
    expect(identity.score).toBe(sum(identity.reasons));
    expect(identity.score_cluster).toBe(createChecker({ now: NOW }).identity({
      email: HUB_EXAMPLE.email, phone: HUB_EXAMPLE.phone_number, ip: HUB_EXAMPLE.ip, userAgent: HUB_EXAMPLE.user_agent, firstName: 'Giulia', lastName: 'Rossi', country: 'IT',
    }).identity.score_cluster);
    // A product is carried on its trust side (IDENTITY_EMAIL) or its risk side (IDENTITY_EMAIL_RISK): either names it.
    const codes = identity.reasons.map((r: { code: string }) => r.code.replace(/_RISK$/u, ''));
    expect(codes).toEqual(expect.arrayContaining(['IDENTITY_NAME_IN_EMAIL', 'IDENTITY_PHONE_IP_COUNTRY', 'IDENTITY_EMAIL', 'IDENTITY_PHONE', 'IDENTITY_IP', 'IDENTITY_DEVICE', 'IDENTITY_NAME']));
  });

  it('reads only the claimed products: fields of others are ignored, and identity carries only the claimed', async () => {
    const res = await post('/1.0/hub', { ...HUB_EXAMPLE, claims: ['email', 'name'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).filter((k) => ['email', 'phone', 'ip', 'device', 'name'].includes(k)).sort()).toEqual(['email', 'name']);
    const codes = res.body.identity.reasons.map((r: { code: string }) => r.code);
    expect(codes).toContain('IDENTITY_NAME_IN_EMAIL');
    expect(codes).not.toContain('IDENTITY_PHONE');
    expect(codes).not.toContain('IDENTITY_PHONE_IP_COUNTRY');
    // One claim is a hub request too: that product and its identity.
    const one = await post('/1.0/hub', { customer_id: CUSTOMER, claims: ['ip'], ip: '127.0.0.1' });
    expect(one.body.ip.connection_type).toBe('RSV');
    // A reserved address is the IP's gate: its risk side is carried, and the gate caps the identity.
    expect(one.body.identity.reasons.map((r: { code: string }) => r.code)).toEqual(['IDENTITY_BASELINE', 'IDENTITY_IP_RISK', 'IDENTITY_INPUT_GATED']);
    expect(one.body.identity.reasons.at(-1).detail).toBe('ip: IP_RESERVED');
  });

  it('inconsistent inputs score lower than consistent ones', async () => {
    const consistent = await post('/1.0/hub', HUB_EXAMPLE);
    const inconsistent = await post('/1.0/hub', {
      ...HUB_EXAMPLE,
      email: 'peter.smith@mailinator.com',
      phone_number: '+14155552671',
      user_agent: 'curl/8.5.0',
    });
    expect(inconsistent.status).toBe(200);
    expect(inconsistent.body.identity.score).toBeLessThan(consistent.body.identity.score);
    expect(inconsistent.body.identity.reasons.map((r: { code: string }) => r.code)).toContain('IDENTITY_PHONE_IP_COUNTRY_MISMATCH');
  });

  it('refuses a bad request with 400 naming the field by its wire name, claims first', async () => {
    const cases: [unknown, { code: string; field: string }][] = [
      [[1, 2], { code: 'INPUT_TYPE', field: 'body' }],
      [{ claims: ['email'], email: 'a@b.co' }, { code: 'INPUT_MISSING', field: 'customer_id' }],
      [{ customer_id: CUSTOMER, email: 'a@b.co' }, { code: 'INPUT_MISSING', field: 'claims' }],
      [{ customer_id: CUSTOMER, claims: 'email', email: 'a@b.co' }, { code: 'INPUT_TYPE', field: 'claims' }],
      [{ customer_id: CUSTOMER, claims: [], email: 'a@b.co' }, { code: 'INPUT_TYPE', field: 'claims' }],
      [{ ...HUB_EXAMPLE, claims: ['email', 'fax'] }, { code: 'INPUT_UNKNOWN_CLAIM', field: 'claims[1]' }],
      [{ ...HUB_EXAMPLE, claims: ['email', 'ip', 'email'] }, { code: 'INPUT_TYPE', field: 'claims[2]' }],
      [{ ...HUB_EXAMPLE, claims: ['email', 'phone'], phone_number: undefined }, { code: 'INPUT_MISSING', field: 'phone_number' }],
      [{ ...HUB_EXAMPLE, claims: ['name'], last_name: null }, { code: 'INPUT_MISSING', field: 'last_name' }],
      [{ ...HUB_EXAMPLE, claims: ['device'], user_agent: 42 }, { code: 'INPUT_TYPE', field: 'user_agent' }],
      [{ ...HUB_EXAMPLE, claims: ['device'], headers: 'sec-ch-ua' }, { code: 'INPUT_TYPE', field: 'headers' }],
      // A field of a product not claimed is still typed by the schema.
      [{ ...HUB_EXAMPLE, claims: ['email'], ip: 42 }, { code: 'INPUT_TYPE', field: 'ip' }],
      [{ ...HUB_EXAMPLE, webhook_url: ['x'] }, { code: 'INPUT_TYPE', field: 'webhook_url' }],
      [{ ...HUB_EXAMPLE, default_country: 'IT' }, { code: 'INPUT_OPTION', field: 'default_country' }],
      // Refused by the identity check itself, renamed to the wire's name.
      [{ ...HUB_EXAMPLE, country: 'Italy' }, { code: 'INPUT_TYPE', field: 'country' }],
    ];
    for (const [body, error] of cases) {
      const res = await post('/1.0/hub', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error, JSON.stringify(body).slice(0, 80)).toMatchObject(error);
    }
    const quoted = await post('/1.0/hub', { ...HUB_EXAMPLE, claims: ['email', 'x'.repeat(500)] });
    expect(quoted.body.error.message.length).toBeLessThan(200);
    expect((await post('/1.0/hub', '{"customer_id":')).body.error.code).toBe('MALFORMED_JSON');
  });

  it('answers 401, 405, 413 and 415 as the product endpoints do', async () => {
    expect((await post('/1.0/hub', HUB_EXAMPLE, { 'x-api-key': 'wrong' })).status).toBe(401);
    const get = await fetch(`${base}/1.0/hub`, { headers: { 'x-api-key': KEY } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await post('/1.0/hub', { ...HUB_EXAMPLE, email: 'x'.repeat(5000) })).status).toBe(413);
    expect((await post('/1.0/hub', 'claims=email', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
  });

  it('needs every claimed product allowed for the key: 403 naming the first claim it may not use', async () => {
    const refused = await post('/1.0/hub', { ...HUB_EXAMPLE, claims: ['email', 'phone', 'ip'] }, { 'x-api-key': EMAIL_ONLY });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'FORBIDDEN', message: 'this API key may not use phone', field: 'claims[1]' });
    // Before the fields are judged: a missing phone_number still says 403, not how to fix the request.
    const missing = await post('/1.0/hub', { customer_id: CUSTOMER, claims: ['phone'] }, { 'x-api-key': EMAIL_ONLY });
    expect(missing.status).toBe(403);
    const allowed = await post('/1.0/hub', { ...HUB_EXAMPLE, claims: ['email'] }, { 'x-api-key': EMAIL_ONLY });
    expect(allowed.status).toBe(200);
    expect(allowed.body.email.value).toBe(HUB_EXAMPLE.email);
  });

  it('logs the route and a keyed hash of the claimed inputs, never the inputs', async () => {
    lines.length = 0;
    await post('/1.0/hub', HUB_EXAMPLE, { 'x-request-id': 'hub-log-1' });
    const line = lines.find((l) => l.req_id === 'hub-log-1' && l.msg === 'request');
    expect(line).toMatchObject({ route: '/1.0/hub', status: 200, input: expect.stringMatching(/^[\da-f]{16}$/) });
    const text = JSON.stringify(lines);
    for (const value of [HUB_EXAMPLE.email, HUB_EXAMPLE.phone_number, HUB_EXAMPLE.ip, 'Giulia']) expect(text).not.toContain(value);
  });
});

describe('POST /1.0/hub with webhook_url', () => {
  const { folder: webhookDir } = scratchFolders('identity-signals-hub-webhooks-');
  it('queues the e-mail\'s webhook as /1.0/email does, and echoes webhook_url', async () => {
    const receiver = await startHttpServer((_req, res) => json(res, 200, {}));
    const outcomes: WebhookOutcome[] = [];
    let delivered: () => void = () => {};
    const arrived = new Promise<void>((ok) => (delivered = ok));
    const hooked = createApiServer({
      apiKeys: [KEY],
      checker: createChecker({ providers: [{ name: 'social', enrichEmail: async () => ({ mx: true, has_linkedin: true }) }] }),
      webhook: { secret: 'whsec', allowPrivateTargets: true, dir: webhookDir() },
      onWebhook: (outcome) => {
        outcomes.push(outcome);
        delivered();
      },
    });
    try {
      const res = await hooked.app.inject({
        method: 'POST',
        url: '/1.0/hub',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        payload: { ...HUB_EXAMPLE, claims: ['email', 'ip'], webhook_url: `${receiver.origin}/hook` },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { webhook_url: string; resolution_id: string; email: { has_linkedin: unknown } };
      expect(body.webhook_url).toBe(`${receiver.origin}/hook`);
      expect(body.email.has_linkedin).toBeNull();
      await arrived;
      expect(outcomes).toEqual([expect.objectContaining({ delivered: true, resolution_id: body.resolution_id })]);
      const payload = JSON.parse(receiver.requests[0]!.body) as { event: string; email: { has_linkedin: boolean } };
      expect([payload.event, payload.email.has_linkedin]).toEqual(['email.enriched', true]);
    } finally {
      await hooked.app.close();
      await receiver.close();
    }
  });
});
