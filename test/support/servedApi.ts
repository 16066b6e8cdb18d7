import { createApiServer } from '../../src/server/index.js';
import type { ApiServer } from '../../src/server/index.js';

/**
 * An API server taking one key, with no rate limit (a test file sends many
 * requests at once), ready, and the /openapi.json it serves. The caller
 * closes it (`api.app.close()`).
 */
export async function servedApi<Doc>(key: string): Promise<{ readonly api: ApiServer; readonly doc: Doc }> {
  const api = createApiServer({ apiKeys: [key], rateLimitPerSecond: 0 });
  await api.ready;
  const doc = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json<Doc>();
  return { api, doc };
}
