/**
 * The score evaluation: every corpus row through today's public API, per
 * product (on that product's own input and label) and for the identity
 * (the whole sign-up), on each half.
 *
 *   npm run eval:scores                  the report
 *   npm run eval:scores -- --json        the same as JSON
 *   npm run eval:scores -- --summary     the two summary tables only
 *   npm run eval:scores -- --corpus F    another corpus file
 *
 * Prints, per product and identity and per half: rows, AUC, the share of
 * genuine rows accepted (top two bands), of abusive rows blocked (bottom
 * two) and blocked or reviewed (bottom three); then every miss of the FIT
 * half with its input, score, band and reasons. The misses of the SCORE
 * half are never printed: only their count per family.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { Checker } from '../../src/index.js';
import { pinnedChecker } from './checker.js';
import { auc, decision, defaultBand, share } from './metrics.js';
import { CORPUS_FILE, CORPUS_NOW, ROOT, parseCorpus } from './schema.js';
import type { Label, Product, SignupRow, Split } from './schema.js';

export type Subject = Product | 'identity';
export const SUBJECTS: readonly Subject[] = ['email', 'phone', 'ip', 'device', 'name', 'identity'];

export interface Reason {
  readonly code: string;
  readonly points: number;
}

/** One subject's score for one row. */
export interface Scored {
  readonly id: string;
  readonly split: Split;
  readonly label: Label;
  readonly family: string;
  readonly input: string;
  readonly score: number;
  readonly band: number;
  readonly reasons: readonly Reason[];
}

export interface Figures {
  readonly rows: number;
  readonly genuine: number;
  readonly abusive: number;
  readonly auc: number;
  /** Genuine rows in the top two bands. */
  readonly genuineAccepted: number;
  /** Abusive rows in the bottom two bands. */
  readonly abusiveBlocked: number;
  /** Abusive rows in the bottom three bands. */
  readonly abusiveBlockedOrReviewed: number;
  /** Genuine rows in the bottom two bands (the costliest error). */
  readonly genuineBlocked: number;
}

export interface SubjectReport {
  readonly subject: Subject;
  readonly halves: Readonly<Record<Split, Figures>>;
  /** Every miss of the fit half: genuine below the top two bands, abusive in the top two. */
  readonly fitMisses: readonly Scored[];
  /** Misses of the score half, counted per family (the rows themselves are never reported). */
  readonly scoreMissCounts: Readonly<Record<string, number>>;
  /** Inputs the check threw on (should be none: bad input is a result). */
  readonly errors: readonly { id: string; message: string }[];
}

export interface Report {
  readonly corpus: string;
  readonly rows: number;
  readonly commit: string | null;
  readonly clock: readonly string[];
  readonly subjects: readonly SubjectReport[];
}

/** A miss: a genuine row not accepted, or an abusive row accepted. */
export function isMiss(s: Pick<Scored, 'label' | 'band'>): boolean {
  return s.label === 'genuine' ? decision(s.band) !== 'accept' : decision(s.band) === 'accept';
}

export function figures(scored: readonly Scored[]): Figures {
  const genuine = scored.filter((s) => s.label === 'genuine');
  const abusive = scored.filter((s) => s.label === 'abusive');
  return {
    rows: scored.length,
    genuine: genuine.length,
    abusive: abusive.length,
    auc: auc(
      genuine.map((s) => s.score),
      abusive.map((s) => s.score),
    ),
    genuineAccepted: share(genuine, (s) => decision(s.band) === 'accept'),
    abusiveBlocked: share(abusive, (s) => decision(s.band) === 'block'),
    abusiveBlockedOrReviewed: share(abusive, (s) => decision(s.band) !== 'accept'),
    genuineBlocked: share(genuine, (s) => decision(s.band) === 'block'),
  };
}

interface Result {
  readonly score: number;
  readonly reasons: readonly { code: string; points: number }[];
}

export function hasInput(row: SignupRow, subject: Subject): boolean {
  if (subject === 'identity') return true;
  if (subject === 'name') return row.first_name !== undefined && row.last_name !== undefined && row.products.name !== undefined;
  if (subject === 'phone') return row.phone !== undefined && row.products.phone !== undefined;
  return row.products[subject] !== undefined;
}

