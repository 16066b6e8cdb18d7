import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createDurableWebhookQueue } from '../../src/server/index.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// The durable queue sends a delivery when it is due by the queue's clock,
// not before: with a clock that stands still, a new delivery (due now) goes
// out at once, and one that failed (due later) is not tried again. The
// receiver on loopback refuses /fail with a 503 and takes /ok.

let receiver: LoopbackServer;
const { folder } = scratchFolders('identity-signals-webhook-due-');
beforeAll(async () => {
  receiver = await startHttpServer((req, res) => res.writeHead(req.path === '/ok' ? 200 : 503).end());
});
afterAll(async () => {
  await receiver.close();
});

const job = (n: number, path: string) => ({ url: `${receiver.origin}${path}`, resolution_id: `due-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 'whsec' });

describe('durable webhook queue: due times by its clock', () => {
  it('a clock standing still: a new delivery goes out at once, a failed one waits for its due time', async () => {
    const dir = folder();
    const checker = createChecker();
    const outcomes = new Map<string, (delivered: boolean) => void>();
    const settled = (id: string) => new Promise<boolean>((ok) => outcomes.set(id, ok));
    const queue = createDurableWebhookQueue({
      dir,
      checker: () => checker,
      send: { allowPrivateTargets: true },
      now: () => 1_800_000_000_000,
      random: () => 0,
      onOutcome: (o) => outcomes.get(o.resolution_id)?.(o.delivered),
    });
    try {
      const failed = settled('due-1');
      await queue.enqueue(job(1, '/fail'));
      expect(await failed).toBe(false);
      const delivered = settled('due-2');
      await queue.enqueue(job(2, '/ok'));
      expect(await delivered).toBe(true);
    } finally {
      await queue.close(Date.now() + 10_000);
    }
    // The failed delivery is due 0.5-1 s later by a clock that never got there: tried once.
    expect(receiver.requests.filter((r) => r.path === '/fail')).toHaveLength(1);
    expect(receiver.requests.filter((r) => r.path === '/ok')).toHaveLength(1);
  });

  it('a closed queue refuses new deliveries', async () => {
    const dir = folder();
    const checker = createChecker();
    const queue = createDurableWebhookQueue({ dir, checker: () => checker, send: { allowPrivateTargets: true } });
    await queue.close(Date.now());
    expect(() => queue.enqueue(job(3, '/ok'))).toThrow(/closed/);
  });
});
