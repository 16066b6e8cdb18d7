import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DatasetStatus, KeyEntry } from '../options.js';
import type { ProductName } from '../../scoring/index.js';

/**
 * Marks a plugin as not encapsulated, so its hooks and decorators apply to
 * the whole server (what the fastify-plugin package does, without the dependency).
 */
export function shared<T extends FastifyPluginAsync<never>>(plugin: T, name: string): T {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}

/** The route a request matched, as logs and metrics label it (never the URL: a query string may hold anything). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(none)';
}

/** What the plugins share at run time: replaced whole on reload, read per request. */
export interface ServerState {
  keys: readonly KeyEntry[];
  /** True once shutdown began: `/ready` answers 503 and answers close their connection. */
  draining: boolean;
  /** False while load shedding is paused. */
  shedding: boolean;
  /** What the start-up preload is loading now (`email`, …, `identity`): `/ready` answers 503 until it is null. */
  warming: string | null;
  /** Why the preload of the checker failed (a data file that does not verify): `/ready` answers 503 while it is set. */
  preloadProblem: string | null;
  /** The key of the server's own warm-up requests, while it sends them (a random secret, then null). */
  warmUpKey: KeyEntry | null;
  dataStatus: () => readonly DatasetStatus[];
  /** Why webhooks are refused now (the journal takes no writes): `/ready` answers 503 while it is set. */
  webhookProblem: () => string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The product a `POST /1.0/<product>` route answers. */
    product?: ProductName;
    /** True on `POST /1.0/hub`, whose products are named by the body's claims. */
    hub?: boolean;
  }
  interface FastifyRequest {
    /** The key the request authenticated with, once the auth hook ran. */
    apiKey: KeyEntry | null;
    /** HMAC of the request's inputs: what logs carry instead of the inputs. */
    inputHash: string | null;
    /** performance.now() when the request began, for the latency histogram. */
    startedAt: number;
  }
}