function inputOf(row: SignupRow, subject: Subject): string {
  switch (subject) {
    case 'email':
      return row.email;
    case 'phone':
      return `${row.phone} (${row.country})`;
    case 'ip':
      return row.ip;
    case 'device':
      return Object.keys(row.headers).length === 0 ? row.user_agent : `${row.user_agent} | ${Object.entries(row.headers).map(([k, v]) => `${k}: ${v}`).join('; ')}`;
    case 'name':
      return `${row.first_name} / ${row.last_name} (${row.country})`;
    default:
      return [row.email, row.first_name && `${row.first_name} ${row.last_name}`, row.phone, row.ip, row.user_agent, row.country].filter(Boolean).join(' · ');
  }
}

/** Runs one subject's check on a row, with the row's country as the hint where the API takes one and its time as `now`. */
export function check(checker: Checker, row: SignupRow, subject: Subject): Result {
  const now = new Date(row.at);
  switch (subject) {
    case 'email':
      return checker.email(row.email);
    case 'phone':
      return checker.phone(row.phone!, { defaultCountry: row.country });
    case 'ip':
      return checker.ip(row.ip, { now });
    case 'device':
      return checker.device(row.user_agent, { headers: row.headers });
    case 'name':
      return checker.name(row.first_name!, row.last_name!, { country: row.country });
    default:
      return checkIdentityRow(checker, row).identity;
  }
}

/** The whole identity result of a row (the products' results and the identity score), at the row's time. */
export function checkIdentityRow(checker: Checker, row: SignupRow) {
  return checker.identity(
    {
      email: row.email,
      ...(row.phone === undefined ? {} : { phone: row.phone }),
      ip: row.ip,
      userAgent: row.user_agent,
      headers: row.headers,
      ...(row.first_name === undefined ? {} : { firstName: row.first_name, lastName: row.last_name }),
      country: row.country,
    },
    { now: new Date(row.at) },
  );
}

/** Scores every row for every subject and sums it up per half. */
export function evaluate(rows: readonly SignupRow[], checker: Checker, meta: { corpus: string; commit: string | null; clock: readonly string[] }): Report {
  const subjects = SUBJECTS.map((subject): SubjectReport => {
    const scored: Scored[] = [];
    const errors: { id: string; message: string }[] = [];
    for (const row of rows) {
      if (!hasInput(row, subject)) continue;
      const label = subject === 'identity' ? { label: row.label, family: row.family } : row.products[subject]!;
      try {
        const result = check(checker, row, subject);
        scored.push({
          id: row.id,
          split: row.split,
          label: label.label,
          family: label.family,
          input: inputOf(row, subject),
          score: result.score,
          band: defaultBand(result.score),
          reasons: result.reasons.map((r) => ({ code: r.code, points: r.points })),
        });
      } catch (error) {
        errors.push({ id: row.id, message: (error as Error).message });
      }
    }
    const half = (split: Split) => scored.filter((s) => s.split === split);
    const scoreMissCounts: Record<string, number> = {};
    for (const s of half('score').filter(isMiss)) scoreMissCounts[s.family] = (scoreMissCounts[s.family] ?? 0) + 1;
    return {
      subject,
      halves: { fit: figures(half('fit')), score: figures(half('score')) },
      fitMisses: half('fit').filter(isMiss),
      scoreMissCounts: Object.fromEntries(Object.entries(scoreMissCounts).sort(([a], [b]) => (a < b ? -1 : 1))),
      errors,
    };
  });
  return { corpus: meta.corpus, rows: rows.length, commit: meta.commit, clock: meta.clock, subjects };
}

const pct = (x: number) => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);
const dec = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));
const BANDS = ['0–199', '200–399', '400–599', '600–799', '800–1000'];

