import type { Checker } from '../checker.js';
import { systemTime } from '../common/clock.js';
import { WebhookJournal } from './webhookJournal.js';
import type { DeliveryRecord } from './webhookJournal.js';
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
  /** Deliveries attempted at once. @default 8 */
  readonly concurrency?: number;
  readonly onOutcome?: (outcome: WebhookOutcome & { readonly deliveryId: string; readonly final: boolean }) => void;
  readonly onError?: (error: unknown) => void;
  /** @default the system clock (`systemTime` of src/common/clock.ts) */
  readonly now?: () => number;
  /** Uniform in [0, 1), for the jitter. @default Math.random */
  readonly random?: () => number;
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

/**
 * A webhook queue that loses nothing it accepted: each delivery is written to
 * a {@link WebhookJournal} (fsynced) before `enqueue` returns, replayed when
 * the queue opens again (after a restart or a `kill -9`), attempted at least
 * once per due time with the same delivery id and body, retried with
 * back-off and jitter for `windowMs`, then kept as a dead letter
 * (`identity-signals webhooks list|retry|purge`). A receiver may see a
 * delivery twice (a crash between its 2xx and the journal's "done"): the
 * `x-delivery-id` header and `delivery_id` field tell duplicates apart.
 */
export function createDurableWebhookQueue(options: DurableWebhookQueueOptions): WebhookQueue & { readonly journal: WebhookJournal } {
  const journal = WebhookJournal.open(options.dir);
  const now = options.now ?? systemTime;
  const random = options.random ?? Math.random;
  const windowMs = options.windowMs ?? 86_400_000;
  const concurrency = options.concurrency ?? 8;
  const running = new Map<string, Promise<void>>();
  let closing = false;
  let timer: NodeJS.Timeout | undefined;

  const attempt = async (rec: DeliveryRecord): Promise<void> => {
    let outcome: SendOutcome;
    try {
      let body = rec.body;
      if (body === undefined) {
        body = await webhookBody(options.checker(), rec.id, rec.job);
        journal.setBody(rec.id, body);
      }
      outcome = await sendWebhookOnce(rec.job.url, body, { ...options.send, secret: rec.job.secret, deliveryId: rec.id });
    } catch (error) {
      options.onError?.(error);
      outcome = { delivered: false, retry: true, error: `enrichment failed: ${(error as Error).message}` };
    }
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
      journal.done(rec.id);
      report(true);
      return;
    }
    const next = now() + backoffDelay(attempts, options, random);
    if (!outcome.retry || next > rec.created + windowMs) {
      journal.dead(rec.id, attempts, outcome.error ?? 'failed');
      report(true);
      return;
    }
    journal.attempted(rec.id, attempts, next, outcome.error ?? 'failed');
    report(false);
  };

  const pump = () => {
    clearTimeout(timer);
    timer = undefined;
    if (closing) return;
    const at = now();
    let earliest = Infinity;
    for (const rec of journal.pending()) {
      if (running.has(rec.id)) continue;
      if (rec.due > at) {
        earliest = Math.min(earliest, rec.due);
        continue;
      }
      if (running.size >= concurrency) break;
      const run = attempt(rec)
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running.delete(rec.id);
          pump();
        });
      running.set(rec.id, run);
    }
    if (earliest !== Infinity) timer = setTimeout(pump, Math.max(0, earliest - at));
  };

  // Replayed: whatever was pending when the last process stopped (or was killed) goes out again now.
  setImmediate(pump);

  return {
    journal,
    enqueue(job) {
      if (closing) throw new Error('the webhook queue is closed');
      journal.add(job, now());
      pump();
    },
    get depth() {
      return journal.pending().length;
    },
    async close(deadline) {
      closing = true;
      clearTimeout(timer);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running.values()]), new Promise((ok) => (wait = setTimeout(ok, Math.max(0, deadline - systemTime()))))]);
      clearTimeout(wait);
      journal.close();
      // Nothing to hand over: every delivery not sent is in the journal, and the next start sends it.
      return [];
    },
  };
}
