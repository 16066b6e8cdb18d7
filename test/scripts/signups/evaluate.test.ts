import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pinnedChecker, without } from '../../../scripts/signups/checker.js';
import { SUBJECTS, evaluate, figures, formatReport, isMiss } from '../../../scripts/signups/evaluate.js';
import type { Report, Scored } from '../../../scripts/signups/evaluate.js';
import { CORPUS_FILE, CORPUS_NOW, parseCorpus } from '../../../scripts/signups/schema.js';
import type { SignupRow } from '../../../scripts/signups/schema.js';

/** A tiny corpus: the first rows of a few families, both halves. */
const all = parseCorpus(readFileSync(CORPUS_FILE, 'utf8'));
const tiny: SignupRow[] = ['genuine/everyday', 'genuine/vpn-user', 'abusive/bot-farm', 'abusive/only-fake-name', 'abusive/country-mismatch'].flatMap((family) =>
  all.filter((r) => r.family === family).slice(0, 6),
);

const scored = (label: 'genuine' | 'abusive', score: number, split: 'fit' | 'score' = 'fit'): Scored => ({
  id: `${label}-${score}`,
  split,
  label,
  family: `${label}/x`,
  input: '',
  score,
  band: score >= 800 ? 4 : score >= 600 ? 3 : score >= 400 ? 2 : score >= 200 ? 1 : 0,
  reasons: [],
});

describe('figures', () => {
  it('counts accepted, blocked and reviewed rows by band', () => {
    const f = figures([scored('genuine', 900), scored('genuine', 650), scored('genuine', 500), scored('genuine', 100), scored('abusive', 50), scored('abusive', 450), scored('abusive', 700)]);
    expect(f).toMatchObject({ rows: 7, genuine: 4, abusive: 3, genuineAccepted: 0.5, genuineBlocked: 0.25, abusiveBlocked: 1 / 3, abusiveBlockedOrReviewed: 2 / 3 });
    // 900 beats all three; 650 and 500 beat 50 and 450; 100 beats 50: (3 + 2 + 2 + 1) / 12
    expect(f.auc).toBeCloseTo(8 / 12, 12);
  });

  it('calls a miss a genuine row below the top two bands or an abusive row in them', () => {
    expect([scored('genuine', 600), scored('genuine', 599), scored('abusive', 600), scored('abusive', 599)].map(isMiss)).toEqual([false, true, true, false]);
  });
});

describe('the evaluation of a tiny corpus', () => {
  let report: Report;
  let text: string;
  beforeAll(() => {
    const { checker, clock } = pinnedChecker(CORPUS_NOW);
    report = evaluate(tiny, checker, { corpus: 'tiny', commit: 'abc1234', clock });
    text = formatReport(report);
  });

  it('reports every subject with both halves, each row once', () => {
    expect(report.subjects.map((s) => s.subject)).toEqual(SUBJECTS);
    for (const s of report.subjects) {
      const withInput = s.subject === 'identity' ? tiny.length : tiny.filter((r) => r.products[s.subject as 'email'] !== undefined).length;
      expect(s.halves.fit.rows + s.halves.score.rows + s.errors.length, s.subject).toBe(withInput);
      expect(s.errors, s.subject).toEqual([]);
      for (const half of [s.halves.fit, s.halves.score]) {
        for (const x of [half.genuineAccepted, half.abusiveBlocked, half.abusiveBlockedOrReviewed, half.auc]) if (!Number.isNaN(x)) expect(x).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('lists every fit-half miss and no other row', () => {
    for (const s of report.subjects) {
      for (const m of s.fitMisses) {
        expect(m.split).toBe('fit');
        expect(isMiss(m)).toBe(true);
      }
      const fitRows = s.halves.fit.rows;
      const expectedMisses = Math.round(s.halves.fit.genuine * (1 - (s.halves.fit.genuineAccepted || 0)) + s.halves.fit.abusive * (1 - (s.halves.fit.abusiveBlockedOrReviewed || 0)));
      expect(s.fitMisses.length, `${s.subject} (${fitRows} fit rows)`).toBe(expectedMisses);
    }
  });

  it('never prints a score-half row, only its miss counts per family', () => {
    const scoreIds = tiny.filter((r) => r.split === 'score').map((r) => r.id);
    expect(scoreIds.length).toBeGreaterThan(3);
    for (const id of scoreIds) expect(text).not.toContain(id);
    for (const s of report.subjects) {
      const misses = Object.values(s.scoreMissCounts).reduce((a, b) => a + b, 0);
      const expected = Math.round(s.halves.score.genuine * (1 - (s.halves.score.genuineAccepted || 0)) + s.halves.score.abusive * (1 - (s.halves.score.abusiveBlockedOrReviewed || 0)));
      expect(misses, s.subject).toBe(expected);
    }
    expect(text).toContain('SCORE half');
    expect(text).toContain('FIT half');
    expect(text).toContain('abc1234');
  });
});

describe('the pinned checker', () => {
  it('takes the clock through the options this version has', () => {
    const { checker, clock } = pinnedChecker(CORPUS_NOW);
    expect(clock.length).toBeGreaterThan(0);
    expect(clock.every((c) => ['now', 'ip.now', 'data.now'].includes(c))).toBe(true);
    // Data ages are counted to the corpus date, not to the day the evaluation runs
    // (a dataset retrieved before the corpus date: ages after it are clamped to 0).
    const info = checker.dataInfo().find((d) => Date.parse(`${d.retrieved}T00:00:00Z`) < CORPUS_NOW.getTime() - 10 * 86_400_000)!;
    expect(info).toBeDefined();
    expect(info.ageDays).toBe(Math.floor((CORPUS_NOW.getTime() - Date.parse(`${info.retrieved}T00:00:00Z`)) / 86_400_000));
  });

  it('drops one option by its path, and its parent when it empties', () => {
    const now = new Date(0);
    expect(without({ now, ip: { now } }, 'now')).toEqual({ ip: { now } });
    expect(without({ now, ip: { now } }, 'ip.now')).toEqual({ now });
    expect(without({ ip: { now, databases: [] } }, 'ip.now')).toEqual({ ip: { databases: [] } });
    expect(without({ now }, 'data.now')).toBeNull();
  });
});
