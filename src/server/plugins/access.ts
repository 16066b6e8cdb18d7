import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { LogController } from 'fastify';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_MESSAGE, errorBody } from '../errors.js';
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
     * request (measured with bench/server-cpu.ts: docs/perf.md).
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
      stampAnswer(state, request, reply);
      (request.raw.socket as Watched | null)?.[UNANSWERED]?.delete(request);
      // The server's own warm-up requests are not traffic: not counted, not logged (requestCompleted below).
      if (request.apiKey?.warmUp !== true) answered(request, reply);
      done(null, payload);
    });
    // The access line is written by AccessLog (below), which Fastify calls when a response is done.
  },
  'identity-signals-access',
);

/**
 * The headers every answer carries: its request id and `connection: close` while the server drains (a
 * keep-alive connection would otherwise outlive the server) or when the request's body has not been read.
 * Set in the access plugin's onSend hook and by {@link unroutedAnswer} for the one answer Fastify gives before
 * any hook runs.
 */
function stampAnswer(state: ServerState, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (state.draining || bodyUnread(request.raw)) reply.header('connection', 'close');
}

/**
 * True when a request declares a body that has not all been received: an answer given before the body is
 * read (401, 403, 404, 405, 413, 415, 429, 503). Node keeps a keep-alive connection usable after such an
 * answer by reading the rest of the body and throwing it away, for as long as the client sends it (gigabytes
 * in seconds from a client without a key); with `connection: close` it closes the socket once the answer is
 * written, and reads no further. A request without a body (no Content-Length, or 0, and not chunked) has
 * nothing left to read, though Node marks it complete only after its headers' hooks have run.
 */
function bodyUnread(raw: IncomingMessage): boolean {
  // readableEnded as well: light-my-request's requests (inject(), the warm-up) have no `complete`.
  if (raw.complete || raw.readableEnded) return false;
  return raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length']) > 0;
}

/**
 * The answer to a path that is not valid percent-encoding (`/1.0/%E0%A4%A`), which names no endpoint: a 404 in
 * the API's error shape, from app.ts's `frameworkErrors`, instead of Fastify's own `{ statusCode, code:
 * FST_ERR_BAD_URL }` body. Fastify answers it before routing, so neither this plugin's hooks nor
 * `requestCompleted` run for it: what they do for every other answer is done here — the headers every answer
 * carries, the metrics count (`answered`) and, with `logs`, the access line. It is timed from here: Fastify keeps
 * no earlier start for a request it does not route, so its `ms` is the answer's time alone.
 */
export function unroutedAnswer(state: ServerState, request: FastifyRequest, reply: FastifyReply, answered: Answered, logs: boolean): void {
  request.startedAt = performance.now();
  stampAnswer(state, request, reply);
  void reply.code(404).send(errorBody('NOT_FOUND', NOT_FOUND_MESSAGE));
  answered(request, reply);
  if (logs) writeAccessLine(request, reply, performance.now() - request.startedAt);
}

/** One access line's fields (pino leaves out the undefined ones: no key before the key check, no input before the body). */
interface AccessLine {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly ms: number;
  readonly key: string | undefined;
  readonly input: string | undefined;
}

/**
 * Fastify's log controller with the server's access line in place of
 * Fastify's own request lines (which stay off, with the other per-request
 * lines: `disableRequestLogging`). With a logger, Fastify listens for the
 * end of every response anyway and then calls `requestCompleted`: the line
 * is written from there, where an `onResponse` hook would add a second run
 * of hooks per request for the same moment. `ms` is the request's time to
 * its response finished (Fastify's `reply.elapsedTime`); a `500` is logged
 * at `error` as `request failed`.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: true, requestIdLogLabel: 'req_id' });
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (request.apiKey?.warmUp === true) return;
    writeAccessLine(request, reply, reply.elapsedTime);
  }
}

/** Writes a request's access line ({@link AccessLog}; {@link unroutedAnswer} for the answer given before routing). */
function writeAccessLine(request: FastifyRequest, reply: FastifyReply, elapsedMs: number): void {
  const status = reply.statusCode;
  // One object of a fixed shape, no spreads.
  const line: AccessLine = {
    method: request.method,
    route: routeOf(request),
    status,
    ms: Math.round(elapsedMs * 10) / 10,
    key: request.apiKey?.name,
    input: request.inputHash ?? undefined,
  };
  if (status >= 500) reply.log.error(line, 'request failed');
  else reply.log.info(line, 'request');
}
