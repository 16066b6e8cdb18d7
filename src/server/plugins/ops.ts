import type { FastifyPluginAsync } from 'fastify';
import { HealthSchema, ReadySchema } from '../schemas.js';
import type { ReadyBody } from '../schemas.js';
import type { ServerState } from './shared.js';
import { shared } from './shared.js';

/** Never shed by the load shedder: a probe must see the server, not its queue. */
const neverShed = { pressureHandler: () => undefined };

/**
 * `GET /health`: the process answers (liveness). `GET /ready`: the data is
 * loaded and verified (the start-up preload has finished: every product's
 * files, tables and libraries) and the server is not shutting down
 * (readiness), with each dataset's age; 503 otherwise, so a load balancer
 * sends nothing before the first request can be answered at full speed. Also
 * 503 while webhooks are refused (the journal takes no writes: a full disk),
 * with the reason; the checks go on answering meanwhile.
 */
export const opsPlugin = shared<FastifyPluginAsync<{ state: ServerState }>>(async (app, { state }) => {
  app.get(
    '/health',
    { schema: { summary: 'Liveness', tags: ['operations'], response: { 200: HealthSchema } }, config: neverShed },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      schema: {
        summary: 'Readiness: every product\'s data loaded and verified (503 while it loads), with its age',
        tags: ['operations'],
        response: { 200: ReadySchema, 503: ReadySchema },
      },
      config: neverShed,
    },
    async (_request, reply) => {
      let body: ReadyBody;
      try {
        const datasets = state.dataStatus();
        const data = datasets.map((d) => ({ product: d.product, name: d.name, retrieved: d.retrieved, age_days: d.ageDays, verified: d.verified, stale: d.stale }));
        const broken = datasets.find((d) => !d.verified);
        const webhooks = state.webhookProblem();
        if (state.draining) body = { status: 'not_ready', reason: 'shutting down', data };
        else if (webhooks !== null) body = { status: 'not_ready', reason: `webhooks: ${webhooks}`, data };
        else if (state.warming !== null) body = { status: 'not_ready', reason: `loading the data (${state.warming})`, data };
        else if (state.preloadProblem !== null) body = { status: 'not_ready', reason: `data: ${state.preloadProblem}`, data };
        else if (broken !== undefined) body = { status: 'not_ready', reason: `${broken.product}/${broken.name}: ${broken.problem ?? 'not verified'}`, data };
        else body = { status: 'ready', data };
      } catch (error) {
        body = { status: 'not_ready', reason: `data: ${(error as Error).message}`, data: [] };
      }
      reply.code(body.status === 'ready' ? 200 : 503);
      return body;
    },
  );
}, 'identity-signals-ops');
