import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openChromium } from '../support/chromium.js';
import { describe, expect, it } from 'vitest';
import { fitScoring } from '../../src/tuning/fit.js';
import { renderTuningReport } from '../../src/tuning/report.js';
import type { LabelledRow, ScoringFit, ScoringProvenance } from '../../src/tuning/types.js';
import { startHttpServer } from '../support/httpServer.js';
import { syntheticRows } from '../support/tuningRows.js';
import type { SyntheticProduct } from '../support/tuningRows.js';

// The tuning report opened in a real headless browser (Debian's chromium; CI
// installs it, and no chromium fails the test). The page is served from
// loopback and every other request the browser makes is refused and recorded.

const ROOT = join(import.meta.dirname, '..', '..');
const HOSTILE_CODE = '<script>alert("code")</script>';
const HOSTILE_FILE = 'signups-<script>alert(1)</script>.csv';


// A real fit: synthetic sign-ups (codes raised at known rates, labels drawn from
// known true weights) over e-mail and IP with the identity, and a phone on only
// 150 of them, which the fit refuses. One weight row is given a hostile code,
// as a file of another origin could hold: the page must show it as text.
const PRODUCTS: SyntheticProduct[] = [
  {
    product: 'email',
    codes: [
      { code: 'EMAIL_FREE', rate: 0.5, truth: 1.0 },
      { code: 'EMAIL_DISPOSABLE', rate: 0.12, truth: 2.0 },
      { code: 'EMAIL_ROLE', rate: 0.15, truth: 0.8 },
      { code: 'EMAIL_NAME_LIKE', rate: 0.3, truth: 0.5 },
      { code: 'EMAIL_DIGIT_RUN', rate: 0.004, truth: 1.0 },
    ],
  },
  {
    product: 'ip',
    codes: [
      { code: 'IP_VPN', rate: 0.15, truth: 1.5 },
      { code: 'IP_ISP', rate: 0.55, truth: 1.2 },
      { code: 'IP_HOSTING', rate: 0.1, truth: 2.0 },
    ],
  },
  { product: 'phone', codes: [{ code: 'PHONE_VOIP', rate: 0.3, truth: 1 }] },
];
const rows = syntheticRows(3_000, 5, PRODUCTS, 0.4, {
  carried: { email: 0.7, ip: 0.8, phone: 0.5 },
  codes: [{ code: 'IDENTITY_NIGHT_ACTIVITY', rate: 0.15, truth: 0.9 }],
}).map((row, i): LabelledRow => (i < 150 ? row : { ...row, phone: undefined }));
const realFit = fitScoring(rows);
const fit: ScoringFit = {
  ...realFit,
  subjects: realFit.subjects.map((s) =>
    s.subject === 'email' ? { ...s, weights: [...s.weights, { code: HOSTILE_CODE, kind: 'risk', rows: 31, before: 0.5, after: 1.25, kept: null }] } : s,
  ),
};
const abusive = rows.filter((r) => r.label === 'abusive').length;
const provenance: ScoringProvenance = {
  tool: 'identity-signals 0.1.0',
  created: '2026-12-01T12:00:00.000Z',
  input: { file: HOSTILE_FILE, sha256: 'a'.repeat(64), rows: rows.length, abusive, genuine: rows.length - abusive },
  options: { ...fit.options },
  subjects: Object.fromEntries(fit.subjects.map((s) => [s.subject, { rows: s.rows, aucBefore: s.aucBefore, aucAfter: s.aucAfter }])),
  refused: fit.refused,
};
const shown = (n: number) => String(Number(n.toFixed(2)));
const nonZero = (values: readonly number[]) => values.filter((v) => v > 0).length;

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
    const browser = await openChromium();
    try {
      const { context } = browser;
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
        unseen: [...section.querySelectorAll('p.unseen code')].map((c) => c.textContent),
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
        unseen: string[];
      }[];
      expect(fit.refused).toEqual([{ subject: 'phone', reason: '150 rows, fewer than 200' }]);
      expect(drawn.map((d) => d.subject)).toEqual(fit.subjects.map((f) => f.subject));
      expect(drawn.map((d) => d.subject)).toEqual(['email', 'ip', 'identity']);
      for (const [i, d] of drawn.entries()) {
        const f = fit.subjects[i]!;
        expect(d.heading, d.subject).toMatch(new RegExp(`^${d.subject} `));
        expect(d.charts.map((c) => c.kind)).toEqual(['roc', 'histogram', 'calibration']);
        expect(d.charts.every((c) => c.named && c.width > 100), JSON.stringify(d.charts)).toBe(true);
        expect(d.rocLines, d.subject).toBe(2);
        expect(d.fittedEdges, d.subject).toBe(4);
        expect(d.oldEdges, d.subject).toBe(4);
        expect(d.headers).toEqual(['code', 'kind', 'rows', 'before', 'after', 'change', 'fitted or kept because']);
        // Bars with a height: one per bin or decile that holds rows (none where it holds none).
        expect([d.abusiveBars, d.genuineBars], d.subject).toEqual([nonZero(f.histogram.abusive), nonZero(f.histogram.genuine)]);
        expect(d.abusiveBars + d.genuineBars, d.subject).toBeGreaterThan(10);
        expect(d.deciles, d.subject).toBe(nonZero(f.calibration.map((c) => c.abusiveShare)));
        expect(d.deciles, d.subject).toBeGreaterThan(3);
        // A row per code some row raised; the codes no row raised are listed in one line with their weights.
        const raised = f.weights.filter((w) => w.rows > 0 || shown(w.before) !== shown(w.after));
        expect(d.weightRows, d.subject).toBe(raised.length);
        expect(d.unseen, d.subject).toEqual(f.weights.filter((w) => !raised.includes(w)).map((w) => w.code));
        const changed = f.weights.filter((w) => shown(w.before) !== shown(w.after)).map((w) => w.code);
        expect(changed.length, d.subject).toBeGreaterThan(0);
        expect(d.changedRows, d.subject).toEqual(changed);
      }
      expect(drawn[0]!.changedRows).toContain(HOSTILE_CODE);

      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).toContain(HOSTILE_FILE);
      expect(text).toContain('a'.repeat(64));
      expect(text).toContain('phone: 150 rows, fewer than 200');
      const rare = fit.subjects[0]!.weights.find((w) => w.code === 'EMAIL_DIGIT_RUN')!;
      expect(rare.kept).toMatch(/^seen on \d+ rows, fewer than 30$/);
      expect(text).toContain(rare.kept);
      for (const f of fit.subjects) expect(text).toContain(`AUC ${f.aucBefore.toFixed(3)} → ${f.aucAfter.toFixed(3)}`);
      expect(await page.evaluate('document.querySelectorAll("script").length')).toBe(0);

      expect(refused).toEqual([]);
      expect(requests).toEqual([url]);
      expect(problems).toEqual([]);

      mkdirSync(join(ROOT, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'test-results', 'tuning-report.png'), fullPage: true });
      writeFileSync(join(ROOT, 'test-results', 'tuning-report.html'), html);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 60_000);
});
