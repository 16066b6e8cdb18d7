import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openChromium } from '../support/chromium.js';
import { afterAll, describe, expect, it } from 'vitest';
import { mixedCsv, writeLines } from '../support/batchData.js';
import { ROOT, runBin } from '../support/batchBin.js';

// The --report page opened in a real headless browser: Debian's chromium
// (CI installs it). No chromium is no reason to skip: the test fails.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


describe('batch --report', () => {
  it('one self-contained page whose charts render in chromium, per product; a screenshot is kept in test-results/', async () => {
    writeLines(join(dir, 'mixed.csv'), mixedCsv(300, 21));
    const { code, stderr } = await runBin(['batch', '--input', 'mixed.csv', '--output', 'mixed.ndjson', '--report', 'report.html', '--workers', '2'], dir);
    expect(stderr).toMatch(/300 rows read, 300 checked/);
    expect(code).toBe(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    // Nothing fetched from anywhere: no script, no external stylesheet, font or image; the
    // only addresses are the links of the credit the IP data's licence asks for.
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(/);
    expect(html.replace(/<a href="https:\/\/[^"<>]+">/g, '')).not.toMatch(/https?:\/\//);

    const browser = await openChromium();
    try {
      const { context } = browser;
      const page = context.pages()[0] ?? (await context.newPage());
      const requests: string[] = [];
      const problems: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const url = pathToFileURL(join(dir, 'report.html')).href;
      await page.goto(url);

      // In the page (a string: this project's types know no DOM). Bars the browser laid
      // out with a size: the charts rendered, not just markup present.
      const drawn = (await page.evaluate(`[...document.querySelectorAll('section')].map((section) => ({
        product: section.id,
        histogramBars: [...section.querySelectorAll('svg.histogram rect.bar')].filter((bar) => bar.getBBox().height > 0).length,
        bars: [...section.querySelectorAll('svg.bars rect.bar')].filter((bar) => bar.getBBox().width > 0).length,
        charts: section.querySelectorAll('svg.chart').length,
        shown: section.getBoundingClientRect().height > 0,
      }))`)) as { product: string; histogramBars: number; bars: number; charts: number; shown: boolean }[];
      expect(drawn.map((d) => d.product)).toEqual(['email', 'device', 'ip', 'phone', 'name']);
      for (const section of drawn) {
        expect(section.shown, section.product).toBe(true);
        expect(section.histogramBars, section.product).toBeGreaterThan(0);
        expect(section.bars, section.product).toBeGreaterThan(0);
      }
      // Per product at least the histogram, the clusters and the reasons (a top table with nothing to count says so in words).
      expect(drawn.every((d) => d.charts >= 3)).toBe(true);
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).toContain('Top domains');
      expect(text).toContain('Top carriers');
      expect(text).toContain('Top device categories');
      expect(text).toContain('Top countries');
      // The IP section shows DB-IP's locations: it credits DB-IP with a link that the page shows.
      const credit = page.locator('section#ip p.credit a', { hasText: 'IP Geolocation by DB-IP' });
      expect(await credit.getAttribute('href')).toBe('https://db-ip.com');
      expect(await credit.isVisible()).toBe(true);
      expect(requests).toEqual([url]);
      expect(problems).toEqual([]);

      mkdirSync(join(ROOT, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'test-results', 'batch-report.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
