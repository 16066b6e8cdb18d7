import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { PRODUCTS, resolve } from '../../src/resolve.js';
import type { ProductName } from '../../src/scoring/index.js';
import type { ApiServer } from '../../src/server/index.js';
import { servedApi } from '../support/servedApi.js';

// A request the API refuses is refused for the same reason resolve() gives
// (src/server/errors.ts: "so both refuse a bad request for the same reason"):
// with two fields wrong at once, the 400 names the first in resolve()'s order,
// by its wire name, with resolve()'s code and message. The requests are built
// from the examples of the served /openapi.json, and the fields varied are
// the properties of each route's served request schema.

const KEY = 'request-errors-key';
let api: ApiServer;
let doc: OpenApi;

interface OpenApi {
  paths: Record<string, { post?: { requestBody: { content: { 'application/json': Media } } } }>;
}

interface Media {
  schema: { properties: Record<string, unknown> };
  example: Record<string, unknown>;
}

beforeAll(async () => ({ api, doc } = await servedApi<OpenApi>(KEY)));
afterAll(async () => {
  await api.app.close();
});

const post = async (path: string, body: unknown, contentType = 'application/json') => {
  const res = await api.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': contentType, 'x-api-key': KEY },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json<{ error: { code: string; message: string; field?: string } }>() };
};

const requestBody = (path: string) => doc.paths[path]!.post!.requestBody.content['application/json'];

/** resolve()'s refusal of a request, as an error body. */
async function libraryRefusal(request: Record<string, unknown>) {
  try {
    await resolve(request);
  } catch (error) {
    if (error instanceof InputError) return { code: error.code, message: error.message, field: error.field };
    throw error;
  }
  throw new Error(`resolve() took ${JSON.stringify(request)}`);
}

describe('a refused product request names the field resolve() names', () => {
  it.each(PRODUCTS)('%s: every pair of wrong fields, wrong type or missing', async (product: ProductName) => {
    const { schema, example } = requestBody(`/1.0/${product}`);
    const fields = Object.keys(schema.properties);
    expect(fields.length).toBeGreaterThan(3);
    let compared = 0;
    for (const a of fields) {
      for (const b of fields) {
        if (a === b) continue;
        for (const wrong of [5, null, undefined]) {
          const request: Record<string, unknown> = { ...example, [a]: wrong, [b]: wrong };
          if (wrong === undefined) {
            delete request[a];
            delete request[b];
          }
          // An optional field that is missing or null is not wrong.
          let expected: Awaited<ReturnType<typeof libraryRefusal>>;
          try {
            expected = await libraryRefusal(request);
          } catch {
            continue;
          }
          const res = await post(`/1.0/${product}`, request);
          expect({ request, status: res.status, error: res.body.error }).toEqual({ request, status: 400, error: expected });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(fields.length);
  });

  it('a claim that is not a product name: resolve()\'s code, field and message, listing the products', async () => {
    const request = { ...requestBody('/1.0/email').example, claims: [5] };
    const res = await post('/1.0/email', request);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(await libraryRefusal(request));
    expect(res.body.error).toMatchObject({ code: 'INPUT_UNKNOWN_CLAIM', field: 'claims[0]' });
    expect(res.body.error.message).toContain(PRODUCTS.join(', '));
  });
});

describe('refusals of the body itself', () => {
  it('a body that is not JSON is MALFORMED_JSON; one that is JSON but not an object names the body', async () => {
    expect((await post('/1.0/email', '{"customer_id": ')).body.error.code).toBe('MALFORMED_JSON');
    for (const body of ['[]', '"text"', '5']) {
      const res = await post('/1.0/email', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INPUT_TYPE', field: 'body' });
    }
  });

  it('a body that is not JSON by its content type: 415, saying which type to send', async () => {
    const res = await post('/1.0/email', 'email=jane@example.org', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.error.message).toMatch(/application\/json/);
  });
});

describe('refused hub requests', () => {
  const HUB = { customer_id: '2f1c4f5e-8b9a-4c6d-9e0f-1a2b3c4d5e6f', claims: ['ip'], ip: '81.2.69.142' };

  it.each(['null', '[]', '"hub"'])('the body %s: INPUT_TYPE naming the body, not a 500', async (body) => {
    const res = await post('/1.0/hub', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INPUT_TYPE', field: 'body' });
  });

  it('claims not an array: the message names claims', async () => {
    const res = await post('/1.0/hub', { ...HUB, claims: 'ip' });
    expect(res.body.error).toMatchObject({ code: 'INPUT_TYPE', field: 'claims' });
    expect(res.body.error.message).toMatch(/^claims /);
  });

  it('default_country: refused, the message pointing to country', async () => {
    const res = await post('/1.0/hub', { ...HUB, default_country: 'IT' });
    expect(res.body.error).toMatchObject({ code: 'INPUT_OPTION', field: 'default_country' });
    expect(res.body.error.message).toMatch(/send country/);
  });

  it('headers of the wrong type, device not claimed: named as headers, which must be an object (not a string)', async () => {
    const res = await post('/1.0/hub', { ...HUB, headers: 5 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INPUT_TYPE', field: 'headers' });
    expect(res.body.error.message).toMatch(/^headers must be an object/);
  });
});
