import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import underPressure from '@fastify/under-pressure';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyServerFactory, FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { createChecker } from '../checker.js';
import { warmUpDevice, warmUpEmail, warmUpIp, warmUpName, warmUpPhone } from '../common/warmUp.js';
import type { Checker } from '../checker.js';
import { systemTime } from '../common/clock.js';
import { InputError } from '../errors.js';
import { HttpError, answerFor, answerParserError, clientAborted, errorBody, schemaError } from './errors.js';
import { keyEntries, whole } from './options.js';
import type { ApiKey, DatasetStatus, ServerOptions } from './options.js';
import { apiPlugin, methodsPlugin } from './plugins/api.js';
import { AccessLog, accessPlugin, unroutedAnswer } from './plugins/access.js';
import type { Aborted, Answered } from './plugins/access.js';
import { docsPlugin } from './plugins/docs.js';
import { metricsPlugin } from './plugins/metrics.js';
import { opsPlugin } from './plugins/ops.js';
import type { ServerState } from './plugins/shared.js';
import { MemoryRateStore, RedisRateStore } from './rateStore.js';
import { failureReason, serverWebhookQueue } from './openWebhookQueue.js';
import type { WebhookJob } from './webhookQueue.js';

/** What a graceful shutdown did. */
export interface ShutdownReport {
  /** True when the deadline came first and open connections were cut. */
  readonly forced: boolean;
  /** Webhooks not sent by the deadline, for a durable store. */
  readonly pendingWebhooks: readonly WebhookJob[];
}

/** The server with its Fastify instance and the operations `serve` drives. */
export interface ApiServer {
  /** The node:http server: `listen()`, `address()`, `close()`. */
  readonly server: Server;
  /** The Fastify instance (`inject()` for tests, `printRoutes()`). */
  readonly app: FastifyInstance;
  /** Settles once every plugin is loaded; requests wait for it. */
  readonly ready: Promise<void>;
  /**
   * Settles once the checker's data is loaded (the `preload` option; at once
   * when it is `false`), after `ready`: `/ready` answers 200 from then on.
   * Rejects with the preload's error (a `DataError`), which also goes to
   * `onError`; nothing else needs to await it. After a `reload` with a
   * checker, the preload of that checker.
   */
  readonly warm: Promise<void>;
  /**
   * Swaps the keys and/or the checker in place (SIGHUP): requests already
   * running finish with what they started with, the next ones use the new.
   */
  reload(update: { readonly apiKeys?: readonly (string | ApiKey)[]; readonly checker?: Checker }): void;
  /**
   * Stops accepting connections, lets the requests in flight finish, closes
   * keep-alive connections after their answer, and cuts what is left at
   * `deadline` (ms since the epoch); then closes the webhook queue by the
   * same deadline and returns what it could not send.
   */
  shutdown(deadline: number): Promise<ShutdownReport>;
  /**
   * Pauses or resumes load shedding (when `pressure` is set): `serve` pauses
   * it while it loads the data, a stall of the event loop that says nothing
   * about load.
   */
  shedLoad(on: boolean): void;
}

/**
 * The options of the server's Ajv (request bodies; the answer tests validate with the same): nothing coerced,
 * removed or defaulted; allErrors because a bad body is explained by its first failing field in resolve()'s
 * order, which needs every failing field.
 */
export const AJV_OPTIONS = Object.freeze({ coerceTypes: false, allErrors: true, removeAdditional: false, useDefaults: false });

