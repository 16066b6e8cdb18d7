/**
 * The rates behind the weights: for every reason code of each product and of
 * the identity score, how many FIT-half genuine and abusive inputs carry it,
 * and the smoothed log-likelihood ratio a weight taken from the corpus uses.
 *
 *   npm run eval:rates                 every code of every subject
 *   npm run eval:rates -- --json       the same as JSON
 *   npm run eval:rates -- email        one subject (email, phone, ip, device, name, identity)
 *   npm run eval:rates -- --markdown   the weight tables of docs/scoring.md (models only, no corpus run)
 *   npm run eval:rates -- --write      re-fits the identity: writes src/identity/fitted.ts (its findings'
 *                                      counts and weights, then its dampings fitted with them)
 *
 * For the identity it also fits the dampings of the products carried in,
 * each product's trust side and risk side apart ({@link fitDampings}); a
 * damping's evidence cites it as `corpus fit: 0.45`. The identity's fitted
 * numbers live in a generated file (src/identity/fitted.ts) that `--write`
 * regenerates: none is typed by hand.
 *
 * A product is counted on its own input and label (`products.<name>` of a
 * row), the identity on the whole sign-up's label. Only the fit half is
 * read: the score half is what the weights are judged on.
 *
 * A weight whose `evidence` cites the corpus does it in one fixed form,
 * {@link CORPUS_EVIDENCE}: `corpus: 41/212 abusive, 2/208 genuine` for the
 * code's own rows, `corpus as IP_TOR_EXIT: 7/149 abusive, 0/452 genuine`
 * for a code no fit-half row carries, measured by a code of the same kind
 * of fact (the evidence says why). The evidence test
 * (test/scripts/signups/evidence.test.ts) reads the counts back and fails when the
 * corpus or a check has moved them, or when the weight is not the smoothed
 * LLR of the counts it cites.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Checker } from '../../src/index.js';
import { DEVICE_SCORE_MODEL } from '../../src/device/scoreModel.js';
import { EMAIL_SCORE_MODEL } from '../../src/email/scoreModel.js';
import { IDENTITY_SCORE_MODEL } from '../../src/identity/scoreModel.js';
import { IP_SCORE_MODEL } from '../../src/ip/scoreModel.js';
import { NAME_SCORE_MODEL } from '../../src/name/scoreModel.js';
import { PHONE_SCORE_MODEL } from '../../src/phone/scoreModel.js';
import { DEFAULT_BANDS } from '../../src/scoring/bands.js';
import type { ScoreModel, ScoredName, SignalSpec } from '../../src/scoring/types.js';
import { pinnedChecker } from './checker.js';
import { SUBJECTS, check, checkIdentityRow, hasInput, measuredCommit } from './evaluate.js';
import type { Subject } from './evaluate.js';
import { CORPUS_FILE, CORPUS_NOW, ROOT, parseCorpus } from './schema.js';
import type { SignupRow } from './schema.js';

/** Every subject's score model, keyed as the evaluation names the subjects. */
export const MODELS: Readonly<Record<Subject, ScoreModel<string, string, ScoredName>>> = {
  email: EMAIL_SCORE_MODEL,
  phone: PHONE_SCORE_MODEL,
  ip: IP_SCORE_MODEL,
  device: DEVICE_SCORE_MODEL,
  name: NAME_SCORE_MODEL,
  identity: IDENTITY_SCORE_MODEL,
};

/** Largest weight the corpus can give: beyond it, gates decide (a handful of rows cannot support more). */
export const CORPUS_CAP = 6;

/**
 * The fixed form of a corpus citation in a signal's `evidence`:
 * `corpus: a/A abusive, g/G genuine` (fit half, the subject's own rows, the
 * code's own counts) or `corpus as CODE: …` (the counts of another code of
 * the same subject).
 */
export const CORPUS_EVIDENCE = /corpus(?: as ([A-Z][A-Z0-9_]*))?: (\d+)\/(\d+) abusive, (\d+)\/(\d+) genuine/u;

