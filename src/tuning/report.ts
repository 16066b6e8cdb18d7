/**
 * The HTML report of a tuning run (`identity-signals tune --report`): what
 * the fit changed and what it achieves on held-out folds, one section per
 * subject.
 */
import { SCORE_MODELS } from '../registry.js';
import type { ProductBandTable } from '../scoring/index.js';
import type { RocPoint, ScoringFit, ScoringProvenance, SubjectFit } from './types.js';
import { escapeHtml, reportPage } from '../common/reportPage.js';

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function finite(n: number): boolean {
  return typeof n === 'number' && Number.isFinite(n);
}

function auc(n: number): string {
  return finite(n) ? n.toFixed(3) : '—';
}

function percent(share: number): string {
  if (!finite(share)) return '—';
  const p = share * 100;
  // A rate near the targets (1 %, 5 %) needs its second digit; a large one does not.
  return `${p > 0 && p < 10 ? p.toFixed(2) : p.toFixed(1)}%`;
}

/** Weights as the engine reads them (nats), to two decimals: a change smaller than that is not one a reader can see. */
function weight(n: number): string {
  return finite(n) ? String(Number(n.toFixed(2))) : '—';
}

function clusterNames(subject: string): readonly string[] {
  return SCORE_MODELS.find((m) => m.product === subject)?.clusters ?? ['1', '2', '3', '4', '5'];
}

/** The inner edges of a band table: the first score of each band but the lowest. */
function edges(bands: ProductBandTable): number[] {
  return bands.slice(1).map((b) => b.min);
}

/** A chart's accessible name and description, referenced by the svg. */
function titled(id: string, title: string, desc: string): string {
  return `<title id="${id}-title">${escapeHtml(title)}</title><desc id="${id}-desc">${escapeHtml(desc)}</desc>`;
}

function svgOpen(id: string, cls: string, width: number, height: number): string {
  return `<svg class="chart ${cls}" id="${id}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc">`;
}

/** ROC curve before and after: the share of abusive rows a block catches (y) against the share of genuine rows it blocks (x). */
function rocChart(fit: SubjectFit): string {
  const id = `${fit.subject}-roc`;
  const size = 340;
  const left = 52;
  const bottom = 44;
  const top = 12;
  const right = 14;
  const w = size - left - right;
  const h = size - top - bottom;
  const x = (fpr: number) => (left + fpr * w).toFixed(1);
  const y = (tpr: number) => (top + (1 - tpr) * h).toFixed(1);
  const line = (points: readonly RocPoint[]) => {
    const sorted = points.filter((p) => finite(p.fpr) && finite(p.tpr)).slice().sort((a, b) => a.fpr - b.fpr || a.tpr - b.tpr);
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    if (first === undefined || first.fpr > 0 || first.tpr > 0) sorted.unshift({ fpr: 0, tpr: 0 });
    if (last === undefined || last.fpr < 1 || last.tpr < 1) sorted.push({ fpr: 1, tpr: 1 });
    return sorted.map((p) => `${x(p.fpr)},${y(p.tpr)}`).join(' ');
  };
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (t) =>
        `<line class="gridline" x1="${x(t)}" y1="${y(0)}" x2="${x(t)}" y2="${y(1)}"/><line class="gridline" x1="${x(0)}" y1="${y(t)}" x2="${x(1)}" y2="${y(t)}"/>` +
        `<text class="tick" x="${x(t)}" y="${top + h + 14}" text-anchor="middle">${t * 100}%</text>` +
        `<text class="tick" x="${left - 6}" y="${(Number(y(t)) + 4).toFixed(1)}" text-anchor="end">${t * 100}%</text>`,
    )
    .join('');
  const legendX = left + w - 150;
  const legendY = top + h - 62;
  return (
    svgOpen(id, 'roc', size, size) +
    titled(id, `${fit.subject}: ROC curve before and after the fit`, `Held-out folds. AUC before ${auc(fit.aucBefore)}, after ${auc(fit.aucAfter)}; the diagonal is chance.`) +
    ticks +
    `<line class="chance" x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}"/>` +
    `<polyline class="roc-before" points="${line(fit.roc.before)}"/>` +
    `<polyline class="roc-after" points="${line(fit.roc.after)}"/>` +
    `<text class="axis" x="${left + w / 2}" y="${size - 8}" text-anchor="middle">genuine rows blocked (false positives)</text>` +
    `<text class="axis" transform="translate(14 ${top + h / 2}) rotate(-90)" text-anchor="middle">abusive rows caught</text>` +
    `<rect class="legend" x="${legendX}" y="${legendY}" width="144" height="56" rx="4"/>` +
    `<line class="roc-before" x1="${legendX + 8}" y1="${legendY + 15}" x2="${legendX + 30}" y2="${legendY + 15}"/>` +
    `<text class="key" x="${legendX + 36}" y="${legendY + 19}">before, AUC ${auc(fit.aucBefore)}</text>` +
    `<line class="roc-after" x1="${legendX + 8}" y1="${legendY + 31}" x2="${legendX + 30}" y2="${legendY + 31}"/>` +
    `<text class="key" x="${legendX + 36}" y="${legendY + 35}">after, AUC ${auc(fit.aucAfter)}</text>` +
    `<line class="chance" x1="${legendX + 8}" y1="${legendY + 47}" x2="${legendX + 30}" y2="${legendY + 47}"/>` +
    `<text class="key" x="${legendX + 36}" y="${legendY + 51}">chance, AUC 0.5</text>` +
    `</svg>`
  );
}

