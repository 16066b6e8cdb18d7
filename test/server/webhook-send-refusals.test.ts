import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhookOnce } from '../../src/server/index.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';

// A webhook target with credentials in its URL is refused before anything is
// sent (the credentials would go out in an Authorization header to whoever
// the URL names), even when private targets are allowed; not worth a retry.

let receiver: LoopbackServer;
beforeAll(async () => {
  receiver = await startHttpServer((_req, res) => res.writeHead(200).end());
});
afterAll(async () => {
  await receiver.close();
});

describe('sendWebhookOnce refuses credentials in the target URL', () => {
  it.each([['user', 'secret'], ['user', ''], ['', 'secret']])('user %j, password %j: refused, never sent', async (user, password) => {
    const url = `http://${user}:${password}@${receiver.origin.slice('http://'.length)}/hook`;
    const outcome = await sendWebhookOnce(url, '{}', { secret: 'whsec', deliveryId: 'd-1', allowPrivateTargets: true });
    expect(outcome).toMatchObject({ delivered: false, retry: false });
    expect(outcome.error).toMatch(/credentials/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('the same target without credentials is delivered', async () => {
    const outcome = await sendWebhookOnce(`${receiver.origin}/hook`, '{}', { secret: 'whsec', deliveryId: 'd-2', allowPrivateTargets: true });
    expect(outcome).toMatchObject({ delivered: true, status: 200 });
    expect(receiver.requests).toHaveLength(1);
  });
});
