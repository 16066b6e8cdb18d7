import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderTuningReport } from '../../src/tuning/report.js';
import type { RocPoint, ScoringFit, ScoringProvenance, SubjectFit } from '../../src/tuning/types.js';
import { startHttpServer } from '../support/httpServer.js';

// The tuning report opened in a real headless browser (Debian's chromium; CI
// installs it, and no chromium fails the test). The page is served from
// loopback and every other request the browser makes is refused and recorded.

const ROOT = join(import.meta.dirname, '..', '..');
const HOSTILE_CODE = '<script>alert("code")</script>';
const HOSTILE_FILE = 'signups-<script>alert(1)</script>.csv';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** The ROC of a histogram pair: a block of every score below each bin edge. */
function rocOf(abusive: readonly number[], genuine: readonly number[]): RocPoint[] {
  const a = abusive.reduce((x, y) => x + y, 0);
  const g = genuine.reduce((x, y) => x + y, 0);
  const points: RocPoint[] = [{ fpr: 0, tpr: 0 }];
  let ca = 0;
  let cg = 0;
  for (let i = 0; i < abusive.length; i++) {
    ca += abusive[i]!;
    cg += genuine[i]!;
    points.push({ fpr: cg / g, tpr: ca / a });
  }
  return points;
}

// A hand-made fit of two subjects: held-out scores in 20 bins of 50 points per label.
const emailAbusive = [30, 22, 14, 10, 8, 8, 6, 5, 4, 3, 3, 2, 2, 1, 1, 1, 0, 0, 0, 0]; // 120
const emailGenuine = [0, 1, 1, 2, 2, 3, 5, 8, 12, 18, 24, 30, 34, 32, 28, 24, 20, 16, 10, 10]; // 280
const emailBefore = [20, 18, 14, 12, 10, 9, 8, 7, 6, 5, 3, 3, 2, 1, 1, 1, 0, 0, 0, 0];
const emailGenuineBefore = [1, 2, 3, 4, 5, 6, 8, 10, 14, 18, 22, 26, 28, 28, 26, 24, 20, 14, 10, 6];
const identityAbusive = [40, 30, 20, 14, 10, 8, 6, 4, 3, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0]; // 140
const identityGenuine = [0, 0, 1, 1, 2, 3, 4, 6, 10, 14, 20, 26, 32, 36, 34, 30, 24, 18, 12, 7]; // 280

const email: SubjectFit = {
  subject: 'email',
  rows: 400,
  abusive: 120,
  genuine: 280,
  aucBefore: 0.861,
  aucAfter: 0.912,
  weights: [
    { code: 'EMAIL_DISPOSABLE', kind: 'risk', rows: 64, before: 2.8, after: 3.4, kept: null },
    { code: 'EMAIL_FREE', kind: 'trust', rows: 212, before: 0.3, after: 0.1, kept: null },
    { code: 'EMAIL_ROLE', kind: 'risk', rows: 41, before: 1.1, after: 1.1, kept: null },
    { code: 'EMAIL_TYPO', kind: 'risk', rows: 12, before: 2.2, after: 2.2, kept: 'seen on 12 rows, fewer than 30' },
    { code: HOSTILE_CODE, kind: 'risk', rows: 31, before: 0.5, after: 1.25, kept: null },
  ],
  bandsBefore: [
    { min: 0, max: 199 },
    { min: 200, max: 399 },
    { min: 400, max: 599 },
    { min: 600, max: 799 },
    { min: 800, max: 1000 },
  ],
  bands: [
    { min: 0, max: 149 },
    { min: 150, max: 349 },
    { min: 350, max: 499 },
    { min: 500, max: 699 },
    { min: 700, max: 1000 },
  ],
  heldOut: { genuineBlocked: 0.0071, abusiveAccepted: 0.042 },
  roc: { before: rocOf(emailBefore, emailGenuineBefore), after: rocOf(emailAbusive, emailGenuine) },
  histogram: { abusive: emailAbusive, genuine: emailGenuine },
  calibration: [
    { from: 0, to: 84, rows: 40, abusiveShare: 1 },
    { from: 85, to: 249, rows: 40, abusiveShare: 0.95 },
    { from: 250, to: 399, rows: 40, abusiveShare: 0.7 },
    { from: 400, to: 499, rows: 40, abusiveShare: 0.3 },
    { from: 500, to: 574, rows: 40, abusiveShare: 0.15 },
    { from: 575, to: 639, rows: 40, abusiveShare: 0.1 },
    { from: 640, to: 699, rows: 40, abusiveShare: 0.05 },
    { from: 700, to: 779, rows: 40, abusiveShare: 0.025 },
    { from: 780, to: 869, rows: 40, abusiveShare: 0.025 },
    { from: 870, to: 1000, rows: 40, abusiveShare: 0 },
  ],
};

