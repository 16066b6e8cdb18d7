import { describe, expect, it } from 'vitest';
import { EMAIL_SCORE_MODEL } from '../../src/email/scoreModel.js';
import type { EmailWeightCode } from '../../src/email/scoreModel.js';
import { codeSetScorer } from '../../src/scoring/codeSetScorer.js';
import { createScorer } from '../../src/scoring/createScorer.js';
import type { Signal } from '../../src/scoring/types.js';
import { prng } from '../support/prng.js';

type Code = keyof typeof EMAIL_SCORE_MODEL.signals;
const CODES = Object.keys(EMAIL_SCORE_MODEL.signals) as Code[];

describe('codeSetScorer', () => {
  it('answers as the scorer it wraps, on the first call of a code set and on later ones with other details', () => {
    const random = prng(0xc0de);
    // Few distinct sets, so that most calls are answered from the memo; some codes repeat within a call.
    const sets = Array.from({ length: 40 }, () => Array.from({ length: 1 + Math.floor(random() * 7) }, () => CODES[Math.floor(random() * CODES.length)]!));
    for (const scoring of [undefined, { bands: 'scorecard' as const, weights: { EMAIL_FREE: 0.05 } as Partial<Record<EmailWeightCode, number>> }]) {
      const plain = createScorer(EMAIL_SCORE_MODEL, scoring);
      const memo = codeSetScorer(EMAIL_SCORE_MODEL, createScorer(EMAIL_SCORE_MODEL, scoring));
      for (let n = 0; n < 2000; n++) {
        const set = sets[Math.floor(random() * sets.length)]!;
        // Shuffled, each with a detail or none: the first signal of a code gives its detail.
        const signals: Signal<Code>[] = set
          .map((code) => ({ code, at: random() }))
          .sort((a, b) => a.at - b.at)
          .map(({ code }) => (random() < 0.3 ? { code } : { code, detail: `detail ${n} ${Math.floor(random() * 5)}` }));
        expect(memo(signals)).toEqual(plain(signals));
      }
    }
  });

  it('leaves a signal with a strength to the scorer it wraps, and an unknown code to its error', () => {
    const plain = createScorer(EMAIL_SCORE_MODEL);
    const memo = codeSetScorer(EMAIL_SCORE_MODEL, createScorer(EMAIL_SCORE_MODEL));
    const whole: Signal<Code>[] = [{ code: 'EMAIL_DISPOSABLE' }, { code: 'EMAIL_FREE' }];
    const half: Signal<Code>[] = [{ code: 'EMAIL_DISPOSABLE', strength: 0.5 }, { code: 'EMAIL_FREE' }];
    expect(memo(whole)).toEqual(plain(whole));
    expect(memo(half)).toEqual(plain(half));
    expect(memo(half).score).not.toBe(memo(whole).score);
    expect(() => memo([{ code: 'EMAIL_NOPE' as Code }])).toThrow(/not in the email score model/);
  });
});
