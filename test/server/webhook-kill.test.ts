import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../support/redisServer.js';
import { scratchFolders } from '../support/scratch.js';
import { startServeBin } from '../support/serveBin.js';
import type { ServeProcess } from '../support/serveBin.js';

// The built bin (npm test builds first; in a focused run, `npm run build`
// first), killed with SIGKILL while deliveries are pending: what it accepted
// (a 200 to the client) must reach the receiver after a restart, or through
// another instance on Redis. A real redis-server is started on loopback.

const SECRET = 'key-secret';
const COUNT = 200;

interface Receipt {
  readonly id: string;
  readonly body: string;
  readonly signature: string;
  readonly answered: number;
}

/** The receiver: answers with `mode.status` after `mode.delayMs`; records every request. */
async function startReceiver(mode: { status: number; delayMs: number }) {
  const receipts: Receipt[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const status = mode.status;
      setTimeout(() => {
        receipts.push({ id: String(req.headers['x-delivery-id']), body, signature: String(req.headers['x-signature']), answered: status });
        res.writeHead(status).end();
      }, mode.delayMs);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    receipts,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

function verifies(r: Receipt): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature) ?? [];
  return v1 === createHmac('sha256', SECRET).update(`${t}.${r.body}`).digest('hex');
}

/** Delivered (answered 2xx) receipts: how many, how many distinct ids, how many duplicates; all signatures checked. */
function tally(receipts: readonly Receipt[]) {
  const delivered = receipts.filter((r) => r.answered === 200);
  const ids = new Set(delivered.map((r) => r.id));
  return { delivered: delivered.length, distinct: ids.size, duplicates: delivered.length - ids.size, badSignatures: receipts.filter((r) => !verifies(r)).length };
}

function startServe(config: string): ServeProcess {
  return startServeBin(['--config', config], { IDENTITY_SIGNALS_LOG_LEVEL: 'warn' });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once('close', () => ok());
    child.kill('SIGKILL');
  });

