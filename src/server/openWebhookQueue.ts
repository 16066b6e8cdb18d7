import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Checker } from '../checker.js';
import type { ServeConfig } from './config.js';
import { WebhooksUnavailableError, createDurableWebhookQueue } from './durableWebhookQueue.js';
import { HttpError } from './errors.js';
import type { ServerOptions } from './options.js';
import { createRedisWebhookQueue } from './redisWebhookQueue.js';
import type { WebhookJob, WebhookOutcome, WebhookQueue } from './webhookQueue.js';

/** Where `serve` journals webhooks when the config names no directory. */
export const DEFAULT_WEBHOOK_DIR = join('.identity-signals', 'webhooks');

/**
 * The webhook queue `serve` runs with: BullMQ on Redis when `redisUrl` is
 * set (any instance delivers, a killed one's deliveries are picked up by the
 * others), else the journal in `webhook.dir` on this machine. Outcomes are
 * logged (ids and targets, never the e-mail).
 */
export async function openWebhookQueue(config: ServeConfig, checker: () => Checker, logger: Logger): Promise<WebhookQueue> {
  const w = config.webhook ?? {};
  const send = {
    ...(w.allowPrivateTargets === undefined ? {} : { allowPrivateTargets: w.allowPrivateTargets }),
    ...(w.timeoutMs === undefined ? {} : { timeoutMs: w.timeoutMs }),
    ...(w.maxResponseBytes === undefined ? {} : { maxResponseBytes: w.maxResponseBytes }),
  };
  const policy = {
    ...(w.windowMs === undefined ? {} : { windowMs: w.windowMs }),
    ...(w.baseDelayMs === undefined ? {} : { baseDelayMs: w.baseDelayMs }),
    ...(w.maxDelayMs === undefined ? {} : { maxDelayMs: w.maxDelayMs }),
    ...(w.concurrency === undefined ? {} : { concurrency: w.concurrency }),
    ...(w.keyConcurrency === undefined ? {} : { keyConcurrency: w.keyConcurrency }),
    ...(w.hostConcurrency === undefined ? {} : { hostConcurrency: w.hostConcurrency }),
  };
  const onOutcome = (o: { delivered: boolean; final: boolean; deliveryId: string; resolution_id: string; attempts: number; status?: number; error?: string }) => {
    const entry = { delivery_id: o.deliveryId, resolution_id: o.resolution_id, attempts: o.attempts, status: o.status, error: o.error };
    if (o.delivered) logger.info(entry, 'webhook delivered');
    else if (o.final) logger.warn(entry, 'webhook given up: kept as a dead letter');
    else logger.info(entry, 'webhook attempt failed; will retry');
  };
  const onError = (error: unknown) => logger.error({ err: error }, 'webhook delivery error');
  if (config.redisUrl !== undefined) {
    return createRedisWebhookQueue({ redisUrl: config.redisUrl, checker, send, ...policy, ...(w.lockMs === undefined ? {} : { lockMs: w.lockMs }), onOutcome, onError });
  }
  // Logged once when the journal stops taking writes and once when it takes them again, not per attempt.
  const onProblem = (problem: string | null) =>
    problem === null ? logger.warn('the webhook journal takes writes again: webhooks are accepted') : logger.error({ problem }, 'webhooks refused (503) until the journal takes writes');
  return createDurableWebhookQueue({
    dir: w.dir ?? DEFAULT_WEBHOOK_DIR,
    checker,
    send,
    ...policy,
    ...(w.compactBytes === undefined ? {} : { compactBytes: w.compactBytes }),
    onOutcome,
    onError,
    onProblem,
  });
}

/** Why a webhook that ended undelivered failed, as `/metrics` counts it. */
export function failureReason(outcome: WebhookOutcome): string {
  if (outcome.attempts === 0 || outcome.error?.startsWith('target refused') === true) return 'refused';
  if (outcome.error?.startsWith('enrichment failed') === true) return 'error';
  return outcome.status === undefined ? 'network' : `http_${outcome.status}`;
}

/**
 * The webhook queue of a server made from code: `options.webhookQueue` when
 * given, else the same durable journal queue `serve` runs (in
 * `options.webhook.dir`, connect-time target checks), opened when the server
 * is made if a secret can sign webhooks (so a directory another process
 * holds is found then), else on the first webhook. `enqueue` turns a queue
 * that cannot accept (its journal takes no writes) into a 503; `problem`
 * says why, for `/ready`. Final outcomes go to `onOutcome`.
 */
export function serverWebhookQueue(
  options: ServerOptions,
  checker: () => Checker,
  hooks: { readonly onOutcome: (outcome: WebhookOutcome) => void; readonly onError: (error: unknown) => void },
): WebhookQueue & { readonly problem: string | null; readonly owned: boolean } {
  let queue: WebhookQueue | undefined = options.webhookQueue;
  const owned = queue === undefined;
  let closed = false;
  const open = (): WebhookQueue => {
    if (queue !== undefined) return queue;
    const w = options.webhook ?? {};
    const { secret: _secret, dir, allowPrivateTargets, timeoutMs, maxResponseBytes, ...rest } = w;
    queue = createDurableWebhookQueue({
      ...rest,
      dir: dir ?? DEFAULT_WEBHOOK_DIR,
      checker,
      send: {
        ...(allowPrivateTargets === undefined ? {} : { allowPrivateTargets }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
      },
      onOutcome: ({ deliveryId: _id, final, ...outcome }) => {
        if (final) hooks.onOutcome(outcome);
      },
      onError: hooks.onError,
    });
    return queue;
  };
  const signs = options.webhook?.secret !== undefined || options.apiKeys.some((k) => typeof k !== 'string' && k.webhookSecret !== undefined);
  if (owned && signs) open();
  const refuse = (error: unknown): never => {
    if (error instanceof WebhooksUnavailableError) throw new HttpError(503, 'WEBHOOKS_UNAVAILABLE', error.message, undefined, { 'retry-after': '30' });
    throw error;
  };
  return {
    owned,
    get problem() {
      return (queue as { problem?: string | null } | undefined)?.problem ?? null;
    },
    get depth() {
      return queue?.depth ?? 0;
    },
    enqueue(job: WebhookJob) {
      if (closed) throw new Error('the webhook queue is closed');
      let accepted: void | Promise<void>;
      try {
        accepted = open().enqueue(job);
      } catch (error) {
        return refuse(error);
      }
      return accepted instanceof Promise ? accepted.catch(refuse) : accepted;
    },
    async close(deadline: number) {
      closed = true;
      return (await queue?.close(deadline)) ?? [];
    },
  };
}
