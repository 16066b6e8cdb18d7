/**
 * Accuracy of the email check over the corpus in test/fixtures/email/.
 * Every miss is printed; each metric is asserted against the floor the
 * product promises (docs/email.md, the accuracy table), not against our own result.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEmail } from '../../src/email/index.js';
import { rateOf } from '../support/rate.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'email');
function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;
}

/** The promised floors (docs/email.md), fixed before the corpus was judged. */
const FLOOR = {
  syntax: 0.98,
  disposable: 0.95,
  free: 0.9,
  role: 0.9,
  falseRole: 0.03,
  typo: 0.85,
};

/** A corporate domain on no list, so only the local part decides role vs personal. */
const CORPORATE = 'acme-widgets.com';

function report(metric: string, hits: number, total: number, misses: readonly string[]): number {
  const rate = rateOf(metric, hits, total);
  console.log(`${metric}: ${hits}/${total} = ${(rate * 100).toFixed(1)}%${misses.length > 0 ? `\n  misses: ${misses.join(' | ')}` : ''}`);
  return rate;
}

type Expect = 'valid' | 'syntax' | 'invalid';
const classOf = (status: string): Expect => (status === 'syntax' ? 'syntax' : status === 'invalid' ? 'invalid' : 'valid');

describe('email corpus', () => {
  it('syntax agreement (syntax vs not) ≥ 98%', () => {
    const { cases } = fixture<{ cases: { address: string; expect: Expect; source: string }[] }>('syntax.json');
    const misses: string[] = [];
    const threeWay: string[] = [];
    let hits = 0;
    for (const c of cases) {
      const r = checkEmail(c.address);
      const got = classOf(r.status);
      if ((got === 'syntax') === (c.expect === 'syntax')) hits++;
      else misses.push(`${JSON.stringify(c.address.slice(0, 60))} expected ${c.expect}, got ${r.status} (${c.source})`);
      if (got !== c.expect) threeWay.push(`${JSON.stringify(c.address.slice(0, 60))} ${c.expect}→${got}`);
    }
    const rate = report('syntax agreement', hits, cases.length, misses);
    report('syntax/invalid/valid three-way agreement', cases.length - threeWay.length, cases.length, threeWay);
    expect(rate).toBeGreaterThanOrEqual(FLOOR.syntax);
  });

  // Build checks, not accuracy: the list fixtures are samples of the very packages the
  // data is compiled from, so these prove the compiled lists are whole, nothing more.
  it('build check: disposable lists hold their sources (≥ 95%, main list and second opinion)', () => {
    const lists = fixture<Record<string, { source: string; domains: string[] }>>('lists.json');
    for (const key of ['disposable', 'disposableSecondOpinion'] as const) {
      const { domains, source } = lists[key]!;
      const misses: string[] = [];
      let flagged = 0;
      let byStatus = 0;
      for (const domain of domains) {
        const r = checkEmail(`jane.doe@${domain}`);
        if (r.status === 'disposable') byStatus++;
        if (r.reasons.some((x) => x.code === 'EMAIL_DISPOSABLE')) flagged++;
        else misses.push(`${domain} → ${r.status}`);
      }
      const rate = report(`disposable recall, ${source}`, flagged, domains.length, misses);
      console.log(`  of which status 'disposable': ${byStatus} (the rest are typo-squats of popular domains: status 'syntax' + suggestion)`);
      expect(rate).toBeGreaterThanOrEqual(FLOOR.disposable);
    }
  });

  it('build check: the free-provider list holds its source (≥ 90%)', () => {
    const { free } = fixture<Record<string, { source: string; domains: string[] }>>('lists.json');
    const misses: string[] = [];
    let hits = 0;
    for (const domain of free!.domains) {
      const r = checkEmail(`jane.doe@${domain}`);
      if (r.is_free === true) hits++;
      else misses.push(`${domain} → is_free ${String(r.is_free)}, ${r.status}`);
    }
    expect(report(`free recall, ${free!.source}`, hits, free!.domains.length, misses)).toBeGreaterThanOrEqual(FLOOR.free);
  });

  it('role recall ≥ 90% (build check: roles from the package) with ≤ 3% false roles on hand-written personal local parts (accuracy)', () => {
    const { role, personal } = fixture<Record<string, { source: string; localParts: string[] }>>('local-parts.json');
    const roleMisses: string[] = [];
    let roleHits = 0;
    for (const local of role!.localParts) {
      const r = checkEmail(`${local}@${CORPORATE}`);
      if (r.status === 'role') roleHits++;
      else roleMisses.push(`${local} → ${r.status}`);
    }
    const falseRoles: string[] = [];
    for (const local of personal!.localParts) {
      const r = checkEmail(`${local}@${CORPORATE}`);
      if (r.status === 'role') falseRoles.push(local);
    }
    const recall = report('role recall', roleHits, role!.localParts.length, roleMisses);
    const falseRate = report('false roles on personal local parts', falseRoles.length, personal!.localParts.length, falseRoles);
    expect(recall).toBeGreaterThanOrEqual(FLOOR.role);
    expect(falseRate).toBeLessThanOrEqual(FLOOR.falseRole);
  });

  it('typo suggestion accuracy ≥ 85%, and genuine domains are never corrected', () => {
    const { typos, notTypos } = fixture<{
      typos: { address: string; intended: string; kind: string }[];
      notTypos: { address: string; why: string }[];
    }>('typos.json');
    const misses: string[] = [];
    let hits = 0;
    for (const t of typos) {
      const r = checkEmail(t.address);
      if (r.suggestion === t.intended && r.status === 'syntax') hits++;
      else misses.push(`${t.address} (${t.kind}) → ${String(r.suggestion)} [${r.status}], wanted ${t.intended}`);
    }
    const rate = report('typo suggestion accuracy', hits, typos.length, misses);
    const wrong = notTypos.filter((n) => checkEmail(n.address).suggestion !== null);
    report('genuine domains left alone', notTypos.length - wrong.length, notTypos.length, wrong.map((n) => `${n.address} → ${String(checkEmail(n.address).suggestion)}`));
    expect(rate).toBeGreaterThanOrEqual(FLOOR.typo);
    expect(wrong).toEqual([]);
  });

  it('confusable scripts are flagged, single-script IDN addresses are not', () => {
    const { cases } = fixture<{ cases: { address: string; confusable: boolean; why: string }[] }>('confusable.json');
    const misses = cases.filter((c) => checkEmail(c.address).reasons.some((r) => r.code === 'EMAIL_CONFUSABLE') !== c.confusable);
    report('confusable agreement', cases.length - misses.length, cases.length, misses.map((c) => `${c.address} (${c.why})`));
    expect(misses).toEqual([]);
  });
});
