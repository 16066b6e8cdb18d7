import type { FastifyPluginAsync } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { WebhookQueue } from '../webhookQueue.js';
import type { Aborted, Answered } from './access.js';
import type { ServerState } from './shared.js';
import { routeOf, shared } from './shared.js';

/** Options of {@link metricsPlugin}. */
export interface MetricsPluginOptions {
  readonly state: ServerState;
  readonly queue: () => WebhookQueue;
  /** Receives the counter of failed webhooks, for the queue's outcome callback. */
  readonly registerWebhookFailures: (count: (reason: string) => void) => void;
  /** Receive the functions that count an answer and an abort, for the access plugin's hooks. */
  readonly registerAnswers: (count: Answered) => void;
  readonly registerAborts: (count: Aborted) => void;
  /** Also the process metrics (CPU, memory, event loop, GC): for `serve`, one server per process. */
  readonly processMetrics: boolean;
}

/** The latency histogram's upper bounds, in seconds. */
export const LATENCY_BUCKETS: readonly number[] = Object.freeze([0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);
export const LATENCY_NAME = 'identity_signals_http_request_duration_seconds';
export const LATENCY_HELP = 'Time from the start of a request to its answer handed to the socket, by route';

/** The answers of one route, method and status not yet handed to the prom-client counter. */
interface AnswerSeries {
  readonly labels: Readonly<Record<'route' | 'method' | 'status', string>>;
  pending: number;
  readonly latency: LatencySeries;
}

/** The latencies of one route and method: per-bucket counts (not cumulative), their sum and count. */
export interface LatencySeries {
  readonly labels: Readonly<Record<'route' | 'method', string>>;
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/** A latency series with nothing observed yet. */
export function latencySeries(labels: Readonly<Record<'route' | 'method', string>>): LatencySeries {
  return { labels, buckets: new Float64Array(LATENCY_BUCKETS.length), sum: 0, count: 0 };
}

/** Counts one latency, in seconds, as prom-client's Histogram.observe() does. */
export function observeLatency(series: LatencySeries, seconds: number): void {
  series.sum += seconds;
  series.count++;
  // Per bucket, not cumulative (prom-client's layout): the exposition adds them up. Above the last bound only +Inf counts it.
  for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
    if (seconds <= LATENCY_BUCKETS[i]!) {
      series.buckets[i]!++;
      return;
    }
  }
}

/**
 * The latency histogram as a metric of the prom-client registry: the registry calls `get()` and writes
 * the text exposition, the same series and lines as a prom-client Histogram with these buckets fed the
 * same observations (test/server/metrics.test.ts compares them), kept in plain numbers per request.
 */
export function latencyHistogram(series: readonly LatencySeries[]) {
  return {
    name: LATENCY_NAME,
    help: LATENCY_HELP,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    reset() {
      for (const s of series) {
        s.buckets.fill(0);
        s.sum = 0;
        s.count = 0;
      }
    },
    get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const s of series) {
        let cumulative = 0;
        for (const [i, le] of LATENCY_BUCKETS.entries()) {
          cumulative += s.buckets[i]!;
          values.push({ labels: { le, ...s.labels }, value: cumulative, metricName: `${LATENCY_NAME}_bucket` });
        }
        values.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${LATENCY_NAME}_bucket` });
        values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${LATENCY_NAME}_sum` });
        values.push({ labels: { ...s.labels }, value: s.count, metricName: `${LATENCY_NAME}_count` });
      }
      return Promise.resolve({ name: LATENCY_NAME, help: LATENCY_HELP, type: 'histogram', aggregator: 'sum', values });
    },
  };
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
  // Each answer is counted in plain numbers (one record per route, method and status: see `answered`
  // below) and handed to prom-client when /metrics is read: prom-client's inc() and observe() check and
  // hash their labels on every call, a cost paid by every request; a scrape now does that once per series.
  const answers = new Map<string, AnswerSeries>();
  const latencies: LatencySeries[] = [];
  const requests = new Counter({
    name: 'identity_signals_http_requests_total',
    help: 'HTTP requests answered, by route, method and status (status "aborted": the client went away first)',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
    collect() {
      for (const series of answers.values()) {
        if (series.pending === 0) continue;
        this.inc(series.labels, series.pending);
        series.pending = 0;
      }
    },
  });
  registry.registerMetric(latencyHistogram(latencies) as never);
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

  const latencyByRoute = new Map<string, LatencySeries>();
  // Counted when the answer is handed to the socket (the access plugin's onSend hook calls the function
  // registered below), not on the socket's 'finish' (onResponse): any onResponse hook makes Fastify hang a
  // closure and two listeners on every response (setupResponseListeners), which without a logger is work
  // done for this count alone. The set of series is bounded: routes are registered, methods are the ones
  // Fastify routes, statuses are ours.
  options.registerAnswers((request, reply) => {
    const url = routeOf(request);
    const key = `${url} ${request.method} ${reply.statusCode}`;
    let series = answers.get(key);
    if (series === undefined) {
      const routeKey = `${url} ${request.method}`;
      let latency = latencyByRoute.get(routeKey);
      if (latency === undefined) {
        latency = latencySeries(Object.freeze({ route: url, method: request.method }));
        latencyByRoute.set(routeKey, latency);
        latencies.push(latency);
      }
      series = { labels: Object.freeze({ route: url, method: request.method, status: String(reply.statusCode) }), pending: 0, latency };
      answers.set(key, series);
    }
    series.pending++;
    observeLatency(series.latency, (performance.now() - request.startedAt) / 1000);
  });
  options.registerAborts((request) => {
    requests.inc({ route: routeOf(request), method: request.method, status: 'aborted' });
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
