import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import type { ServeConfig } from '../../src/server/config.js';
import { openWebhookQueue } from '../../src/server/openWebhookQueue.js';
import { WebhookJournal } from '../../src/server/webhookJournal.js';
import type { DeliveryRecord } from '../../src/server/webhookJournal.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// The webhook settings of a serve config (webhook.windowMs, baseDelayMs,
// maxDelayMs) reach the queue serve opens: a receiver on loopback refuses
// every delivery with a 503, and the journal shows when the queue means to
// try again, or that it gave up. Delays are read from the journal's due
// time and compared with bounds an order of magnitude apart (minutes against
// an hour), never measured.

const HOUR = 3_600_000;
let receiver: LoopbackServer;
const { folder } = scratchFolders('identity-signals-webhook-config-');

beforeAll(async () => {
  receiver = await startHttpServer((_req, res) => res.writeHead(503).end());
});
afterAll(async () => {
  await receiver.close();
});

/** Opens the queue serve would open for `webhook`, delivers one job that fails once, and returns its journal record and the log lines. */
async function afterOneFailure(webhook: NonNullable<ServeConfig['webhook']>): Promise<{ record: DeliveryRecord; failedAt: number; log: string[] }> {
  const dir = folder();
  const log: string[] = [];
  let failed: () => void = () => undefined;
  const attempted = new Promise<void>((ok) => (failed = ok));
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = chunk.toString('utf8');
        log.push(line);
        if (/webhook (?:attempt failed|given up)/.test(line)) failed();
        done();
      },
    }),
  );
  const checker = createChecker();
  const queue = await openWebhookQueue({ webhook: { dir, allowPrivateTargets: true, ...webhook } }, () => checker, logger);
  try {
    await queue.enqueue({ url: `${receiver.origin}/hook`, resolution_id: 'r-1', customer_id: 'c', email: 'jane@acme-widgets.com', secret: 'whsec' });
    await attempted;
    const failedAt = Date.now();
    const journal = WebhookJournal.open(dir, { readOnly: true });
    const record = [...journal.pending(), ...journal.deadLetters()][0]!;
    journal.close();
    return { record, failedAt, log };
  } finally {
    await queue.close(Date.now());
  }
}

describe('serve\'s webhook settings reach its delivery queue', () => {
  it('webhook.baseDelayMs: the next attempt is due about that long after the first failure', async () => {
    const { record, failedAt } = await afterOneFailure({ baseDelayMs: HOUR, maxDelayMs: 2 * HOUR });
    expect(record.attempts).toBe(1);
    expect(record.dead).toBe(false);
    // Jitter puts it in [delay/2, delay]; the default (1 s) would be due within seconds.
    expect(record.due - failedAt).toBeGreaterThan(HOUR / 4);
  });

  it('webhook.maxDelayMs: caps the delay after a failure', async () => {
    const { record, failedAt } = await afterOneFailure({ baseDelayMs: HOUR, maxDelayMs: 1000 });
    expect(record.attempts).toBe(1);
    expect(record.dead).toBe(false);
    expect(record.due - failedAt).toBeLessThan(HOUR / 4);
  });

  it('webhook.windowMs: a delivery still failing past the window is given up at once', async () => {
    const { record, log } = await afterOneFailure({ windowMs: 1, baseDelayMs: 1000 });
    expect(record.dead).toBe(true);
    expect(log.some((line) => line.includes('webhook given up'))).toBe(true);
  });

  it('without those settings the failure is retried within the default 24 h window', async () => {
    const { record, failedAt } = await afterOneFailure({});
    expect(record.dead).toBe(false);
    expect(record.due - failedAt).toBeLessThan(HOUR / 4);
  });
});