/**
 * The held-out scores after the fit, one strip per label, each bar the
 * share of that label's rows (the labels are rarely the same size), with
 * the fitted band edges solid and the old ones dashed.
 */
function histogramChart(fit: SubjectFit): string {
  const id = `${fit.subject}-histogram`;
  const width = 640;
  const left = 92;
  const right = 12;
  const top = 46;
  const strip = 92;
  const gap = 14;
  const axis = 38;
  const height = top + 2 * strip + gap + axis;
  const plot = width - left - right;
  const x = (score: number) => left + (score / 1000) * plot;
  const labels = [
    { label: 'abusive', bins: fit.histogram.abusive, total: fit.histogram.abusive.reduce((a, b) => a + b, 0) },
    { label: 'genuine', bins: fit.histogram.genuine, total: fit.histogram.genuine.reduce((a, b) => a + b, 0) },
  ];
  const shares = labels.map((l) => l.bins.map((n) => (l.total > 0 ? n / l.total : 0)));
  const max = Math.max(0.01, ...shares.flat());
  const strips = labels
    .map((l, s) => {
      const base = top + s * (strip + gap) + strip;
      const bins = l.bins.length;
      const step = plot / Math.max(1, bins);
      const bars = l.bins
        .map((n, i) => {
          const share = shares[s]![i]!;
          const bh = (share / max) * (strip - 4);
          const from = i * 50;
          const to = i === bins - 1 ? 1000 : from + 49;
          return `<rect class="bar ${l.label}" x="${(left + i * step + 1).toFixed(1)}" y="${(base - bh).toFixed(1)}" width="${(step - 2).toFixed(1)}" height="${bh.toFixed(1)}"><title>${l.label} ${from}–${to}: ${count(n)} rows (${percent(share)})</title></rect>`;
        })
        .join('');
      return (
        `<line class="baseline" x1="${left}" y1="${base}" x2="${left + plot}" y2="${base}"/>` +
        `<text class="strip-label" x="${left - 8}" y="${base - strip / 2}" text-anchor="end">${l.label}</text>` +
        `<text class="tick" x="${left - 8}" y="${base - strip / 2 + 14}" text-anchor="end">${count(l.total)} rows</text>` +
        (l.total === 0 ? `<text class="tick" x="${left + plot / 2}" y="${base - strip / 2}" text-anchor="middle">no ${l.label} rows</text>` : bars)
      );
    })
    .join('');
  const bottom = top + 2 * strip + gap;
  // Edge labels: fitted above the plot, old below the axis; two close edges alternate rows so their numbers do not overlap.
  const edgeLines = (values: number[], cls: string, labelY: number, rowStep: number) => {
    let lastX = -Infinity;
    let row = 0;
    return values
      .map((v) => {
        const ex = x(v);
        row = ex - lastX < 30 ? 1 - row : 0;
        lastX = ex;
        return (
          `<line class="edge ${cls}" x1="${ex.toFixed(1)}" y1="${top - 4}" x2="${ex.toFixed(1)}" y2="${bottom}"/>` +
          `<text class="edge-label ${cls}" x="${ex.toFixed(1)}" y="${labelY + row * rowStep}" text-anchor="middle">${v}</text>`
        );
      })
      .join('');
  };
  // The score scale under the axis, less any number an old edge's label already stands near.
  const scale = [0, 250, 500, 750, 1000]
    .filter((s) => edges(fit.bandsBefore).every((e) => Math.abs(x(e) - x(s)) >= 30))
    .map((s) => `<text class="tick" x="${x(s).toFixed(1)}" y="${bottom + 13}" text-anchor="${s === 0 ? 'start' : s === 1000 ? 'end' : 'middle'}">${s}</text>`)
    .join('');
  return (
    svgOpen(id, 'histogram', width, height) +
    titled(
      id,
      `${fit.subject}: held-out scores after the fit, per label`,
      `Bars: share of each label's rows per 50 points. Fitted band edges solid (${edges(fit.bands).join(', ')}), old ones dashed (${edges(fit.bandsBefore).join(', ')}).`,
    ) +
    strips +
    edgeLines(edges(fit.bandsBefore), 'before', bottom + 26, 12) +
    edgeLines(edges(fit.bands), 'after', top - 8, -12) +
    scale +
    `</svg>`
  );
}

