/**
 * Accuracy of the device check over the fixture corpora, for the corpus
 * test (test/device/corpus.test.ts) and for a quick look from the shell
 * (`npx tsx test/device/corpusReport.ts`). No vitest import here.
 *
 * Held-out style split: every row falls in the "fit" or the "score" half by
 * a hash of its user agent (FNV-1a, lowest bit), fixed forever, so repeats
 * of one UA stay on one side. Rules are written from misses of the fit half
 * only; the score half then measures what a rule does on user agents it was
 * not written for (the held-out judging uses UAs of the same kinds
 * that the repository never sees). A large gap between the halves means
 * rules fitted to single rows.
 *
 * Each miss is "no rule" (the check gave nothing: null or `unknown`) or
 * "wrong rule" (it gave a different answer): the first calls for coverage,
 * the second for a rule that overreaches.
 *
 * Bots: each source is judged by its own concept.
 * - Matomo's rows: Matomo's taxonomy, which is the spec's: `is_robot` is "a
 *   bot or spider", and feed readers, download agents, checkers and spam
 *   harvesters are client kinds of their own. Recall is `is_robot` over
 *   Matomo's bots, false positives are `is_robot` over Matomo's other rows
 *   (the pool the 1% floor was first set on).
 * - isbot's fixtures: isbot's concept, "not a person at a browser". A UA
 *   counts as detected when the result marks it automated by the spec's
 *   fields ({@link automated}); the same test counts a false positive on
 *   isbot's browser fixtures, so the metric is symmetric.
 * - pooled: the sum of the two, each row judged as its source judges it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserFamily, osFamily } from '../../src/device/index.js';
import type { DeviceCheck, DeviceResult } from '../../src/device/index.js';
import { lookupModelCode } from '../../src/device/data/index.js';
import { readIsbotFixture } from '../support/isbotFixtures.js';
import { rateOf } from '../support/rate.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

const here = dirname(fileURLToPath(import.meta.url));

interface MatomoRow {
  id: string;
  input: { user_agent: string; headers?: Record<string, string> };
  expected: {
    is_robot: boolean;
    os: { name: string } | null;
    client: { type: string; name: string } | null;
    device: { type: string; brand: string; model: string } | null;
  };
}
interface UapRow {
  id: string;
  input: { user_agent: string };
  expected: { family: string; brand: string | null; model: string | null };
}

function readJsonl<T>(name: string): T[] {
  return readFileSync(join(here, '../fixtures/device', name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** Lower-case, letters and digits only: how brands and models are compared. */
