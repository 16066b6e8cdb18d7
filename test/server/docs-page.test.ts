import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { openChromium } from '../support/chromium.js';
import { describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/server/index.js';

// GET /docs in a real headless browser (Debian's chromium; npm test installs
// it): the page renders from the package's assets alone, and one request is
// sent from it with "Try it out". Every request the page makes is recorded;
// any to another host is refused and fails the test. A screenshot is kept
// in test-results/ (ignored by git) for a person to look at.

const ROOT = join(import.meta.dirname, '..', '..');

describe('GET /docs in headless chromium', () => {
  it('renders the reference from local assets and sends one request with the API key', async () => {
    const api = createApiServer({ apiKeys: ['docs-key'] });
    await new Promise<void>((ok) => api.server.listen(0, '127.0.0.1', ok));
    const origin = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const browser = await openChromium();
    const { context } = browser;
    const requested: string[] = [];
    const external: string[] = [];
    try {
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        requested.push(url);
        if (url.startsWith(`${origin}/`)) await route.continue();
        else {
          external.push(url);
          await route.abort();
        }
      });
      const page = await context.newPage();
      await page.goto(`${origin}/docs`);
      await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.opblock').count()).toBe(11); // 5 products, the hub, health, ready, metrics, 2 webhooks

      await page.locator('button.authorize').first().click();
      await page.locator('.auth-container input').fill('docs-key');
      await page.locator('.auth-btn-wrapper button[type="submit"]').click();
      await page.locator('.auth-btn-wrapper button.btn-done').click();

      const operation = page.locator('#operations-products-post_1_0_ip');
      await operation.locator('.opblock-summary').click();
      // "Try it out" is on from the start (uiConfig.tryItOutEnabled): the example body is already in the editor.
      const answer = page.waitForResponse((res) => res.url() === `${origin}/1.0/ip` && res.request().method() === 'POST');
      await operation.locator('button.execute').click();
      const response = await answer;
      expect(response.status()).toBe(200);
      expect(response.request().headers()['x-api-key']).toBe('docs-key');
      const body = (await response.json()) as { claims: string[]; ip: { value: string } };
      expect(body.claims).toEqual(['ip']);
      expect(body.ip.value).toBe('81.2.69.142');
      await operation.locator('.live-responses-table .response-col_status').first().waitFor();
      mkdirSync(join(ROOT, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'test-results', 'server-docs.png'), fullPage: true });

      expect(external).toEqual([]);
      expect(requested.some((url) => url.startsWith(`${origin}/docs/static/`))).toBe(true);
      // The page reads the same generated document as /openapi.json, at the plugin's own path.
      expect(requested).toContain(`${origin}/docs/json`);
    } finally {
      await browser.close();
      await api.shutdown(Date.now() + 1000);
    }
  });
});