/** Share abusive per decile of the held-out scores (ten groups of equal rows), the overall share dashed. */
function calibrationChart(fit: SubjectFit): string {
  const id = `${fit.subject}-calibration`;
  const width = 560;
  const left = 46;
  const right = 10;
  const top = 18;
  const plotH = 170;
  const height = top + plotH + 52;
  const plot = width - left - right;
  const deciles = fit.calibration;
  const step = plot / Math.max(1, deciles.length);
  const y = (share: number) => top + (1 - share) * plotH;
  const overall = fit.rows > 0 ? fit.abusive / fit.rows : 0;
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((t) => `<line class="gridline" x1="${left}" y1="${y(t).toFixed(1)}" x2="${left + plot}" y2="${y(t).toFixed(1)}"/><text class="tick" x="${left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${t * 100}%</text>`)
    .join('');
  const bars = deciles
    .map((d, i) => {
      const share = finite(d.abusiveShare) ? Math.min(1, Math.max(0, d.abusiveShare)) : 0;
      const bx = left + i * step;
      const cx = (bx + step / 2).toFixed(1);
      return (
        `<rect class="bar calibration" x="${(bx + 4).toFixed(1)}" y="${y(share).toFixed(1)}" width="${(step - 8).toFixed(1)}" height="${(plotH - (y(share) - top)).toFixed(1)}"><title>scores ${d.from}–${d.to}: ${count(d.rows)} rows, ${percent(d.abusiveShare)} abusive</title></rect>` +
        `<text class="value" x="${cx}" y="${(y(share) - 4).toFixed(1)}" text-anchor="middle">${Math.round(share * 100)}%</text>` +
        // Two lines: ten ranges such as 870–1000 side by side do not fit on one.
        `<text class="tick" x="${cx}" y="${top + plotH + 14}" text-anchor="middle">${d.from}–</text>` +
        `<text class="tick" x="${cx}" y="${top + plotH + 26}" text-anchor="middle">${d.to}</text>`
      );
    })
    .join('');
  return (
    svgOpen(id, 'calibration', width, height) +
    titled(id, `${fit.subject}: share abusive per score decile`, `Held-out scores after the fit in ten groups of equal rows, lowest scores first; the dashed line is the share abusive of all rows (${percent(overall)}).`) +
    grid +
    (deciles.length === 0 ? `<text class="tick" x="${left + plot / 2}" y="${top + plotH / 2}" text-anchor="middle">no scores</text>` : bars) +
    `<line class="overall" x1="${left}" y1="${y(overall).toFixed(1)}" x2="${left + plot}" y2="${y(overall).toFixed(1)}"/>` +
    `<text class="axis" x="${left + plot / 2}" y="${height - 6}" text-anchor="middle">score decile (lowest scores first)</text>` +
    `</svg>`
  );
}

