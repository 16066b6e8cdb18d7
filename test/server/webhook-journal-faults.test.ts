import * as fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { WebhooksUnavailableError, createDurableWebhookQueue } from '../../src/server/durableWebhookQueue.js';
import { createApiServer } from '../../src/server/index.js';
import { WebhookJournal } from '../../src/server/webhookJournal.js';
import type { JournalFileSystem } from '../../src/server/webhookJournal.js';
import { startHttpServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// A journal write that fails (ENOSPC, injected here by a file system whose
// writes fail on demand; test/server/webhook-disk-full.test.ts fills a real
// one) must not turn the queue into a loop: the delivery whose outcome could
// not be written is not sent again, nothing else is attempted, new
// deliveries are refused (503 from the server, whose checks go on
// answering, and /ready says why), and once the disk has room the queue
// writes what it owed and goes on by itself. A failing write may have put
// part of its line in the file: that part is cut off, the journal stays whole.

const checker = createChecker();
const { folder } = scratchFolders('identity-signals-webhook-faults-');
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A file system whose writes fail with ENOSPC while `full` (only those whose text matches `only`, when set), after writing a few bytes of the first. */
function fillable() {
  const state = { full: false, only: undefined as RegExp | undefined, failed: 0 };
  const writeSync = ((fd: number, buffer: Buffer | string, ...rest: unknown[]) => {
    if (state.full && (state.only === undefined || state.only.test(String(buffer)))) {
      state.failed += 1;
      // The first failure writes part of the line, as a disk that fills mid-write does.
      if (state.failed === 1 && Buffer.isBuffer(buffer)) return (fs.writeSync as (...a: unknown[]) => number)(fd, buffer, 0, Math.min(9, buffer.length));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    }
    return (fs.writeSync as (...a: unknown[]) => number)(fd, buffer, ...rest);
  }) as typeof fs.writeSync;
  const fileSystem: JournalFileSystem = { ...fs, writeSync };
  return { state, fs: fileSystem };
}

const until = async (check: () => boolean, what: string, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 10));
  }
};
const settle = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const job = (url: string, n: number) => ({ url, resolution_id: `r-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 'whsec' });

describe('durable webhook queue: journal writes that fail', () => {
  it('an outcome that cannot be written: not sent again, new deliveries refused, written once the disk has room', async () => {
    const held: ServerResponse[] = [];
    let hold = true;
    const receiver = await startHttpServer((_req, res) => (hold ? held.push(res) : res.writeHead(200).end()));
    closers.push(() => receiver.close());
    const disk = fillable();
    const dir = folder();
    const problems: (string | null)[] = [];
    const errors: unknown[] = [];
    const queue = createDurableWebhookQueue({
      dir,
      fs: disk.fs,
      checker: () => checker,
      send: { allowPrivateTargets: true },
      random: () => 0,
      onProblem: (p) => problems.push(p),
      onError: (e) => errors.push(e),
    });
    closers.push(() => queue.close(Date.now()));
    await queue.enqueue(job(`${receiver.origin}/hook`, 1));
    await until(() => held.length === 1, 'the first attempt');
    // The disk fills while the receiver holds its answer: the "done" of a delivered webhook cannot be written.
    disk.state.full = true;
    held[0]!.writeHead(200).end();
    await until(() => queue.problem !== null, 'the journal failure');
    await settle(400);
    console.log(`journal full: ${receiver.requests.length} request(s) to the receiver in 400 ms after the failure, ${disk.state.failed} failed write(s), ${errors.length} error(s) reported`);
    // Sent once; the loop sent it thousands of times a second.
    expect(receiver.requests).toHaveLength(1);
    expect(queue.problem).toMatch(/^the webhook journal cannot be written: ENOSPC/);
    expect(() => queue.enqueue(job(`${receiver.origin}/hook`, 2))).toThrow(WebhooksUnavailableError);
    expect(errors).toHaveLength(1);
    expect(problems).toEqual([queue.problem]);

    // Room again: the owed "done" is written (no second send), the queue takes deliveries again.
    disk.state.full = false;
    hold = false;
    await until(() => queue.problem === null, 'recovery');
    expect(problems.at(-1)).toBeNull();
    expect(queue.depth).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    await queue.enqueue(job(`${receiver.origin}/hook`, 3));
    await until(() => queue.depth === 0, 'a delivery after recovery');
    expect(receiver.requests).toHaveLength(2);
    await queue.close(Date.now());
    // The part of a line the failing write left was cut off: the file reads whole.
    const text = fs.readFileSync(`${dir}/deliveries.ndjson`, 'utf8');
    for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
    expect(WebhookJournal.open(dir, { readOnly: true }).pending()).toEqual([]);
  });

  it('a body that cannot be written is not sent: the delivery waits, and goes once, after the disk has room', async () => {
    const receiver = await startHttpServer((_req, res) => res.writeHead(200).end());
    closers.push(() => receiver.close());
    const disk = fillable();
    disk.state.only = /"op":"body"/;
    const queue = createDurableWebhookQueue({ dir: folder(), fs: disk.fs, checker: () => checker, send: { allowPrivateTargets: true }, random: () => 0 });
    closers.push(() => queue.close(Date.now()));
    disk.state.full = true;
    await queue.enqueue(job(`${receiver.origin}/hook`, 1));
    await until(() => queue.problem !== null, 'the failed body');
    await settle(200);
    expect(receiver.requests).toHaveLength(0);
    disk.state.full = false;
    await until(() => queue.depth === 0, 'the delivery after recovery');
    expect(receiver.requests).toHaveLength(1);
    const sent = JSON.parse(receiver.requests[0]!.body) as { delivery_id: string };
    expect(receiver.requests[0]!.headers['x-delivery-id']).toBe(sent.delivery_id);
  });

  it('the server: webhook requests answer 503, /ready says why, checks and /health answer; all back once the disk has room', async () => {
    const receiver = await startHttpServer((_req, res) => res.writeHead(200).end());
    closers.push(() => receiver.close());
    const disk = fillable();
    const queue = createDurableWebhookQueue({ dir: folder(), fs: disk.fs, checker: () => checker, send: { allowPrivateTargets: true }, random: () => 0 });
    const api = createApiServer({ apiKeys: [{ key: 'k', webhookSecret: 'whsec' }], checker, webhookQueue: queue, preload: false });
    closers.push(() => api.shutdown(Date.now()));
    await api.ready;
    const email = (n: number, webhook: boolean) =>
      api.app.inject({
        method: 'POST',
        url: '/1.0/email',
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        payload: { customer_id: 'c', claims: ['email'], email: `jane${n}@acme-widgets.com`, ...(webhook ? { webhook_url: `${receiver.origin}/hook` } : {}) },
      });
    disk.state.full = true;
    const refused = await email(1, true);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({ error: { code: 'WEBHOOKS_UNAVAILABLE', message: expect.stringMatching(/^webhooks cannot be accepted now: the webhook journal cannot be written: ENOSPC/) } });
    expect((await email(2, true)).statusCode).toBe(503);
    expect((await email(3, false)).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const ready = await api.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', reason: expect.stringMatching(/^webhooks: the webhook journal cannot be written: ENOSPC/) });

    disk.state.full = false;
    const end = Date.now() + 15_000;
    while ((await api.app.inject({ method: 'GET', url: '/ready' })).statusCode !== 200 && Date.now() < end) await settle(50);
    expect((await api.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    expect((await email(4, true)).statusCode).toBe(200);
    await until(() => receiver.requests.length === 1, 'the webhook after recovery');
    // Refused was refused: nothing of the 503 requests was queued.
    expect(receiver.requests.map((r) => (JSON.parse(r.body) as { email: { value: string } }).email.value)).toEqual(['jane4@acme-widgets.com']);
  });
});