function pad(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

/** The summary tables of both halves (what docs record as figures). */
export function formatSummary(report: Report): string {
  const lines: string[] = [];
  const head = ['subject', 'rows', 'genuine', 'abusive', 'AUC', 'genuine accepted', 'abusive blocked', 'abusive blocked|reviewed', 'genuine blocked'];
  const widths = head.map((h) => Math.max(h.length, 8));
  for (const split of ['score', 'fit'] as const) {
    lines.push(`${split === 'score' ? 'SCORE' : 'FIT'} half (accept = top two bands 600–1000, review = 400–599, block = 0–399)`);
    lines.push(pad(head, widths));
    for (const s of report.subjects) {
      const f = s.halves[split];
      lines.push(pad([s.subject, String(f.rows), String(f.genuine), String(f.abusive), dec(f.auc), pct(f.genuineAccepted), pct(f.abusiveBlocked), pct(f.abusiveBlockedOrReviewed), pct(f.genuineBlocked)], widths));
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The whole text report: header, both summaries, score-half miss counts per family, every fit-half miss. */
export function formatReport(report: Report): string {
  const lines: string[] = [];
  lines.push(`Score evaluation of ${report.corpus}: ${report.rows} sign-ups${report.commit ? ` at commit ${report.commit}` : ''}`);
  lines.push(`Checker clock pinned through: ${report.clock.join(', ') || '(none)'}; each row's own time as the per-call now (ip, identity).`);
  lines.push('');
  lines.push(formatSummary(report));
  lines.push('SCORE half: misses per family (counts only; the rows are not shown and are never read to write rules)');
  for (const s of report.subjects) {
    const counts = Object.entries(s.scoreMissCounts).map(([f, n]) => `${f} ${n}`);
    lines.push(`  ${s.subject}: ${counts.length === 0 ? 'none' : counts.join(', ')}`);
  }
  for (const s of report.subjects) {
    if (s.errors.length > 0) {
      lines.push('');
      lines.push(`${s.subject}: ${s.errors.length} input(s) threw: ${s.errors.map((e) => `${e.id} (${e.message})`).join('; ')}`);
    }
  }
  lines.push('');
  lines.push('FIT half: every miss (genuine not accepted; abusive accepted)');
  for (const s of report.subjects) {
    lines.push('');
    lines.push(`== ${s.subject}: ${s.fitMisses.length} misses`);
    const ordered = [...s.fitMisses].sort((a, b) => (a.label !== b.label ? (a.label < b.label ? -1 : 1) : a.family < b.family ? -1 : a.family > b.family ? 1 : a.id < b.id ? -1 : 1));
    for (const m of ordered) {
      const reasons = m.reasons.filter((r) => r.points !== 0 || !r.code.endsWith('_BASELINE')).map((r) => `${r.code}${r.points >= 0 ? '+' : ''}${r.points}`);
      lines.push(`${m.id}  ${m.label} ${m.family}  ${m.score} [${BANDS[m.band]}]  ${m.input}`);
      lines.push(`    ${reasons.join(' ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The code measured: the last commit that changed src/ or data/ (and HEAD, when later), flagged when either is modified. */
export function measuredCommit(): string | null {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const code = git('log', '-1', '--format=%h', '--', 'src', 'data');
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'src', 'data') !== '';
    return `${code}${head === code ? '' : ` (src/ and data/ as of that commit; HEAD ${head})`}${dirty ? ' with uncommitted changes in src/ or data/' : ''}`;
  } catch {
    return null;
  }
}

function main(argv: readonly string[]): void {
  const at = argv.indexOf('--corpus');
  const file = at >= 0 && argv[at + 1] ? argv[at + 1]! : CORPUS_FILE;
  const rows = parseCorpus(readFileSync(file, 'utf8'));
  const { checker, clock } = pinnedChecker(CORPUS_NOW);
  const report = evaluate(rows, checker, { corpus: file.startsWith(ROOT) ? file.slice(ROOT.length + 1) : file, commit: measuredCommit(), clock });
  const header = `Score evaluation of ${report.corpus}: ${report.rows} sign-ups${report.commit ? ` at commit ${report.commit}` : ''}\n\n`;
  process.stdout.write(argv.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : argv.includes('--summary') ? header + formatSummary(report) : formatReport(report));
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) main(process.argv.slice(2));