function postEmail(port: number, n: number, webhookUrl: string): Promise<number> {
  const body = JSON.stringify({ customer_id: 'c1', claims: ['email'], email: `jane${n}@acme-widgets.com`, webhook_url: webhookUrl });
  return new Promise((ok, fail) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/1.0/email', headers: { 'content-type': 'application/json', 'x-api-key': 'k1', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => ok(res.statusCode!));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

function writeConfig(dir: string, extra: Record<string, unknown>): string {
  writeFileSync(join(dir, 'crm.csv'), 'domain,company_name\nacme-widgets.com,Acme\n');
  const file = join(dir, 'config.json');
  writeFileSync(
    file,
    JSON.stringify({
      keys: [{ key: 'k1', webhookSecret: SECRET, rateLimit: { perSecond: 10_000, burst: 10_000 } }],
      providers: [{ type: 'table', file: 'crm.csv' }],
      ...extra,
      webhook: { allowPrivateTargets: true, baseDelayMs: 100, maxDelayMs: 500, ...(extra.webhook as object) },
    }),
  );
  return file;
}

// Declared before the kills below: after-all hooks run last first, so the folders go once the processes are gone.
const { folder } = scratchFolders('webhook-kill-');
const children: ChildProcess[] = [];
let redisServer: ChildProcess | undefined;
afterAll(async () => {
  for (const child of children) await killed(child);
  if (redisServer !== undefined) await killed(redisServer);
});

describe('webhooks survive kill -9', () => {
  it(`one machine: ${COUNT} accepted, the server killed twice while sending, restarted: all ${COUNT} arrive, signed, duplicates share their id`, async () => {
    const dir = folder();
    const config = writeConfig(dir, { webhook: { dir: 'journal' } });
    // The receiver is down (503) while the deliveries are accepted: they all stay pending.
    const mode = { status: 503, delayMs: 0 };
    const receiver = await startReceiver(mode);
    try {
      let serve = startServe(config);
      children.push(serve.child);
      const port = await serve.port;
      const statuses = await Promise.all(Array.from({ length: COUNT }, (_, n) => postEmail(port, n, receiver.url)));
      expect(statuses.every((s) => s === 200)).toBe(true);
      await killed(serve.child);
      expect(tally(receiver.receipts).delivered).toBe(0);

      // Up, but slow: the second process is killed while deliveries are in flight (some received, not yet journaled as done).
      mode.status = 200;
      mode.delayMs = 150;
      serve = startServe(config);
      children.push(serve.child);
      await serve.port;
      await until(() => tally(receiver.receipts).delivered >= 40, 60_000, 'first deliveries after the restart');
      await killed(serve.child);

      mode.delayMs = 5;
      serve = startServe(config);
      children.push(serve.child);
      await serve.port;
      await until(() => tally(receiver.receipts).distinct === COUNT, 90_000, `all ${COUNT} deliveries`);
      await killed(serve.child);
      const t = tally(receiver.receipts);
      console.log(`journal, kill -9 twice: accepted ${COUNT}, delivered ${t.distinct} distinct (lost ${COUNT - t.distinct}), ${t.duplicates} duplicate receipts, ${receiver.receipts.length} requests in all`);
      expect(t.distinct).toBe(COUNT);
      expect(t.badSignatures).toBe(0);
      // A duplicate is the same delivery: same id, same body.
      const bodies = new Map<string, string>();
      for (const r of receiver.receipts.filter((x) => x.answered === 200)) {
        expect(bodies.get(r.id) ?? r.body).toBe(r.body);
        bodies.set(r.id, r.body);
        expect(JSON.parse(r.body)).toMatchObject({ event: 'email.enriched', delivery_id: r.id, email: { company_name: 'Acme' } });
      }
    } finally {
      await receiver.close();
    }
  }, 240_000);

  it('one machine, the journal compacted while running: killed four times at random moments of delivery and compaction, nothing accepted is lost', async () => {
    const dir = folder();
    // A tiny compactBytes: the journal is compacted every few deliveries, so kills fall before, during and after compactions.
    const config = writeConfig(dir, { webhook: { dir: 'journal', compactBytes: 4096 } });
    const mode = { status: 200, delayMs: 20 };
    const receiver = await startReceiver(mode);
    const journalFile = join(dir, 'journal', 'deliveries.ndjson');
    let accepted = 0;
    let compactedWhileRunning = 0;
    // A seeded sequence of kill delays (ms after the last accept), so a failure can be replayed.
    let seed = 30;
    const nextDelay = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), 50 + (seed % 400));
    try {
      for (let round = 0; round < 4; round++) {
        const serve = startServe(config);
        children.push(serve.child);
        const port = await serve.port;
        const inode = statSync(journalFile).ino;
        const statuses = await Promise.all(Array.from({ length: 60 }, (_, n) => postEmail(port, round * 100 + n, receiver.url)));
        expect(statuses.every((s) => s === 200)).toBe(true);
        accepted += statuses.length;
        await new Promise((ok) => setTimeout(ok, nextDelay()));
        // A new file renamed over the old one: a compaction finished while this process ran.
        if (statSync(journalFile).ino !== inode) compactedWhileRunning += 1;
        await killed(serve.child);
      }
      const serve = startServe(config);
      children.push(serve.child);
      await serve.port;
      await until(() => tally(receiver.receipts).distinct === accepted, 120_000, `all ${accepted} deliveries`);
      await killed(serve.child);
      const t = tally(receiver.receipts);
      console.log(`journal compacted while running, kill -9 four times: accepted ${accepted}, delivered ${t.distinct} distinct (lost ${accepted - t.distinct}), ${t.duplicates} duplicates, compactions seen in ${compactedWhileRunning} of 4 runs`);
      expect(t.distinct).toBe(accepted);
      expect(t.badSignatures).toBe(0);
      expect(compactedWhileRunning).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  }, 240_000);

  it(`two instances on Redis: ${COUNT} accepted by one, which is killed while sending; the other delivers all ${COUNT}`, async () => {
    const redis = await startRedisServer();
    redisServer = redis.process;
    const redisUrl = redis.url;
    const dir = folder();
    const config = writeConfig(dir, { redisUrl, webhook: { lockMs: 2000, concurrency: 8 } });
    const mode = { status: 200, delayMs: 100 };
    const receiver = await startReceiver(mode);
    try {
      const a = startServe(config);
      const b = startServe(config);
      children.push(a.child, b.child);
      const [portA] = await Promise.all([a.port, b.port]);
      const statuses = await Promise.all(Array.from({ length: COUNT }, (_, n) => postEmail(portA, n, receiver.url)));
      expect(statuses.every((s) => s === 200)).toBe(true);
      await until(() => tally(receiver.receipts).delivered >= 30, 60_000, 'first deliveries');
      await killed(a.child);
      mode.delayMs = 5;
      await until(() => tally(receiver.receipts).distinct === COUNT, 120_000, `all ${COUNT} deliveries through the survivor`);
      await killed(b.child);
      const t = tally(receiver.receipts);
      console.log(`redis, one of two killed: accepted ${COUNT}, delivered ${t.distinct} distinct (lost ${COUNT - t.distinct}), ${t.duplicates} duplicate receipts`);
      expect(t.distinct).toBe(COUNT);
      expect(t.badSignatures).toBe(0);
    } finally {
      await receiver.close();
    }
  }, 240_000);
});
