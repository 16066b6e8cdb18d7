import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { ChunkRunner } from './pool.js';
import { createPool } from './pool.js';
import type { ChunkResult, ChunkTask } from './types.js';

/** The BullMQ queue every batch submitter and worker shares. */
export const QUEUE_NAME = 'identity-signals-batch';

/**
 * A worker holds its lock on a chunk this long without renewing it before the
 * chunk counts as stalled and goes back to the queue. The lock is renewed
 * every half of it while the chunk is checked (the checks run on other
 * threads, so renewals are never starved); a worker killed mid-chunk gives its
 * chunk back within about this long plus {@link STALLED_CHECK_MS}. BullMQ's
 * default of 30 s suits long jobs; chunks take well under a second.
 */
const LOCK_MS = 5_000;
const STALLED_CHECK_MS = 2_500;
/** A chunk whose worker died this many times is failed rather than handed out again: it may be what kills them. */
const MAX_STALLS = 5;

/** Chunks out at once: enough for many machines, bounded so the submitter's memory and Redis's stay flat. */
const QUEUE_WINDOW = 24;

/** Results wait in Redis this long for their submitter; a submitter that died leaves nothing behind for longer. */
const RESULT_TTL_MS = 60 * 60 * 1000;

/** A Redis URL without its password, for messages. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** A Redis that cannot be reached: said once, not retried for ever. */
export class QueueUnreachableError extends Error {
  override readonly name = 'QueueUnreachableError';
}

/** Connects once to `url` to see that Redis answers, so a typo or a stopped server is said at once. */
async function probe(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 5_000 });
  // The socket's own error (ECONNREFUSED, ENOTFOUND) says more than ioredis's "Connection is closed".
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new QueueUnreachableError(`cannot reach Redis at ${shownUrl(url)}: ${(cause ?? (error as Error)).message}`);
  } finally {
    client.disconnect();
  }
}

/** Results are kept beside the queue, not as BullMQ return values: those are copied into its event stream too. */
function resultKey(jobId: string): string {
  return `${QUEUE_NAME}:result:${jobId}`;
}

/**
 * The submitting side of `batch --queue`: each chunk becomes a job on the
 * queue, and the chunk's result is read back when a worker (on any machine)
 * has finished it. The batch writes results in input order as they arrive.
 * A chunk whose worker died goes back to the queue (BullMQ's stalled-job
 * check) and is checked again by another: nothing accepted is lost.
 */
export async function createQueueRunner(url: string): Promise<ChunkRunner> {
  await probe(url);
  const connection = { url, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE_NAME, { connection, streams: { events: { maxLen: 10_000 } } });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  // Every chunk out waits on the queue's events: as many listeners as the window, which is no leak.
  queue.setMaxListeners(QUEUE_WINDOW * 2 + 10);
  events.setMaxListeners(QUEUE_WINDOW * 2 + 10);
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  const run = randomUUID();
  return {
    window: QUEUE_WINDOW,
    async run(task: ChunkTask): Promise<ChunkResult> {
      const job = await queue.add('chunk', task, {
        jobId: `${run}-${task.seq}`,
        attempts: 3,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: { age: RESULT_TTL_MS / 1000 },
        removeOnFail: { age: RESULT_TTL_MS / 1000 },
      });
      await job.waitUntilFinished(events);
      const key = resultKey(job.id!);
      const stored = await redis.get(key);
      if (stored === null) throw new Error(`the result of chunk ${task.seq} is missing from Redis (expired?)`);
      await redis.del(key);
      await job.remove().catch(() => {});
      return JSON.parse(stored) as ChunkResult;
    },
    async close() {
      await Promise.allSettled([events.close(), queue.close()]);
      redis.disconnect();
    },
  };
}

/**
 * `identity-signals worker --queue URL`: checks chunks from the queue on
 * `threads` worker threads until `stopped` resolves, then finishes the
 * chunks it holds and ends. `databases` are this machine's MaxMind files,
 * `data` its data bundle directory, when it has one.
 */
export async function runQueueWorker(
  url: string,
  threads: number,
  databases: readonly string[],
  stopped: Promise<unknown>,
  say: (line: string) => void,
  data?: string,
): Promise<void> {
  await probe(url);
  // Several threads share one copy of the IP city databases; one thread loads them only if a chunk asks.
  const pool = createPool(threads, { shareIpData: threads > 1, data });
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  const worker = new Worker<ChunkTask>(
    QUEUE_NAME,
    async (job) => {
      const own = { ...(databases.length > 0 ? { databases } : {}), ...(data === undefined ? {} : { data }) };
      const task: ChunkTask = Object.keys(own).length > 0 ? { ...job.data, checker: { ...job.data.checker, ...own } } : job.data;
      const result = await pool.run(task);
      // The pool's output is bytes; through Redis it travels as JSON text.
      const text = typeof result.text === 'string' ? result.text : Buffer.from(result.text.buffer, result.text.byteOffset, result.text.byteLength).toString('utf8');
      // Copied into the string: the bytes' memory goes back to the pool for a later chunk's output.
      pool.release?.(result);
      await redis.set(resultKey(job.id!), JSON.stringify({ ...result, text }), 'PX', RESULT_TTL_MS);
      return true;
    },
    {
      connection: { url, maxRetriesPerRequest: null },
      // Shown as each job's processedBy: which machine and process holds a chunk.
      name: `${hostname()}:${process.pid}`,
      concurrency: threads,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      maxStalledCount: MAX_STALLS,
    },
  );
  worker.on('error', (error) => say(`worker: ${error.message}`));
  await worker.waitUntilReady();
  say(`identity-signals worker: checking chunks from ${shownUrl(url)} on ${threads} thread${threads === 1 ? '' : 's'}`);
  await stopped;
  say('identity-signals worker: stopping after the chunks in hand');
  await worker.close();
  await pool.close();
  redis.disconnect();
}
