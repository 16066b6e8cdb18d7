import type { FastifyPluginAsync } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { WebhookQueue } from '../webhookQueue.js';
import type { Answered } from './access.js';
import type { ServerState } from './shared.js';
import { shared } from './shared.js';

/** Options of {@link metricsPlugin}. */
export interface MetricsPluginOptions {
  readonly state: ServerState;
  readonly queue: () => WebhookQueue;
  /** Receives the counter of failed webhooks, for the queue's outcome callback. */
  readonly registerWebhookFailures: (count: (reason: string) => void) => void;
  /** Receives the function that counts an answer, for the access plugin's onSend hook. */
  readonly registerAnswers: (count: Answered) => void;
  /** Also the process metrics (CPU, memory, event loop, GC): for `serve`, one server per process. */
  readonly processMetrics: boolean;
}

/**
 * `GET /metrics` in Prometheus text format, from a registry of this server
 * alone (two servers in one process never mix their counts):
 * requests by route, method and status, a latency histogram by route,
 * webhooks waiting and failed, and the age of every dataset.
 */
export const metricsPlugin = shared<FastifyPluginAsync<MetricsPluginOptions>>(async (app, options) => {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'identity_signals_http_requests_total',
    help: 'HTTP requests answered, by route, method and status (status "aborted": the client went away first)',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'identity_signals_http_request_duration_seconds',
    help: 'Time from the start of a request to its answer handed to the socket, by route',
    labelNames: ['route', 'method'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'identity_signals_webhook_queue_depth',
    help: 'Webhooks accepted and not yet delivered or given up',
    registers: [registry],
    collect() {
      this.set(options.queue().depth);
    },
  });
  const failures = new Counter({
    name: 'identity_signals_webhook_failures_total',
    help: 'Webhooks given up: refused target, final 4xx, retries exhausted, or enrichment error',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  options.registerWebhookFailures((reason) => failures.inc({ reason }));
  new Gauge({
    name: 'identity_signals_data_age_days',
    help: 'Days since each dataset was retrieved upstream',
    labelNames: ['product', 'dataset'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const d of options.state.dataStatus()) this.set({ product: d.product, dataset: d.name }, d.ageDays);
    },
  });
  new Gauge({
    name: 'identity_signals_data_stale',
    help: '1 when a volatile dataset is older than the checker allows',
    labelNames: ['product', 'dataset'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const d of options.state.dataStatus()) this.set({ product: d.product, dataset: d.name }, d.stale ? 1 : 0);
    },
  });

  const route = (url: string | undefined) => url ?? '(none)';
  // The label objects of each route, method and status, made once: the set is bounded (routes are registered,
  // methods are the ones Fastify routes, statuses are ours), and this runs on every request.
  const labelSets = new Map<string, { readonly request: Record<'route' | 'method' | 'status', string>; readonly latency: Record<'route' | 'method', string> }>();
  // Counted when the answer is handed to the socket (the access plugin's onSend hook calls the function
  // registered below), not on the socket's 'finish' (onResponse): any
  // onResponse hook makes Fastify hang a closure and two listeners on every response (setupResponseListeners),
  // which without a logger is work done for this count alone.
  app.decorateRequest('startedAt', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.startedAt = performance.now();
    done();
  });
  options.registerAnswers((request, reply) => {
    const url = route(request.routeOptions.url);
    const key = `${url} ${request.method} ${reply.statusCode}`;
    let labels = labelSets.get(key);
    if (labels === undefined) {
      const latencyLabels = Object.freeze({ route: url, method: request.method });
      labels = { request: Object.freeze({ ...latencyLabels, status: String(reply.statusCode) }), latency: latencyLabels };
      labelSets.set(key, labels);
    }
    requests.inc(labels.request);
    latency.observe(labels.latency, (performance.now() - request.startedAt) / 1000);
  });
  app.addHook('onRequestAbort', async (request) => {
    requests.inc({ route: route(request.routeOptions.url), method: request.method, status: 'aborted' });
  });

  app.get(
    '/metrics',
    { schema: { summary: 'Prometheus metrics', description: 'Prometheus text exposition format; no key needed (keep it off the public network).', tags: ['operations'] }, config: {} },
    async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
}, 'identity-signals-metrics');
