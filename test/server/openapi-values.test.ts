import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCategory, EmailStatus, NameResult, PhoneStatus, PriceCluster } from '../../src/index.js';
import type { ConnectionSpeed, ConnectionType, RequestTime } from '../../src/ip/types.js';
import { RISK_ORDER } from '../../src/name/evidence.js';
import { TYPE_NAMES } from '../../src/phone/numberTypes.js';
import { PRODUCTS, resolve } from '../../src/resolve.js';
import { QUALITY_CLUSTERS, RISK_CLUSTERS } from '../../src/scoring/bands.js';
import type { ProductName } from '../../src/scoring/index.js';
import type { ApiServer } from '../../src/server/index.js';
import { servedApi } from '../support/servedApi.js';

// The served /openapi.json says what a client may send and will get back:
// each enum of an answer lists exactly the values the library can return
// (its exported constants, or the result types' unions, which tsc holds the
// lists below to in both directions), each answer object lists exactly the
// fields the library's result has, every object of an answer is closed,
// every request field is described, and every request example answers 200.

/** True when `L` lists every member of `T` (the `satisfies` on each list refuses strangers). */
type Lists<T, L extends readonly unknown[]> = [Exclude<T, L[number]>] extends [never] ? true : false;

const EMAIL_STATUS = ['deliverable', 'invalid', 'undetermined', 'syntax', 'role', 'accept-all', 'disposable', 'spam-trap'] as const satisfies readonly EmailStatus[];
const PRICE_CLUSTER = ['very_low', 'low', 'medium', 'high', 'very_high'] as const satisfies readonly PriceCluster[];
const CATEGORY = [
  'desktop', 'smartphone', 'phablet', 'tablet', 'feature_phone', 'tv', 'console', 'car', 'wearable', 'media_player', 'smart_speaker',
  'smart_display', 'camera', 'peripheral', 'robot', 'unknown',
] as const satisfies readonly DeviceCategory[];
const CONNECTION_TYPE = ['COM', 'ORG', 'GOV', 'MIL', 'EDU', 'LIB', 'CDN', 'ISP', 'MOB', 'DCH', 'SES', 'RSV'] as const satisfies readonly ConnectionType[];
const CONNECTION_SPEED = ['dial up', 'broadband/cable/fiber/mobile', 'company/T1'] as const satisfies readonly ConnectionSpeed[];
const REQUEST_TIME = ['morning', 'afternoon', 'evening', 'night'] as const satisfies readonly RequestTime[];
const PHONE_STATUS = ['connected', 'syntax', 'invalid', 'undetermined'] as const satisfies readonly PhoneStatus[];
const GENDER = ['M', 'F'] as const satisfies readonly NonNullable<NameResult['gender']>[];
const COMPLETE: readonly true[] = [
  true satisfies Lists<EmailStatus, typeof EMAIL_STATUS>,
  true satisfies Lists<PriceCluster, typeof PRICE_CLUSTER>,
  true satisfies Lists<DeviceCategory, typeof CATEGORY>,
  true satisfies Lists<ConnectionType, typeof CONNECTION_TYPE>,
  true satisfies Lists<ConnectionSpeed, typeof CONNECTION_SPEED>,
  true satisfies Lists<RequestTime, typeof REQUEST_TIME>,
  true satisfies Lists<PhoneStatus, typeof PHONE_STATUS>,
  true satisfies Lists<NonNullable<NameResult['gender']>, typeof GENDER>,
];

