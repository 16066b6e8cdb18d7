import { hash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Checker } from '../checker.js';
import { InputError } from '../errors.js';
import { PRODUCTS, isProductName } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import type { RetryPolicy } from './durableWebhookQueue.js';
import type { WebhookOutcome, WebhookQueue } from './webhookQueue.js';

/** A per-key rate: `burst` requests at once, refilled at `perSecond`; `perSecond: 0` is no limit. */
export interface RateLimit {
  readonly perSecond: number;
  /** @default 2 × perSecond (at least 1) */
  readonly burst?: number;
}

/** One API key with what it may do. A bare string is a key with the server's defaults. */
export interface ApiKey {
  /** The `x-api-key` value. */
  readonly key: string;
  /** A name for logs and metrics (never the key itself). @default the first 16 hex digits of the key's SHA-256 */
  readonly name?: string;
  /** Signs this key's webhooks. @default the `webhook` option's secret */
  readonly webhookSecret?: string;
  /** @default the server's rateLimitPerSecond / rateLimitBurst */
  readonly rateLimit?: RateLimit;
  /** The products this key may call; another answers 403. @default all five */
  readonly products?: readonly ProductName[];
}

/** The `webhook` option of {@link ServerOptions}: the secret, and the settings of the durable queue. */
export interface WebhookSettings extends RetryPolicy {
  /** Signs the webhooks of keys without a `webhookSecret`. */
  readonly secret?: string;
  /**
   * The journal's directory (created 0700; it holds the secrets, to sign
   * retries after a restart). One process at a time holds it.
   * @default '.identity-signals/webhooks' under the working directory
   */
  readonly dir?: string;
  /** Allow targets in special-purpose ranges (private, loopback, link-local, metadata…), checked at connect time. @default false */
  readonly allowPrivateTargets?: boolean;
  /** Time for one attempt. @default 10000 */
  readonly timeoutMs?: number;
  /** Bytes of a receiver's answer read at most. @default 65536 */
  readonly maxResponseBytes?: number;
  /** Attempts at once in all. @default 32 */
  readonly concurrency?: number;
  /** Attempts at once for one key's deliveries. @default half of concurrency */
  readonly keyConcurrency?: number;
  /** Attempts at once to one target host. @default a quarter of concurrency */
  readonly hostConcurrency?: number;
  /** Compact the journal while running once it is this large and has doubled. @default 67108864 (64 MiB) */
  readonly compactBytes?: number;
}

/** What a dataset looks like to `/ready` and `/metrics`. */
export interface DatasetStatus {
  readonly product: string;
  readonly name: string;
  readonly retrieved: string;
  readonly ageDays: number;
  readonly verified: boolean;
  readonly stale: boolean;
  readonly problem?: string;
}

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Accepted `x-api-key` values, or keys with their own limits, products and webhook secret. An empty list refuses every request. */
  readonly apiKeys: readonly (string | ApiKey)[];
  /** The checker that answers. @default createChecker() */
  readonly checker?: Checker;
  /** Largest request body in bytes; larger gives 413 without reading the rest. @default 65536 */
  readonly maxBodyBytes?: number;
  /** Requests per second allowed per API key (token bucket); 0 turns limiting off. @default 50 */
  readonly rateLimitPerSecond?: number;
  /** Burst size of the token bucket. @default 2 × rateLimitPerSecond */
  readonly rateLimitBurst?: number;
  /** Clock of the in-process rate limiter, for tests. @default the system clock */
  readonly now?: () => number;
  /** Called with every internal error (the client only sees a generic 500). @default console.error when there is no logger */
  readonly onError?: (error: unknown) => void;
  /**
   * Webhook delivery for requests that carry `webhook_url` (email; name when
   * a provider serves names): the delivery is written to the durable
   * journal before the 200, then the checker's `emailAsync` (its providers)
   * runs and the enriched result is POSTed, signed with the key's
   * `webhookSecret` or this `secret`, retried with back-off, fairly between
   * keys and hosts (docs/webhooks.md). Without this option (and no key
   * secret) no webhook is sent. @default undefined
   */
  readonly webhook?: WebhookSettings;
  /** Called when a webhook delivery ends, delivered or given up (a dead letter). @default no-op */
  readonly onWebhook?: (delivery: WebhookOutcome) => void;
  /**
   * Where webhooks wait to be sent. @default the durable journal queue in
   * `webhook.dir` (what `serve` runs); the in-memory queue, not durable,
   * only when given here by name (`createMemoryWebhookQueue(…)`)
   */
  readonly webhookQueue?: WebhookQueue;
  /** pino logger for access and error logs; each line carries the request id. @default no logs */
  readonly logger?: Logger;
  /** Redis shared by several servers for the rate limits: a URL or a client. @default in-process limits */
  readonly redis?: string | Redis;
  /** Socket time limits in ms (node:http). */
  readonly timeouts?: {
    /** Whole request, headers and body. @default 30000 */
    readonly requestMs?: number;
    /** Headers (a slowloris client is cut off here). @default 10000 */
    readonly headersMs?: number;
    /** An idle keep-alive connection. @default 5000 */
    readonly keepAliveMs?: number;
    /** How often node:http checks the two above. @default 1000 */
    readonly checkIntervalMs?: number;
  };
  /** Open connections accepted at once; more are refused by the socket. @default 10000 */
  readonly maxConnections?: number;
  /**
   * Load the checker's data once the server's plugins are loaded, a product
   * at a time (`checker.preload([product])`, then the identity's), so that
   * no first request pays for it; `/ready` answers 503 until it is done, and
   * `/health` answers meanwhile (the event loop is given back between
   * products). A preload that fails (a data file that does not verify)
   * keeps `/ready` at 503 and goes to `onError`; the products whose data
   * loaded keep answering. A checker handed to `reload` is preloaded the
   * same way, without `/ready` turning 503 (`serve` preloads it before
   * handing it over). `false` leaves the data to load on first use.
   * @default true
   */
  readonly preload?: boolean;
  /**
   * Load shedding (@fastify/under-pressure): 503 with Retry-After past these
   * limits. Off unless given (loading the data blocks the event loop for
   * a while, which would shed the requests right after it); `serve` turns it
   * on after loading the data. @default false
   */
  readonly pressure?:
    | false
    | {
        /** @default 1000 */
        readonly maxEventLoopDelayMs?: number;
        /** @default 0 (not checked) */
        readonly maxHeapUsedBytes?: number;
        /** @default 0 (not checked) */
        readonly maxRssBytes?: number;
        /** @default 10 */
        readonly retryAfterSeconds?: number;
        /** @default 1000 */
        readonly sampleIntervalMs?: number;
      };
  /** Trust `X-Forwarded-*` from this proxy (Fastify's trustProxy). @default false */
  readonly trustProxy?: boolean | string | number;
  /** The datasets, for `/ready` and the data-age metric. @default the checker's dataInfo(), when it has one */
  readonly dataStatus?: () => readonly DatasetStatus[];
  /** Secret key of the hash that stands for inputs in logs. @default random per process */
  readonly logHashKey?: string;
}

