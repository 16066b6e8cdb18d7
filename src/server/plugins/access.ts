import type { Socket } from 'node:net';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerState } from './shared.js';
import { routeOf, shared } from './shared.js';

/** Told of every answer as it is handed to the socket (the metrics count it). */
export type Answered = (request: FastifyRequest, reply: FastifyReply) => void;
/** Told of every request whose client went away before sending all of it (the metrics count it). */
export type Aborted = (request: FastifyRequest) => void;

/** The requests of a connection that have no answer yet, kept on the connection's socket. */
const UNANSWERED = Symbol('identity-signals.unanswered');
type Watched = Socket & { [UNANSWERED]?: Set<FastifyRequest> };

/**
 * The request id, the start time, aborts and the access log. Every answer
 * carries `x-request-id` (the client's, when it sent a sane one, else a
 * fresh UUID: see `requestIdOf` in app.ts); one log line per request names
 * the route, not the URL (a query string may hold anything), the status,
 * the time, the key's name and a keyed hash of the inputs, never the
 * inputs. A client that goes away before its request is read is logged (and
 * counted) as an abort, not an error.
 */
export const accessPlugin = shared<FastifyPluginAsync<{ state: ServerState; logs: boolean; answered: Answered; aborted: Aborted }>>(
  async (app, { state, logs, answered, aborted }) => {
    app.decorateRequest('apiKey', null);
    app.decorateRequest('inputHash', null);
    app.decorateRequest('startedAt', 0);
    /**
     * A request whose connection closes before its answer: an abort when its body was not all received (what
     * Fastify's onRequestAbort hook tells, from Node's `req.aborted`). Watched with one 'close' listener per
     * connection instead of an onRequestAbort hook, which makes Fastify add a closure and a listener to every
     * request (1.5–4 µs a request in bench/server-cpu.ts).
     */
    const closed = (unanswered: Set<FastifyRequest>) => () => {
      for (const request of unanswered) {
        if (request.raw.complete) continue;
        aborted(request);
        if (logs) request.log.info({ method: request.method, route: routeOf(request), aborted: true }, 'request aborted by the client');
      }
      unanswered.clear();
    };
    // Callbacks, not promises: these run on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      request.startedAt = performance.now();
      const socket = request.raw.socket as Watched | null;
      if (socket !== null) {
        let unanswered = socket[UNANSWERED];
        if (unanswered === undefined) {
          unanswered = socket[UNANSWERED] = new Set();
          socket.once('close', closed(unanswered));
        }
        unanswered.add(request);
      }
      done();
    });
    // One onSend hook sets the request id on every answer (errors and 404s pass through onSend too), while
    // draining closes a keep-alive connection that would otherwise outlive the server, and hands the answer
    // to the metrics (the only onSend hook of the server).
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      if (state.draining) reply.header('connection', 'close');
      (request.raw.socket as Watched | null)?.[UNANSWERED]?.delete(request);
      answered(request, reply);
      done(null, payload);
    });
    // Without a logger there is nothing to write: no per-request work at all.
    if (!logs) return;
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const line = {
        method: request.method,
        route: routeOf(request),
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.apiKey === null ? {} : { key: request.apiKey.name }),
        ...(request.inputHash === null ? {} : { input: request.inputHash }),
      };
      if (status >= 500) request.log.error(line, 'request failed');
      else request.log.info(line, 'request');
      done();
    });
  },
  'identity-signals-access',
);