/** Each enum of an answer: product, field, its values, and whether null is one of them. */
const ENUMS: readonly (readonly [ProductName, string, readonly (string | number)[], boolean])[] = [
  ['email', 'status', EMAIL_STATUS, false],
  ['email', 'score_cluster', QUALITY_CLUSTERS, false],
  ['device', 'price_cluster', PRICE_CLUSTER, true],
  ['device', 'category', CATEGORY, false],
  ['device', 'mobile_device', [0, 1], true],
  ['device', 'score_cluster', QUALITY_CLUSTERS, false],
  ['ip', 'connection_type', CONNECTION_TYPE, true],
  ['ip', 'connection_speed', CONNECTION_SPEED, true],
  ['ip', 'request_time', REQUEST_TIME, true],
  ['ip', 'ip_version', [4, 6], true],
  ['ip', 'score_cluster', RISK_CLUSTERS, false],
  ['phone', 'type', [...Object.values(TYPE_NAMES), 'unknown'], false],
  ['phone', 'status', PHONE_STATUS, false],
  ['phone', 'score_cluster', RISK_CLUSTERS, false],
  ['name', 'gender', GENDER, true],
  ['name', 'risk_type', RISK_ORDER, true],
  ['name', 'score_cluster', RISK_CLUSTERS, false],
];

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: unknown;
  description?: string;
  examples?: unknown[];
  format?: string;
}
interface Operation {
  requestBody?: { content: { 'application/json': { schema: Schema; example: Record<string, unknown> } } };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

const KEY = 'openapi-values-key';
let api: ApiServer;
let doc: OpenApi;

beforeAll(async () => ({ api, doc } = await servedApi<OpenApi>(KEY)));
afterAll(async () => {
  await api.app.close();
});

const answer = (product: ProductName) => doc.paths[`/1.0/${product}`]!.post!.responses['200']!.content!['application/json']!.schema;
const resultOf = (product: ProductName) => answer(product).properties![product]!;
const post = (path: string, body: unknown) =>
  api.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', 'x-api-key': KEY }, payload: JSON.stringify(body) });

describe('GET /openapi.json: the answers', () => {
  it('the enum lists are complete (checked by tsc)', () => {
    expect(COMPLETE.every(Boolean)).toBe(true);
  });

  it.each(ENUMS)('%s.%s lists exactly the values the library returns', (product, field, values, nullable) => {
    for (const schema of [resultOf(product), doc.paths['/1.0/hub']!.post!.responses['200']!.content!['application/json']!.schema.properties![product]!]) {
      const served = schema.properties![field]!;
      const type = typeof values[0] === 'string' ? 'string' : 'integer';
      // A plain enum may leave its type out; a nullable one must say it, or the serialiser reads a string as a number.
      if (nullable) expect(served.type).toEqual([type, 'null']);
      else expect([undefined, type]).toContain(served.type);
      expect(served.enum).toEqual(expect.arrayContaining(nullable ? [...values, null] : [...values]));
      expect(served.enum).toHaveLength(values.length + (nullable ? 1 : 0));
    }
  });

  it.each(PRODUCTS)('%s: the answer lists exactly the fields of the library\'s result, all required', async (product) => {
    const example = doc.paths[`/1.0/${product}`]!.post!.requestBody!.content['application/json'].example;
    const library = (await resolve(example)) as unknown as Record<string, Record<string, unknown>>;
    const fields = Object.keys(library[product]!).sort();
    expect(Object.keys(resultOf(product).properties!).sort()).toEqual(fields);
    expect([...resultOf(product).required!].sort()).toEqual(fields);
    expect([...answer(product).required!].sort()).toEqual(Object.keys(library).sort());
  });

  it('every object of every answer is closed, and every field of an error is described', () => {
    const objects: string[] = [];
    const walk = (schema: Schema, where: string) => {
      if (schema.properties !== undefined) {
        objects.push(where);
        expect({ where, additionalProperties: schema.additionalProperties }).toEqual({ where, additionalProperties: false });
        for (const [name, sub] of Object.entries(schema.properties)) walk(sub, `${where}.${name}`);
      }
      if (schema.items !== undefined) walk(schema.items, `${where}[]`);
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (schema !== undefined) walk(schema, `${method} ${path} ${status}`);
        }
      }
    }
    expect(objects).toContain('get /ready 200.data[]');
    expect(objects).toContain('post /1.0/email 400.error');
    const error = doc.paths['/1.0/email']!.post!.responses['400']!.content!['application/json']!.schema.properties!.error!;
    for (const name of ['code', 'message', 'field']) expect(error.properties![name]!.description).toMatch(/\w/);
  });

  it('resolution_id is documented as a UUID v4, in every answer', () => {
    const hub = doc.paths['/1.0/hub']!.post!.responses['200']!.content!['application/json']!.schema;
    for (const schema of [...PRODUCTS.map(answer), hub]) {
      const id = schema.properties!.resolution_id!;
      expect(id.format).toBe('uuid');
      expect(id.description).toMatch(/UUID v4/);
    }
  });
});

describe('GET /openapi.json: the requests', () => {
  const routes = () => [...PRODUCTS.map((p) => `/1.0/${p}`), '/1.0/hub'];

  it('every request field of every route is described, with an example', () => {
    for (const path of routes()) {
      const schema = doc.paths[path]!.post!.requestBody!.content['application/json'].schema;
      for (const [name, field] of Object.entries(schema.properties!)) {
        expect({ path, name, described: /\w/.test(field.description ?? ''), examples: field.examples?.length }).toEqual({ path, name, described: true, examples: 1 });
      }
    }
  });

  it('every route\'s example answers 200 with the example\'s claims', async () => {
    for (const path of routes()) {
      const example = doc.paths[path]!.post!.requestBody!.content['application/json'].example;
      const res = await post(path, example);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
      expect(res.json<{ claims: unknown }>().claims).toEqual(example.claims);
    }
  });

  it('the hub example is one consistent sign-up: all five products, each input valid', async () => {
    const example = doc.paths['/1.0/hub']!.post!.requestBody!.content['application/json'].example;
    expect([...(example.claims as string[])].sort()).toEqual([...PRODUCTS].sort());
    const body = (await post('/1.0/hub', example)).json<Record<string, Record<string, unknown>>>();
    expect(body.email!.is_valid).not.toBe(false);
    expect(body.phone!.is_valid).toBe(true);
    expect(body.phone!.country).toBe(example.country);
    expect(body.ip!.is_valid).toBe(true);
    expect(body.device!.category).toBe('smartphone');
    expect(body.name!.is_valid).toBe(true);
  });
});
