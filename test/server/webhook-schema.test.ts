import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import type { Provider } from '../../src/providers/index.js';
import { AJV_OPTIONS } from '../../src/server/app.js';
import { webhookBody } from '../../src/server/durableWebhookQueue.js';
import { WEBHOOK_EVENTS, webhookSchema } from '../../src/server/schemas.js';

// The bodies the server POSTs to webhook_url validate against the schemas
// /openapi.json publishes for them (`webhooks`), with the server's own Ajv
// options: provider_errors is in every body, empty or not, and a body
// without it is refused.

const failing: Provider = {
  name: 'vendor',
  fields: { email: ['has_twitter'], name: ['gender'] },
  lookup: async () => {
    throw new Error('503 from vendor');
  },
};
const answering: Provider = { name: 'social', fields: { email: ['has_twitter'] }, lookup: async () => ({ has_twitter: true }) };
const job = (fields: { email?: string; name?: { first: string; last: string } }) => ({
  url: 'https://hooks.example.org/identity',
  resolution_id: randomUUID(),
  customer_id: 'c-1',
  secret: 'whsec',
  ...fields,
});

/** A Fastify app with the server's Ajv options: POST /<event> answers 200 when the body fits that event's schema. */
const validator = Fastify({ ajv: { customOptions: { ...AJV_OPTIONS } } });
beforeAll(async () => {
  for (const event of Object.keys(WEBHOOK_EVENTS) as (keyof typeof WEBHOOK_EVENTS)[]) {
    validator.post(`/${event}`, { schema: { body: webhookSchema(event) } }, async () => 'valid');
  }
  await validator.ready();
});
afterAll(() => validator.close());

const check = async (body: string) => {
  const parsed = JSON.parse(body) as { event: string };
  const res = await validator.inject({ method: 'POST', url: `/${parsed.event}`, headers: { 'content-type': 'application/json' }, payload: body });
  return { status: res.statusCode, message: res.statusCode === 200 ? '' : (res.json() as { message: string }).message, body: parsed as Record<string, { provider_errors?: unknown }> };
};

describe('webhook bodies fit their published schemas', () => {
  it.each([
    ['email.enriched, a provider failed', [failing], job({ email: 'jane@acme-widgets.com' }), 'email', [{ provider: 'vendor', code: 'PROVIDER_FAILED', message: expect.stringContaining('503 from vendor') }]],
    ['email.enriched, every provider answered', [answering], job({ email: 'jane@acme-widgets.com' }), 'email', []],
    ['email.enriched, the address is not looked up', [answering], job({ email: 'jane@@acme-widgets.com' }), 'email', []],
    ['name.enriched, a provider failed', [failing], job({ name: { first: 'Jane', last: 'Doe' } }), 'name', [expect.objectContaining({ code: 'PROVIDER_FAILED' })]],
    ['name.enriched, no provider serves names', [answering], job({ name: { first: 'Jane', last: 'Doe' } }), 'name', []],
  ] as const)('%s', async (_label, providers, delivery, product, errors) => {
    const body = await webhookBody(createChecker({ providers }), randomUUID(), delivery);
    const answer = await check(body);
    expect(answer.message).toBe('');
    expect(answer.status).toBe(200);
    expect(answer.body[product]!.provider_errors).toEqual(errors);
  });

  it('refuses a body whose result has no provider_errors, or a foreign field', async () => {
    const body = JSON.parse(await webhookBody(createChecker({ providers: [answering] }), randomUUID(), job({ email: 'jane@acme-widgets.com' }))) as {
      email: Record<string, unknown>;
    };
    const { provider_errors: _dropped, ...withoutErrors } = body.email;
    expect((await check(JSON.stringify({ ...body, email: withoutErrors }))).status).toBe(400);
    expect((await check(JSON.stringify({ ...body, email: { ...body.email, internal: 1 } }))).status).toBe(400);
  });
});