const identity: SubjectFit = {
  subject: 'identity',
  rows: 420,
  abusive: 140,
  genuine: 280,
  aucBefore: 0.934,
  aucAfter: 0.951,
  weights: [
    { code: 'IDENTITY_EMAIL', kind: 'carried', rows: 400, before: 0.75, after: 0.8, kept: null },
    { code: 'IDENTITY_NAME_IN_EMAIL', kind: 'trust', rows: 150, before: 0.8, after: 0.8, kept: null },
    { code: 'IDENTITY_NIGHT_ACTIVITY', kind: 'risk', rows: 9, before: 0.7, after: 0.7, kept: 'seen on 9 rows, fewer than 30' },
  ],
  bandsBefore: [
    { min: 0, max: 199 },
    { min: 200, max: 399 },
    { min: 400, max: 599 },
    { min: 600, max: 799 },
    { min: 800, max: 1000 },
  ],
  bands: [
    { min: 0, max: 179 },
    { min: 180, max: 399 },
    { min: 400, max: 619 },
    { min: 620, max: 799 },
    { min: 800, max: 1000 },
  ],
  heldOut: { genuineBlocked: 0.0036, abusiveAccepted: 0.021 },
  roc: { before: rocOf([30, 26, 20, 16, 12, 10, 8, 6, 4, 3, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0], identityGenuine), after: rocOf(identityAbusive, identityGenuine) },
  histogram: { abusive: identityAbusive, genuine: identityGenuine },
  calibration: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => ({ from: i * 100, to: i === 9 ? 1000 : i * 100 + 99, rows: 42, abusiveShare: Math.max(0, 1 - i * 0.2) })),
};

const fit: ScoringFit = {
  scoring: { weights: { EMAIL_DISPOSABLE: 3.4, EMAIL_FREE: 0.1, IDENTITY_EMAIL: 0.8 }, bands: { email: email.bands, identity: identity.bands } },
  subjects: [email, identity],
  refused: [{ subject: 'phone', reason: '140 rows, fewer than 200' }],
  options: { folds: 5, seed: 1, l2: 1, minCodeRows: 30, targetFpr: 0.01, targetAcceptedAbusive: 0.05 },
};

const provenance: ScoringProvenance = {
  tool: 'identity-signals 0.1.0',
  created: '2026-12-01T12:00:00.000Z',
  input: { file: HOSTILE_FILE, sha256: 'a'.repeat(64), rows: 420, abusive: 140, genuine: 280 },
  options: { folds: 5, seed: 1, targetFpr: 0.01 },
  subjects: { email: { rows: 400, aucBefore: 0.861, aucAfter: 0.912 }, identity: { rows: 420, aucBefore: 0.934, aucAfter: 0.951 } },
  refused: fit.refused,
};

