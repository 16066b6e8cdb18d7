import type { Checker } from '../checker.js';
import { systemTime } from '../common/clock.js';
import { WebhookJournal } from './webhookJournal.js';
import type { DeliveryRecord, JournalFileSystem } from './webhookJournal.js';
import { DeliveryScheduler } from './webhookScheduler.js';
import type { TargetAnswer } from './webhookScheduler.js';
import { sendWebhookOnce } from './webhookSend.js';
import type { SendOptions, SendOutcome } from './webhookSend.js';
import type { WebhookJob, WebhookOutcome, WebhookQueue } from './webhookQueue.js';

/** How deliveries are retried: exponential back-off with jitter inside a window. */
export interface RetryPolicy {
  /** Time from acceptance after which a delivery that still fails becomes a dead letter. @default 86400000 (24 h) */
  readonly windowMs?: number;
  /** Delay after the first failure; doubles with each. @default 1000 */
  readonly baseDelayMs?: number;
  /** Largest delay between two attempts. @default 3600000 (1 h) */
  readonly maxDelayMs?: number;
}

/** Options of {@link createDurableWebhookQueue}. */
export interface DurableWebhookQueueOptions extends RetryPolicy {
  /** Directory of the journal (created private). */
  readonly dir: string;
  /** The checker whose providers enrich each delivery (read at delivery time, so a reload applies). */
  readonly checker: () => Checker;
  /** Attempt options; `secret` and `deliveryId` come from each delivery. */
  readonly send?: Omit<SendOptions, 'secret' | 'deliveryId'>;
  /** Deliveries attempted at once in all. @default 32 */
  readonly concurrency?: number;
  /** Deliveries of one API key attempted at once: a key whose receiver is slow holds no more. @default half of `concurrency` (at least 1) */
  readonly keyConcurrency?: number;
  /** Deliveries to one target host attempted at once, whatever the key. @default a quarter of `concurrency` (at least 1) */
  readonly hostConcurrency?: number;
  /** Compact the journal while running once it is this large and has doubled since its last compaction. @default 67108864 (64 MiB) */
  readonly compactBytes?: number;
  readonly onOutcome?: (outcome: WebhookOutcome & { readonly deliveryId: string; readonly final: boolean }) => void;
  /** Errors: an enrichment that threw, the first failed journal write of a spell (not every one), a failed compaction. */
  readonly onError?: (error: unknown) => void;
  /** Called with the reason when the journal stops taking writes (new deliveries are refused meanwhile), and with null when it takes them again. */
  readonly onProblem?: (problem: string | null) => void;
  /** @default the system clock (`systemTime` of src/common/clock.ts) */
  readonly now?: () => number;
  /** Uniform in [0, 1), for the jitter. @default Math.random */
  readonly random?: () => number;
  /** The journal's file system. @default node:fs */
  readonly fs?: JournalFileSystem;
}

/**
 * Thrown by `enqueue` while the journal cannot be written (a full disk, an
 * I/O error): the delivery was not accepted, and the server answers 503.
 */
export class WebhooksUnavailableError extends Error {
  readonly code = 'WEBHOOKS_UNAVAILABLE';
  constructor(readonly problem: string) {
    super(`webhooks cannot be accepted now: ${problem}`);
    this.name = 'WebhooksUnavailableError';
  }
}

/**
 * The delay before attempt `attempts + 1`: `base × 2^(attempts − 1)`, capped
 * at `max`, with "equal jitter" (half fixed, half random) so receivers that
 * come back are not hit by every sender at the same instant.
 */
export function backoffDelay(attempts: number, policy: RetryPolicy, random: () => number): number {
  const base = policy.baseDelayMs ?? 1000;
  const max = policy.maxDelayMs ?? 3_600_000;
  const delay = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay / 2 + random() * (delay / 2));
}

/** The body of an `email.enriched` (docs/design.md, webhook row) or `name.enriched` webhook, with the delivery id. */
export async function webhookBody(checker: Checker, id: string, job: WebhookJob): Promise<string> {
  const envelope = { delivery_id: id, resolution_id: job.resolution_id, customer_id: job.customer_id };
  if (job.name !== undefined) {
    const name = await checker.nameAsync(job.name.first, job.name.last, job.name.country === undefined ? {} : { country: job.name.country });
    return JSON.stringify({ event: 'name.enriched', ...envelope, claims: ['name'], name });
  }
  const email = await checker.emailAsync(job.email ?? '');
  return JSON.stringify({ event: 'email.enriched', ...envelope, claims: ['email'], email });
}

