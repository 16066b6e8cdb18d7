/**
 * The HTTP server speaking the spec's wire format (`POST /1.0/<product>`),
 * on Fastify: OpenAPI at `/openapi.json`, docs at `/docs`, `/health`,
 * `/ready`, `/metrics`. See docs/server.md.
 * @packageDocumentation
 */
export { createApiServer } from './app.js';
export type { ApiServer, ShutdownReport } from './app.js';
export { createRequestHandler, createServer } from './createServer.js';
export type { ApiKey, DatasetStatus, RateLimit, ServerOptions, WebhookSettings } from './options.js';
export { deliverWebhook, refuseWebhookTarget, signWebhook } from './webhook.js';
export type { WebhookDelivery, WebhookOptions } from './webhook.js';
export { createMemoryWebhookQueue } from './webhookQueue.js';
export type { MemoryWebhookQueueOptions, WebhookJob, WebhookOutcome, WebhookQueue } from './webhookQueue.js';
export { WebhooksUnavailableError, createDurableWebhookQueue } from './durableWebhookQueue.js';
export type { DurableWebhookQueueOptions, RetryPolicy } from './durableWebhookQueue.js';
export { createRedisWebhookQueue } from './redisWebhookQueue.js';
export type { RedisWebhookQueueOptions } from './redisWebhookQueue.js';
export { sendWebhookOnce } from './webhookSend.js';
export type { SendOptions, SendOutcome } from './webhookSend.js';
export { WebhookJournal } from './webhookJournal.js';
export type { DeliveryRecord, JournalFileSystem, WebhookJournalOptions } from './webhookJournal.js';