/** Counts of one code on one subject's fit-half rows. */
export interface Counts {
  /** Abusive rows carrying the code. */
  readonly a: number;
  /** All abusive rows of the subject. */
  readonly A: number;
  /** Genuine rows carrying the code. */
  readonly g: number;
  /** All genuine rows of the subject. */
  readonly G: number;
}

/**
 * The smoothed log-likelihood ratio of a fact, in nats, towards abuse:
 * `ln((a + 0.5) / (A + 1)) − ln((g + 0.5) / (G + 1))`. A risk's weight is
 * this; a trust's is its negation.
 *
 * @example smoothedLlr({ a: 41, A: 212, g: 2, G: 208 }) // ≈ 2.78
 */
export function smoothedLlr({ a, A, g, G }: Counts): number {
  return Math.log((a + 0.5) / (A + 1)) - Math.log((g + 0.5) / (G + 1));
}

/**
 * The weight a signal of `kind` takes from `counts`: its LLR rounded to 0.1
 * nats, in 0..{@link CORPUS_CAP}. A fact no row carries (`a = g = 0`) has no
 * rate, so no weight: the smoothing alone would give `ln((G + 1) / (A + 1))`,
 * the ratio of the two sides' sizes, which says nothing about the fact.
 */
export function corpusWeight(kind: 'risk' | 'trust', counts: Counts): number {
  if (counts.a === 0 && counts.g === 0) return 0;
  const llr = kind === 'risk' ? smoothedLlr(counts) : -smoothedLlr(counts);
  return Math.min(CORPUS_CAP, Math.max(0, Math.round(llr * 10) / 10));
}

/** What an `evidence` string cites: the counts and the code they are of (null: the signal's own), or null when it cites no corpus counts. */
export function citedCounts(evidence: string | undefined): (Counts & { readonly of: string | null }) | null {
  const m = evidence === undefined ? null : CORPUS_EVIDENCE.exec(evidence);
  if (m === null) return null;
  return { of: m[1] ?? null, a: Number(m[2]), A: Number(m[3]), g: Number(m[4]), G: Number(m[5]) };
}

/** The citation of `counts` in the fixed form, e.g. `corpus: 41/212 abusive, 2/208 genuine`. */
export function citation({ a, A, g, G }: Counts): string {
  return `corpus: ${a}/${A} abusive, ${g}/${G} genuine`;
}

/** One subject's fit-half counts: its totals and, per reason code raised at least once, the rows carrying it. */
export interface SubjectRates {
  readonly subject: Subject;
  readonly A: number;
  readonly G: number;
  readonly codes: ReadonlyMap<string, { readonly a: number; readonly g: number }>;
}

/** Runs every fit-half row through each subject's check and counts the rows that carry each reason code. */
export function fitRates(rows: readonly SignupRow[], checker: Checker, subjects: readonly Subject[] = SUBJECTS): SubjectRates[] {
  return subjects.map((subject) => {
    let A = 0;
    let G = 0;
    const codes = new Map<string, { a: number; g: number }>();
    for (const row of rows) {
      if (row.split !== 'fit' || !hasInput(row, subject)) continue;
      const label = subject === 'identity' ? row.label : row.products[subject]!.label;
      if (label === 'abusive') A++;
      else G++;
      const result = check(checker, row, subject);
      for (const code of new Set(result.reasons.map((r) => r.code))) {
        const c = codes.get(code) ?? { a: 0, g: 0 };
        if (label === 'abusive') c.a++;
        else c.g++;
        codes.set(code, c);
      }
    }
    return { subject, A, G, codes };
  });
}

/** A code's counts on a subject (0 rows when no fit-half row carries it). */
export function countsOf(rates: SubjectRates, code: string): Counts {
  const c = rates.codes.get(code);
  return { a: c?.a ?? 0, A: rates.A, g: c?.g ?? 0, G: rates.G };
}