/** A sane incoming request id is kept (so a trace spans the load balancer and us); anything else is replaced. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The warm-up requests: a few of each route, the inputs of the checks' own warm-up (src/common/warmUp.ts). */
function warmUpRequests(): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  const customer_id = '00000000-0000-4000-8000-000000000000';
  for (let i = 0; i < WARM_UP_ROUTE_CALLS; i++) {
    const device = warmUpDevice(i);
    const phone = warmUpPhone(i);
    const { first, last } = warmUpName(i);
    out.push(
      ['/1.0/email', { customer_id, claims: ['email'], email: warmUpEmail(i) }],
      ['/1.0/device', { customer_id, claims: ['device'], user_agent: device.userAgent, ...(device.headers === undefined ? {} : { headers: device.headers }) }],
      ['/1.0/ip', { customer_id, claims: ['ip'], ip: warmUpIp(i) }],
      ['/1.0/phone', { customer_id, claims: ['phone'], phone_number: phone.phone, ...(phone.defaultCountry === undefined ? {} : { default_country: phone.defaultCountry }) }],
      ['/1.0/name', { customer_id, claims: ['name'], first_name: first, last_name: last }],
      ['/1.0/hub', { customer_id, claims: ['email', 'phone', 'ip', 'device', 'name'], email: warmUpEmail(i), phone_number: phone.phone, ip: warmUpIp(i), user_agent: device.userAgent, first_name: first, last_name: last }],
    );
  }
  return out;
}

/**
 * The warm-up requests again, over a real TCP connection on loopback: the
 * requests of `inject()` do not go through node:http's parser, response
 * writer and socket, which a client's first request otherwise compiled
 * (measured: docs/server.md, "Warm-up"). The connection comes from a private
 * listener on 127.0.0.1 with a port of its own, handed to the server as a
 * `connection` event: it is never one of the server's `maxConnections`, and
 * the listener is closed when done. A machine where it cannot listen skips
 * this step.
 */
async function warmUpSocket(server: Server, secret: string, requests: readonly [string, Record<string, unknown>][]): Promise<void> {
  const sockets = new Set<Socket>();
  const relay = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    server.emit('connection', socket);
  });
  try {
    await new Promise<void>((ok, fail) => {
      relay.once('error', fail);
      relay.listen(0, '127.0.0.1', () => ok());
    });
  } catch {
    return;
  }
  const { port } = relay.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const [path, body] of requests) {
      const payload = JSON.stringify(body);
      await new Promise<void>((ok, fail) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path, agent, headers: { 'x-api-key': secret, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
          (res) => {
            res.resume();
            res.once('end', ok);
            res.once('error', fail);
          },
        );
        req.once('error', fail);
        req.end(payload);
      });
    }
  } finally {
    agent.destroy();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => relay.close(() => done()));
  }
}

/** Warm-up requests per route (measured: docs/server.md, "Warm-up"). */
const WARM_UP_ROUTE_CALLS = 3;

/** What the start-up preload loads, one step at a time: each product's data, then the identity's (the full preload, whose products are done by then). */
const PRELOAD_STEPS = ['email', 'device', 'ip', 'phone', 'name', 'identity'] as const;

/**
 * The datasets of a checker that can tell (Checker.dataInfo). With the
 * start-up preload, which reads and verifies every file, as they are (a file
 * not yet loaded shows `verified: false`); without it, verified once on first
 * ask, then read.
 */
function checkerDataStatus(checker: () => Checker, preloaded: boolean): () => readonly DatasetStatus[] {
  let verified = preloaded;
  return () => {
    const info = (checker() as { dataInfo?: (options?: { verify?: boolean }) => readonly DatasetStatus[] }).dataInfo;
    if (typeof info !== 'function') return [];
    const datasets = info.call(checker(), { verify: !verified });
    verified = true;
    return datasets;
  };
}

/**
 * Builds the server: a tree of Fastify plugins, one concern each —
 * access log and request id, metrics, load shedding, OpenAPI and docs,
 * health and readiness, and the API (auth, rate limits, routes) — over a
 * node:http server with request, header and keep-alive time limits and a
 * connection cap.
 */
