import Fastify, { errorCodes } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';
import { useJsonBodyParser } from '../../src/server/jsonBody.js';

// The server's JSON body parser (src/server/jsonBody.ts, part of the server's speed work) must accept, refuse and parse
// exactly as Fastify's default parser (secure-json-parse) does: the same bodies through two plain apps, one with
// each parser, give the same answers; the API server answers them in its own words as before.

const BODIES: Record<string, string> = {
  'a request': '{"customer_id":"c","claims":["email"],"email":"jane@example.com"}',
  'cut short': '{"customer_id":',
  empty: '',
  blanks: '   ',
  'byte-order mark': '\ufeff{"a":1}',
  '__proto__ key': '{"a":{"__proto__":{"polluted":1}}}',
  '__proto__ key escaped': '{"\\u005f_proto__":{"polluted":1}}',
  'constructor key': '{"constructor":{"prototype":{"polluted":1}}}',
  'constructor key escaped': '{"\\u0063onstructor":{"prototype":{"polluted":1}}}',
  'constructor as a value': '{"a":"constructor","b":"__proto__"}',
  'escapes in a value': '{"a":"line\\nbreak \\"quoted\\" \\u00e9"}',
  'raw control character': '{"a":"x\u0001y"}',
  'trailing comma': '{"a":1,}',
  'trailing garbage': '{"a":1} x',
  array: '[1,2,3]',
  string: '"text"',
  null: 'null',
  number: '42',
  'huge number': '1e400',
  boolean: 'true',
  'duplicate keys': '{"a":1,"a":2}',
  unicode: '{"name":"Jöhn 😀 東京"}',
  nested: `${'['.repeat(500)}${']'.repeat(500)}`,
};

/** A plain app echoing what its parser made of the body; its errors as Fastify's default error handler writes them. */
async function echoApp(ours: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  if (ours) useJsonBodyParser(app);
  app.post('/echo', async (request) => ({ type: request.body === null ? 'null' : typeof request.body, body: request.body }));
  await app.ready();
  return app;
}

let fastifys: FastifyInstance;
let ours: FastifyInstance;
let api: ApiServer;

beforeAll(async () => {
  fastifys = await echoApp(false);
  ours = await echoApp(true);
  api = createApiServer({ apiKeys: ['k'] });
  await api.ready;
});

afterAll(async () => {
  await Promise.all([fastifys.close(), ours.close(), api.app.close()]);
});

const post = (app: FastifyInstance, url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-api-key': 'k', ...headers }, payload });

describe('the JSON body parser', () => {
  it('accepts, parses and refuses every body as Fastify\'s default parser does', async () => {
    for (const [name, body] of Object.entries(BODIES)) {
      const [theirs, mine] = [await post(fastifys, '/echo', body), await post(ours, '/echo', body)];
      expect([mine.statusCode, mine.body], name).toEqual([theirs.statusCode, theirs.body]);
    }
    // The cases do reach both outcomes, and the forbidden keys are refused, not parsed.
    expect((await post(ours, '/echo', BODIES['a request']!)).statusCode).toBe(200);
    for (const name of ['cut short', '__proto__ key', '__proto__ key escaped', 'constructor key', 'constructor key escaped', 'empty']) {
      expect((await post(ours, '/echo', BODIES[name]!)).statusCode, name).toBe(400);
    }
    expect((await post(ours, '/echo', BODIES['cut short']!)).json().code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    // secure-json-parse drops a byte-order mark, which JSON.parse would refuse: handed to it, accepted.
    expect((await post(ours, '/echo', BODIES['byte-order mark']!)).json()).toEqual({ type: 'object', body: { a: 1 } });
  });

  it('refuses a malformed body with Fastify\'s error, made without a stack trace (Fastify\'s own parser makes one with)', async () => {
    /** The error each parser hands the error handler for a malformed body. */
    const refusal = async (mine: boolean): Promise<Error> => {
      const app = Fastify();
      if (mine) useJsonBodyParser(app);
      const seen: Error[] = [];
      app.setErrorHandler((error, _request, reply) => {
        seen.push(error as Error);
        return reply.code(400).send('no');
      });
      app.post('/echo', async () => 'yes');
      await post(app, '/echo', BODIES['cut short']!);
      await app.close();
      expect(seen).toHaveLength(1);
      return seen[0]!;
    };
    const [theirs, mine] = [await refusal(false), await refusal(true)];
    for (const error of [theirs, mine]) expect(error).toBeInstanceOf(errorCodes.FST_ERR_CTP_INVALID_JSON_BODY);
    expect(theirs.stack).toContain('\n    at ');
    expect(mine.stack ?? '').not.toContain('\n    at ');
    expect(Error.stackTraceLimit).toBeGreaterThan(0);
  });

  it('the API server answers odd bodies in its own words', async () => {
    const answers = await Promise.all(
      ['cut short', 'empty', '__proto__ key', 'constructor key escaped', 'array'].map(async (name) => {
        const res = await post(api.app, '/1.0/email', BODIES[name]!);
        return [name, res.statusCode, res.json().error.code];
      }),
    );
    expect(answers).toEqual([
      ['cut short', 400, 'MALFORMED_JSON'],
      ['empty', 400, 'MALFORMED_JSON'],
      ['__proto__ key', 400, 'MALFORMED_JSON'],
      ['constructor key escaped', 400, 'MALFORMED_JSON'],
      ['array', 400, 'INPUT_TYPE'],
    ]);
  });
});