/** One line of the report: a code of a model, its weight and what the corpus says of it. */
export interface RateLine extends Counts {
  readonly code: string;
  readonly kind: SignalSpec['kind'];
  readonly weight: number;
  readonly gate: number | null;
  /** Smoothed LLR towards abuse (a trust's weight is its negation). */
  readonly llr: number;
  /** What the cited counts say: `ok`, `drift` (they differ from the corpus), `weight` (the weight is not their LLR), or null (no corpus citation). */
  readonly cited: 'ok' | 'drift' | 'weight' | null;
  readonly evidence: string | null;
}

/** Every code of a subject's model with its counts, ordered by kind (risks, trusts, carried, info) then code. */
export function rateLines(rates: SubjectRates): RateLine[] {
  const model = MODELS[rates.subject];
  const order = { risk: 0, trust: 1, carried: 2, info: 3 } as const;
  const entries = Object.entries(model.signals as Readonly<Record<string, SignalSpec>>);
  return entries
    .map(([code, spec]): RateLine => {
      const counts = countsOf(rates, code);
      const cite = citedCounts(spec.kind === 'info' ? undefined : spec.evidence);
      let cited: RateLine['cited'] = null;
      if (cite !== null) {
        const measured = countsOf(rates, cite.of ?? code);
        if (cite.a !== measured.a || cite.A !== measured.A || cite.g !== measured.g || cite.G !== measured.G) cited = 'drift';
        else if ((spec.kind === 'risk' || spec.kind === 'trust') && corpusWeight(spec.kind, measured) !== spec.weight) cited = 'weight';
        else cited = 'ok';
      }
      return {
        code,
        kind: spec.kind,
        weight: spec.weight,
        gate: spec.capBand ?? null,
        ...counts,
        llr: smoothedLlr(counts),
        cited,
        evidence: spec.kind === 'info' ? null : spec.evidence,
      };
    })
    .sort((x, y) => order[x.kind] - order[y.kind] || (x.code < y.code ? -1 : 1));
}

/** The products the identity carries in, and the codes of each one's two sides: its trust side (a score above 500) and its risk side (below). */
export const CARRIED_CODES = {
  email: { trust: 'IDENTITY_EMAIL', risk: 'IDENTITY_EMAIL_RISK' },
  phone: { trust: 'IDENTITY_PHONE', risk: 'IDENTITY_PHONE_RISK' },
  ip: { trust: 'IDENTITY_IP', risk: 'IDENTITY_IP_RISK' },
  device: { trust: 'IDENTITY_DEVICE', risk: 'IDENTITY_DEVICE_RISK' },
  name: { trust: 'IDENTITY_NAME', risk: 'IDENTITY_NAME_RISK' },
} as const;
type CarriedProduct = keyof typeof CARRIED_CODES;
const CARRIED_PRODUCTS = Object.keys(CARRIED_CODES) as CarriedProduct[];
/** A carried code: one side of one product. */
export type CarriedCode = (typeof CARRIED_CODES)[CarriedProduct]['trust' | 'risk'];
/** Every carried code, in the fit's fixed order: each product's trust side, then its risk side. */
export const CARRIED_ORDER: readonly CarriedCode[] = CARRIED_PRODUCTS.flatMap((p) => [CARRIED_CODES[p].trust, CARRIED_CODES[p].risk]);

/** The fixed form of a damping's citation: `corpus fit: 0.45`, the damping {@link fitDampings} finds. */
export const DAMPING_EVIDENCE = /corpus fit: (\d+(?:\.\d+)?)/u;

/** Step of the damping search: a finer one would fit the fit half's noise. */
export const DAMPING_STEP = 0.05;