/** How long the queue waits before it tries the journal again after a failed write: 0.5-1 s, doubling to 15-30 s. */
const RECOVERY = { baseDelayMs: 1000, maxDelayMs: 30_000 } as const;
/** The longest pause of a key's host that fails to answer, whatever `maxDelayMs`: a receiver that comes back is found within a minute. */
const MAX_HOST_PAUSE_MS = 60_000;

/**
 * A webhook queue that loses nothing it accepted: each delivery is written to
 * a {@link WebhookJournal} before `enqueue` returns (a `kill -9` cannot lose
 * it) and fsynced before the promise it returns resolves (group commit: one
 * fsync for the deliveries of many requests, off the event loop), replayed when
 * the queue opens again (after a restart or a `kill -9`), attempted at least
 * once per due time with the same delivery id and body, retried with
 * back-off and jitter for `windowMs`, then kept as a dead letter
 * (`identity-signals webhooks list|retry|purge`). A receiver may see a
 * delivery twice (a crash between its 2xx and the journal's "done"): the
 * `x-delivery-id` header and `delivery_id` field tell duplicates apart.
 *
 * Deliveries are attempted fairly ({@link DeliveryScheduler}): keys take
 * turns, each below `keyConcurrency`; a host takes at most
 * `hostConcurrency`; a host that does not answer is paused and probed one
 * attempt at a time. When the journal cannot be written (a full disk), the
 * queue stops attempting, refuses new deliveries with
 * {@link WebhooksUnavailableError} (its `problem` says why), keeps the
 * outcomes it could not write in memory, and tries the journal again with
 * back-off until it takes writes; then it writes them and goes on.
 */
