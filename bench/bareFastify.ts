/**
 * The floor of any Fastify server for the bench: a bare Fastify
 * app with the API's five `POST /1.0/<product>` routes over `resolve()` and
 * nothing else: no plugins, schemas, hooks, request id, metrics or logs.
 * The key is checked in the handler as the hand-written loop did (SHA-256
 * digests compared with timingSafeEqual), a body that is not JSON is a 400
 * that keeps the connection open, a misused request the 400 of `resolve()`.
 * Not a server to run: it answers the bench's requests as the real servers
 * do (bench/server-load.ts checks every answer), so what it costs over the
 * hand-written loop is what Fastify's own request pipeline costs.
 *
 *   npx tsx bench/server-load.ts --old /tmp/wt-old --bare --rounds 6
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import type { Checker } from '../src/checker.js';
import { InputError } from '../src/errors.js';
import { PRODUCTS, resolve } from '../src/resolve.js';

const digest = (key: string): Buffer => createHash('sha256').update(key).digest();

/** The bare app over a node:http server, as bench/server-target.ts starts the real one. */
export function createBareServer(options: { readonly apiKeys: readonly string[]; readonly checker: Checker }): Server {
  const digests = options.apiKeys.map(digest);
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  const server = createHttpServer((req, res) => handle(req, res));
  const app = Fastify({
    serverFactory: (handler) => {
      handle = handler;
      return server;
    },
    logger: false,
  });
  for (const product of PRODUCTS) {
    app.post(`/1.0/${product}`, async (request, reply) => {
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || !digests.some((d) => timingSafeEqual(d, digest(key)))) {
        reply.code(401);
        return { error: { code: 'UNAUTHORIZED', message: 'missing or wrong x-api-key header' } };
      }
      return resolve(request.body, { checker: options.checker });
    });
  }
  app.setErrorHandler((error: Error & { readonly statusCode?: number }, request, reply) => {
    // Fastify closes the connection after a body it could not parse; one read to its end leaves nothing behind.
    if (request.raw.complete) reply.removeHeader('connection');
    reply.code(error instanceof InputError || error.statusCode === 400 ? 400 : 500);
    return { error: { code: error instanceof InputError ? error.code : 'MALFORMED_JSON', message: error.message } };
  });
  void app.ready();
  return server;
}
