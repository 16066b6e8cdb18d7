import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';
import { startRedisServer } from '../support/redisServer.js';
import type { RunningRedis } from '../support/redisServer.js';

// Two servers sharing one rate limit through a real redis-server on loopback,
// started here (Debian's package; .ci/run installs it). No Redis is no reason
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
});