export const norm = (s: string | null | undefined): string => (s ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** Matomo device types in the result's category vocabulary. */
const CATEGORY_OF: Readonly<Record<string, string>> = {
  'feature phone': 'feature_phone',
  'smart speaker': 'smart_speaker',
  'smart display': 'smart_display',
  'portable media player': 'media_player',
  'car browser': 'car',
};

/** The half a user agent belongs to: FNV-1a 32-bit hash of the UA, lowest bit. */
export type Half = 'fit' | 'score';
export function halfOf(ua: string): Half {
  let h = 0x811c9dc5;
  for (let i = 0; i < ua.length; i++) {
    h ^= ua.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h & 1) === 0 ? 'fit' : 'score';
}

export type MissKind = 'no rule' | 'wrong rule';
export interface Miss {
  readonly half: Half;
  readonly kind: MissKind;
  /** The expected device category of the row, when it has one (for "misses by category"). */
  readonly category: string | null;
  readonly text: string;
}

/** One accuracy figure over a set of rows. */
export class Metric {
  hits = 0;
  total = 0;
  readonly misses: Miss[] = [];
  constructor(readonly name: string) {}
  add(hit: boolean, miss: () => Omit<Miss, 'half'> & { half?: Half }, half: Half = 'fit'): void {
    this.total++;
    if (hit) this.hits++;
    else this.misses.push({ half, ...miss() });
  }
  /** Hits over rows; a metric over zero rows throws (rateOf) instead of counting as 100%. */
  get rate(): number {
    return rateOf(this.name, this.hits, this.total);
  }
  report(): string {
    if (this.total === 0) return `${this.name}: no rows`;
    return `${this.name}: ${(this.rate * 100).toFixed(2)}% (${this.hits}/${this.total})`;
  }
}

/** The five metrics reported per half. */
export const HALF_METRICS = ['device category', 'brand', 'model', 'OS family', 'browser family'] as const;
export type HalfMetric = (typeof HALF_METRICS)[number];

export interface CorpusMetrics {
  /** Every metric over the whole corpora (the floors are asserted on these). */
  readonly all: readonly Metric[];
  /** The five main metrics over each half. */
  readonly halves: Readonly<Record<Half, Readonly<Record<HalfMetric, Metric>>>>;
  readonly byName: (name: string) => Metric;
}

const short = (ua: string): string => (ua.length > 110 ? `${ua.slice(0, 110)}…` : ua);

/** The model matches by name, by code, or by naming the same table entry as the expected code. */
function modelHit(r: DeviceResult, expected: string, brand: string | null): boolean {
  const got = norm(r.model);
  if (got === '') return false;
  const want = norm(expected);
  if (got === want) return true;
  const viaTable = lookupModelCode(T.models, expected, brand ?? undefined);
  return viaTable !== undefined && norm(viaTable.model) === got;
}

/**
 * Marked as automated by the spec's fields, as isbot's fixtures mean
 * "crawler": a bot or spider (`is_robot`), or a client kind the spec defines
 * as an agent that fetches on its own — link and site checkers
 * (`is_checker`), download agents (`is_downloader`), feed readers
 * (`is_feed_reader`), address and spam harvesters (`is_spam`). Not
 * `is_filter` (a proxy or content filter relays a person's own request) and
 * not the hardware and app kinds (`is_app`, `is_media_player`, `is_t_v`, …):
 * a person is at those.
 */
export const automated = (r: DeviceResult): boolean => r.is_robot || r.is_checker || r.is_downloader || r.is_feed_reader || r.is_spam;

const kindOf = (got: string | null | undefined): MissKind => (got === null || got === undefined || got === '' || got === 'unknown' ? 'no rule' : 'wrong rule');

/** Runs `check` over every fixture row and returns the metrics (see the file comment). */
export function measureCorpus(check: DeviceCheck): CorpusMetrics {
  const os = new Metric('OS family');
  const osExact = new Metric('OS name (exact, informative)');
  const browser = new Metric('browser family');
  const browserExact = new Metric('browser name (exact, informative)');
  const category = new Metric('device category');
  const brand = new Metric('brand');
  const model = new Metric('model');
  const botRecall = new Metric('bot recall (Matomo)');
  const humans = new Metric('humans not flagged (Matomo; 1 - bot false-positive rate)');
  const isbotRecall = new Metric('automated recall (isbot crawler fixtures)');
  const isbotRobot = new Metric('is_robot alone on isbot crawler fixtures (informative)');
  const isbotHumans = new Metric('browsers not flagged as automated (isbot browser fixtures)');
  const uapRecall = new Metric('bot recall (uap-core Spider rows, informative)');
  const halves = {
    fit: Object.fromEntries(HALF_METRICS.map((n) => [n, new Metric(n)])) as Record<HalfMetric, Metric>,
    score: Object.fromEntries(HALF_METRICS.map((n) => [n, new Metric(n)])) as Record<HalfMetric, Metric>,
  };
  /** Adds a row to the whole-corpus metric and to its half's. */
  const add = (m: Metric, half: Half, hit: boolean, miss: () => Omit<Miss, 'half'>): void => {
    m.add(hit, miss, half);
    halves[half][m.name as HalfMetric].add(hit, miss, half);
  };

  for (const file of ['device_ua.dev.jsonl', 'client_hints.dev.jsonl']) {
    for (const row of readJsonl<MatomoRow>(file)) {
      const ua = row.input.user_agent;
      const half = halfOf(ua);
      const r = check(ua, row.input.headers === undefined ? undefined : { headers: row.input.headers });
      const e = row.expected;
      const tag = `${row.id} | ${short(ua)}`;
      if (e.is_robot) {
        botRecall.add(r.is_robot, () => ({ kind: 'no rule', category: 'robot', text: `not a robot: ${tag}` }), half);
        continue;
      }
      humans.add(!r.is_robot, () => ({ kind: 'wrong rule', category: null, text: `robot by mistake: ${tag}` }), half);
      const d = e.device;
      const want = d !== null && d.type !== '' ? (CATEGORY_OF[d.type] ?? d.type) : null;
      if (e.os !== null && e.os.name !== '') {
        const hit = r.operating_system !== null && osFamily(r.operating_system) === osFamily(e.os.name);
        const miss = (): Omit<Miss, 'half'> => ({ kind: kindOf(r.operating_system), category: want, text: `${e.os!.name} ≠ ${r.operating_system}: ${tag}` });
        add(os, half, hit, miss);
        osExact.add(r.operating_system === e.os.name, miss, half);
      }
      if (e.client !== null && e.client.type === 'browser') {
        const hit = r.browser_name !== null && browserFamily(r.browser_name) === browserFamily(e.client.name);
        const miss = (): Omit<Miss, 'half'> => ({ kind: kindOf(r.browser_name), category: want, text: `${e.client!.name} ≠ ${r.browser_name}: ${tag}` });
        add(browser, half, hit, miss);
        browserExact.add(r.browser_name === e.client.name, miss, half);
      }
      if (want !== null) add(category, half, r.category === want, () => ({ kind: kindOf(r.category), category: want, text: `${want} ≠ ${r.category}: ${tag}` }));
      if (d !== null && d.brand !== '') add(brand, half, norm(r.brand) === norm(d.brand), () => ({ kind: kindOf(r.brand), category: want, text: `${d.brand} ≠ ${r.brand}: ${tag}` }));
      if (d !== null && d.model !== '') add(model, half, modelHit(r, d.model, d.brand || null), () => ({ kind: kindOf(r.model), category: want, text: `${d.brand} ${d.model} ≠ ${r.model}: ${tag}` }));
    }
  }

  for (const row of readJsonl<UapRow>('uap_device.dev.jsonl')) {
    const ua = row.input.user_agent;
    const half = halfOf(ua);
    const r = check(ua);
    const e = row.expected;
    const tag = `${row.id} | ${short(ua)}`;
    // uap-core files every robot under the device family `Spider`.
    if (e.family === 'Spider') uapRecall.add(r.is_robot, () => ({ kind: 'no rule', category: 'robot', text: `not a robot: ${tag}` }), half);
    if (e.brand !== null && e.brand !== '') add(brand, half, norm(r.brand) === norm(e.brand), () => ({ kind: kindOf(r.brand), category: null, text: `${e.brand} ≠ ${r.brand}: ${tag}` }));
    if (e.model !== null && e.model !== '') add(model, half, modelHit(r, e.model, e.brand), () => ({ kind: kindOf(r.model), category: null, text: `${e.brand} ${e.model} ≠ ${r.model}: ${tag}` }));
  }

  for (const ua of readIsbotFixture('crawlers')) {
    const r = check(ua);
    isbotRecall.add(automated(r), () => ({ kind: 'no rule', category: 'robot', text: `not automated: ${short(ua)}` }), halfOf(ua));
    isbotRobot.add(r.is_robot, () => ({ kind: 'no rule', category: 'robot', text: `not a robot${automated(r) ? ' (automated client kind)' : ''}: ${short(ua)}` }), halfOf(ua));
  }
  for (const ua of readIsbotFixture('browsers')) {
    isbotHumans.add(!automated(check(ua)), () => ({ kind: 'wrong rule', category: null, text: `automated by mistake: ${short(ua)}` }), halfOf(ua));
  }

  /** Each source's rows judged by its own concept (see the file comment); misses stay on the source metrics. */
  const pooled = (name: string, a: Metric, b: Metric): Metric => {
    const m = new Metric(name);
    m.hits = a.hits + b.hits;
    m.total = a.total + b.total;
    return m;
  };
  const all = [
    os, osExact, browser, browserExact, category, brand, model, botRecall, humans, isbotRecall, isbotRobot, isbotHumans, uapRecall,
    pooled('bot recall (pooled: Matomo is_robot + isbot automated)', botRecall, isbotRecall),
    pooled('humans not flagged (pooled: Matomo is_robot + isbot automated)', humans, isbotHumans),
  ];
  const byName = (name: string): Metric => {
    const m = all.find((x) => x.name === name);
    if (m === undefined) throw new Error(`no metric ${name}`);
    return m;
  };
  return { all, halves, byName };
}

/** Counts of misses by kind and by expected category, one line each. */
export function missSummary(m: Metric, half?: Half): string {
  const misses = half === undefined ? m.misses : m.misses.filter((x) => x.half === half);
  const byKind: Record<string, number> = {};
  const byCategory: Record<string, number> = {};
  for (const x of misses) {
    byKind[x.kind] = (byKind[x.kind] ?? 0) + 1;
    const c = x.category ?? '(uap-core, no type)';
    byCategory[c] = (byCategory[c] ?? 0) + 1;
  }
  const fmt = (r: Record<string, number>): string =>
    Object.entries(r)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  return `${misses.length} misses — ${fmt(byKind)} | by expected category: ${fmt(byCategory)}`;
}

/** The whole report as printed by the corpus test: every miss, grouped, then the figures. */
export function corpusReport(metrics: CorpusMetrics): string {
  const out: string[] = [];
  for (const m of metrics.all) {
    out.push(`--- ${m.report()} — ${m.misses.length} misses`);
    for (const kind of ['no rule', 'wrong rule'] as const) {
      const list = m.misses.filter((x) => x.kind === kind);
      if (list.length === 0) continue;
      out.push(`  [${kind}] ${list.length}`);
      for (const x of list) out.push(`  ${x.half === 'fit' ? 'fit  ' : 'score'} ${x.text}`);
    }
  }
  out.push('=== whole corpora');
  for (const m of metrics.all) out.push(m.report());
  for (const half of ['fit', 'score'] as const) {
    out.push(`=== ${half} half`);
    for (const n of HALF_METRICS) {
      const m = metrics.halves[half][n];
      out.push(`${m.report()} — ${missSummary(m)}`);
    }
  }
  return out.join('\n');
}
