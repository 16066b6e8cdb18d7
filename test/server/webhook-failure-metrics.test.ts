import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';
import type { ApiServer, WebhookOutcome } from '../../src/server/index.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { scratchFolders } from '../support/scratch.js';

// /metrics counts the webhooks that were not delivered by why: refused
// before sending (a target the sender will not post to), a network failure
// (no answer), or the receiver's HTTP status; delivered ones are not
// failures. Receivers on loopback; a retry window of 1 ms makes every
// failure final at its first attempt.

const KEY = 'webhook-metrics-key';
let api: ApiServer;
let receiver: LoopbackServer;
let closedPort = 0;
let settled: (o: WebhookOutcome) => void = () => undefined;
const { folder } = scratchFolders('identity-signals-webhook-metrics-');

beforeAll(async () => {
  receiver = await startHttpServer((req, res) => res.writeHead(req.path === '/ok' ? 200 : 503).end());
  // A port nobody listens on: take one, then let it go.
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((ok) => probe.close(ok));
  api = createApiServer({
    apiKeys: [KEY],
    rateLimitPerSecond: 0,
    webhook: { secret: 'whsec', windowMs: 1, allowPrivateTargets: true, dir: folder() },
    onWebhook: (o) => settled(o),
  });
  await api.ready;
});
afterAll(async () => {
  await api.app.close();
  await receiver.close();
});

async function webhook(url: string): Promise<WebhookOutcome> {
  const outcome = new Promise<WebhookOutcome>((ok) => (settled = ok));
  const res = await api.app.inject({
    method: 'POST',
    url: '/1.0/email',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    payload: JSON.stringify({ customer_id: 'c', claims: ['email'], email: 'jane@acme-widgets.com', webhook_url: url }),
  });
  expect(res.statusCode).toBe(200);
  return outcome;
}

const failures = async () => {
  const text = (await api.app.inject({ method: 'GET', url: '/metrics' })).body;
  return Object.fromEntries([...text.matchAll(/^identity_signals_webhook_failures_total\{reason="([^"]+)"\} (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
};

describe('/metrics: webhook failures by reason', () => {
  it('refused, network and the receiver\'s status are counted apart; a delivered webhook is not counted', async () => {
    expect((await webhook(`${receiver.origin}/ok`)).delivered).toBe(true);
    expect(await failures()).toEqual({});
    expect((await webhook(`${receiver.origin}/hook`)).delivered).toBe(false);
    expect((await webhook(`http://127.0.0.1:${closedPort}/hook`)).delivered).toBe(false);
    expect((await webhook('ftp://127.0.0.1/hook')).delivered).toBe(false);
    expect(await failures()).toEqual({ http_503: 1, network: 1, refused: 1 });
  });
});
