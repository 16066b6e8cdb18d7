import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createApiServer } from './app.js';
import type { ServerOptions } from './options.js';

/**
 * Creates (but does not start) the HTTP server. Call `.listen(port)`;
 * `.close()` stops it and its plugins. For reload and graceful shutdown,
 * use {@link createApiServer}, whose `server` this is.
 *
 * Status codes (docs/design.md): 200 success; 400 malformed JSON or a missing or
 * invalid field (named by its wire name); 401 missing or wrong `x-api-key`;
 * 403 a product the key may not use; 404 unknown path; 405 wrong method;
 * 413 body too large; 415 not JSON; 429 rate limited (Retry-After); 503
 * overloaded (Retry-After); 500 without internals. Error body:
 * `{ "error": { "code", "message", "field"? } }`.
 *
 * @example
 * // not run: listens on port 8080
 * createServer({ apiKeys: ['secret'] }).listen(8080);
 */
export function createServer(options: ServerOptions): Server {
  return createApiServer(options).server;
}

/**
 * The request handler of the server, for mounting on a node:http server of
 * your own: `createHttpServer(createRequestHandler(options))`. The time
 * limits and connection cap of {@link createServer} are then yours to set.
 *
 * @example
 * // not run: listens on port 8080
 * import { createServer as createHttpServer } from 'node:http';
 * createHttpServer(createRequestHandler({ apiKeys: [process.env.API_KEY!] })).listen(8080);
 */
export function createRequestHandler(options: ServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { server } = createApiServer(options);
  return (req, res) => void server.emit('request', req, res);
}

export type { ServerOptions } from './options.js';