export function createDurableWebhookQueue(
  options: DurableWebhookQueueOptions,
): WebhookQueue & { readonly journal: WebhookJournal; readonly problem: string | null } {
  const now = options.now ?? systemTime;
  const random = options.random ?? Math.random;
  const windowMs = options.windowMs ?? 86_400_000;
  const concurrency = options.concurrency ?? 32;
  const journal = WebhookJournal.open(options.dir, {
    ...(options.fs === undefined ? {} : { fs: options.fs }),
    ...(options.compactBytes === undefined ? {} : { compactBytes: options.compactBytes }),
    // fsyncs off the event loop, one for every change written meanwhile: a check request never waits for a disk.
    groupCommit: true,
    onError: (error) => options.onError?.(error),
  });
  const scheduler = new DeliveryScheduler(
    {
      concurrency,
      keyConcurrency: options.keyConcurrency ?? Math.max(1, Math.floor(concurrency / 2)),
      hostConcurrency: options.hostConcurrency ?? Math.max(1, Math.floor(concurrency / 4)),
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: Math.min(options.maxDelayMs ?? 3_600_000, MAX_HOST_PAUSE_MS),
    },
    random,
  );
  const running = new Map<string, Promise<void>>();
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  /** Why the journal takes no writes now; null while it does. */
  let problem: string | null = null;
  let recoveryTimer: NodeJS.Timeout | undefined;
  let recoveryTries = 0;
  /** Journal writes owed: the outcomes of attempts made while the journal took no writes, in order. */
  const owed: (() => void)[] = [];
  /** Deliveries whose body could not be written: not sent, attempted again once the journal takes writes. */
  const parked: string[] = [];

  const failed = (error: unknown) => {
    if (closing) return;
    if (problem === null) {
      problem = `the webhook journal cannot be written: ${(error as Error).message}`;
      recoveryTries = 0;
      options.onError?.(error);
      options.onProblem?.(problem);
      // Finished deliveries hold much of a journal: a compaction may give the disk back what they took.
      journal.compact().catch(() => undefined);
      tryLater();
    } else {
      problem = `the webhook journal cannot be written: ${(error as Error).message}`;
    }
  };
  const tryLater = () => {
    clearTimeout(recoveryTimer);
    recoveryTries += 1;
    recoveryTimer = setTimeout(recover, backoffDelay(recoveryTries, RECOVERY, random));
  };
  const recover = () => {
    if (closing) return;
    try {
      if (owed.length === 0) journal.probe();
      while (owed.length > 0) {
        owed[0]!();
        owed.shift();
      }
    } catch (error) {
      failed(error);
      tryLater();
      return;
    }
    problem = null;
    options.onProblem?.(null);
    const at = now();
    for (const id of parked.splice(0)) {
      const rec = journal.get(id);
      if (rec !== undefined && !rec.dead) scheduler.add(rec, at);
    }
    pump();
  };
  /** Runs a journal write; when it fails, keeps it to run again once the journal takes writes. */
  const write = (change: () => void): void => {
    try {
      change();
    } catch (error) {
      owed.push(change);
      failed(error);
    }
  };

  const attempt = async (rec: DeliveryRecord): Promise<void> => {
    let answer: TargetAnswer = 'none';
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      scheduler.finish(rec, now(), answer);
    };
    try {
      const current = journal.get(rec.id);
      // Done or purged by someone else meanwhile (the journal is the truth).
      if (current === undefined || current.dead) return;
      rec = current;
      let outcome: SendOutcome;
      let body = rec.body;
      try {
        if (body === undefined) {
          body = await webhookBody(options.checker(), rec.id, rec.job);
          try {
            // On disk before it is sent: a retry after a power loss sends the same bytes.
            journal.setBody(rec.id, body);
            await journal.flush();
          } catch (error) {
            // Not sent: every attempt must send the bytes the journal holds. Attempted again once it takes writes.
            parked.push(rec.id);
            failed(error);
            return;
          }
        }
        outcome = await sendWebhookOnce(rec.job.url, body, { ...options.send, secret: rec.job.secret, deliveryId: rec.id });
        answer = targetAnswer(outcome);
      } catch (error) {
        options.onError?.(error);
        outcome = { delivered: false, retry: true, error: `enrichment failed: ${(error as Error).message}` };
      }
      finish();
      settle(rec, outcome);
    } finally {
      finish();
    }
  };

  const settle = (rec: DeliveryRecord, outcome: SendOutcome) => {
    const attempts = rec.attempts + 1;
    const report = (final: boolean) =>
      options.onOutcome?.({
        delivered: outcome.delivered,
        attempts,
        ...(outcome.status === undefined ? {} : { status: outcome.status }),
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        url: rec.job.url,
        resolution_id: rec.job.resolution_id,
        deliveryId: rec.id,
        final,
      });
    if (outcome.delivered) {
      report(true);
      write(() => journal.done(rec.id));
      return;
    }
    const next = now() + backoffDelay(attempts, options, random);
    if (!outcome.retry || next > rec.created + windowMs) {
      report(true);
      write(() => journal.dead(rec.id, attempts, outcome.error ?? 'failed'));
      return;
    }
    report(false);
    write(() => {
      journal.attempted(rec.id, attempts, next, outcome.error ?? 'failed');
      const again = journal.get(rec.id);
      if (again !== undefined && !again.dead) scheduler.add(again, now());
    });
  };

  const pump = () => {
    if (closing || problem !== null) return;
    const at = now();
    for (let rec = scheduler.next(at); rec !== undefined; rec = scheduler.next(at)) {
      const id = rec.id;
      const run = attempt(rec)
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running.delete(id);
          pump();
        });
      running.set(id, run);
    }
    const wake = scheduler.nextWake();
    if (wake === undefined || wake >= timerAt) return;
    clearTimeout(timer);
    timerAt = wake;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Infinity;
      pump();
    }, Math.max(0, wake - at));
  };

  // Whatever becomes pending (a new delivery, a dead letter retried) is scheduled, and sent if a slot is free.
  journal.watch((rec) => {
    if (closing) return;
    scheduler.add(rec, now());
    pump();
  });
  // Replayed: whatever was pending when the last process stopped (or was killed) goes out again now.
  const start = now();
  for (const rec of journal.eachPending()) scheduler.add(rec, start);
  setImmediate(pump);

  return {
    journal,
    get problem() {
      return problem;
    },
    enqueue(job) {
      if (closing) throw new Error('the webhook queue is closed');
      if (problem !== null) throw new WebhooksUnavailableError(problem);
      try {
        journal.add(job, now());
      } catch (error) {
        failed(error);
        throw new WebhooksUnavailableError(problem ?? (error as Error).message);
      }
      // Resolves once the delivery is on disk: the client's 200 waits for it, the event loop does not.
      return journal.flush().catch((error: unknown) => {
        failed(error);
        throw new WebhooksUnavailableError(problem ?? (error as Error).message);
      });
    },
    get depth() {
      return journal.pendingCount;
    },
    async close(deadline) {
      closing = true;
      clearTimeout(timer);
      clearTimeout(recoveryTimer);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running.values()]), new Promise((ok) => (wait = setTimeout(ok, Math.max(0, deadline - systemTime()))))]);
      clearTimeout(wait);
      // Outcomes the journal did not take are lost with the process: those deliveries are pending in the file and go out again.
      journal.close();
      // Nothing to hand over: every delivery not sent is in the journal, and the next start sends it.
      return [];
    },
  };
}

/** What an attempt's outcome says about its target host. */
function targetAnswer(outcome: SendOutcome): TargetAnswer {
  if (outcome.delivered) return 'answered';
  if (outcome.retry) return 'failing';
  return outcome.status === undefined ? 'none' : 'answered';
}
