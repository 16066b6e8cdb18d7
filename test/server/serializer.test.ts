import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { resolve } from '../../src/resolve.js';
import { answerHub, readHubRequest } from '../../src/server/hub.js';
import { ErrorSchema, HUB_EXAMPLE, HealthSchema, HubResponseSchema, ReadySchema, responseSchema } from '../../src/server/schemas.js';
import { compileSerializer } from '../../src/server/serializer.js';

// The server writes its answers with its own serialiser (src/server/serializer.ts, part of the server's speed work) instead
// of Fastify's default, fast-json-stringify. It must write the same bytes: each case below is written by both,
// fast-json-stringify through a plain Fastify app with the same response schema (what the server did before).
// Since the API routes' 200 answers are written as the library built them (test/server/answers.test.ts),
// this serialiser writes the other answers (errors, health, ready); the cases below still cover every
// schema, the answers' included, since it is what the answers' content is checked against.

const CUSTOMER = '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f';
const checker = createChecker();

/** A plain Fastify app (default serialiser) that answers each case's data with each case's schema. */
const reference = Fastify();
const cases: { name: string; schema: object; data: unknown }[] = [];
function add(name: string, schema: object, data: unknown): void {
  const i = cases.length;
  cases.push({ name, schema, data });
  reference.get(`/${i}`, { schema: { response: { 200: schema } } }, async () => cases[i]!.data);
}

/** What fast-json-stringify writes for case `i`: the body, or 'throws' when it refuses the data (a 500). */
async function fastJsonStringify(i: number): Promise<string> {
  const res = await reference.inject(`/${i}`);
  return res.statusCode === 200 ? res.payload : 'throws';
}

function ours(schema: object, data: unknown): string {
  try {
    return compileSerializer(schema)(data);
  } catch {
    return 'throws';
  }
}