export function createApiServer(options: ServerOptions): ApiServer {
  if (options === null || typeof options !== 'object') throw new InputError('INPUT_OPTION', 'options must be an object', 'options');
  const defaults = { perSecond: options.rateLimitPerSecond ?? 50, ...(options.rateLimitBurst === undefined ? {} : { burst: options.rateLimitBurst }) };
  const maxBodyBytes = whole(options.maxBodyBytes, 'maxBodyBytes', 65_536, 1);
  const timeouts = options.timeouts ?? {};
  const requestMs = whole(timeouts.requestMs, 'timeouts.requestMs', 30_000);
  const headersMs = whole(timeouts.headersMs, 'timeouts.headersMs', 10_000);
  const keepAliveMs = whole(timeouts.keepAliveMs, 'timeouts.keepAliveMs', 5_000);
  const checkIntervalMs = whole(timeouts.checkIntervalMs, 'timeouts.checkIntervalMs', 1_000, 1);
  const maxConnections = whole(options.maxConnections, 'maxConnections', 10_000, 1);
  let checker = options.checker ?? createChecker();
  const currentChecker = () => checker;
  const state: ServerState = {
    keys: keyEntries(options.apiKeys, defaults),
    draining: false,
    shedding: true,
    warming: options.preload === false ? null : 'waiting for the plugins',
    preloadProblem: null,
    warmUpKey: null,
    webhookProblem: () => null,
    dataStatus: options.dataStatus ?? checkerDataStatus(currentChecker, options.preload !== false),
  };
  const onError = options.onError ?? (options.logger === undefined ? (error: unknown) => console.error(error) : () => {});
  const logHashKey = options.logger === undefined ? undefined : (options.logHashKey ?? randomBytes(32).toString('hex'));

  let countFailure: (reason: string) => void = () => {};
  const webhookDefaults = options.webhook;
  // The durable journal queue unless the caller gives one: the same guarantees as `serve` (openWebhookQueue.ts).
  const queue = serverWebhookQueue(options, currentChecker, {
    onOutcome: (outcome) => {
      if (!outcome.delivered) countFailure(failureReason(outcome));
      options.onWebhook?.(outcome);
    },
    onError: (error) => {
      countFailure('error');
      app.log.error({ err: error }, 'webhook failed');
      onError(error);
    },
  });
  state.webhookProblem = () => queue.problem;

  let redis: Redis | undefined;
  let Store: new () => unknown;
  if (options.redis !== undefined) {
    const client = typeof options.redis === 'string' ? (redis = new Redis(options.redis, { maxRetriesPerRequest: 1, enableOfflineQueue: false })) : options.redis;
    Store = class extends RedisRateStore {
      constructor() {
        super(client);
      }
    };
  } else {
    const shared = new MemoryRateStore(options.now);
    Store = class {
      incr = shared.incr.bind(shared);
      child = () => this;
    };
  }

  // The metrics' counters of answers and aborts, once the metrics plugin hands them over (below); frameworkErrors counts too.
  let countAnswer: Answered = () => {};
  let countAbort: Aborted = () => {};
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  let loaded = false;
  const server = createHttpServer(
    { requestTimeout: requestMs, headersTimeout: headersMs, keepAliveTimeout: keepAliveMs, connectionsCheckingInterval: checkIntervalMs },
    (req, res) => {
      if (loaded) handle(req, res);
      else void ready.then(() => handle(req, res));
    },
  );
  const accessLog = new AccessLog();
  const fastifyOptions: FastifyServerOptions<Server> & { serverFactory: FastifyServerFactory<Server> } = {
    serverFactory: (handler) => {
      handle = handler;
      return server;
    },
    ...(options.logger === undefined ? { logger: false } : { loggerInstance: options.logger }),
    // Fastify's own request lines are off: AccessLog writes one line per request, without the URL.
    logController: accessLog,
    genReqId: requestIdOf,
    bodyLimit: maxBodyBytes,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: (options.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    ajv: { customOptions: { ...AJV_OPTIONS } },
    schemaErrorFormatter: schemaError,
    // A path that is not valid percent-encoding (`/1.0/%E0%A4%A`) names no endpoint: answered as an unknown path
    // in the API's error shape. Fastify answers it before routing, so no hook runs and Fastify writes no access
    // line for it: unroutedAnswer (plugins/access.ts) does the access plugin's work for it.
    frameworkErrors: (_error, request, reply) => {
      unroutedAnswer(state, request, reply as FastifyReply, countAnswer, options.logger !== undefined);
    },
    // What Node's HTTP parser refuses (a NUL in a header, an unknown method, headers too large or too slow) is
    // answered in the API's error shape too, not in Fastify's.
    clientErrorHandler: answerParserError,
  };
  const app = Fastify(fastifyOptions) as unknown as FastifyInstance;
  // Answers other than the API's 200s are written by Fastify's own serialiser from their response schemas.
  server.maxConnections = maxConnections;
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = headersMs;
  server.requestTimeout = requestMs;

  // Not async: the answer is known at once, and Fastify sends what a plain function returns without a promise.
  app.setErrorHandler((error, request, reply) => {
    if (clientAborted(request, reply)) {
      request.log.info({ aborted: true, code: (error as { code?: string }).code }, 'request aborted by the client');
      return;
    }
    const answer = answerFor(error, request, maxBodyBytes);
    if (answer.internal) {
      request.log.error({ err: error }, 'internal error');
      onError(error);
    }
    // Fastify closes the connection after any body it could not parse, in case more of it is coming; a body read
    // to its end (bad JSON, a 415) leaves nothing behind, so the connection stays open for the client's next request.
    if (request.raw.complete && answer.status !== 413) reply.removeHeader('connection');
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    reply.code(answer.status);
    return answer.body;
  });

  // The docs first: @fastify/swagger sees only the routes registered after it.
  void app.register(docsPlugin);
  // The metrics count each answer in the access plugin's one onSend hook: each hook is paid on every request.
  void app.register(accessPlugin, {
    state,
    logs: options.logger !== undefined,
    answered: (request, reply) => countAnswer(request, reply),
    aborted: (request) => countAbort(request),
  });
  void app.register(metricsPlugin, {
    registerAnswers: (count) => (countAnswer = count),
    registerAborts: (count) => (countAbort = count),
    state,
    queue: () => queue,
    registerWebhookFailures: (count) => (countFailure = count),
    processMetrics: false,
  });
  if (options.pressure !== undefined && options.pressure !== false) {
    const pressure = options.pressure;
    const retryAfter = String(pressure.retryAfterSeconds ?? 10);
    void app.register(underPressure, {
      maxEventLoopDelay: pressure.maxEventLoopDelayMs ?? 1000,
      maxHeapUsedBytes: pressure.maxHeapUsedBytes ?? 0,
      maxRssBytes: pressure.maxRssBytes ?? 0,
      sampleInterval: pressure.sampleIntervalMs ?? 1000,
      // Returning nothing lets the request through (shedding paused); a rejection is the 503.
      pressureHandler: async () => {
        if (state.shedding) throw new HttpError(503, 'OVERLOADED', 'the server is overloaded; retry later', undefined, { 'retry-after': retryAfter });
      },
    });
  }
  void app.register(opsPlugin, { state });
  void app.register(methodsPlugin);
  void app.register(apiPlugin, {
    state,
    checker: currentChecker,
    maxBodyBytes,
    store: Store,
    logHashKey,
    webhook: (job, key) => {
      const secret = key.webhookSecret ?? webhookDefaults?.secret;
      if (secret === undefined) return;
      return queue.enqueue({ ...job, secret, key: key.id });
    },
  });
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
    // Closed by its caller (createServer's users close the node:http server): a queue of the server's own making
    // lets the attempts in flight finish for a while and lets the journal's directory go; the rest waits in it.
    if (queue.owned) await queue.close(systemTime() + 10_000);
  });

  const ready: Promise<void> = Promise.resolve(app.ready()).then(
    () => {
      loaded = true;
    },
    (error: unknown) => {
      // A plugin that cannot load is a bug: every request gets a 500 rather than hanging.
      onError(error);
      handle = (_req, res) => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(errorBody('INTERNAL', 'internal error')));
      };
      loaded = true;
    },
  );
  /**
   * Loads a checker's data a product at a time, giving the event loop back
   * between products (each is at most a few hundred ms: /health answers, a
   * load balancer's probe does not time out, the load shedder sees no stall).
   * `gate`: the server is not ready until this finishes (at start; a reload
   * hands over a checker already loaded, and must not flap /ready).
   */
  const warmUp = (target: Checker, gate: boolean): Promise<void> => {
    const run = (async () => {
      await ready;
      // A checker of the caller's making may have no preload (an object with the checks only).
      const preload = (target as Partial<Checker>).preload;
      for (const step of PRELOAD_STEPS) {
        if (gate) state.warming = step;
        await new Promise<void>((done) => setImmediate(done));
        // Shutting down or closed, or replaced by a reload: what is left of this checker is not needed.
        if (stopping() || checker !== target) return;
        if (typeof preload === 'function') preload.call(target, step === 'identity' ? undefined : [step]);
      }
      if (checker === target) state.preloadProblem = null;
      // At start, the routes' own code too (a reload keeps the routes, already warm). Not with a checker of the
      // caller's making without preload: its answers to made-up requests are not the server's to provoke.
      if (gate && typeof preload === 'function' && !stopping()) {
        state.warming = 'routes';
        await warmUpRoutes();
      }
    })();
    const settled = run.then(
      () => {
        if (gate) state.warming = null;
      },
      (error: unknown) => {
        if (gate) state.warming = null;
        if (checker === target) state.preloadProblem = error instanceof Error ? error.message : String(error);
        app.log.error({ err: error }, 'the data failed to load');
        onError(error);
        throw error;
      },
    );
    // Handled here (logged, onError, /ready): a caller that never awaits `warm` gets no unhandled rejection.
    settled.catch(() => undefined);
    return settled;
  };
  /**
   * One request per route, sent by the server to itself with a key of its own (not logged, not counted, no
   * rate limit): the hooks, body parser, validator, handler and serialiser of each route run once before a
   * client's first request, which otherwise paid for them (measured in docs/server.md, "Warm-up").
   */
  const warmUpRoutes = async (): Promise<void> => {
    const secret = randomBytes(32).toString('hex');
    state.warmUpKey = { ...keyEntries([{ key: secret, name: 'warm-up', rateLimit: { perSecond: 0 } }], defaults)[0]!, warmUp: true };
    try {
      const requests = warmUpRequests();
      for (const [url, body] of requests) {
        if (stopping()) return;
        await app.inject({ method: 'POST', url, headers: { 'x-api-key': secret, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      }
      if (!stopping()) await warmUpSocket(server, secret, requests);
    } catch (error) {
      // Closed while it ran (a caller that closes the server at once): nothing was left to warm.
      if (!stopping()) throw error;
    } finally {
      state.warmUpKey = null;
    }
  };
  let warm = options.preload === false ? ready : warmUp(checker, true);

  // Closing the node:http server (what callers of createServer do) closes the plugins too: Redis, timers.
  let closing: Promise<void> | undefined;
  const closeApp = () => (closing ??= ready.then(() => app.close()));
  /** Shutting down, or closed by the caller (createServer's users close the node:http server). */
  function stopping(): boolean {
    return state.draining || closing !== undefined;
  }
  server.once('close', () => void closeApp());

  return {
    server,
    app,
    ready,
    get warm() {
      return warm;
    },
    reload(update) {
      if (update.apiKeys !== undefined) state.keys = keyEntries(update.apiKeys, defaults);
      if (update.checker !== undefined) {
        checker = update.checker;
        if (options.dataStatus === undefined) state.dataStatus = checkerDataStatus(currentChecker, options.preload !== false);
        if (options.preload !== false) warm = warmUp(checker, false);
      }
    },
    shedLoad(on) {
      state.shedding = on;
    },
    async shutdown(deadline) {
      state.draining = true;
      const closed = new Promise<void>((ok) => (server.listening ? server.close(() => ok()) : ok()));
      server.closeIdleConnections();
      let forced = false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise<void>((ok) => {
          timer = setTimeout(() => {
            forced = true;
            server.closeAllConnections();
            ok();
          }, Math.max(0, deadline - systemTime()));
        }),
      ]);
      clearTimeout(timer);
      const pendingWebhooks = await queue.close(deadline);
      await closeApp();
      return { forced, pendingWebhooks };
    },
  };
}
