import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import type { IdentityResult } from '../../src/identity/index.js';

/**
 * Realistic identities from 27 countries (test/fixtures/identity/README.md):
 * consistent ones (one person: name, e-mail, phone, IP, device and time of
 * day agree) and inconsistent ones (disposable e-mail on a data centre,
 * another country's phone and IP, a script on a home line …). The weights
 * were written before these rows were scored and were not changed after,
 * so every row is scored; the figures below are printed, not asserted,
 * except the floor the check has to clear to be of any use. Three rule
 * fixes (not weights) came after a first run over all rows: Jersey and
 * Guernsey numbers count as GB, the surname rule only compares countries
 * the surname lists cover, hyphens in a domain label are ignored. So the
 * figures are also printed for a fixed split by sha256 of the row id
 * ("fit" / "scored"), the halves of a later adjustment.
 */
interface Row {
  readonly id: string;
  readonly label: 'consistent' | 'inconsistent';
  readonly country: string;
  readonly why: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly ip: string;
  readonly userAgent: string;
  readonly now: string;
}

const dir = join(import.meta.dirname, '..', 'fixtures', 'identity');
const read = (file: string): Row[] =>
  readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
const consistent = read('consistent.jsonl');
const inconsistent = read('inconsistent.jsonl');
const checker = createChecker();

function run(row: Row): IdentityResult {
  const { email, phone, ip, userAgent, firstName, lastName } = row;
  return checker.identity({ email, phone, ip, userAgent, firstName, lastName }, { now: new Date(row.now) });
}

/** AUC as the probability that a consistent row outscores an inconsistent one (ties count half). */
function auc(good: readonly number[], bad: readonly number[]): number {
  let wins = 0;
  for (const g of good) for (const b of bad) wins += g > b ? 1 : g === b ? 0.5 : 0;
  return wins / (good.length * bad.length);
}

function quantiles(xs: readonly number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `min ${s[0]} p10 ${q(0.1)} p25 ${q(0.25)} median ${q(0.5)} p75 ${q(0.75)} p90 ${q(0.9)} max ${s.at(-1)}`;
}

describe('identity fixtures', () => {
  it('are at least 50 of each, from varied countries, with valid phone numbers and IPs placed in the row’s country', () => {
    expect(consistent.length).toBeGreaterThanOrEqual(50);
    expect(inconsistent.length).toBeGreaterThanOrEqual(50);
    expect(new Set([...consistent, ...inconsistent].map((r) => r.country)).size).toBeGreaterThanOrEqual(20);
    for (const row of [...consistent, ...inconsistent]) expect(isValidPhoneNumber(row.phone), `${row.id} ${row.phone}`).toBe(true);
    for (const row of consistent) expect(checker.ip(row.ip).country, `${row.id} ${row.ip}`).toBe(row.country);
  });

  it('fit and scored halves (fixed split by sha256 of the id): AUC and error rates of each', () => {
    const half = (r: Row): 'fit' | 'scored' => ((createHash('sha256').update(r.id).digest()[0]! & 1) === 0 ? 'fit' : 'scored');
    for (const name of ['fit', 'scored'] as const) {
      const gs = consistent.filter((r) => half(r) === name).map((r) => run(r).identity.score);
      const bs = inconsistent.filter((r) => half(r) === name).map((r) => run(r).identity.score);
      let best = { t: 0, fr: 1, fa: 1 };
      for (let t = 0; t <= 1001; t++) {
        const fr = gs.filter((s) => s < t).length / gs.length;
        const fa = bs.filter((s) => s >= t).length / bs.length;
        if (fr + fa < best.fr + best.fa) best = { t, fr, fa };
      }
      console.log(`${name}: ${gs.length} consistent, ${bs.length} inconsistent; AUC ${auc(gs, bs).toFixed(4)}; best threshold ${best.t}: ${(best.fr * 100).toFixed(1)}% / ${(best.fa * 100).toFixed(1)}%`);
      expect(gs.length).toBeGreaterThan(10);
      expect(bs.length).toBeGreaterThan(10);
    }
  });

  it('separates consistent from inconsistent identities: distributions, AUC, best threshold, misjudged rows and false alarms printed', () => {
    const good = consistent.map((r) => ({ row: r, result: run(r) }));
    const bad = inconsistent.map((r) => ({ row: r, result: run(r) }));
    const gs = good.map((g) => g.result.identity.score);
    const bs = bad.map((b) => b.result.identity.score);
    const area = auc(gs, bs);
    // Best threshold: accept at score >= t; minimise the sum of the two error rates.
    let best = { t: 0, fr: 1, fa: 1 };
    for (let t = 0; t <= 1001; t++) {
      const fr = gs.filter((s) => s < t).length / gs.length; // consistent rejected
      const fa = bs.filter((s) => s >= t).length / bs.length; // inconsistent accepted
      if (fr + fa < best.fr + best.fa) best = { t, fr, fa };
    }
    const lines: string[] = [];
    lines.push(`consistent   (${gs.length}): ${quantiles(gs)}`);
    lines.push(`inconsistent (${bs.length}): ${quantiles(bs)}`);
    lines.push(`AUC ${area.toFixed(4)}; best threshold ${best.t}: ${(best.fr * 100).toFixed(1)}% of consistent rejected, ${(best.fa * 100).toFixed(1)}% of inconsistent accepted`);
    const reasonsOf = (r: IdentityResult) => r.identity.reasons.filter((x) => x.code !== 'IDENTITY_BASELINE').map((x) => `${x.code}${x.points >= 0 ? '+' : ''}${x.points}`).join(' ');
    for (const g of good) if (g.result.identity.score < best.t) lines.push(`MISJUDGED consistent ${g.row.id} ${g.row.country} ${g.result.identity.score}: ${g.row.why} | ${reasonsOf(g.result)}`);
    for (const b of bad) if (b.result.identity.score >= best.t) lines.push(`MISJUDGED inconsistent ${b.row.id} ${b.row.country} ${b.result.identity.score}: ${b.row.why} | ${reasonsOf(b.result)}`);
    // Findings (not the products carried in) that lower the score of consistent rows: the false alarms.
    const alarms = new Map<string, number>();
    for (const g of good) {
      for (const r of g.result.identity.reasons) {
        if (r.points < 0 && !/^IDENTITY_(?:EMAIL|PHONE|IP|DEVICE|NAME)(?:_RISK)?$/u.test(r.code)) alarms.set(r.code, (alarms.get(r.code) ?? 0) + 1);
      }
    }
    lines.push(`findings lowering consistent rows: ${[...alarms].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ×${n}`).join(', ') || 'none'}`);
    const fired = new Map<string, number>();
    for (const b of bad) for (const r of b.result.identity.reasons) if (r.code.startsWith('IDENTITY_') && !/^IDENTITY_(?:BASELINE|(?:EMAIL|PHONE|IP|DEVICE|NAME)(?:_RISK)?)$/u.test(r.code)) fired.set(r.code, (fired.get(r.code) ?? 0) + 1);
    lines.push(`findings on inconsistent rows: ${[...fired].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ×${n}`).join(', ')}`);
    console.log(lines.join('\n'));
    // The floor: better than chance by a wide margin (not tuned: the weights came first).
    expect(area).toBeGreaterThan(0.8);
  });

  it('is deterministic: same input, data, weights and now → the same result', () => {
    for (const row of [...consistent.slice(0, 10), ...inconsistent.slice(0, 10)]) expect(run(row)).toEqual(run(row));
  });
});
