import { hash, timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Checker } from '../../checker.js';
import { PRODUCTS, REQUIRED_FIELDS, resolve } from '../../resolve.js';
import type { ProductName } from '../../scoring/index.js';
import { HttpError, NOT_FOUND_MESSAGE, bodyTooLarge } from '../errors.js';
import type { KeyEntry } from '../options.js';
import { keyDigest } from '../options.js';
import { answerHub, hubClaims, readHubRequest } from '../hub.js';
import { ErrorSchema, HubResponseSchema, hubRequestSchema, requestSchema, responseSchema } from '../schemas.js';
import type { WebhookJob } from '../webhookQueue.js';
import { useJsonBodyParser } from '../jsonBody.js';
import type { ServerState } from './shared.js';
import { shared } from './shared.js';

/** Options of {@link apiPlugin}. */
export interface ApiPluginOptions {
  readonly state: ServerState;
  readonly checker: () => Checker;
  readonly maxBodyBytes: number;
  /** The rate-limit store class (@fastify/rate-limit constructs it). */
  readonly store: new () => unknown;
  /** Starts the webhook of an answered email request, when the key or the server has a secret. */
  readonly webhook: ((job: Omit<WebhookJob, 'secret'>, key: KeyEntry) => void | Promise<void>) | undefined;
  /** Secret key of the hash of the inputs in the access log; undefined when nothing logs (no need to compute it). */
  readonly logHashKey: string | undefined;
}

/** The key whose digest equals `presented`'s; every key is compared, so the time taken does not say which matched. */
function findKey(keys: readonly KeyEntry[], presented: string): KeyEntry | null {
  const digest = keyDigest(presented);
  let found: KeyEntry | null = null;
  for (const key of keys) if (timingSafeEqual(key.digest, digest) && found === null) found = key;
  return found;
}

const ERRORS = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 429: ErrorSchema, 500: ErrorSchema, 503: ErrorSchema };

