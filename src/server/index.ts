/**
 * The HTTP server speaking the spec's wire format (`POST /1.0/<product>`).
 * @packageDocumentation
 */
export { createRequestHandler, createServer } from './createServer.js';
export type { ServerOptions } from './createServer.js';
export { deliverWebhook, refuseWebhookTarget, signWebhook } from './webhook.js';
export type { WebhookDelivery, WebhookOptions } from './webhook.js';