function bandsTable(fit: SubjectFit): string {
  const names = clusterNames(fit.subject);
  const rows = fit.bands
    .map((b, i) => {
      const old = fit.bandsBefore[i]!;
      const moved = old.min !== b.min || old.max !== b.max;
      return `<tr${moved ? ' class="changed"' : ''}><th scope="row">${escapeHtml(names[i] ?? String(i + 1))}</th><td>${old.min}–${old.max}</td><td>${b.min}–${b.max}</td></tr>`;
    })
    .join('');
  return `<table class="bands"><caption>Moved bands highlighted</caption><thead><tr><th scope="col">cluster</th><th scope="col">before</th><th scope="col">after</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * The weights table: every code some row raised, then in one line the codes
 * no row raised (their weights cannot move; a model has dozens of them, and
 * a row each would bury the ones that did).
 */
function weightsTable(fit: SubjectFit): string {
  if (fit.weights.length === 0) return '<p class="none">No weights.</p>';
  const unseen = fit.weights.filter((c) => c.rows === 0 && weight(c.before) === weight(c.after));
  const shown = fit.weights.filter((c) => !unseen.includes(c));
  const rows = shown
    .map((c) => {
      const changed = weight(c.before) !== weight(c.after);
      const delta = c.after - c.before;
      return (
        `<tr${changed ? ' class="changed"' : ''}><th scope="row"><code>${escapeHtml(c.code)}</code></th><td>${escapeHtml(c.kind)}</td><td class="num">${count(c.rows)}</td>` +
        `<td class="num">${weight(c.before)}</td><td class="num">${weight(c.after)}</td><td class="num">${changed ? `${delta > 0 ? '+' : '−'}${weight(Math.abs(delta))}` : ''}</td>` +
        `<td>${c.kept === null ? 'fitted' : escapeHtml(c.kept)}</td></tr>`
      );
    })
    .join('');
  const changed = fit.weights.filter((c) => weight(c.before) !== weight(c.after)).length;
  const table =
    shown.length === 0
      ? '<p class="none">No row raised any of its codes.</p>'
      : `<table class="weights"><caption>Weights (nats): ${changed} of the ${shown.length} codes the rows raised changed, highlighted</caption>` +
        `<thead><tr><th scope="col">code</th><th scope="col">kind</th><th scope="col">rows</th><th scope="col">before</th><th scope="col">after</th><th scope="col">change</th><th scope="col">fitted or kept because</th></tr></thead>` +
        `<tbody>${rows}</tbody></table>`;
  const none =
    unseen.length === 0
      ? ''
      : `<p class="unseen">Raised by no row, weights kept (${unseen.length}): ${unseen.map((c) => `<code>${escapeHtml(c.code)}</code> ${weight(c.before)}`).join(', ')}</p>`;
  return table + none;
}

function section(fit: SubjectFit, options: ScoringFit['options']): string {
  const s = escapeHtml(fit.subject);
  const blockOk = fit.heldOut.genuineBlocked <= options.targetFpr;
  const acceptOk = fit.heldOut.abusiveAccepted <= options.targetAcceptedAbusive;
  return `<section id="${s}" aria-labelledby="${s}-heading">
<h2 id="${s}-heading">${s} <small>${count(fit.rows)} rows · ${count(fit.abusive)} abusive · ${count(fit.genuine)} genuine</small></h2>
<p class="facts">AUC ${auc(fit.aucBefore)} → <strong>${auc(fit.aucAfter)}</strong> (cross-validated) · held out, fitted bands: genuine blocked <strong class="${blockOk ? 'ok' : 'over'}">${percent(fit.heldOut.genuineBlocked)}</strong> (target ≤ ${percent(options.targetFpr)}), abusive accepted <strong class="${acceptOk ? 'ok' : 'over'}">${percent(fit.heldOut.abusiveAccepted)}</strong> (target ≤ ${percent(options.targetAcceptedAbusive)})</p>
<div class="grid">
<div class="panel roc-panel"><h3>ROC before and after</h3>${rocChart(fit)}</div>
<div class="panel wide"><h3>Held-out scores per label, band edges</h3>${histogramChart(fit)}<p class="key-note"><span class="swatch after"></span> fitted edge <span class="swatch before"></span> old edge</p></div>
<div class="panel"><h3>Calibration: share abusive per decile</h3>${calibrationChart(fit)}</div>
<div class="panel bands-panel"><h3>Bands before and after</h3>${bandsTable(fit)}</div>
<div class="panel full"><h3>Weights before and after</h3>${weightsTable(fit)}</div>
</div>
</section>`;
}

function provenanceList(provenance: ScoringProvenance, fit: ScoringFit): string {
  const options = Object.entries({ ...fit.options, ...provenance.options })
    .map(([k, v]) => `${escapeHtml(k)} ${escapeHtml(typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)))}`)
    .join(' · ');
  const input = provenance.input;
  return `<dl class="provenance">