/** A key as the server uses it. */
export interface KeyEntry {
  readonly digest: Buffer;
  /** Stable and not secret: the rate-limit bucket and the log/metric label. */
  readonly id: string;
  readonly name: string;
  readonly webhookSecret: string | undefined;
  readonly perSecond: number;
  readonly burst: number;
  readonly products: ReadonlySet<ProductName>;
  /** The server's own key for the requests it sends itself once the data is loaded (warm-up): not logged, not counted. */
  readonly warmUp?: true;
}

/** SHA-256 of a key: compared in constant time, and all keys have the same length. */
export function keyDigest(key: string): Buffer {
  // One-shot: a quarter of createHash's cost, on every request.
  return hash('sha256', key, 'buffer');
}

/**
 * A checked rate. `fields` name the two settings as the caller wrote them: a
 * key's `apiKeys[i].rateLimit.perSecond` / `.burst`, or the server's own
 * `rateLimitPerSecond` / `rateLimitBurst`.
 */
function rateOf(limit: RateLimit, fields: { readonly perSecond: string; readonly burst: string }): { perSecond: number; burst: number } {
  if (typeof limit !== 'object' || limit === null || typeof limit.perSecond !== 'number' || !(limit.perSecond >= 0) || !Number.isFinite(limit.perSecond)) {
    throw new InputError('INPUT_OPTION', `${fields.perSecond} must be a number ≥ 0`, fields.perSecond);
  }
  const burst = limit.burst ?? Math.max(1, limit.perSecond * 2);
  if (typeof burst !== 'number' || !(burst >= 1) || !Number.isFinite(burst)) {
    throw new InputError('INPUT_OPTION', `${fields.burst} must be a number ≥ 1`, fields.burst);
  }
  return { perSecond: limit.perSecond, burst };
}

/** The server-wide rate settings, named as `createServer` takes them. */
const SERVER_RATE_FIELDS = Object.freeze({ perSecond: 'rateLimitPerSecond', burst: 'rateLimitBurst' });

/** Checks `apiKeys` once and turns each into the entry the server compares against. */
export function keyEntries(apiKeys: unknown, defaults: RateLimit): readonly KeyEntry[] {
  if (!Array.isArray(apiKeys)) throw new InputError('INPUT_OPTION', 'apiKeys must be an array of non-empty strings', 'apiKeys');
  return apiKeys.map((item: unknown, i) => {
    const entry = typeof item === 'string' ? { key: item } : item;
    if (entry === null || typeof entry !== 'object' || typeof (entry as ApiKey).key !== 'string' || (entry as ApiKey).key === '') {
      throw new InputError('INPUT_OPTION', 'apiKeys must be an array of non-empty strings', 'apiKeys');
    }
    const key = entry as ApiKey;
    const digest = keyDigest(key.key);
    const products = key.products ?? PRODUCTS;
    if (!Array.isArray(products) || !products.every(isProductName)) {
      throw new InputError('INPUT_OPTION', `apiKeys[${i}].products must list products among ${PRODUCTS.join(', ')}`, `apiKeys[${i}].products`);
    }
    if (key.webhookSecret !== undefined && (typeof key.webhookSecret !== 'string' || key.webhookSecret === '')) {
      throw new InputError('INPUT_OPTION', `apiKeys[${i}].webhookSecret must be a non-empty string`, `apiKeys[${i}].webhookSecret`);
    }
    const id = digest.subarray(0, 8).toString('hex');
    return Object.freeze({
      digest,
      id,
      name: typeof key.name === 'string' && key.name !== '' ? key.name : id,
      webhookSecret: key.webhookSecret,
      ...rateOf(
        key.rateLimit ?? defaults,
        key.rateLimit === undefined ? SERVER_RATE_FIELDS : { perSecond: `apiKeys[${i}].rateLimit.perSecond`, burst: `apiKeys[${i}].rateLimit.burst` },
      ),
      products: new Set(products),
    });
  });
}

/** A whole number option ≥ `min`, or its default. */
export function whole(value: unknown, field: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new InputError('INPUT_OPTION', `${field} must be a whole number ≥ ${min}`, field);
  }
  return value;
}
