import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { packageVersion } from '../../cli/version.js';
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
      tags: [
        { name: 'products', description: 'The spec\'s endpoints: one product each' },
        { name: 'identity', description: 'Several products of one sign-up in one request, with their cross-signal identity score' },
        { name: 'operations', description: 'Health, readiness and metrics, for load balancers and monitoring' },
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
