import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateStore } from '../../src/server/rateStore.js';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';
import { startRedisServer } from '../support/redisServer.js';
import type { RunningRedis } from '../support/redisServer.js';

// Two servers sharing one rate limit through a real redis-server on loopback,
// started here (Debian's package; npm test installs it). No Redis is no reason
// to skip: the test fails and says so.

let redis: RunningRedis | undefined;
let url = '';

beforeAll(async () => {
  redis = await startRedisServer();
  url = redis.url;
});

afterAll(() => {
  redis?.stop();
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

  it('a lookup made while the first connection is still being made waits for it, instead of failing and letting the request through', async () => {
    // The server's client: no offline queue, so a Redis that is down fails a lookup at once (and the request passes).
    const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    try {
      expect(client.status).toBe('connecting');
      const store = new RedisRateStore(client, `test-first-connect-${process.pid}:`);
      const step = () =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          store.incr('k', (error, result) => (error === null ? resolve(result!) : reject(error)), 60_000, 2),
        );
      expect((await step()).current).toBe(1);
      expect((await step()).current).toBe(2);
      expect((await step()).current).toBe(3); // over the burst of 2: the plugin answers 429
    } finally {
      client.disconnect();
    }
  });

  it('a Redis that cannot be reached at start fails the lookup (the plugin then lets the request through and logs it), it does not hang', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const client = new Redis(`redis://127.0.0.1:${closed}`, { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      const store = new RedisRateStore(client);
      const error = await new Promise<Error | null>((resolve) => store.incr('k', (e) => resolve(e), 60_000, 2));
      expect(error).toBeInstanceOf(Error);
    } finally {
      client.disconnect();
    }
  });
});
