import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Checker } from '../checker.js';
import type { ServeConfig } from './config.js';
import { createDurableWebhookQueue } from './durableWebhookQueue.js';
import { createRedisWebhookQueue } from './redisWebhookQueue.js';
import type { WebhookQueue } from './webhookQueue.js';

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
  return createDurableWebhookQueue({ dir: w.dir ?? DEFAULT_WEBHOOK_DIR, checker, send, ...policy, onOutcome, onError });
}
