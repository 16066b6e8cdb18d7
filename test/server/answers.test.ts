import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { resolve } from '../../src/resolve.js';
import { PRODUCTS } from '../../src/resolve.js';
import type { ProductName } from '../../src/scoring/index.js';
import { AJV_OPTIONS, createApiServer } from '../../src/server/app.js';
import type { ApiServer } from '../../src/server/app.js';
import { HubResponseSchema, responseSchema } from '../../src/server/schemas.js';
import { randomAddresses } from '../support/ipDifferential.js';

// The 200 answers of the API routes are written by the native JSON.stringify of the library's result objects,
// not copied through their response schema (writeAsItIs in src/server/plugins/api.ts). What makes that safe is
// checked here on a corpus of real inputs from the test fixtures, through the real server: every answer
// validates against its route's response schema with the server's own Ajv options, every object of those
// schemas is closed (so a valid answer has no field the schema does not declare, and no value of another
// type), and the bytes are JSON.stringify of the result in the library's field order.

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const KEY = 'answers-key';
const json = (path: string) => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as Record<string, unknown>;
const lines = (path: string) => readFileSync(join(FIXTURES, path), 'utf8').split('\n').filter((line) => line.trim() !== '');
/** Every `step`-th item: a bounded, deterministic sample spread over the whole fixture. */
const every = <T>(items: readonly T[], step: number): T[] => items.filter((_, i) => i % step === 0);

/** Request fields per product (without customer_id and claims), from the fixtures. */
function corpus(): Record<ProductName, Record<string, unknown>[]> {
  const syntax = json('email/syntax.json').cases as { address: string }[];
  const typos = json('email/typos.json') as { typos: { address: string }[]; notTypos: { address: string }[] };
  const confusable = json('email/confusable.json').cases as { address: string }[];
  const email = [...every(syntax, 2), ...every(typos.typos, 2), ...every(typos.notTypos, 2), ...confusable].map((c) => ({ email: c.address }));
  const device = [...every(lines('device/device_ua.dev.jsonl'), 25), ...every(lines('device/client_hints.dev.jsonl'), 5)].map(
    (line) => (JSON.parse(line) as { input: Record<string, unknown> }).input,
  );
  const ip = [...randomAddresses(150, 2026), '10.1.2.3', '127.0.0.1', '::1', '2001:db8::1', '81.2.69.142', '0.0.0.0', '255.255.255.255', '::ffff:81.2.69.142'].map((a) => ({ ip: a }));
  const phones = json('phone/google-examples.json') as { examples: { e164: string; region: string }[]; variants: { e164: string }[] };
  const phone = [
    ...every(phones.examples, 8).map((e) => ({ phone_number: e.e164 })),
    ...every(phones.variants, 20).map((v) => ({ phone_number: v.e164 })),
    ...every(phones.examples, 40).map((e) => ({ phone_number: e.e164.slice(4), default_country: e.region })),
  ];
  const tsv = (path: string) => lines(path).filter((line) => !line.startsWith('#')).slice(1).map((line) => line.split('\t'));
  const name = [...every(tsv('name/real.tsv'), 5), ...every(tsv('name/fake.tsv'), 3)].map(([first, last]) => ({ first_name: first ?? '', last_name: last ?? '' }));
  const fields = { email, device, ip, phone, name };
  // webhook_url on some requests of every product: echoed by email and name only, which the closed schemas check.
  for (const list of Object.values(fields)) for (const [i, f] of list.entries()) if (i % 7 === 3) list[i] = { ...f, webhook_url: 'https://hooks.example/identity' };
  return fields;
}

/** Hub requests: the identity fixtures' sign-ups, every product claimed, some with fewer claims. */
function hubCorpus(): Record<string, unknown>[] {
  const people = [...lines('identity/consistent.jsonl'), ...lines('identity/inconsistent.jsonl')].map((line) => JSON.parse(line) as Record<string, string>);
  return people.map((p, i) => {
    const all = { email: p.email, phone_number: p.phone, ip: p.ip, user_agent: p.userAgent, first_name: p.firstName, last_name: p.lastName };
    const claims = i % 3 === 0 ? ['email', 'name'] : ['email', 'phone', 'ip', 'device', 'name'];
    return { customer_id: CUSTOMER, claims, ...all, ...(p.country === undefined ? {} : { country: p.country }), ...(i % 5 === 0 ? { webhook_url: 'https://hooks.example/hub' } : {}) };
  });
}

/** Every object schema in `schema` (through properties, items, unions) must be closed to undeclared fields. */
function openObjects(schema: unknown, where = '#'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const open: string[] = [];
  const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || s.properties !== undefined;
  if (isObject && s.additionalProperties !== false) open.push(where);
  for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) open.push(...openObjects(child, `${where}/properties/${key}`));
  if (s.items !== undefined) open.push(...openObjects(s.items, `${where}/items`));
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[k])) for (const [i, child] of s[k].entries()) open.push(...openObjects(child, `${where}/${k}/${i}`));
  return open;
}

