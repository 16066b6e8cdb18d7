import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createDurableWebhookQueue } from '../../src/server/durableWebhookQueue.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// Accepting a webhook must not cost O(pending): the queue keeps the due
// deliveries ordered (a heap per key and host), and never copies, filters
// and sorts every record (journal.pending()) to find the next one. With
// 20,000 deliveries waiting (due tomorrow), 500 more are accepted and sent;
// the whole-journal scan is never called. The time per accept is printed,
// not asserted.

const PENDING = 20_000;
const checker = createChecker();
const { folder } = scratchFolders('identity-signals-webhook-pending-');
let receiver: LoopbackServer;
beforeAll(async () => {
  receiver = await startHttpServer((_req, res) => res.writeHead(200).end());
});
afterAll(async () => {
  await receiver.close();
});

describe('durable webhook queue: the cost of accepting', () => {
  it(`with ${PENDING} pending, accepting and sending 500 never scans the journal`, async () => {
    const dir = folder();
    const t = 1_800_000_000_000;
    const fd = openSync(join(dir, 'deliveries.ndjson'), 'w', 0o600);
    const job = { url: 'https://hooks.example.org/x', resolution_id: 'r', customer_id: 'c', email: 'jane@acme-widgets.com', secret: 's' };
    let text = '';
    for (let n = 0; n < PENDING; n++) text += `${JSON.stringify({ op: 'add', rec: { id: `later-${n}`, job, created: t, attempts: 1, due: t + 86_400_000 - n, dead: false } })}\n`;
    writeSync(fd, text);
    closeSync(fd);
    const delivered: string[] = [];
    const queue = createDurableWebhookQueue({
      dir,
      checker: () => checker,
      send: { allowPrivateTargets: true },
      now: () => t,
      onOutcome: (o) => void (o.delivered && delivered.push(o.resolution_id)),
    });
    try {
      const scan = vi.spyOn(queue.journal, 'pending');
      expect(queue.depth).toBe(PENDING);
      // CPU time of the accepts themselves (the fsyncs run on libuv's threads, the deliveries after).
      let cpu = 0;
      const accepted: unknown[] = [];
      for (let n = 0; n < 500; n++) {
        const before = process.cpuUsage();
        accepted.push(queue.enqueue({ url: `${receiver.origin}/hook`, resolution_id: `now-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 's' }));
        const used = process.cpuUsage(before);
        cpu += used.user + used.system;
      }
      await Promise.all(accepted);
      const perAccept = cpu / 500 / 1000;
      const end = Date.now() + 30_000;
      while (delivered.length < 500 && Date.now() < end) await new Promise((ok) => setTimeout(ok, 10));
      console.log(`accepting at ${PENDING} pending: ${(perAccept * 1000).toFixed(0)} µs of CPU per accept, ${delivered.length} of 500 sent; journal.pending() called ${scan.mock.calls.length} times`);
      expect(delivered).toHaveLength(500);
      expect(scan).not.toHaveBeenCalled();
      expect(queue.depth).toBe(PENDING);
    } finally {
      await queue.close(Date.now());
    }
  }, 60_000);
});