<dt>input</dt><dd><code>${escapeHtml(input.file)}</code> · ${count(input.rows)} rows (${count(input.abusive)} abusive, ${count(input.genuine)} genuine)</dd>
<dt>sha256</dt><dd><code>${escapeHtml(input.sha256)}</code></dd>
<dt>created</dt><dd>${escapeHtml(provenance.created)} by ${escapeHtml(provenance.tool)}</dd>
<dt>options</dt><dd>${options}</dd>
</dl>`;
}

function summaryTable(fit: ScoringFit): string {
  if (fit.subjects.length === 0) return '<p class="none">No subject was fitted.</p>';
  const rows = fit.subjects
    .map(
      (f) =>
        `<tr><th scope="row"><a href="#${escapeHtml(f.subject)}">${escapeHtml(f.subject)}</a></th><td class="num">${count(f.rows)}</td><td class="num">${count(f.abusive)}</td><td class="num">${count(f.genuine)}</td>` +
        `<td class="num">${auc(f.aucBefore)}</td><td class="num">${auc(f.aucAfter)}</td><td class="num">${percent(f.heldOut.genuineBlocked)}</td><td class="num">${percent(f.heldOut.abusiveAccepted)}</td></tr>`,
    )
    .join('');
  return (
    `<table class="summary"><caption>Fitted subjects (held-out folds)</caption><thead><tr><th scope="col">subject</th><th scope="col">rows</th><th scope="col">abusive</th><th scope="col">genuine</th>` +
    `<th scope="col">AUC before</th><th scope="col">AUC after</th><th scope="col">genuine blocked</th><th scope="col">abusive accepted</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function refusals(fit: ScoringFit): string {
  if (fit.refused.length === 0) return '';
  const items = fit.refused.map((r) => `<li><strong>${escapeHtml(r.subject)}</strong>: ${escapeHtml(r.reason)} (its weights and bands stay the package's)</li>`).join('');
  return `<section id="refused" aria-labelledby="refused-heading"><h2 id="refused-heading">Not fitted</h2><ul class="refused">${items}</ul></section>`;
}

/**
 * The HTML report of a scoring fit: a header with where the fit comes from
 * (input file, its sha256, when, which tool, the options), then per fitted
 * subject the ROC curves before and after with their AUCs, the held-out
 * scores of each label with the fitted band edges (old ones dashed), the
 * share abusive per score decile, the weights before and after (changed
 * ones highlighted, kept ones with the reason) and the held-out rates of
 * genuine rows blocked and abusive rows accepted; last the subjects that
 * were not fitted and why. One self-contained page of inline CSS and SVG:
 * no script, no external font, image, style or link, and a
 * Content-Security-Policy that would block them anyway. It shows no IP
 * location data, so it owes no data credit.
 *
 * @param fit what {@link fitScoring} returned
 * @param provenance the provenance the scoring file records
 * @returns the page, as one string
 * @example
 * // not run: writes report.html from your own fit
 * import { writeFileSync } from 'node:fs';
 * declare const fit: ScoringFit;
 * declare const provenance: ScoringProvenance;
 * writeFileSync('report.html', renderTuningReport(fit, provenance));
 */
