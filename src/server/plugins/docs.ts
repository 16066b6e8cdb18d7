import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { packageVersion } from '../../common/version.js';
import { WEBHOOK_EVENTS, webhookSchema } from '../schemas.js';
import { shared } from './shared.js';

/**
 * The OpenAPI document, generated from the routes' schemas as they are
 * registered (so this plugin comes before the routes), served at
 * `GET /openapi.json`, and the interactive reference at `GET /docs`, whose
 * assets come from the @fastify/swagger-ui package: the page loads nothing
 * from another host.
 */
export const docsPlugin = shared<FastifyPluginAsync>(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'identity-signals',
        version: packageVersion(),
        description:
          'Offline identity-signal checks (email, device, IP, phone, name) with explainable 0-1000 scores. ' +
          'Every error answer is `{ "error": { "code", "message", "field"? } }`.',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      // Plain objects: the swagger options type wants each field's literal union (`in: 'header'`), which they hold.
      webhooks: webhooks() as never,
      tags: [
        { name: 'products', description: 'The spec\'s endpoints: one product each' },
        { name: 'identity', description: 'Several products of one sign-up in one request, with their cross-signal identity score' },
        { name: 'operations', description: 'Health, readiness and metrics, for load balancers and monitoring' },
        { name: 'webhooks', description: 'What the server POSTs to a request\'s webhook_url' },
      ],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { deepLinking: false, tryItOutEnabled: true, validatorUrl: null },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}, 'identity-signals-docs');

/**
 * What the server POSTs to a request's `webhook_url` (OpenAPI 3.1
 * `webhooks`, from the same schemas as the bodies' types): an e-mail or name
 * request's result again, enriched by the providers, signed.
 */
function webhooks(): Record<string, object> {
  const header = (name: string, description: string, required: boolean) => ({ name, in: 'header', required, description, schema: { type: 'string' } });
  return Object.fromEntries(
    (Object.keys(WEBHOOK_EVENTS) as (keyof typeof WEBHOOK_EVENTS)[]).map((event) => [
      event,
      {
        post: {
          summary: `${event}: the ${WEBHOOK_EVENTS[event]} result with the providers' fields, POSTed to webhook_url`,
          description: 'See docs/webhooks.md: signed per API key, retried with back-off until a 2xx, delivered at least once.',
          tags: ['webhooks'],
          parameters: [
            header('x-signature', 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with the key\'s webhook secret', true),
            header('x-delivery-id', 'The same on every attempt of one delivery (the durable queues: serve\'s default): keep the ids you have processed', false),
          ],
          requestBody: { required: true, content: { 'application/json': { schema: webhookSchema(event) } } },
          responses: { '2XX': { description: 'Delivered; anything else is retried (408, 425, 429, 5xx) or a dead letter' } },
        },
      },
    ]),
  );
}
