import { PRODUCTS } from '../resolve.js';
import { HISTOGRAM_BINS, TOP_FIELDS, topEntries } from './stats.js';
import type { BatchStats, Mapping, ProductStats } from './types.js';
import { escapeHtml, reportPage } from '../common/reportPage.js';

/** What the report says about the run as a whole. */
export interface ReportSummary {
  readonly input: string;
  readonly rows: number;
  readonly checked: number;
  readonly rejected: number;
  readonly mapping: Mapping;
}

/** Entries shown per table. */
const TOP = 10;

function number(n: number): string {
  return n.toLocaleString('en-US');
}

/** A vertical bar chart (the score histogram): one bar per bin, labelled every fifth. */
function histogram(bins: readonly number[]): string {
  const width = 600;
  const height = 180;
  const max = Math.max(1, ...bins);
  const step = width / bins.length;
  const bars = bins
    .map((count, i) => {
      const h = Math.round((count / max) * (height - 20));
      const label = `${i * 50}–${i === bins.length - 1 ? 1000 : i * 50 + 49}`;
      return `<rect class="bar" x="${(i * step + 1).toFixed(1)}" y="${height - 20 - h}" width="${(step - 2).toFixed(1)}" height="${h}"><title>${label}: ${number(count)}</title></rect>`;
    })
    .join('');
  const ticks = [0, 250, 500, 750, 1000]
    .map((score) => `<text x="${((score / 1000) * width).toFixed(0)}" y="${height - 4}" class="tick" text-anchor="${score === 0 ? 'start' : score === 1000 ? 'end' : 'middle'}">${score}</text>`)
    .join('');
  return `<svg class="chart histogram" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="score histogram">${bars}${ticks}</svg>`;
}

/** A horizontal bar chart of a count table, largest first. */
function horizontal(entries: readonly [string, number][], label: string): string {
  if (entries.length === 0) return `<p class="none">No ${escapeHtml(label)} in these rows.</p>`;
  const width = 600;
  const row = 22;
  const labelWidth = 210;
  const max = Math.max(1, ...entries.map(([, n]) => n));
  const bars = entries
    .map(([key, count], i) => {
      const w = Math.max(1, Math.round((count / max) * (width - labelWidth - 80)));
      const shown = key.length > 28 ? `${key.slice(0, 27)}…` : key;
      return (
        `<text x="${labelWidth - 6}" y="${i * row + 15}" class="label">${escapeHtml(shown)}</text>` +
        `<rect class="bar" x="${labelWidth}" y="${i * row + 3}" width="${w}" height="${row - 6}"><title>${escapeHtml(key)}: ${number(count)}</title></rect>` +
        `<text x="${labelWidth + w + 6}" y="${i * row + 15}" class="count">${number(count)}</text>`
      );
    })
    .join('');
  const height = entries.length * row + 4;
  return `<svg class="chart bars" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(label)}">${bars}</svg>`;
}

/**
 * The credit an IP section owes for what it shows, with links: the
 * locations (its top countries) are DB-IP's, the networks (its top
 * networks) from the IP-to-ASN table of DB-IP, Route Views and the NRO,
 * all CC BY 4.0, whose attribution a page that shows them must carry (the
 * wording is NOTICE's). Empty when the section shows neither (no address
 * was located): there is nothing to credit.
 */
function ipCredit(stats: ProductStats): string {
  const shown = (field: string) => Object.keys(stats.tops[field] ?? {}).length > 0;
  const parts = [
    ...(shown('country') ? ['Locations: <a href="https://db-ip.com">IP Geolocation by DB-IP</a>.'] : []),
    ...(shown('isp')
      ? [
          'Networks: IP to ASN Lite by <a href="https://db-ip.com">DB-IP</a>, IP to AS Number data by <a href="https://www.routeviews.org">Route Views</a>, ' +
            'delegation statistics by the <a href="https://www.nro.net">Number Resource Organization</a>.',
        ]
      : []),
  ];
  if (parts.length === 0) return '';
  return `<p class="credit">${parts.join(' ')} Licensed under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.</p>\n`;
}

function section(product: string, stats: ProductStats, columns: readonly string[]): string {
  const scored = stats.histogram.reduce((a, b) => a + b, 0);
  const tops = Object.entries(TOP_FIELDS[product as keyof typeof TOP_FIELDS])
    .map(([field, title]) => `<div class="panel"><h3>Top ${escapeHtml(title)}</h3>${horizontal(topEntries(stats.tops[field] ?? {}, TOP), title)}</div>`)
    .join('');
  return `<section id="${product}">
<h2>${product} <small>from ${columns.map((c) => `“${escapeHtml(c)}”`).join(' + ')}</small></h2>
<p class="facts">${number(scored)} scored · ${number(stats.empty)} empty · ${number(stats.errors)} refused by the check</p>
<div class="grid">
<div class="panel wide"><h3>Score histogram</h3>${histogram(stats.histogram.length === HISTOGRAM_BINS ? stats.histogram : new Array<number>(HISTOGRAM_BINS).fill(0))}</div>
<div class="panel"><h3>Clusters</h3>${horizontal(topEntries(stats.clusters, TOP), 'clusters')}</div>
<div class="panel"><h3>Most frequent reasons</h3>${horizontal(topEntries(stats.reasons, TOP), 'reasons')}</div>
${tops}
</div>
${product === 'ip' ? ipCredit(stats) : ''}</section>`;
}

/**
 * The HTML report of a batch: per product the score histogram, cluster
 * counts, most frequent reason codes and top domains / countries / carriers /
 * device categories, as inline SVG. One self-contained page: no script, no
 * external font, image or style, and a Content-Security-Policy that would
 * block them anyway, so it opens the same offline, from an e-mail, or in an
 * archive years later. Its only links are the credits the IP data's
 * licence asks for, which nothing fetches.
 */
export function renderReport(stats: BatchStats, summary: ReportSummary): string {
  const sections = PRODUCTS.filter((p) => stats[p] !== undefined)
    .map((p) => section(p, stats[p]!, summary.mapping[p] ?? []))
    .join('\n');
  return reportPage(
    `identity-signals batch report: ${summary.input}`,
    `.facts { color: #5b6677; margin: 0 0 12px; }
.grid { display: flex; flex-wrap: wrap; gap: 16px; }
.panel { border: 1px solid #dde2ea; border-radius: 6px; padding: 12px; flex: 1 1 480px; max-width: 640px; }
.chart { width: 100%; height: auto; display: block; }
.bar { fill: #3867d6; } .histogram .bar { fill: #20a374; }
.label { font-size: 12px; text-anchor: end; fill: #1d2430; } .count, .tick { font-size: 11px; fill: #5b6677; }
.none { color: #8a94a6; }
.credit { color: #5b6677; font-size: 12px; margin: 8px 0 0; } .credit a { color: #3867d6; }`,
    `<h1>Batch report</h1>
<p class="facts">${escapeHtml(summary.input)} · ${number(summary.rows)} rows read · ${number(summary.checked)} checked · ${number(summary.rejected)} rejected</p>
${sections}`,
  );
}