const REQUESTS: Record<string, Record<string, unknown>[]> = {
  email: [{ email: 'jane.doe@gmail.com' }, { email: 'info@mailinator.com' }, { email: 'bob@gmial.com', webhook_url: 'https://hooks.example/x' }, { email: 'not an email' }],
  ip: [{ ip: '81.2.69.142' }, { ip: '2001:4860:4860::8888' }, { ip: '10.1.2.3' }],
  phone: [{ phone_number: '+393331234567' }, { phone_number: '+14155552671' }, { phone_number: '12' }, { phone_number: '020 7183 8750', default_country: 'GB' }],
  name: [{ first_name: 'Jane', last_name: 'Doe' }, { first_name: 'Zxqv', last_name: 'Asdf' }, { first_name: 'Jöhn "Q"', last_name: 'O\\Brien\u0001' }],
  device: [
    { user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' },
    { user_agent: 'curl/8.5.0' },
    { user_agent: '' },
  ],
};

beforeAll(async () => {
  for (const [product, requests] of Object.entries(REQUESTS)) {
    for (const fields of requests) {
      const envelope = await resolve({ customer_id: CUSTOMER, claims: [product], ...fields }, { checker });
      add(`${product} ${JSON.stringify(fields)}`, responseSchema(product as never), envelope);
    }
  }
  add('hub example', HubResponseSchema, answerHub(readHubRequest(HUB_EXAMPLE), checker));
  add('error with field', ErrorSchema, { error: { code: 'INPUT_MISSING', message: 'ip is required', field: 'ip' } });
  add('error without field', ErrorSchema, { error: { code: 'UNAUTHORIZED', message: 'missing or wrong x-api-key header', field: undefined } });
  add('health', HealthSchema, { status: 'ok' });
  add('ready', ReadySchema, { status: 'ready', data: [{ product: 'ip', name: 'asn', retrieved: '2026-01-01', age_days: 3.5, verified: true, stale: false }] });

  // Data that does not fit its schema: extras left out, coerced, or refused, as fast-json-stringify does.
  const shape = Type.Object(
    {
      text: Type.String(),
      count: Type.Integer(),
      ratio: Type.Number(),
      flag: Type.Boolean(),
      maybe: Type.Optional(Type.Unsafe({ type: ['string', 'null'] })),
      whole: Type.Optional(Type.Unsafe({ type: ['integer', 'null'], enum: [4, 6, null] })),
      list: Type.Optional(Type.Unsafe({ type: ['array', 'null'], items: { type: 'string' } })),
      kind: Type.Optional(Type.Enum(['a', 'b'])),
      fixed: Type.Optional(Type.Literal('email')),
      inner: Type.Optional(Type.Object({ a: Type.String() }, { additionalProperties: false })),
    },
    { additionalProperties: false },
  );
  const plain = { text: 'x', count: 1, ratio: 0.5, flag: true };
  add('extra properties left out', shape, { ...plain, secret: 'internal', inner: { a: 'y', b: 'z' } });
  add('optional undefined left out', shape, { ...plain, maybe: undefined, list: undefined });
  add('nulls in nullable fields', shape, { ...plain, maybe: null, whole: null, list: null });
  add('nulls in plain fields', shape, { text: null, count: null, ratio: null, flag: null, inner: null });
  add('coerced primitives', shape, { text: 42, count: 3.9, ratio: '2.5', flag: 'yes' });
  add('infinite number', shape, { ...plain, ratio: Infinity });
  add('date and regexp as strings', shape, { ...plain, text: new Date('2026-03-10T13:00:00Z'), maybe: /ab+c/ });
  add('const written as declared', shape, { ...plain, fixed: 'anything' });
  add('bare enum written as given', shape, { ...plain, kind: 'b' });
  add('toJSON honoured', shape, { toJSON: () => ({ ...plain, text: 'from toJSON' }) });
  add('escapes', shape, { ...plain, text: 'quote " backslash \\ tab \t nul \u0000 lone \ud800 line \u2028 é 😀'.repeat(2) });
  add('long string', shape, { ...plain, text: 'a'.repeat(5000) });
  add('missing required refused', shape, { text: 'x', count: 1, ratio: 0.5 });
  add('float in an integer list refused', shape, { ...plain, whole: 4.5 });
  add('number in a string list refused', shape, { ...plain, maybe: 7 });
  add('not a number refused', shape, { ...plain, ratio: 'abc' });
  add('not an array refused', shape, { ...plain, list: 'abc' });
});

afterAll(async () => {
  await reference.close();
});

describe('the server serialiser', () => {
  it('writes every case byte for byte as fast-json-stringify does (answers of every route, errors, ops, odd data)', async () => {
    expect(cases.length).toBeGreaterThan(30);
    for (const [i, c] of cases.entries()) expect(ours(c.schema, c.data), c.name).toBe(await fastJsonStringify(i));
    // The refusals above did refuse (the comparison would also pass if both wrote something).
    for (const name of ['missing required refused', 'float in an integer list refused', 'number in a string list refused', 'not a number refused', 'not an array refused']) {
      const c = cases.find((x) => x.name === name)!;
      expect(ours(c.schema, c.data), name).toBe('throws');
    }
  });

  it('refuses, when a route is registered, a schema it cannot write exactly', () => {
    expect(() => compileSerializer(Type.Union([Type.String(), Type.Number()]))).toThrow(/anyOf/);
    expect(() => compileSerializer(Type.Object({ a: Type.String() }, { additionalProperties: true }))).toThrow(/additionalProperties/);
    expect(() => compileSerializer(Type.Object({ at: Type.String({ format: 'date-time' }) }))).toThrow(/date-time/);
    expect(() => compileSerializer({ type: 'string', default: 'x' })).toThrow(/default/);
  });

  it('compiles a schema object once: the routes sharing the error schema share its serialiser', () => {
    const first = compileSerializer(ErrorSchema);
    expect(compileSerializer(ErrorSchema)).toBe(first);
    // A copy is another object, compiled on its own, writing the same bytes.
    const copy = structuredClone(ErrorSchema) as object;
    const body = { error: { code: 'NOT_FOUND', message: 'no such path' } };
    expect(compileSerializer(copy)).not.toBe(first);
    expect(compileSerializer(copy)(body)).toBe(first(body));
  });
});
