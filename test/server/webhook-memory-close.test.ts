import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createMemoryWebhookQueue } from '../../src/server/index.js';
import type { WebhookOutcome } from '../../src/server/index.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';

// The in-process webhook queue on shutdown: close() lets a delivery in
// flight finish before its deadline (nothing handed back), and refuses new
// ones. The receiver on loopback holds its answer until the test lets it go.

let receiver: LoopbackServer;
let held: ServerResponse | undefined;
let arrived: () => void = () => undefined;
beforeAll(async () => {
  receiver = await startHttpServer((_req, res) => {
    held = res;
    arrived();
  });
});
afterAll(async () => {
  await receiver.close();
});

describe('memory webhook queue: close()', () => {
  it('waits for the delivery in flight, then hands nothing back; later deliveries are refused', async () => {
    const checker = createChecker();
    const outcomes: WebhookOutcome[] = [];
    const queue = createMemoryWebhookQueue({ checker: () => checker, webhook: { allowPrivateTargets: true }, onOutcome: (o) => outcomes.push(o) });
    const reached = new Promise<void>((ok) => (arrived = ok));
    const job = { url: `${receiver.origin}/hook`, resolution_id: 'mem-1', customer_id: 'c', email: 'jane@acme-widgets.com', secret: 'whsec' };
    await queue.enqueue(job);
    await reached;
    const closed = queue.close(Date.now() + 60_000);
    expect(() => queue.enqueue({ ...job, resolution_id: 'mem-2' })).toThrow(/closed/);
    held!.writeHead(200).end();
    expect(await closed).toEqual([]);
    expect(outcomes.map((o) => [o.resolution_id, o.delivered])).toEqual([['mem-1', true]]);
    expect(receiver.requests).toHaveLength(1);
  });
});