/** The keys of a JSON value in order, at every depth: what decides the bytes beyond the content. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (value === null || typeof value !== 'object') return null;
  return Object.entries(value).map(([k, v]) => [k, keyOrder(v)]);
}

interface Answered {
  readonly route: string;
  readonly request: Record<string, unknown>;
  readonly status: number;
  readonly body: string;
}

const checker = createChecker();
let api: ApiServer;
/** A Fastify app with the server's Ajv options whose routes take each response schema as their body: 200 when valid. */
const validator = Fastify({ ajv: { customOptions: { ...AJV_OPTIONS } } });
const answers: Answered[] = [];
const schemas: Record<string, object> = { ...Object.fromEntries(PRODUCTS.map((p) => [`/1.0/${p}`, responseSchema(p)])), '/1.0/hub': HubResponseSchema };

beforeAll(async () => {
  api = createApiServer({ apiKeys: [KEY], checker, rateLimitPerSecond: 0 });
  for (const [route, schema] of Object.entries(schemas)) validator.post(route, { schema: { body: schema } }, async () => 'valid');
  const requests: [string, Record<string, unknown>][] = [];
  for (const [product, list] of Object.entries(corpus())) for (const fields of list) requests.push([`/1.0/${product}`, { customer_id: CUSTOMER, claims: [product], ...fields }]);
  for (const body of hubCorpus()) requests.push(['/1.0/hub', body]);
  for (const [route, request] of requests) {
    const res = await api.app.inject({ method: 'POST', url: route, headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, payload: JSON.stringify(request) });
    answers.push({ route, request, status: res.statusCode, body: res.body });
  }
}, 120_000);

afterAll(async () => {
  await api.app.close();
  await validator.close();
});

describe('API answers written as the library built them', () => {
  it('the corpus covers every route with hundreds of real inputs, and they are answered (a 400 only for a request its schema refuses: two client-hint fixtures whose headers are not strings)', () => {
    const perRoute = Object.fromEntries(Object.keys(schemas).map((route) => [route, answers.filter((a) => a.route === route && a.status === 200).length]));
    for (const [route, count] of Object.entries(perRoute)) expect(count, route).toBeGreaterThanOrEqual(route === '/1.0/hub' ? 100 : 90);
    const refused = answers.filter((a) => a.status !== 200);
    for (const a of refused) expect([a.status, JSON.parse(a.body).error.code], `${a.route} ${JSON.stringify(a.request)}`).toEqual([400, expect.stringMatching(/^INPUT_/)]);
    expect(refused.length).toBeLessThan(answers.length / 20);
  });

  it('every response schema closes every object to undeclared fields, so a valid answer carries nothing else', () => {
    for (const [route, schema] of Object.entries(schemas)) expect(openObjects(schema), route).toEqual([]);
  });

  it('every 200 answer validates against its route\'s response schema (the server\'s Ajv options)', async () => {
    const invalid: string[] = [];
    for (const a of answers) {
      if (a.status !== 200) continue;
      const res = await validator.inject({ method: 'POST', url: a.route, headers: { 'content-type': 'application/json' }, payload: a.body });
      if (res.statusCode !== 200) invalid.push(`${a.route} ${JSON.stringify(a.request)}: ${res.json().message}`);
    }
    expect(invalid.slice(0, 5), `${invalid.length} answers fail their schema`).toEqual([]);
    // The check can fail: an answer with an undeclared field, or a wrong type, is refused.
    const sample = JSON.parse(answers.find((a) => a.route === '/1.0/ip' && a.status === 200)!.body) as { ip: Record<string, unknown> };
    for (const bad of [{ ...sample, ip: { ...sample.ip, internal: 1 } }, { ...sample, ip: { ...sample.ip, is_vpn: 'no' } }, { ...sample, extra: true }]) {
      expect((await validator.inject({ method: 'POST', url: '/1.0/ip', payload: bad })).statusCode).toBe(400);
    }
  });

  it('the bytes are JSON.stringify of the result, fields in the library\'s order, as the hand-written server wrote them', async () => {
    for (const a of answers.filter((x) => x.status === 200 && x.route !== '/1.0/hub').slice(0, 200)) {
      const own = await resolve(a.request, { checker });
      // The ids and the time differ per call; the order of every key at every depth is the library's.
      expect(keyOrder(JSON.parse(a.body)), `${a.route} ${JSON.stringify(a.request)}`).toEqual(keyOrder(own));
      expect(a.body).toBe(JSON.stringify({ ...own, resolution_id: JSON.parse(a.body).resolution_id, device_request_time: JSON.parse(a.body).device_request_time }));
    }
  });
});
