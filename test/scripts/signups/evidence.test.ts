import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pinnedChecker } from '../../../scripts/signups/checker.js';
import { SUBJECTS } from '../../../scripts/signups/evaluate.js';
import {
  CARRIED_CODES,
  CARRIED_ORDER,
  CORPUS_CAP,
  DAMPING_EVIDENCE,
  FITTED_FILE,
  MODELS,
  citedCounts,
  corpusWeight,
  countsOf,
  fitDampings,
  fitRates,
  fittedFindings,
  fittedSource,
  smoothedLlr,
} from '../../../scripts/signups/rates.js';
import type { SubjectRates } from '../../../scripts/signups/rates.js';
import { CORPUS_FILE, CORPUS_NOW, parseCorpus } from '../../../scripts/signups/schema.js';
import type { SignalSpec } from '../../../src/scoring/index.js';

/**
 * Every weight says where it comes from, and what it says is true today.
 * A weight that cites the labelled sign-up corpus (`corpus: 41/212 abusive,
 * 2/208 genuine`, or `corpus as CODE: …`) must cite the FIT half's counts
 * as the checks give them now, and be their smoothed LLR (rounded to 0.1,
 * capped at 6): a corpus rebuild or a check change that moves a cited
 * rate fails here, and `npm run eval:rates` shows the new counts. The
 * identity's dampings must be the ones the fit finds (`corpus fit: 0.8`).
 */
const rows = parseCorpus(readFileSync(CORPUS_FILE, 'utf8'));
const specsOf = (subject: (typeof SUBJECTS)[number]) => Object.entries(MODELS[subject].signals as Readonly<Record<string, SignalSpec>>);

describe('every risk, trust and carried weight of the six models has evidence', () => {
  it.each(SUBJECTS)('%s: non-empty evidence that cites the corpus or a published source, weights in range', (subject) => {
    for (const [code, spec] of specsOf(subject)) {
      if (spec.kind === 'info') {
        expect(spec.weight, code).toBe(0);
        expect((spec as { evidence?: unknown }).evidence, code).toBeUndefined();
        continue;
      }
      expect(typeof spec.evidence, code).toBe('string');
      expect(spec.evidence.trim(), code).not.toBe('');
      const cites = spec.kind === 'carried' ? DAMPING_EVIDENCE.test(spec.evidence) : citedCounts(spec.evidence) !== null;
      // A weight from elsewhere than the corpus names its source (title, publisher, year, URL).
      if (!cites) expect(spec.evidence, `${code}: neither a corpus citation nor a source with its URL`).toMatch(/https?:\/\//u);
      expect(spec.weight, code).toBeGreaterThanOrEqual(0);
      expect(spec.weight, code).toBeLessThanOrEqual(spec.kind === 'carried' ? 1 : cites ? CORPUS_CAP : 10);
    }
  });
});

describe('the corpus citations match the fit half of the current corpus (drift check)', () => {
  let rates: SubjectRates[];
  beforeAll(() => {
    rates = fitRates(rows, pinnedChecker(CORPUS_NOW).checker);
  });

  it.each(SUBJECTS)('%s: cited counts are the fit half’s, and each weight is their smoothed LLR', (subject) => {
    const r = rates.find((x) => x.subject === subject)!;
    const wrong: string[] = [];
    for (const [code, spec] of specsOf(subject)) {
      if (spec.kind !== 'risk' && spec.kind !== 'trust') continue;
      const cite = citedCounts(spec.evidence);
      if (cite === null) continue;
      const of = cite.of ?? code;
      expect(Object.hasOwn(MODELS[subject].signals, of), `${code} cites ${of}, which is no ${subject} code`).toBe(true);
      const now = countsOf(r, of);
      if (cite.a !== now.a || cite.A !== now.A || cite.g !== now.g || cite.G !== now.G) {
        wrong.push(`${code}: cites ${cite.a}/${cite.A} abusive, ${cite.g}/${cite.G} genuine; the fit half now has ${now.a}/${now.A}, ${now.g}/${now.G}`);
      } else if (spec.weight !== corpusWeight(spec.kind, now)) {
        wrong.push(`${code}: weight ${spec.weight}, the cited counts give ${corpusWeight(spec.kind, now)}`);
      }
    }
    expect(wrong, 'run npm run eval:rates and update the evidence and weights').toEqual([]);
  });

  it('a code measured as another one is a code no fit-half row carries', () => {
    for (const subject of SUBJECTS) {
      const r = rates.find((x) => x.subject === subject)!;
      for (const [code, spec] of specsOf(subject)) {
        if (spec.kind !== 'risk' && spec.kind !== 'trust') continue;
        const cite = citedCounts(spec.evidence);
        if (cite?.of == null) continue;
        const own = countsOf(r, code);
        expect(own.a + own.g, `${code} has fit-half rows of its own: cite them`).toBe(0);
      }
    }
  });

  it("the identity's dampings are the fit's, each product's trust side and risk side", () => {
    const { dampings } = fitDampings(rows, pinnedChecker(CORPUS_NOW).checker);
    expect(CARRIED_ORDER).toHaveLength(10);
    for (const [product, sides] of Object.entries(CARRIED_CODES)) {
      for (const [side, code] of Object.entries(sides)) {
        const spec = MODELS.identity.signals[code] as SignalSpec;
        expect(spec.kind, code).toBe('carried');
        expect(spec.kind === 'carried' ? spec.side : undefined, `${code} carries the ${product}'s ${side} side`).toBe(side);
        const m = spec.kind === 'info' ? null : DAMPING_EVIDENCE.exec(spec.evidence);
        expect(m, code).not.toBeNull();
        const fitted = dampings[code];
        expect([spec.weight, Number(m![1])], `${code}: the fit finds ${fitted}; run npm run eval:rates -- --write`).toEqual([fitted, fitted]);
      }
    }
  });

  it('src/identity/fitted.ts is what npm run eval:rates -- --write writes today', () => {
    const checker = pinnedChecker(CORPUS_NOW).checker;
    const [identity] = fitRates(rows, checker, ['identity']);
    const findings = fittedFindings(identity!);
    const fit = fitDampings(rows, checker, Object.fromEntries(Object.entries(findings).map(([code, f]) => [code, f.weight])));
    expect(readFileSync(FITTED_FILE, 'utf8'), 'run npm run eval:rates -- --write').toBe(fittedSource(fit, findings));
  });
});

describe('the smoothed LLR', () => {
  it('is ln((a+0.5)/(A+1)) − ln((g+0.5)/(G+1)); a weight rounds it to 0.1, caps it at 6 and is 0 without rows', () => {
    expect(smoothedLlr({ a: 41, A: 212, g: 2, G: 208 })).toBeCloseTo(Math.log(41.5 / 213) - Math.log(2.5 / 209), 12);
    expect(corpusWeight('risk', { a: 41, A: 212, g: 2, G: 208 })).toBe(2.8);
    expect(corpusWeight('trust', { a: 41, A: 212, g: 2, G: 208 })).toBe(0);
    expect(corpusWeight('trust', { a: 0, A: 149, g: 244, G: 452 })).toBe(5.1);
    expect(corpusWeight('risk', { a: 500, A: 500, g: 0, G: 5000 })).toBe(CORPUS_CAP);
    expect(corpusWeight('risk', { a: 0, A: 87, g: 0, G: 475 })).toBe(0);
    expect(citedCounts('corpus as IP_TOR_EXIT: 7/149 abusive, 0/452 genuine; why')).toEqual({ of: 'IP_TOR_EXIT', a: 7, A: 149, g: 0, G: 452 });
    expect(citedCounts('a published rate')).toBeNull();
  });
});
