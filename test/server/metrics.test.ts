import { Histogram, Registry } from 'prom-client';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS, LATENCY_HELP, LATENCY_NAME, latencyHistogram, latencySeries, observeLatency } from '../../src/server/plugins/metrics.js';
import { createApiServer } from '../../src/server/index.js';

// The server counts answers and latencies in plain numbers and hands them to prom-client when /metrics is
// read (the server's speed work): what Prometheus reads must stay what prom-client's own Counter and
// Histogram would write for the same requests.

describe('the latency histogram', () => {
  it('writes the same exposition as a prom-client Histogram fed the same observations', async () => {
    const observations: [string, string, number][] = [
      ['/1.0/ip', 'POST', 0.0001],
      ['/1.0/ip', 'POST', 0.0005],
      ['/1.0/ip', 'POST', 0.0031],
      ['/1.0/email', 'POST', 0.3],
      ['/1.0/email', 'POST', 7],
      ['(none)', 'GET', 0.01],
      ['/1.0/ip', 'POST', 5],
    ];
    const reference = new Registry();
    const histogram = new Histogram({ name: LATENCY_NAME, help: LATENCY_HELP, labelNames: ['route', 'method'] as const, buckets: [...LATENCY_BUCKETS], registers: [reference] });
    const empty = new Registry();
    empty.registerMetric(latencyHistogram([]) as never);
    const series = new Map<string, ReturnType<typeof latencySeries>>();
    const list: ReturnType<typeof latencySeries>[] = [];
    const mine = new Registry();
    mine.registerMetric(latencyHistogram(list) as never);
    for (const [route, method, seconds] of observations) {
      histogram.observe({ route, method }, seconds);
      let s = series.get(`${route} ${method}`);
      if (s === undefined) {
        s = latencySeries({ route, method });
        series.set(`${route} ${method}`, s);
        list.push(s);
      }
      observeLatency(s, seconds);
    }
    const text = await mine.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain(`${LATENCY_NAME}_bucket{le="0.0005",route="/1.0/ip",method="POST"} 2`);
    expect(text).toContain(`${LATENCY_NAME}_bucket{le="+Inf",route="/1.0/ip",method="POST"} 4`);
    expect(await empty.metrics()).toBe(`# HELP ${LATENCY_NAME} ${LATENCY_HELP}\n# TYPE ${LATENCY_NAME} histogram\n`);
    mine.resetMetrics();
    histogram.reset();
    expect(await mine.metrics()).toContain(`${LATENCY_NAME}_count{route="/1.0/ip",method="POST"} 0`);
  });
});

describe('GET /metrics', () => {
  it('counts every answer by route, method and status, across scrapes, and their latencies', async () => {
    const api = createApiServer({ apiKeys: ['k'], rateLimitPerSecond: 0 });
    try {
      const ip = JSON.stringify({ customer_id: 'c', claims: ['ip'], ip: '81.2.69.142' });
      const send = (key: string, url = '/1.0/ip') => api.app.inject({ method: 'POST', url, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: ip });
      await send('k');
      await send('k');
      await send('wrong');
      await send('k', '/1.0/nope');
      const first = (await api.app.inject('/metrics')).payload;
      expect(first).toContain('identity_signals_http_requests_total{route="/1.0/ip",method="POST",status="200"} 2');
      expect(first).toContain('identity_signals_http_requests_total{route="/1.0/ip",method="POST",status="401"} 1');
      expect(first).toContain('identity_signals_http_requests_total{route="(none)",method="POST",status="404"} 1');
      expect(first).toContain(`${LATENCY_NAME}_count{route="/1.0/ip",method="POST"} 3`);
      await send('k');
      const second = (await api.app.inject('/metrics')).payload;
      // Counted once each: what the first scrape handed over is not handed again.
      expect(second).toContain('identity_signals_http_requests_total{route="/1.0/ip",method="POST",status="200"} 3');
      expect(second).toContain(`${LATENCY_NAME}_count{route="/1.0/ip",method="POST"} 4`);
      // The first scrape's own answer is counted by the second.
      expect(second).toContain('identity_signals_http_requests_total{route="/metrics",method="GET",status="200"} 1');
    } finally {
      await api.app.close();
    }
  });

  it('counts a path that is not valid percent-encoding (answered before routing) as an unknown path, with its latency', async () => {
    const api = createApiServer({ apiKeys: ['k'], rateLimitPerSecond: 0 });
    try {
      const res = await api.app.inject({ method: 'POST', url: '/1.0/%E0%A4%A', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode).toBe(404);
      const text = (await api.app.inject('/metrics')).payload;
      expect(text).toContain('identity_signals_http_requests_total{route="(none)",method="POST",status="404"} 1');
      expect(text).toContain(`${LATENCY_NAME}_count{route="(none)",method="POST"} 1`);
      // Timed from its arrival like any answer (no hook ran to note the arrival: a time from nothing is NaN).
      const sum = Number(new RegExp(`^${LATENCY_NAME}_sum\\{route="\\(none\\)",method="POST"\\} (\\S+)$`, 'm').exec(text)?.[1]);
      expect(Number.isFinite(sum) && sum >= 0).toBe(true);
    } finally {
      await api.app.close();
    }
  });
});

describe('aborts', () => {
  it('counts a client that goes away mid-body as aborted, without a logger, once, and its keep-alive neighbour as answered', async () => {
    const api = createApiServer({ apiKeys: ['k'], rateLimitPerSecond: 0 });
    await new Promise<void>((ok) => api.server.listen(0, '127.0.0.1', ok));
    try {
      const { port } = api.server.address() as AddressInfo;
      const body = JSON.stringify({ customer_id: 'c', claims: ['ip'], ip: '81.2.69.142' });
      await new Promise<void>((ok, fail) => {
        const socket = connect(port, '127.0.0.1', () => {
          // One whole request, then (on the same connection, after its answer) one cut off mid-body.
          socket.write(`POST /1.0/ip HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: k\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
        });
        socket.once('data', () => {
          socket.write(`POST /1.0/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: k\r\nContent-Length: 500\r\n\r\n{"customer_id":`);
          setTimeout(() => {
            socket.destroy();
            ok();
          }, 100);
        });
        socket.once('error', fail);
      });
      const line = 'identity_signals_http_requests_total{route="/1.0/email",method="POST",status="aborted"} 1';
      await expect.poll(async () => (await api.app.inject('/metrics')).payload, { timeout: 5000 }).toContain(line);
      const text = (await api.app.inject('/metrics')).payload;
      expect(text).toContain('identity_signals_http_requests_total{route="/1.0/ip",method="POST",status="200"} 1');
      expect(text).not.toContain('route="/1.0/ip",method="POST",status="aborted"');
    } finally {
      await new Promise((ok) => api.server.close(ok));
    }
  });
});
