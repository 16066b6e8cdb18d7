import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createChecker } from '../checker.js';
import type { Checker } from '../checker.js';
import { quoteInput } from '../common/quoteInput.js';
import { InputError } from '../errors.js';
import { isProductName, resolve } from '../resolve.js';
import { deliverWebhook } from './webhook.js';
import type { WebhookDelivery, WebhookOptions } from './webhook.js';

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Accepted `x-api-key` values. An empty list refuses every request. */
  readonly apiKeys: readonly string[];
  /** The checker that answers. @default createChecker() */
  readonly checker?: Checker;
  /** Largest request body in bytes; larger gives 413. @default 65536 */
  readonly maxBodyBytes?: number;
  /** Requests per second allowed per API key (token bucket); 0 turns limiting off. @default 50 */
  readonly rateLimitPerSecond?: number;
  /** Burst size of the token bucket. @default 2 × rateLimitPerSecond */
  readonly rateLimitBurst?: number;
  /** Clock, for tests. @default Date.now */
  readonly now?: () => number;
  /** Called with every internal error (the client only sees a generic 500). @default console.error */
  readonly onError?: (error: unknown) => void;
  /**
   * Webhook delivery for email requests that carry `webhook_url`: after the
   * 200, the checker's `emailAsync` (its providers) runs and the enriched
   * `email` object is POSTed, signed with `secret`. Without this option no
   * webhook is ever sent. @default undefined
   */
  readonly webhook?: WebhookOptions;
  /** Called when a webhook delivery ends, delivered or not. @default no-op */
  readonly onWebhook?: (delivery: WebhookDelivery & { readonly url: string; readonly resolution_id: string }) => void;
}

const PATH = /^\/1\.0\/([a-z]+)\/?$/;

/** An error answered to the client: status, code and message, plus the field at fault. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The request handler of the HTTP server: `POST /1.0/<product>` with the
 * spec's JSON body and `x-api-key`, answered with the spec's envelope.
 *
 * Status codes (DESIGN.md): 200 success; 400 malformed JSON or a missing or
 * invalid field; 401 missing or wrong `x-api-key`; 404 unknown product; 405
 * wrong method; 413 body too large; 415 not JSON; 429 rate limited; 500
 * without internals. Error body: `{ "error": { "code", "message", "field"? } }`.
 *
 * @example
 * // not run: listens on port 8080
 * import { createServer as createHttpServer } from 'node:http';
 * createHttpServer(createRequestHandler({ apiKeys: [process.env.API_KEY!] })).listen(8080);
 */
export function createRequestHandler(options: ServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  if (!Array.isArray(options.apiKeys) || options.apiKeys.some((k) => typeof k !== 'string' || k === '')) {
    throw new InputError('INPUT_OPTION', 'apiKeys must be an array of non-empty strings', 'apiKeys');
  }
  const keyDigests = options.apiKeys.map(digest);
  const checker = options.checker ?? createChecker();
  const maxBody = options.maxBodyBytes ?? 65_536;
  const rate = options.rateLimitPerSecond ?? 50;
  const burst = options.rateLimitBurst ?? rate * 2;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const buckets = new Map<string, { tokens: number; at: number }>();

  const takeToken = (key: string): boolean => {
    if (rate <= 0) return true;
    const t = now();
    const bucket = buckets.get(key) ?? { tokens: burst, at: t };
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * rate);
    bucket.at = t;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const match = PATH.exec((req.url ?? '').split('?')[0]!.slice(0, 64));
    const product = match?.[1];
    if (!isProductName(product)) {
      throw new HttpError(404, 'NOT_FOUND', 'unknown endpoint: use POST /1.0/{email,device,ip,phone,name}');
    }
    if (req.method !== 'POST') {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'use POST', undefined, { allow: 'POST' });
    }
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || !keyDigests.some((d) => timingSafeEqual(d, digest(key)))) {
      throw new HttpError(401, 'UNAUTHORIZED', 'missing or wrong x-api-key header');
    }
    if (!takeToken(key)) {
      throw new HttpError(429, 'RATE_LIMITED', 'too many requests', undefined, { 'retry-after': String(Math.max(1, Math.ceil(1 / rate))) });
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send Content-Type: application/json');
    }
    const raw = await readBody(req, maxBody);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new HttpError(400, 'MALFORMED_JSON', 'the body is not valid JSON');
    }
    const claims = (body as { claims?: unknown } | null)?.claims;
    if (Array.isArray(claims) && claims.length === 1 && typeof claims[0] === 'string' && claims[0] !== product) {
      throw new HttpError(400, 'CLAIM_MISMATCH', `claims[0] is ${quoteInput(claims[0])} but the endpoint is ${product}`, 'claims[0]');
    }
    const envelope = await resolve(body, { checker });
    send(res, 200, envelope);
    if (options.webhook !== undefined && 'email' in envelope && envelope.webhook_url !== undefined) {
      void sendEmailWebhook(envelope.webhook_url, envelope.resolution_id, envelope.customer_id, envelope.email.value);
    }
  };

  const sendEmailWebhook = async (url: string, resolutionId: string, customerId: string, email: string): Promise<void> => {
    try {
      const enriched = await checker.emailAsync(email);
      const payload = { event: 'email.enriched', resolution_id: resolutionId, customer_id: customerId, claims: ['email'], email: enriched };
      const delivery = await deliverWebhook(url, payload, options.webhook!);
      options.onWebhook?.({ ...delivery, url, resolution_id: resolutionId });
    } catch (error) {
      onError(error);
    }
  };

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        send(res, error.status, { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } }, error.headers);
      } else if (error instanceof InputError) {
        send(res, 400, { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } });
      } else {
        onError(error);
        send(res, 500, { error: { code: 'INTERNAL', message: 'internal error' } });
      }
    });
  };
}

/**
 * Creates (but does not start) the HTTP server. Call `.listen(port)`.
 *
 * @example
 * // not run: listens on port 8080
 * createServer({ apiKeys: ['secret'] }).listen(8080);
 */
export function createServer(options: ServerOptions): Server {
  return createHttpServer(createRequestHandler(options));
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new HttpError(413, 'PAYLOAD_TOO_LARGE', `the body is larger than ${limit} bytes`));
  }
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, 'PAYLOAD_TOO_LARGE', `the body is larger than ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
