import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerState } from './shared.js';
import { shared } from './shared.js';

/** Told of every answer as it is handed to the socket (the metrics count it). */
export type Answered = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The request id and the access log. Every answer carries `x-request-id`
 * (the client's, when it sent a sane one, else a fresh UUID: see
 * `requestIdOf` in app.ts); one log line per request names the route, not
 * the URL (a query string may hold anything), the status, the time, the
 * key's name and a keyed hash of the inputs, never the inputs. A client that goes
 * away before its answer is logged as an abort, not an error.
 */
export const accessPlugin = shared<FastifyPluginAsync<{ state: ServerState; logs: boolean; answered: Answered }>>(async (app, { state, logs, answered }) => {
  app.decorateRequest('apiKey', null);
  app.decorateRequest('inputHash', null);
  // Callbacks, not promises: these run on every request. One onSend hook sets the request id on every answer
  // (errors and 404s pass through onSend too), while draining closes a keep-alive connection that would
  // otherwise outlive the server, and hands the answer to the metrics (the only onSend hook of the server).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (state.draining) reply.header('connection', 'close');
    answered(request, reply);
    done(null, payload);
  });
  // Without a logger there is nothing to write: no per-request work at all.
  if (!logs) return;
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? '(none)',
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.apiKey === null ? {} : { key: request.apiKey.name }),
      ...(request.inputHash === null ? {} : { input: request.inputHash }),
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else request.log.info(line, 'request');
    done();
  });
  app.addHook('onRequestAbort', async (request) => {
    request.log.info({ method: request.method, route: request.routeOptions.url ?? '(none)', aborted: true }, 'request aborted by the client');
  });
}, 'identity-signals-access');
