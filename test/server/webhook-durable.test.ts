import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import type { Provider } from '../../src/providers/index.js';
import { createApiServer } from '../../src/server/index.js';
import { backoffDelay, createDurableWebhookQueue } from '../../src/server/durableWebhookQueue.js';
import { WebhookJournal } from '../../src/server/webhookJournal.js';
import { deliverWebhook } from '../../src/server/webhook.js';
import { sendWebhookOnce } from '../../src/server/webhookSend.js';
import { scratchFolders } from '../support/scratch.js';

// Real receivers on 127.0.0.1 (allowPrivateTargets: true, as the tests must
// reach loopback); back-off delays of tens of milliseconds, so no test waits long.

const social: Provider = { name: 'social', fields: { email: ['has_linkedin'] }, lookup: async () => ({ has_linkedin: true }) };
const checker = createChecker({ providers: [social] });
const { folder: dirOf } = scratchFolders('webhooks-');
const job = (n: number, url: string) => ({ url, resolution_id: `r-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 'whsec' });

interface Received {
  readonly id: string;
  readonly body: string;
  readonly signature: string;
}

/** A receiver on `port` (0: any) answering `status(n)`; resolves with its port. */
async function receiver(port: number, status: (n: number) => number = () => 200): Promise<{ port: number; got: Received[]; server: Server; close(): Promise<void> }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ id: String(req.headers['x-delivery-id']), body, signature: String(req.headers['x-signature']) });
      res.writeHead(status(got.length - 1)).end();
    });
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    port: (server.address() as AddressInfo).port,
    got,
    server,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

const verifies = (r: Received, secret: string) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature) ?? [];
  return v1 === createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex');
};

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((ok) => setTimeout(ok, 10));
  }
};

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('durable webhook queue (journal on disk)', () => {
  it('keeps retrying while the receiver is down, and delivers everything once it comes up', async () => {
    // Take a free port, then close it: connections are refused until the receiver starts there.
    const probe = await receiver(0);
    const port = probe.port;
    await probe.close();
    const failures: number[] = [];
    const queue = createDurableWebhookQueue({
      dir: dirOf(),
      checker: () => checker,
      send: { allowPrivateTargets: true, timeoutMs: 2000 },
      baseDelayMs: 20,
      maxDelayMs: 100,
      onOutcome: (o) => void (!o.delivered && failures.push(o.attempts)),
    });
    closers.push(() => queue.close(Date.now()));
    for (let n = 0; n < 5; n++) await queue.enqueue(job(n, `http://127.0.0.1:${port}/hook`));
    await until(() => failures.filter((a) => a >= 2).length >= 5);
    const r = await receiver(port);
    closers.push(() => r.close());
    await until(() => queue.depth === 0);
    const ids = new Set(r.got.map((g) => g.id));
    expect(ids.size).toBe(5);
    expect(r.got.every((g) => verifies(g, 'whsec'))).toBe(true);
    const bodies = r.got.map((g) => JSON.parse(g.body));
    expect(bodies.map((b) => b.delivery_id).sort()).toEqual([...ids].sort());
    expect(bodies[0]).toMatchObject({ event: 'email.enriched', customer_id: 'c', claims: ['email'], email: { has_linkedin: true } });
  });

  it('replays the journal on open: a delivery accepted before a crash is sent by the next queue', async () => {
    const dir = dirOf();
    const r = await receiver(0);
    closers.push(() => r.close());
    const journal = WebhookJournal.open(dir);
    journal.add(job(1, `http://127.0.0.1:${r.port}/hook`), Date.now());
    // A crash mid-write leaves half a line: ignored, the whole entries before it are kept.
    appendFileSync(join(dir, 'deliveries.ndjson'), '{"op":"add","rec":{"id":"torn');
    journal.close();
    const queue = createDurableWebhookQueue({ dir, checker: () => checker, send: { allowPrivateTargets: true } });
    closers.push(() => queue.close(Date.now()));
    await until(() => r.got.length === 1 && queue.depth === 0);
    expect(readFileSync(join(dir, 'deliveries.ndjson'), 'utf8')).not.toContain('torn');
  });

  it('graceful shutdown keeps what is in flight: closed mid-attempt, the next queue sends it with the same delivery id', async () => {
    const dir = dirOf();
    let delayMs = 2000;
    const got: string[] = [];
    const slow = createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => (got.push(String(req.headers['x-delivery-id'])), res.writeHead(200).end()), delayMs));
    });
    await new Promise<void>((ok) => slow.listen(0, '127.0.0.1', ok));
    closers.push(() => new Promise<void>((ok) => (slow.closeAllConnections(), slow.close(() => ok()))));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`;
    const first = createDurableWebhookQueue({ dir, checker: () => checker, send: { allowPrivateTargets: true } });
    await first.enqueue(job(1, url));
    const [accepted] = first.journal.pending();
    await until(() => first.journal.get(accepted!.id)?.body !== undefined);
    expect(await first.close(Date.now() + 50)).toEqual([]);
    delayMs = 0;
    const second = createDurableWebhookQueue({ dir, checker: () => checker, send: { allowPrivateTargets: true } });
    closers.push(() => second.close(Date.now()));
    await until(() => second.depth === 0);
    expect(got).toContain(accepted!.id);
    expect(new Set(got)).toEqual(new Set([accepted!.id]));
  });

  it('refuses a journal directory locked by another live process, and takes over the lock of a dead one', () => {
    const dir = dirOf();
    // The parent of this process is alive and is not us.
    writeFileSync(join(dir, 'lock'), String(process.ppid));
    expect(() => WebhookJournal.open(dir)).toThrow(`is in use by process ${process.ppid}`);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir, 'lock'), String(gone));
    const journal = WebhookJournal.open(dir);
    expect(readFileSync(join(dir, 'lock.1'), 'utf8')).toBe(String(process.pid));
    journal.close();
  });

  it('gives up after the retry window: a dead letter that can be listed, retried and purged', async () => {
    const dir = dirOf();
    let answer = 503;
    const r = await receiver(0, () => answer);
    closers.push(() => r.close());
    const finals: string[] = [];
    const queue = createDurableWebhookQueue({
      dir,
      checker: () => checker,
      send: { allowPrivateTargets: true },
      windowMs: 150,
      baseDelayMs: 20,
      maxDelayMs: 40,
      onOutcome: (o) => void (o.final && finals.push(o.error ?? 'ok')),
    });
    closers.push(() => queue.close(Date.now()));
    await queue.enqueue(job(1, `http://127.0.0.1:${r.port}/hook`));
    await until(() => finals.length === 1);
    expect(finals[0]).toBe('HTTP 503');
    const [dead] = queue.journal.deadLetters();
    expect(dead).toMatchObject({ dead: true, error: 'HTTP 503' });
    expect(dead!.attempts).toBeGreaterThan(1);
    expect(new Set(r.got.map((g) => g.id))).toEqual(new Set([dead!.id]));
    expect(queue.journal.purge('no-such-id')).toBe(false);
    answer = 200;
    expect(queue.journal.retry(dead!.id, Date.now())).toBe(true);
    await queue.enqueue(job(2, `http://127.0.0.1:${r.port}/hook`)); // wakes the queue
    await until(() => queue.depth === 0);
    expect(queue.journal.deadLetters()).toEqual([]);
  });

  it('makes a final 4xx a dead letter at once, without retrying', async () => {
    const r = await receiver(0, () => 410);
    closers.push(() => r.close());
    const queue = createDurableWebhookQueue({ dir: dirOf(), checker: () => checker, send: { allowPrivateTargets: true }, baseDelayMs: 10 });
    closers.push(() => queue.close(Date.now()));
    await queue.enqueue(job(1, `http://127.0.0.1:${r.port}/hook`));
    await until(() => queue.journal.deadLetters().length === 1);
    expect(r.got).toHaveLength(1);
  });

  it('the server queues webhooks of email and name requests before answering, each enriched by its own product', async () => {
    const r = await receiver(0);
    closers.push(() => r.close());
    const names: Provider = { name: 'names', fields: { name: ['gender'] }, lookup: async () => ({ gender: 'F' }) };
    const both = createChecker({ providers: [social, names] });
    const queue = createDurableWebhookQueue({ dir: dirOf(), checker: () => both, send: { allowPrivateTargets: true } });
    const api = createApiServer({ apiKeys: [{ key: 'k1', webhookSecret: 'whsec' }], checker: both, webhookQueue: queue, logger: false as never });
    closers.push(() => api.shutdown(Date.now()));
    await api.ready;
    const hook = `http://127.0.0.1:${r.port}/hook`;
    const post = (product: string, body: object) =>
      api.app.inject({ method: 'POST', url: `/1.0/${product}`, headers: { 'x-api-key': 'k1', 'content-type': 'application/json' }, payload: { customer_id: 'c', claims: [product], webhook_url: hook, ...body } });
    expect((await post('email', { email: 'jane@acme-widgets.com' })).statusCode).toBe(200);
    // Written down before the 200: the journal holds it already.
    expect(queue.journal.pending().length + r.got.length).toBeGreaterThanOrEqual(1);
    expect((await post('name', { first_name: 'Xqzorbin', last_name: 'Smith', country: 'IT' })).statusCode).toBe(200);
    await until(() => r.got.length === 2);
    const events = r.got.map((g) => JSON.parse(g.body)).sort((a, b) => a.event.localeCompare(b.event));
    expect(events[0]).toMatchObject({ event: 'email.enriched', claims: ['email'], email: { has_linkedin: true } });
    expect(events[1]).toMatchObject({ event: 'name.enriched', claims: ['name'], name: { value: 'Xqzorbin,Smith', gender: 'F' } });
    expect(r.got.every((g) => verifies(g, 'whsec'))).toBe(true);
  });

  it('backs off exponentially with equal jitter, capped', () => {
    const policy = { baseDelayMs: 1000, maxDelayMs: 8000 };
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, policy, () => 0))).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(a, policy, () => 0.999999))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('sendWebhookOnce: one attempt, bounded and checked at connect time', () => {
  it('refuses a host name that resolves to loopback when it connects, unless allowed', async () => {
    const r = await receiver(0);
    closers.push(() => r.close());
    const refused = await sendWebhookOnce(`http://localhost:${r.port}/hook`, '{}', { secret: 's', deliveryId: 'd' });
    expect(refused).toMatchObject({ delivered: false, retry: false });
    expect(refused.error).toMatch(/^target refused: "localhost" resolves to (127\.0\.0\.1|::1) \(/);
    expect(r.got).toHaveLength(0);
    const literal = await sendWebhookOnce(`http://169.254.169.254/latest/meta-data`, '{}', { secret: 's', deliveryId: 'd' });
    expect(literal.error).toMatch(/^target refused: 169\.254\.169\.254/);
    const allowed = await sendWebhookOnce(`http://127.0.0.1:${r.port}/hook`, '{}', { secret: 's', deliveryId: 'd', allowPrivateTargets: true });
    expect(allowed).toEqual({ delivered: true, retry: false, status: 200 });
  });

  it('does not follow a redirect, and quotes at most 64 characters of a bad URL', async () => {
    const r = await receiver(0, () => 302);
    closers.push(() => r.close());
    expect(await sendWebhookOnce(`http://127.0.0.1:${r.port}/hook`, '{}', { secret: 's', deliveryId: 'd', allowPrivateTargets: true })).toEqual({
      delivered: false,
      retry: false,
      status: 302,
      error: 'HTTP 302',
    });
    const long = `ftp://${'x'.repeat(5000)}`;
    const out = await sendWebhookOnce(long, '{}', { secret: 's', deliveryId: 'd' });
    expect(out.error!.length).toBeLessThan(200);
  });

  it('reads at most maxResponseBytes of a 300 MB answer: memory stays flat', async () => {
    const { out, sent, grewMb } = await oversized((url) => sendWebhookOnce(url, '{}', { secret: 's', deliveryId: 'd', allowPrivateTargets: true }));
    console.log(`oversized answer (sendWebhookOnce): ${(sent / 1024 / 1024).toFixed(1)} MB written by the receiver before the sender closed; RSS +${grewMb.toFixed(2)} MB`);
    expect(out).toEqual({ delivered: true, retry: false, status: 200 });
    expect(sent).toBeLessThan(300 * 1024 * 1024);
    expect(grewMb).toBeLessThan(16);
  });

  it('the in-memory deliverWebhook does not buffer a 300 MB answer either (it took 1.17 GB before)', async () => {
    const { out, grewMb } = await oversized((url) => deliverWebhook(url, {}, { secret: 's', allowPrivateTargets: true, retries: 0 }));
    console.log(`oversized answer (deliverWebhook): RSS +${grewMb.toFixed(2)} MB`);
    expect(out).toMatchObject({ delivered: true, status: 200 });
    expect(grewMb).toBeLessThan(16);
  });
});

/** Serves a 300 MB answer (written as fast as the client reads it) to `send`; measures the peak RSS growth meanwhile. */
async function oversized<T>(send: (url: string) => Promise<T>): Promise<{ out: T; sent: number; grewMb: number }> {
  const chunk = Buffer.alloc(65_536, 0x61);
  let sent = 0;
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(300 * 1024 * 1024) });
    const pump = () => {
      while (sent < 300 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
    res.on('close', () => undefined);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  closers.push(() => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const out = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { out, sent, grewMb: (peak - before) / 1024 / 1024 };
}
