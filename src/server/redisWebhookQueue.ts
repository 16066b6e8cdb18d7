import { randomUUID } from 'node:crypto';
import { DelayedError, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Checker } from '../checker.js';
import { systemTime } from '../common/clock.js';
import { backoffDelay, webhookBody } from './durableWebhookQueue.js';
import type { RetryPolicy } from './durableWebhookQueue.js';
import { hostOf, keyOf } from './webhookScheduler.js';
import { sendWebhookOnce } from './webhookSend.js';
import type { SendOptions } from './webhookSend.js';
import type { WebhookJob, WebhookOutcome, WebhookQueue } from './webhookQueue.js';

/** The BullMQ queue every instance shares. */
export const WEBHOOK_QUEUE_NAME = 'identity-signals-webhooks';

/** Options of {@link createRedisWebhookQueue}. */
export interface RedisWebhookQueueOptions extends RetryPolicy {
  readonly redisUrl: string;
  readonly checker: () => Checker;
  readonly send?: Omit<SendOptions, 'secret' | 'deliveryId'>;
  /** Deliveries this instance attempts at once. @default 32 */
  readonly concurrency?: number;
  /** Deliveries of one API key this instance attempts at once; the key's others wait in Redis meanwhile. @default half of `concurrency` (at least 1) */
  readonly keyConcurrency?: number;
  /** Deliveries to one target host this instance attempts at once. @default a quarter of `concurrency` (at least 1) */
  readonly hostConcurrency?: number;
  /**
   * How long an instance holds a delivery it is attempting: a killed
   * instance's deliveries go back to the others after this. @default 30000
   */
  readonly lockMs?: number;
  /** Also deliver (run a worker) in this process. @default true */
  readonly work?: boolean;
  readonly onOutcome?: (outcome: WebhookOutcome & { readonly deliveryId: string; readonly final: boolean }) => void;
  readonly onError?: (error: unknown) => void;
}

/** A delivery as stored in Redis (the job's data). */
export interface RedisDelivery {
  readonly id: string;
  readonly job: WebhookJob;
  readonly created: number;
  readonly body?: string;
}

/**
 * A webhook queue on Redis through BullMQ, for many instances: a delivery
 * is a job (id = delivery id) added before the request is answered; any
 * instance's worker attempts it; a failed attempt is retried with the same
 * back-off and jitter as the journal queue until `windowMs` has passed,
 * then the job fails for good and stays in BullMQ's failed set (the dead
 * letters `webhooks list|retry|purge --redis` manage). A job held by an
 * instance that dies is taken back after `lockMs` by another instance's
 * stalled-job check: at least once, the same delivery id on every attempt.
 *
 * Fair within each instance: a job whose key already has `keyConcurrency`
 * attempts under way here, or whose host has `hostConcurrency`, goes back to
 * Redis (delayed 0.5–1.5 s, not counted as an attempt) and the worker takes
 * the next, so one key's receiver that never answers holds at most its share
 * of the slots. BullMQ's open-source workers take jobs in order and have no
 * groups, so the shares are per instance, and a host that fails is not paused
 * as the journal queue pauses it (each job backs off on its own).
 */