/** One fit-half sign-up as the damping fit sees it: its label, each carried side's log-odds, the findings' sum, the gates' ceiling. */
interface IdentityRow {
  readonly genuine: boolean;
  /** Per carried code, the clamped log-odds of its side (0 for the other side of the same product). */
  readonly carried: Readonly<Partial<Record<CarriedCode, number>>>;
  readonly findings: number;
  /** Highest probability the identity's gates allow (1: no gate): the top of the lowest gated band, as the scorer caps. */
  readonly ceiling: number;
}

function logOdds(score: number): number {
  return Math.max(-6, Math.min(6, Math.log(score / (1000 - score))));
}

/** What {@link fitDampings} finds: a damping per carried code, the log-likelihood it reaches, the rows it read. */
export interface DampingFit {
  readonly dampings: Readonly<Record<CarriedCode, number>>;
  readonly logLikelihood: number;
  readonly rows: number;
}

/**
 * The identity's dampings: for each product's trust side and risk side,
 * the damping in 0..1 (steps of {@link DAMPING_STEP}) that, with the
 * others, maximises the log-likelihood of the fit half's sign-up labels
 * under the identity's own arithmetic: the findings at their weights
 * (`weights`, default the model's), the gates' caps applied. Coordinate
 * ascent from 1, codes in the fixed order {@link CARRIED_ORDER}, until no
 * damping moves: deterministic.
 *
 * @param weights the findings' weights to fit with (the `--write` run passes the weights it is about to write)
 */
export function fitDampings(rows: readonly SignupRow[], checker: Checker, weights?: Readonly<Record<string, number>>): DampingFit {
  const model = MODELS.identity.signals as Readonly<Record<string, SignalSpec>>;
  const data: IdentityRow[] = [];
  for (const row of rows) {
    if (row.split !== 'fit') continue;
    const result = checkIdentityRow(checker, row);
    const carried: Partial<Record<CarriedCode, number>> = {};
    for (const p of CARRIED_PRODUCTS) {
      const r = result[p];
      if (r === undefined) continue;
      const l = logOdds(r.score);
      carried[l < 0 ? CARRIED_CODES[p].risk : CARRIED_CODES[p].trust] = l;
    }
    let findings = 0;
    let ceiling = 1;
    for (const code of new Set(result.identity.reasons.map((r) => r.code))) {
      const spec = model[code];
      if (spec === undefined || spec.kind === 'carried' || spec.kind === 'info') continue;
      const w = weights?.[code] ?? spec.weight;
      findings += spec.kind === 'trust' ? w : -w;
      if (spec.capBand !== undefined) ceiling = Math.min(ceiling, (DEFAULT_BANDS[spec.capBand]!.max + 0.5) / 1000);
    }
    data.push({ genuine: row.label === 'genuine', carried, findings, ceiling });
  }
  const d = Object.fromEntries(CARRIED_ORDER.map((c) => [c, 1])) as Record<CarriedCode, number>;
  const ll = (): number => {
    let sum = 0;
    for (const r of data) {
      let z = r.findings;
      for (const c of CARRIED_ORDER) z += d[c] * (r.carried[c] ?? 0);
      if (r.ceiling < 1) {
        const p = Math.min(1 / (1 + Math.exp(-z)), r.ceiling);
        sum += Math.log(r.genuine ? p : 1 - p);
        continue;
      }
      // log σ(z) and log(1 − σ(z)) without overflow.
      sum += r.genuine ? -Math.log1p(Math.exp(-z)) : -Math.log1p(Math.exp(z));
    }
    return sum;
  };
  const steps = Math.round(1 / DAMPING_STEP);
  for (let round = 0; round < 50; round++) {
    let moved = false;
    for (const c of CARRIED_ORDER) {
      const before = d[c];
      let best = before;
      let bestLl = ll();
      for (let k = 0; k <= steps; k++) {
        d[c] = k / steps;
        const v = ll();
        // Strictly better only: ties keep the current value, so the search ends.
        if (v > bestLl + 1e-9) {
          bestLl = v;
          best = d[c];
        }
      }
      d[c] = best;
      if (best !== before) moved = true;
    }
    if (!moved) break;
  }
  return { dampings: d, logLikelihood: ll(), rows: data.length };
}