export function renderTuningReport(fit: ScoringFit, provenance: ScoringProvenance): string {
  const sections = fit.subjects.map((s) => section(s, fit.options)).join('\n');
  return reportPage(
    `identity-signals tuning report: ${provenance.input.file}`,
    `h2 small { font-size: 14px; }
.facts { color: #3b4658; margin: 0 0 12px; } .ok { color: #17795a; } .over { color: #b42318; }
.provenance { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0 16px; color: #3b4658; } .provenance dt { font-weight: 600; } .provenance dd { margin: 0; overflow-wrap: anywhere; }
.grid { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.panel { border: 1px solid #dde2ea; border-radius: 6px; padding: 12px; flex: 1 1 480px; max-width: 660px; }
.panel.roc-panel { flex: 0 1 360px; } .panel.bands-panel { flex: 0 1 300px; } .panel.full { flex-basis: 100%; max-width: none; }
.chart { width: 100%; height: auto; display: block; } .roc { max-width: 340px; }
.gridline { stroke: #e4e8ef; stroke-width: 1; } .baseline { stroke: #8a94a6; stroke-width: 1; }
.chance { stroke: #8a94a6; stroke-width: 1.2; stroke-dasharray: 2 3; fill: none; }
.roc-before { stroke: #7b8aa3; stroke-width: 2; stroke-dasharray: 6 4; fill: none; } .roc-after { stroke: #3867d6; stroke-width: 2.5; fill: none; }
.legend { fill: #fff; stroke: #dde2ea; }
.bar.abusive { fill: #d64545; } .bar.genuine { fill: #20a374; } .bar.calibration { fill: #c8553d; }
.edge.after { stroke: #1d2430; stroke-width: 1.5; } .edge.before { stroke: #1d2430; stroke-width: 1; stroke-dasharray: 4 3; opacity: .6; }
.edge-label { font-size: 10px; fill: #1d2430; } .edge-label.before { fill: #5b6677; }
.overall { stroke: #1d2430; stroke-dasharray: 5 4; stroke-width: 1; }
.tick, .key { font-size: 11px; fill: #5b6677; } .key { fill: #1d2430; } .axis { font-size: 12px; fill: #3b4658; } .value { font-size: 10px; fill: #1d2430; }
.strip-label { font-size: 12px; font-weight: 600; fill: #1d2430; }
.key-note { font-size: 12px; color: #5b6677; margin: 4px 0 8px; }
.swatch { display: inline-block; width: 22px; height: 0; vertical-align: middle; margin: 0 4px 0 8px; border-top: 2px solid #1d2430; } .swatch.before { border-top: 2px dashed #8a94a6; }
table { border-collapse: collapse; font-size: 13px; } caption { text-align: left; font-size: 12px; color: #5b6677; padding: 0 0 4px; }
th, td { padding: 3px 10px 3px 0; text-align: left; border-bottom: 1px solid #eef1f5; vertical-align: top; } thead th { color: #3b4658; font-weight: 600; border-bottom: 1px solid #c9d0db; }
tbody th { font-weight: normal; } td.num { text-align: right; font-variant-numeric: tabular-nums; padding-right: 16px; }
tr.changed { background: #fff4d1; } tr.changed td:nth-child(5) { font-weight: 700; }
.weights { width: 100%; } .weights code { overflow-wrap: anywhere; }
.none { color: #8a94a6; } .unseen { font-size: 12px; color: #5b6677; margin: 8px 0 0; } .refused li { margin: 2px 0; }`,
    `<h1>Scoring tuning report</h1>
${provenanceList(provenance, fit)}
${summaryTable(fit)}
${sections}
${refusals(fit)}`,
  );
}