describe('renderTuningReport', () => {
  const html = renderTuningReport(fit, provenance);

  it('escapes the codes and file names it shows: a hostile one is text, not markup', () => {
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;alert(&#34;code&#34;)&#60;/script&#62;');
    expect(html).toContain('signups-&#60;script&#62;alert(1)&#60;/script&#62;.csv');
  });

  it('holds nothing a browser would fetch: no script, stylesheet, font, image or address', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|@import|url\(|https?:\/\//i);
  });

  it('renders in chromium with no request but the page, an svg per chart, each subject and the refusals; a screenshot is kept in test-results/', async () => {
    const server = await startHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    const url = `${server.origin}/report.html`;
    const profile = mkdtempSync(join(tmpdir(), 'identity-signals-chromium-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const requests: string[] = [];
      const refused: string[] = [];
      const problems: string[] = [];
      // Every request but the page itself is refused: a page that needs one shows it here.
      await page.route('**/*', async (route) => {
        if (route.request().url() === url) return route.continue();
        refused.push(route.request().url());
        return route.abort();
      });
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(url);

      // Drawn by the browser with a size, not just markup present (a string: this project's types know no DOM).
      const drawn = (await page.evaluate(`[...document.querySelectorAll('section[id]:not(#refused)')].map((section) => ({
        subject: section.id,
        heading: section.querySelector('h2').textContent,
        charts: [...section.querySelectorAll('svg.chart')].map((svg) => ({
          kind: svg.classList[1],
          named: (svg.getAttribute('aria-labelledby') || '').split(' ').every((id) => (document.getElementById(id)?.textContent || '').length > 0),
          width: svg.getBoundingClientRect().width,
        })),
        rocLines: [...section.querySelectorAll('svg.roc polyline')].filter((l) => l.getBBox().width > 0).length,
        abusiveBars: [...section.querySelectorAll('svg.histogram rect.abusive')].filter((b) => b.getBBox().height > 0).length,
        genuineBars: [...section.querySelectorAll('svg.histogram rect.genuine')].filter((b) => b.getBBox().height > 0).length,
        fittedEdges: section.querySelectorAll('svg.histogram line.edge.after').length,
        oldEdges: section.querySelectorAll('svg.histogram line.edge.before').length,
        deciles: [...section.querySelectorAll('svg.calibration rect.bar')].filter((b) => b.getBBox().height > 0).length,
        weightRows: section.querySelectorAll('table.weights tbody tr').length,
        changedRows: [...section.querySelectorAll('table.weights tbody tr.changed th')].map((th) => th.textContent),
        headers: [...section.querySelectorAll('table.weights thead th')].map((th) => th.textContent),
      }))`)) as {
        subject: string;
        heading: string;
        charts: { kind: string; named: boolean; width: number }[];
        rocLines: number;
        abusiveBars: number;
        genuineBars: number;
        fittedEdges: number;
        oldEdges: number;
        deciles: number;
        weightRows: number;
        changedRows: string[];
        headers: string[];
      }[];
      expect(drawn.map((d) => d.subject)).toEqual(['email', 'identity']);
      for (const d of drawn) {
        expect(d.heading, d.subject).toMatch(new RegExp(`^${d.subject} `));
        expect(d.charts.map((c) => c.kind)).toEqual(['roc', 'histogram', 'calibration']);
        expect(d.charts.every((c) => c.named && c.width > 100), JSON.stringify(d.charts)).toBe(true);
        expect(d.rocLines, d.subject).toBe(2);
        expect(d.fittedEdges, d.subject).toBe(4);
        expect(d.oldEdges, d.subject).toBe(4);
        expect(d.headers).toEqual(['code', 'kind', 'rows', 'before', 'after', 'change', 'fitted or kept because']);
      }
      const [e, i] = drawn as [(typeof drawn)[0], (typeof drawn)[0]];
      // Bars with a height: the bins holding rows (email abusive: 16 of 20 bins, genuine 19; identity 12 and 18).
      expect([e.abusiveBars, e.genuineBars, i.abusiveBars, i.genuineBars]).toEqual([16, 19, 12, 18]);
      expect([e.deciles, i.deciles]).toEqual([9, 5]);
      expect([e.weightRows, i.weightRows]).toEqual([5, 3]);
      expect(e.changedRows).toEqual(['EMAIL_DISPOSABLE', 'EMAIL_FREE', HOSTILE_CODE]);
      expect(i.changedRows).toEqual(['IDENTITY_EMAIL']);

      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).toContain(HOSTILE_FILE);
      expect(text).toContain('a'.repeat(64));
      expect(text).toContain('phone: 140 rows, fewer than 200');
      expect(text).toContain('seen on 12 rows, fewer than 30');
      expect(text).toContain('AUC 0.861 → 0.912');
      expect(text).toContain('genuine blocked 0.71% (target ≤ 1.00%)');
      expect(await page.evaluate('document.querySelectorAll("script").length')).toBe(0);

      expect(refused).toEqual([]);
      expect(requests).toEqual([url]);
      expect(problems).toEqual([]);

      mkdirSync(join(ROOT, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'test-results', 'tuning-report.png'), fullPage: true });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      await server.close();
    }
  }, 60_000);
});