/** The identity's findings (its risk and trust codes) with the weight and citation their fit-half counts give. */
export function fittedFindings(rates: SubjectRates): Record<string, { readonly weight: number; readonly counts: string }> {
  const out: Record<string, { weight: number; counts: string }> = {};
  for (const [code, spec] of Object.entries(MODELS.identity.signals as Readonly<Record<string, SignalSpec>>)) {
    if (spec.kind !== 'risk' && spec.kind !== 'trust') continue;
    const counts = countsOf(rates, code);
    out[code] = { weight: corpusWeight(spec.kind, counts), counts: citation(counts) };
  }
  return out;
}

/** Where `--write` writes the identity's fitted numbers. */
export const FITTED_FILE = `${ROOT}/src/identity/fitted.ts`;

/** The source of src/identity/fitted.ts: the dampings and the findings' weights and counts, as the fit gives them. */
export function fittedSource(dampings: DampingFit, findings: Readonly<Record<string, { readonly weight: number; readonly counts: string }>>): string {
  const lines = [
    '// Generated by `npm run eval:rates -- --write` (scripts/signups/rates.ts) from the FIT half of the labelled',
    '// sign-up corpus: do not edit by hand. test/scripts/signups/evidence.test.ts fails when the corpus or a check moves',
    '// a number here; run the command again and commit the file.',
    '',
    '/**',
    " * The identity's fitted numbers: each carried side's damping (the fit that",
    " * maximises the log-likelihood of the fit half's labels, steps of 0.05), and",
    " * each finding's fit-half counts with their smoothed log-likelihood ratio",
    ' * (rounded to 0.1 nats, capped at 6) as its weight.',
    ' */',
    'export const IDENTITY_FIT = {',
    '  dampings: {',
    ...CARRIED_ORDER.map((c) => `    ${c}: ${dampings.dampings[c]},`),
    '  },',
    '  findings: {',
    ...Object.entries(findings).map(([code, f]) => `    ${code}: { weight: ${f.weight}, counts: '${f.counts}' },`),
    '  },',
    '} as const;',
    '',
  ];
  return lines.join('\n');
}

/**
 * The weight tables of docs/scoring.md, from the models alone (no corpus
 * run): per subject every risk, trust and carried code with its kind, gate,
 * weight and evidence, then its info codes. `npm run eval:rates --
 * --markdown` prints them; test/docs/scoring.test.ts holds the page to them.
 */
export function weightTables(): string {
  const lines: string[] = [];
  for (const subject of SUBJECTS) {
    const entries = Object.entries(MODELS[subject].signals as Readonly<Record<string, SignalSpec>>);
    lines.push(`### ${subject}`, '', '| code | kind | gate | weight | evidence |', '|---|---|---|---|---|');
    for (const [code, spec] of entries) {
      if (spec.kind === 'info') continue;
      const gate = spec.capBand === undefined ? '' : spec.capBand === 0 ? 'bottom band' : spec.capBand === 1 ? 'second band' : `band ${spec.capBand}`;
      const kind = spec.kind === 'carried' && spec.side !== undefined ? `carried (${spec.side} side)` : spec.kind;
      lines.push(`| \`${code}\` | ${kind} | ${gate} | ${spec.weight} | ${spec.evidence.replaceAll('|', '\\|')} |`);
    }
    const infos = entries.filter(([, spec]) => spec.kind === 'info').map(([code]) => `\`${code}\``);
    lines.push('', `Reported with 0 points (info): ${infos.join(', ')}.`, '');
  }
  return lines.join('\n');
}

