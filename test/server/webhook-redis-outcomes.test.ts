import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createRedisWebhookQueue } from '../../src/server/index.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { startRedisServer } from '../support/redisServer.js';
import type { RunningRedis } from '../support/redisServer.js';

// The Redis webhook queue (BullMQ) on a redis-server of its own on loopback:
// its depth counts a delivery as soon as it is accepted, and a delivery the
// receiver refuses with a 503 is reported as an attempt that will be retried
// (not final) while its window lasts; one the sender refuses outright
// (a scheme it will not post to) is final at once.

let redis: RunningRedis;
let receiver: LoopbackServer;
beforeAll(async () => {
  redis = await startRedisServer();
  receiver = await startHttpServer((_req, res) => res.writeHead(503).end());
});
afterAll(async () => {
  await receiver.close();
  redis.stop();
});

const job = (n: number, url: string) => ({ url, resolution_id: `redis-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 'whsec' });

describe('redis webhook queue', () => {
  it('depth: a delivery counts as soon as it is accepted', async () => {
    const checker = createChecker();
    const queue = createRedisWebhookQueue({ redisUrl: redis.url, checker: () => checker, work: false });
    try {
      expect(queue.depth).toBe(0);
      await queue.enqueue(job(1, `${receiver.origin}/hook`));
      expect(queue.depth).toBe(1);
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close(Date.now() + 10_000);
    }
  });

  it('a refused attempt with its window left is not final; a refused target is', async () => {
    const checker = createChecker();
    const outcomes = new Map<string, (o: { delivered: boolean; final: boolean }) => void>();
    const settled = (id: string) => new Promise<{ delivered: boolean; final: boolean }>((ok) => outcomes.set(id, ok));
    const queue = createRedisWebhookQueue({
      redisUrl: redis.url,
      checker: () => checker,
      send: { allowPrivateTargets: true },
      baseDelayMs: 3_600_000,
      maxDelayMs: 3_600_000,
      onOutcome: (o) => outcomes.get(o.resolution_id)?.(o),
    });
    try {
      const retried = settled('redis-2');
      await queue.enqueue(job(2, `${receiver.origin}/hook`));
      expect(await retried).toMatchObject({ delivered: false, final: false });
      const refused = settled('redis-3');
      await queue.enqueue(job(3, 'ftp://127.0.0.1/hook'));
      expect(await refused).toMatchObject({ delivered: false, final: true });
    } finally {
      await queue.close(Date.now() + 10_000);
    }
  });
});