export function createRedisWebhookQueue(options: RedisWebhookQueueOptions): WebhookQueue & { readonly queue: Queue } {
  const producer = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue<RedisDelivery>(WEBHOOK_QUEUE_NAME, { connection: producer });
  const windowMs = options.windowMs ?? 86_400_000;
  const lockMs = options.lockMs ?? 30_000;
  let depth = 0;
  const countTimer = setInterval(() => {
    queue.getJobCounts('wait', 'delayed', 'active').then(
      (c) => (depth = (c.wait ?? 0) + (c.delayed ?? 0) + (c.active ?? 0)),
      () => undefined,
    );
  }, 5000);
  countTimer.unref();

  const concurrency = options.concurrency ?? 32;
  const keyConcurrency = options.keyConcurrency ?? Math.max(1, Math.floor(concurrency / 2));
  const hostConcurrency = options.hostConcurrency ?? Math.max(1, Math.floor(concurrency / 4));
  /** Attempts under way in this instance, by key and by host. */
  const byKey = new Map<string, number>();
  const byHost = new Map<string, number>();
  const count = (map: Map<string, number>, name: string, by: number) => {
    const n = (map.get(name) ?? 0) + by;
    if (n === 0) map.delete(name);
    else map.set(name, n);
  };

  const attempt = async (bjob: Job<RedisDelivery>, data: RedisDelivery) => {
    let body = data.body;
    if (body === undefined) {
      body = await webhookBody(options.checker(), data.id, data.job);
      // Kept with the job: every later attempt, by any instance, sends the same bytes.
      await bjob.updateData({ ...data, body });
    }
    const outcome = await sendWebhookOnce(data.job.url, body, { ...options.send, secret: data.job.secret, deliveryId: data.id });
    if (outcome.delivered) return { status: outcome.status };
    const why = outcome.error ?? `HTTP ${outcome.status}`;
    if (!outcome.retry) throw new UnrecoverableError(why);
    const next = systemTime() + backoffDelay(bjob.attemptsMade + 1, options, Math.random);
    if (next > data.created + windowMs) throw new UnrecoverableError(`${why} (retry window of ${windowMs} ms over)`);
    throw new Error(why);
  };

  let worker: Worker<RedisDelivery> | undefined;
  if (options.work !== false) {
    const consumer = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    worker = new Worker<RedisDelivery>(
      WEBHOOK_QUEUE_NAME,
      async (bjob: Job<RedisDelivery>, token?: string) => {
        const data = bjob.data;
        const key = keyOf(data.job);
        const host = hostOf(data.job.url);
        if ((byKey.get(key) ?? 0) >= keyConcurrency || (byHost.get(host) ?? 0) >= hostConcurrency) {
          // This instance's share for the key or the host is taken (a slow receiver): back to Redis, the next job's turn.
          await bjob.moveToDelayed(systemTime() + 500 + Math.round(Math.random() * 1000), token);
          throw new DelayedError();
        }
        count(byKey, key, 1);
        count(byHost, host, 1);
        try {
          return await attempt(bjob, data);
        } finally {
          count(byKey, key, -1);
          count(byHost, host, -1);
        }
      },
      {
        connection: consumer,
        concurrency,
        lockDuration: lockMs,
        stalledInterval: Math.max(1000, Math.floor(lockMs / 2)),
        // A stalled job is one whose instance died: always worth another attempt.
        maxStalledCount: 1000,
        settings: { backoffStrategy: (attemptsMade: number) => backoffDelay(attemptsMade, options, Math.random) },
      },
    );
    const report = (bjob: Job<RedisDelivery> | undefined, delivered: boolean, final: boolean, error?: string) => {
      if (bjob === undefined) return;
      options.onOutcome?.({
        delivered,
        attempts: bjob.attemptsMade,
        ...(error === undefined ? {} : { error }),
        url: bjob.data.job.url,
        resolution_id: bjob.data.job.resolution_id,
        deliveryId: bjob.data.id,
        final,
      });
    };
    worker.on('completed', (bjob) => report(bjob, true, true));
    worker.on('failed', (bjob, error) => report(bjob, false, bjob === undefined || error instanceof UnrecoverableError || bjob.attemptsMade >= (bjob.opts.attempts ?? 1), error.message));
    worker.on('error', (error) => options.onError?.(error));
  }

  return {
    queue,
    async enqueue(job) {
      const id = randomUUID();
      await queue.add('deliver', { id, job, created: systemTime() }, {
        jobId: id,
        // The window ends retries; this only bounds a runaway.
        attempts: 100_000,
        backoff: { type: 'custom' },
        removeOnComplete: true,
        removeOnFail: false,
      });
      depth += 1;
    },
    get depth() {
      return depth;
    },
    async close(deadline) {
      clearInterval(countTimer);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((ok) => (timer = setTimeout(ok, Math.max(0, deadline - systemTime()))));
      // Jobs in flight finish or, cut at the deadline, stay in Redis for another instance: nothing to hand over.
      await Promise.race([worker?.close() ?? Promise.resolve(), late]);
      clearTimeout(timer);
      if (worker !== undefined) await worker.close(true).catch(() => undefined);
      await queue.close().catch(() => undefined);
      await producer.quit().catch(() => undefined);
      return [];
    },
  };
}