function format(all: readonly SubjectRates[], commit: string | null, dampings: DampingFit | null): string {
  const lines: string[] = [];
  lines.push(`Rates of the reason codes on the FIT half of ${CORPUS_FILE.slice(ROOT.length + 1)}${commit === null ? '' : ` at commit ${commit}`}`);
  lines.push('LLR = ln((a+0.5)/(A+1)) − ln((g+0.5)/(G+1)), towards abuse; a risk weighs LLR, a trust −LLR (rounded to 0.1, capped at 6).');
  lines.push("cited: ok = the evidence's corpus counts and weight match; drift = the counts moved; weight = the weight is not their LLR; — = no corpus citation.");
  for (const rates of all) {
    lines.push('');
    lines.push(`== ${rates.subject}: ${rates.A} abusive, ${rates.G} genuine fit-half rows`);
    const head = ['code', 'kind', 'gate', 'weight', 'abusive', 'genuine', 'LLR', 'as weight', 'cited'];
    if (rates.subject === 'identity' && dampings !== null) {
      const cited = CARRIED_ORDER.map((code) => {
        const spec = MODELS.identity.signals[code] as SignalSpec;
        const m = spec.kind === 'info' ? null : DAMPING_EVIDENCE.exec(spec.evidence);
        const fit = dampings.dampings[code];
        const ok = m !== null && Number(m[1]) === fit && spec.weight === fit;
        return `${code} ${fit} (model ${spec.weight}${ok ? ', cited ok' : m === null ? ', no corpus fit cited' : ', cited differs'})`;
      });
      lines.push(`dampings that maximise the log-likelihood of the ${dampings.rows} fit-half sign-ups' labels (log-likelihood ${dampings.logLikelihood.toFixed(1)}):`);
      for (const c of cited) lines.push(`  ${c}`);
    }
    const rows = rateLines(rates).map((l) => [
      l.code,
      l.kind,
      l.gate === null ? '' : String(l.gate),
      l.kind === 'info' ? '' : String(l.weight),
      `${l.a}/${l.A}`,
      `${l.g}/${l.G}`,
      l.llr.toFixed(2),
      l.kind === 'risk' || l.kind === 'trust' ? String(corpusWeight(l.kind, l)) : '',
      l.cited ?? '—',
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const pad = (cells: readonly string[]) => cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    lines.push(pad(head));
    for (const r of rows) lines.push(pad(r));
  }
  return `${lines.join('\n')}\n`;
}

function main(argv: readonly string[]): void {
  if (argv.includes('--markdown')) {
    process.stdout.write(weightTables());
    return;
  }
  const subjects = SUBJECTS.filter((s) => argv.includes(s));
  const rows = parseCorpus(readFileSync(CORPUS_FILE, 'utf8'));
  const { checker } = pinnedChecker(CORPUS_NOW);
  if (argv.includes('--write')) {
    // The findings' weights first (their counts do not depend on any weight), then the dampings fitted with them.
    const [identity] = fitRates(rows, checker, ['identity']);
    const findings = fittedFindings(identity!);
    const fit = fitDampings(rows, checker, Object.fromEntries(Object.entries(findings).map(([code, f]) => [code, f.weight])));
    writeFileSync(FITTED_FILE, fittedSource(fit, findings));
    process.stdout.write(`wrote ${FITTED_FILE.slice(ROOT.length + 1)}: ${CARRIED_ORDER.map((c) => `${c} ${fit.dampings[c]}`).join(', ')} (log-likelihood ${fit.logLikelihood.toFixed(1)} over ${fit.rows} fit-half sign-ups)\n`);
    return;
  }
  const all = fitRates(rows, checker, subjects.length === 0 ? SUBJECTS : subjects);
  const dampings = all.some((r) => r.subject === 'identity') ? fitDampings(rows, checker) : null;
  if (argv.includes('--json')) {
    const json = all.map((r) => ({ subject: r.subject, abusive: r.A, genuine: r.G, codes: rateLines(r), ...(r.subject === 'identity' ? { dampings } : {}) }));
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    process.stdout.write(format(all, measuredCommit(), dampings));
  }
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) main(process.argv.slice(2));
