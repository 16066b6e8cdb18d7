/**
 * Invariants of checkEmail over 100k random strings (fast-check, fixed
 * seed): arbitrary Unicode, e-mail-shaped strings and mutations of
 * realistic addresses never throw, always score an integer in 0..1000 with
 * a valid cluster, and give the same result twice.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkEmail } from '../../src/email/index.js';
import { QUALITY_CLUSTERS } from '../../src/scoring/bands.js';

const STATUSES = new Set(['deliverable', 'invalid', 'undetermined', 'syntax', 'role', 'accept-all', 'disposable', 'spam-trap']);
const CLUSTERS = new Set<string>(QUALITY_CLUSTERS);
const DOMAINS = ['gmail.com', 'gmial.com', 'mailinator.com', 'acme-widgets.com', 'bücher.de', 'example.com', 'co.uk', 'x.con'];

/** Local parts and domains built from the characters that matter to the parser. */
const tricky = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '.', '-', '_', '+', '@', '"', '(', ')', ' ', '\\', '[', ']', 'é', 'а', '例', '\u200b', '\u0000'), maxLength: 40 });

const inputs = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.emailAddress(),
  fc.tuple(tricky, fc.constantFrom(...DOMAINS)).map(([l, d]) => `${l}@${d}`),
  fc.tuple(tricky, tricky).map(([l, d]) => `${l}@${d}`),
  fc.tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 20 }), fc.integer({ min: 0, max: 3000 })).map(([s, n]) => s.repeat(n)),
);

describe('checkEmail properties', () => {
  it('never throws; integer score in 0..1000, valid cluster and status; deterministic (100k inputs)', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        // Plain comparisons (not expect) keep 100k runs fast; fast-check reports the failing input.
        const r = checkEmail(input);
        const points = r.reasons.reduce((sum, x) => sum + x.points, 0);
        return (
          Number.isInteger(r.score) &&
          r.score >= 0 &&
          r.score <= 1000 &&
          CLUSTERS.has(r.score_cluster) &&
          STATUSES.has(r.status) &&
          points === r.score &&
          r.value === input &&
          JSON.stringify(checkEmail(input)) === JSON.stringify(r)
        );
      }),
      { seed: 20261122, numRuns: 100_000 },
    );
  });
});
