import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { createDurableWebhookQueue } from '../../src/server/durableWebhookQueue.js';
import { scratchFolders } from '../support/scratch.js';

// One key's receiver that accepts connections and never answers must not
// hold the slots every other key (and the same key's other hosts) need: keys
// take turns below their own share, a host takes at most hostConcurrency
// attempts at once. And a host that fails is paused and probed one attempt
// at a time, not sent its whole backlog. Receivers on loopback addresses
// (127.0.0.1 and 127.0.0.2 are two hosts); counts, not times, are asserted.

const checker = createChecker();
const { folder } = scratchFolders('identity-signals-webhook-fairness-');
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Receiver {
  readonly origin: string;
  /** Delivery ids received, in order. */
  readonly got: string[];
  /** Requests open now, and the most open at once. */
  open: number;
  peak: number;
}

/** A receiver on `host`; `answer` decides each request's fate (null: never answer). */
async function receiver(host: string, answer: (req: IncomingMessage) => number | null): Promise<Receiver> {
  const stuck: ServerResponse[] = [];
  const r: Receiver = { origin: '', got: [], open: 0, peak: 0 };
  const server: Server = createServer((req, res) => {
    r.open += 1;
    r.peak = Math.max(r.peak, r.open);
    res.on('close', () => (r.open -= 1));
    req.resume();
    req.on('end', () => {
      r.got.push(String(req.headers['x-delivery-id']));
      const status = answer(req);
      if (status === null) stuck.push(res);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  Object.assign(r, { origin: `http://${host}:${(server.address() as AddressInfo).port}` });
  closers.push(() => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))));
  return r;
}

const until = async (check: () => boolean, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 10));
  }
};

const job = (key: string, url: string, n: number) => ({ url: `${url}/hook`, resolution_id: `${key}-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: `secret-${key}`, key });

describe('durable webhook queue: fair between keys and hosts', () => {
  it('80 deliveries of key A to a receiver that never answers do not delay key B, nor A\'s own other host', async () => {
    const stuck = await receiver('127.0.0.1', () => null);
    const fast = await receiver('127.0.0.2', () => 200);
    const delivered = new Set<string>();
    const queue = createDurableWebhookQueue({
      dir: folder(),
      checker: () => checker,
      // The server's numbers of the report: 8 at once, and a time-out no test waits for.
      concurrency: 8,
      send: { allowPrivateTargets: true, timeoutMs: 120_000 },
      onOutcome: (o) => void (o.delivered && delivered.add(o.resolution_id)),
    });
    closers.push(() => queue.close(Date.now()));
    for (let n = 0; n < 80; n++) await queue.enqueue(job('A', stuck.origin, n));
    await until(() => stuck.open >= 2, 'the stuck receiver holds its attempts');
    for (let n = 0; n < 10; n++) await queue.enqueue(job('B', fast.origin, n));
    for (let n = 0; n < 5; n++) await queue.enqueue(job('A', fast.origin, 100 + n));
    await until(() => delivered.size === 15, 'key B\'s 10 and key A\'s 5 to the other host');
    console.log(`fairness: stuck receiver got ${stuck.got.length} of A's 80 (at most ${stuck.peak} open at once); the other host got B's 10 and A's 5`);
    expect([...delivered].sort()).toEqual([...['B-0', 'B-1', 'B-2', 'B-3', 'B-4', 'B-5', 'B-6', 'B-7', 'B-8', 'B-9'], 'A-100', 'A-101', 'A-102', 'A-103', 'A-104'].sort());
    // hostConcurrency defaults to a quarter of concurrency: 2 of the 8 slots for one host.
    expect(stuck.peak).toBe(2);
    expect(queue.depth).toBe(80);
  });

  it('keys take turns: the first delivery of key B goes out before key A\'s backlog of 200', async () => {
    let answered = 0;
    const both = await receiver('127.0.0.1', () => (answered++, 200));
    const order: string[] = [];
    const queue = createDurableWebhookQueue({
      dir: folder(),
      checker: () => checker,
      concurrency: 2,
      send: { allowPrivateTargets: true },
      onOutcome: (o) => void order.push(o.resolution_id),
    });
    closers.push(() => queue.close(Date.now()));
    // Accepted together, as by concurrent requests (each waits for the journal's fsync, not for the others).
    const accepted: unknown[] = [];
    for (let n = 0; n < 200; n++) accepted.push(queue.enqueue(job('A', both.origin, n)));
    for (let n = 0; n < 3; n++) accepted.push(queue.enqueue(job('B', both.origin, n)));
    await Promise.all(accepted);
    await until(() => order.length === 203, 'all 203');
    const firstB = order.indexOf('B-0');
    console.log(`fairness: B-0 was delivery ${firstB + 1} of 203 (A had 200 queued first); B's last was ${order.indexOf('B-2') + 1}`);
    // B's come within a few turns of being accepted, not after A's 200.
    expect(order.indexOf('B-2')).toBeLessThan(200 - 50);
    expect(answered).toBe(203);
  });

  it('a host that fails is paused for the key and probed one attempt at a time; its backlog goes once it answers', async () => {
    let status = 503;
    const down = await receiver('127.0.0.1', () => status);
    const other = await receiver('127.0.0.2', () => 200);
    // A clock that moves only when the test moves it: the pause after a failure lasts until the test says so.
    let t = 1_800_000_000_000;
    const queue = createDurableWebhookQueue({
      dir: folder(),
      checker: () => checker,
      concurrency: 8,
      send: { allowPrivateTargets: true },
      now: () => t,
      random: () => 0,
    });
    closers.push(() => queue.close(Date.now()));
    for (let n = 0; n < 50; n++) await queue.enqueue(job('A', down.origin, n));
    // Before the first 503 comes back, up to hostConcurrency (2) attempts start.
    await until(() => down.got.length >= 1 && down.open === 0 && queue.journal.pending().some((r) => r.attempts > 0), 'the first attempts');
    const first = down.got.length;
    expect(first).toBeLessThanOrEqual(2);
    // A kick: another key's delivery runs the queue again; the paused host gets nothing.
    await queue.enqueue(job('B', other.origin, 0));
    await until(() => other.got.length === 1, 'the other key');
    expect(down.got.length).toBe(first);
    // Past the pause: one probe, it fails, paused again (longer).
    t += 1000;
    await queue.enqueue(job('B', other.origin, 1));
    await until(() => other.got.length === 2 && down.got.length === first + 1 && down.open === 0, 'one probe');
    // The receiver is back: the next probe answers, and the backlog goes.
    status = 200;
    t += 60_000;
    await queue.enqueue(job('B', other.origin, 2));
    await until(() => queue.depth === 0, 'the backlog');
    console.log(`host pause: 50 deliveries to a host answering 503, ${first + 1} attempts while it failed, then ${down.got.length - first - 1} once it answered`);
    expect(down.got.length).toBe(first + 1 + 50);
    expect(down.peak).toBeLessThanOrEqual(2);
  });
});
