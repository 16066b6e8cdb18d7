import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createRedisWebhookQueue } from '../../src/server/redisWebhookQueue.js';
import { startRedisServer } from '../support/redisServer.js';
import type { RunningRedis } from '../support/redisServer.js';

// The Redis queue is fair within each instance: key A's 40 webhooks to a
// receiver that accepts and never answers hold at most A's host share of the
// worker's slots; key B's deliveries to another host go out meanwhile. A
// redis-server of its own on loopback; receivers on 127.0.0.1 and 127.0.0.2.

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => {
  redis.stop();
});

async function receiver(host: string, answer: boolean) {
  const stuck: ServerResponse[] = [];
  const r = { origin: '', got: [] as string[], open: 0, peak: 0, close: async () => {} };
  const server = createServer((req, res) => {
    r.open += 1;
    r.peak = Math.max(r.peak, r.open);
    res.on('close', () => (r.open -= 1));
    req.resume();
    req.on('end', () => {
      r.got.push(String(req.headers['x-delivery-id']));
      if (answer) res.writeHead(200).end();
      else stuck.push(res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  r.origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  r.close = () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok())));
  return r;
}

describe('redis webhook queue: fair within an instance', () => {
  it('a key whose receiver never answers holds its share of the slots; another key\'s webhooks go out', async () => {
    const stuck = await receiver('127.0.0.1', false);
    const fast = await receiver('127.0.0.2', true);
    const checker = createChecker();
    const delivered = new Set<string>();
    const queue = createRedisWebhookQueue({
      redisUrl: redis.url,
      checker: () => checker,
      concurrency: 8,
      send: { allowPrivateTargets: true, timeoutMs: 120_000 },
      onOutcome: (o) => void (o.delivered && delivered.add(o.resolution_id)),
    });
    try {
      const job = (key: string, url: string, n: number) => ({ url: `${url}/hook`, resolution_id: `${key}-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: `s-${key}`, key });
      for (let n = 0; n < 40; n++) await queue.enqueue(job('A', stuck.origin, n));
      for (let n = 0; n < 10; n++) await queue.enqueue(job('B', fast.origin, n));
      const end = Date.now() + 20_000;
      while (delivered.size < 10 && Date.now() < end) await new Promise((ok) => setTimeout(ok, 20));
      console.log(`redis fairness: key B ${delivered.size} of 10 delivered while key A's receiver held ${stuck.open} attempts (at most ${stuck.peak} at once)`);
      expect(delivered.size).toBe(10);
      // hostConcurrency: a quarter of 8.
      expect(stuck.peak).toBe(2);
    } finally {
      // The stuck receiver first: its attempts end (cut), and the worker can close.
      await stuck.close();
      await fast.close();
      await queue.close(Date.now());
    }
  });
});
