import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { quoteInput } from '../common/quoteInput.js';
import { systemTime } from '../common/clock.js';
import { ConfigError, readConfigFile, withEnvironment } from '../server/config.js';
import type { ServeConfig } from '../server/config.js';
import { DEFAULT_WEBHOOK_DIR } from '../server/openWebhookQueue.js';
import { WEBHOOK_QUEUE_NAME } from '../server/redisWebhookQueue.js';
import type { RedisDelivery } from '../server/redisWebhookQueue.js';
import { WebhookJournal } from '../server/webhookJournal.js';
import { UsageError } from './args.js';
import type { Flags } from './args.js';
import type { CliIo } from './io.js';

/** One dead letter as `webhooks list` shows it (never the secret, never the e-mail). */
interface DeadLetter {
  readonly id: string;
  readonly resolution_id: string;
  readonly url: string;
  readonly attempts: number;
  readonly error: string;
  readonly created: string;
}

/** Where the webhooks live: Redis (`redisUrl`/REDIS_URL) or the journal directory, from the same settings `serve` reads. */
function settingsOf(flags: Flags, io: CliIo): ServeConfig {
  const file = flags.given.get('config')?.[0];
  try {
    return withEnvironment(file === undefined ? {} : readConfigFile(file), io.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message, 'webhooks');
    throw error;
  }
}

/**
 * `identity-signals webhooks list | retry <id…|all> | purge <id…|all>`: the
 * dead letters (deliveries given up after the retry window or refused by
 * the receiver), from the journal of `webhook.dir` or, with `redisUrl`,
 * BullMQ's failed set. `retry` puts them back in the queue with a fresh
 * window; `purge` drops them. With the journal, retry and purge need the
 * server stopped (it holds the directory); list works beside it.
 */
export async function runWebhooks(args: readonly string[], flags: Flags, io: CliIo): Promise<number> {
  const [sub, ...ids] = args;
  if (sub !== 'list' && sub !== 'retry' && sub !== 'purge') throw new UsageError(`webhooks takes list, retry or purge, got ${sub === undefined ? 'nothing' : quoteInput(sub)}`, 'webhooks');
  if (sub === 'list' && ids.length > 0) throw new UsageError('webhooks list takes no arguments', 'webhooks');
  if (sub !== 'list' && ids.length === 0) throw new UsageError(`webhooks ${sub} takes delivery ids, or all`, 'webhooks');
  const config = settingsOf(flags, io);
  const json = flags.given.has('json');
  const show = (letters: readonly DeadLetter[]) => {
    if (json) return io.out(JSON.stringify(letters));
    if (letters.length === 0) return io.out('no dead letters');
    // letter() has cut the URL already: quoted (escaped) as it is, not cut again under a length that would be the cut copy's.
    for (const l of letters) io.out(`${l.id}  ${l.created}  attempts ${l.attempts}  ${JSON.stringify(l.url)}  ${l.error}`);
  };
  const all = ids.length === 1 && ids[0] === 'all';

  if (config.redisUrl !== undefined) {
    const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue<RedisDelivery>(WEBHOOK_QUEUE_NAME, { connection });
    try {
      const failed = await queue.getFailed(0, -1);
      if (sub === 'list') {
        show(failed.map((j) => letter(j.data.id, j.data.job.resolution_id, j.data.job.url, j.attemptsMade, j.failedReason ?? '', j.data.created)));
        return 0;
      }
      let done = 0;
      for (const j of failed) {
        if (!all && !ids.includes(j.data.id)) continue;
        if (sub === 'retry') await j.retry('failed');
        else await j.remove();
        done += 1;
      }
      io.out(`${sub === 'retry' ? 'retried' : 'purged'} ${done} dead letter${done === 1 ? '' : 's'}`);
      return done === 0 && !all ? 1 : 0;
    } finally {
      await queue.close();
      await connection.quit().catch(() => undefined);
    }
  }

  const dir = config.webhook?.dir ?? DEFAULT_WEBHOOK_DIR;
  let journal: WebhookJournal;
  try {
    journal = WebhookJournal.open(dir, { readOnly: sub === 'list' });
  } catch (error) {
    io.err(`webhooks: ${(error as Error).message}; stop the server first (or run it with REDIS_URL)`);
    return 1;
  }
  try {
    const dead = journal.deadLetters();
    if (sub === 'list') {
      show(dead.map((r) => letter(r.id, r.job.resolution_id, r.job.url, r.attempts, r.error ?? '', r.created)));
      return 0;
    }
    const chosen = all ? dead.map((r) => r.id) : ids;
    let done = 0;
    for (const id of chosen) if (sub === 'retry' ? journal.retry(id, systemTime()) : journal.purge(id)) done += 1;
    io.out(`${sub === 'retry' ? 'retried' : 'purged'} ${done} dead letter${done === 1 ? '' : 's'}${sub === 'retry' ? ': the server sends them when it starts' : ''}`);
    return done === 0 && !all ? 1 : 0;
  } finally {
    journal.close();
  }
}

function letter(id: string, resolution_id: string, url: string, attempts: number, error: string, created: number): DeadLetter {
  // A webhook_url is the caller's text: never more than 64 characters of it in output.
  const shown = url.length > 64 ? `${url.slice(0, 64)}…` : url;
  return { id, resolution_id, url: shown, attempts, error, created: new Date(created).toISOString() };
}
