import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';

// Two servers sharing one rate limit through a real redis-server on loopback,
// started here (Debian's package; .ci/run installs it). No Redis is no reason
// to skip: the test fails and says so.

let redis: ChildProcess | undefined;
let url = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise((ok) => server.close(ok));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = new Promise<never>((_, fail) => redis!.once('error', (error) => fail(new Error(`redis-server could not start (is it installed? .ci/run installs it): ${error.message}`))));
  url = `redis://127.0.0.1:${port}`;
  const ready = (async () => {
    for (;;) {
      const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.ping();
        return;
      } catch {
        await new Promise((ok) => setTimeout(ok, 50));
      } finally {
        client.disconnect();
      }
    }
  })();
  await Promise.race([ready, failed]);
});

afterAll(() => {
  redis?.kill('SIGTERM');
});

async function start(): Promise<{ api: ApiServer; base: string }> {
  // A slow refill (one token per minute) so that the count below cannot depend on how fast the machine is.
  const api = createApiServer({ apiKeys: [{ key: 'shared-key', rateLimit: { perSecond: 1 / 60, burst: 4 } }, 'other-key'], redis: url, rateLimitPerSecond: 1 / 60, rateLimitBurst: 4 });
  await new Promise<void>((ok) => api.server.listen(0, '127.0.0.1', ok));
  return { api, base: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}` };
}

const post = async (base: string, key: string) => {
  const res = await fetch(`${base}/1.0/ip`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ customer_id: 'c', claims: ['ip'], ip: '81.2.69.142' }),
  });
  await res.arrayBuffer();
  return res;
};

describe('rate limits shared through Redis (REDIS_URL)', () => {
  it('two servers draw on one bucket per key: the burst is spent across both, then both answer 429', async () => {
    const a = await start();
    const b = await start();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await post(i % 2 === 0 ? a.base : b.base, 'shared-key')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
      const limited = await post(b.base, 'shared-key');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(1);
      // Another key has its own bucket in the same Redis.
      expect((await post(a.base, 'other-key')).status).toBe(200);
    } finally {
      await Promise.all([a, b].map(({ api }) => api.shutdown(Date.now() + 1000)));
    }
  });
});
