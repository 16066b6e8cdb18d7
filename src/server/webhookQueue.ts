import type { Checker } from '../checker.js';
import { systemTime } from '../common/clock.js';
import { deliverWebhook } from './webhook.js';
import type { WebhookDelivery, WebhookOptions } from './webhook.js';

/**
 * One webhook to send: everything needed to enrich the e-mail and post it,
 * and nothing that cannot be written to a durable store (no functions), so
 * a queue can hand it to another process.
 */
export interface WebhookJob {
  readonly url: string;
  readonly resolution_id: string;
  readonly customer_id: string;
  /** The e-mail address to enrich with the checker's providers (an `email.enriched` webhook). */
  readonly email?: string;
  /** The name to enrich instead (a `name.enriched` webhook), as the request gave it. */
  readonly name?: { readonly first: string; readonly last: string; readonly country?: string };
  /** HMAC key of the API key the request came with. */
  readonly secret: string;
  /**
   * The id of the API key the request came with (not secret: the one logs
   * and metrics use): the durable queue shares its slots fairly between
   * keys. @default a hash of `secret`
   */
  readonly key?: string;
}

/** How a job ended, as `onWebhook` sees it. */
export type WebhookOutcome = WebhookDelivery & { readonly url: string; readonly resolution_id: string };

/**
 * Where the server puts the webhooks it owes. The server only enqueues, asks
 * the depth (for `/metrics`) and, on shutdown, closes the queue: a queue
 * finishes what it can before `deadline` (ms since the epoch) and returns
 * the jobs it did not send, for the caller to hand to a durable store.
 * A durable queue implements the same interface.
 */
export interface WebhookQueue {
  /** Resolves once the job is durably written (a durable queue); throws when it cannot be accepted. */
  enqueue(job: WebhookJob): void | Promise<void>;
  /** Jobs accepted and not yet ended. */
  readonly depth: number;
  /**
   * Why the queue refuses new jobs now (a durable queue whose journal takes
   * no writes), or null: the server's `/ready` answers 503 with it. @default null
   */
  readonly problem?: string | null;
  close(deadline: number): Promise<readonly WebhookJob[]>;
}

/** Options of {@link createMemoryWebhookQueue}. */
export interface MemoryWebhookQueueOptions {
  readonly checker: () => Checker;
  /** Delivery options; `secret` comes from each job. */
  readonly webhook: Omit<WebhookOptions, 'secret'>;
  readonly onOutcome?: (outcome: WebhookOutcome) => void;
  readonly onError?: (error: unknown) => void;
}

/**
 * A queue in memory, **not durable**: it sends each job at once in this
 * process (enrich, then deliver with retries), with no bound on how many
 * at once and no fairness between keys; the target is checked before the
 * request (a DNS answer that changes in between is not caught). On close it
 * waits for the jobs in flight until the deadline and returns those still
 * unsent; jobs are lost if the process is killed. A server uses it only when
 * given it by name (`webhookQueue: createMemoryWebhookQueue(…)`); by default
 * it runs the durable journal queue ({@link createDurableWebhookQueue}).
 */
export function createMemoryWebhookQueue(options: MemoryWebhookQueueOptions): WebhookQueue {
  const inFlight = new Map<WebhookJob, Promise<void>>();
  let closing = false;
  const run = async (job: WebhookJob): Promise<void> => {
    try {
      const checker = options.checker();
      const payload =
        job.name === undefined
          ? { event: 'email.enriched', resolution_id: job.resolution_id, customer_id: job.customer_id, claims: ['email'], email: await checker.emailAsync(job.email ?? '') }
          : {
              event: 'name.enriched',
              resolution_id: job.resolution_id,
              customer_id: job.customer_id,
              claims: ['name'],
              name: await checker.nameAsync(job.name.first, job.name.last, job.name.country === undefined ? {} : { country: job.name.country }),
            };
      const delivery = await deliverWebhook(job.url, payload, { ...options.webhook, secret: job.secret });
      options.onOutcome?.({ ...delivery, url: job.url, resolution_id: job.resolution_id });
    } catch (error) {
      options.onError?.(error);
    }
  };
  return {
    enqueue(job) {
      if (closing) throw new Error('the webhook queue is closed');
      const running = run(job).finally(() => inFlight.delete(job));
      inFlight.set(job, running);
    },
    get depth() {
      return inFlight.size;
    },
    async close(deadline) {
      closing = true;
      const wait = Math.max(0, deadline - systemTime());
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...inFlight.values()]), new Promise((ok) => (timer = setTimeout(ok, wait)))]);
      clearTimeout(timer);
      return [...inFlight.keys()];
    },
  };
}