/**
 * The spec's endpoints, `POST /1.0/<product>`, in their own scope: the key
 * is checked first (401 before anything about the body is said, 403 for a
 * product the key may not use), then the key's rate (429 with Retry-After),
 * then Fastify reads the body (415, 413 without reading past the limit, 400
 * for bad JSON), the route's schema checks it (400 naming the field), and
 * resolve() answers. Other methods on these paths answer 405.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (app, options) => {
  const { state } = options;
  const { logHashKey } = options;
  // SHA-256 of the per-process secret key followed by the inputs: as unguessable as an HMAC for this use (nothing
  // is authenticated, the key only stops a dictionary of likely inputs), one call instead of an HMAC object per request.
  const keyed = (text: string): string => hash('sha256', `${logHashKey}\u0000${text}`, 'hex').slice(0, 16);
  const inputHash = (product: ProductName, body: Record<string, unknown>): string | null => {
    if (logHashKey === undefined) return null;
    let text = '';
    for (const field of REQUIRED_FIELDS[product]) text += `${String(body[field])}\u0000`;
    return keyed(text);
  };
  const hubHash = (claims: readonly ProductName[], body: Record<string, unknown>): string | null => {
    if (logHashKey === undefined) return null;
    let text = '';
    for (const claim of claims) for (const field of REQUIRED_FIELDS[claim]) text += `${claim}\u0000${String(body[field])}\u0000`;
    return keyed(text);
  };

  // JSON only: Fastify's default text/plain parser would let a text body through to the schema (400) instead of 415.
  app.removeContentTypeParser('text/plain');
  // Fastify's JSON answers without its two stack traces per malformed body (jsonBody.ts).
  useJsonBodyParser(app);

  await app.register(rateLimit, {
    // Not a hook on every route: the key check below calls the limiter, and only for a key that has a limit,
    // so an unlimited key costs no store lookup, no promise chain and no headers.
    global: false,
    store: options.store as never,
    keyGenerator: (request) => request.apiKey!.id,
    max: (request) => request.apiKey!.burst,
    timeWindow: (request) => (request.apiKey!.burst / request.apiKey!.perSecond) * 1000,
    // A Redis that is down must not take the API down with it: requests pass unlimited, and the error is logged.
    skipOnError: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', 'too many requests', undefined, { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
  });
  const limit = app.rateLimit();

  /**
   * The first hook of each route: a declared body over the limit (413, whoever asks: a client without a key
   * must not make the server wait for a body it would refuse anyway), the key (401 before anything about the
   * body is said), the product (403; the hub's products are in its body, checked in its preValidation hook),
   * then the key's rate (429 with Retry-After). One route-level hook whose product is known when the route
   * is made. Each of these answers comes before the body is read, and closes the connection (plugins/access.ts).
   */
  const authorize =
    (product: ProductName | undefined): onRequestHookHandler =>
    (request, reply, done) => {
      if (Number(request.headers['content-length']) > options.maxBodyBytes) return done(bodyTooLarge(options.maxBodyBytes));
      const presented = request.headers['x-api-key'];
      const key = typeof presented === 'string' ? (findKey(state.keys, presented) ?? (state.warmUpKey === null ? null : findKey([state.warmUpKey], presented))) : null;
      if (key === null) return done(new HttpError(401, 'UNAUTHORIZED', 'missing or wrong x-api-key header'));
      request.apiKey = key;
      if (product !== undefined && !key.products.has(product)) return done(new HttpError(403, 'FORBIDDEN', `this API key may not use ${product}`));
      if (key.perSecond === 0) return done();
      limit.call(app, request, reply).then(() => done(), done);
    };

  for (const product of PRODUCTS) {
    app.post(
      `/1.0/${product}`,
      {
        bodyLimit: options.maxBodyBytes,
        config: { product },
        onRequest: authorize(product),
        schema: {
          summary: `Check one ${product}`,
          tags: ['products'],
          security: [{ apiKey: [] }],
          body: requestSchema(product),
          response: { 200: responseSchema(product), ...ERRORS },
        },
      },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        request.inputHash = inputHash(product, body);
        const envelope = await resolve(body, { checker: options.checker() });
        if (envelope.webhook_url !== undefined) await webhooks(envelope, body, request);
        writeAsItIs(reply);
        return envelope;
      },
    );
  }

  /**
   * Queues the webhooks an answered request owes, before the answer: a durable queue has written the
   * delivery down by the time the client hears 200 (docs/style.md rule 13). Every product whose request takes
   * webhook_url: email, and name when a provider serves names (the schema checked their fields are strings).
   */
  async function webhooks(
    envelope: { readonly webhook_url?: string; readonly resolution_id: string; readonly customer_id: string; readonly email?: { readonly value: string }; readonly name?: unknown },
    body: Record<string, unknown>,
    request: FastifyRequest,
  ): Promise<void> {
    if (options.webhook === undefined || envelope.webhook_url === undefined) return;
    const ids = { url: envelope.webhook_url, resolution_id: envelope.resolution_id, customer_id: envelope.customer_id };
    if (envelope.email !== undefined) await options.webhook({ ...ids, email: envelope.email.value }, request.apiKey!);
    if (envelope.name !== undefined && options.checker().providerProducts?.includes('name') === true) {
      const country = typeof body.country === 'string' ? { country: body.country } : {};
      await options.webhook({ ...ids, name: { first: String(body.first_name), last: String(body.last_name), ...country } }, request.apiKey!);
    }
  }

  app.post(
    '/1.0/hub',
    {
      bodyLimit: options.maxBodyBytes,
      config: { hub: true },
      onRequest: authorize(undefined),
      schema: {
        summary: 'Check several products of one sign-up, with their cross-signal identity score',
        description:
          '`claims` names one to five products, each once; the body carries each claimed product\'s request fields as its own endpoint takes them ' +
          '(`country` is the declared country: the phone\'s default country and the name\'s hint). The answer has one object per claim, the same ' +
          'as the product\'s endpoint returns, plus `identity` (docs/identity.md). The key must be allowed every claimed product (403 naming the claim).',
        tags: ['identity'],
        security: [{ apiKey: [] }],
        body: hubRequestSchema(),
        response: { 200: HubResponseSchema, ...ERRORS },
      },
      // After the body is read, before its schema is judged: a claim the key may not use is a 403 whatever else is wrong.
      preValidation: (request, _reply, done) => {
        const claims = hubClaims(request.body) ?? [];
        const i = claims.findIndex((claim) => !request.apiKey!.products.has(claim));
        done(i === -1 ? undefined : new HttpError(403, 'FORBIDDEN', `this API key may not use ${claims[i]}`, `claims[${i}]`));
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const hub = readHubRequest(body);
      request.inputHash = hubHash(hub.claims, body);
      const envelope = answerHub(hub, options.checker());
      if (envelope.webhook_url !== undefined) await webhooks(envelope, body, request);
      writeAsItIs(reply);
      return envelope;
    },
  );
};

/**
 * A 200 of an API route is the library's result object, written by the
 * native `JSON.stringify` as it is, in the library's field order, rather than
 * copied through its response schema: the results are built to the TypeBox
 * types of those very schemas (test/types checks the types, and
 * test/server/answers.test.ts validates every answer of a corpus against its
 * schema). Set once the answer is known, so that an error still goes through
 * its own schema. Fastify's `reply.serializer`, nothing of our own.
 */
function writeAsItIs(reply: FastifyReply): void {
  reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
}

/**
 * 404 for an unknown path and 405 with `Allow: POST` for any other method on
 * a product's path, said at once, before any key is asked for and before a
 * body is read.
 */
export const methodsPlugin = shared<FastifyPluginAsync>(async (app) => {
  // The 404 handler in a scope of its own, whose onRequest hook answers before Fastify reads (and judges) a
  // body: a hook there runs for unknown paths only, not for every request as a server-wide one did.
  await app.register(async (notFound) => {
    notFound.addHook('onRequest', (_request, _reply, done) => {
      done(new HttpError(404, 'NOT_FOUND', NOT_FOUND_MESSAGE));
    });
    notFound.setNotFoundHandler(async () => {
      throw new HttpError(404, 'NOT_FOUND', NOT_FOUND_MESSAGE);
    });
  });
  for (const path of [...PRODUCTS, 'hub']) {
    app.route({
      method: ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      url: `/1.0/${path}`,
      schema: { hide: true },
      // Refused in onRequest, before Fastify would read (and judge) a body.
      onRequest: async () => {
        throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'use POST', undefined, { allow: 'POST' });
      },
      handler: async () => undefined,
    });
  }
}, 'identity-signals-methods');
