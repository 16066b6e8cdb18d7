import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import { InputError } from '../../src/errors.js';
import { createScorer } from '../../src/scoring/createScorer.js';
import { EMAIL_SCORE_MODEL } from '../../src/email/index.js';
import { PHONE_SCORE_MODEL } from '../../src/phone/index.js';

const LOW_EDGES = [
  { min: 0, max: 99 },
  { min: 100, max: 199 },
  { min: 200, max: 299 },
  { min: 300, max: 399 },
  { min: 400, max: 1000 },
] as const;

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('SCORING_CONFIG');
    return (error as InputError).field;
  }
  return undefined;
}

describe('bands per product', () => {
  it("uses the named product's table and the default for a product not named", () => {
    const bands = { email: LOW_EDGES };
    // Nothing known: 500, the middle band by default, the top band of the email table above.
    expect(createScorer(EMAIL_SCORE_MODEL, { bands })([]).score_cluster).toBe(EMAIL_SCORE_MODEL.clusters[4]);
    expect(createScorer(PHONE_SCORE_MODEL, { bands })([]).score_cluster).toBe(PHONE_SCORE_MODEL.clusters[2]);
    expect(createScorer(PHONE_SCORE_MODEL, { bands: { ...bands, phone: 'scorecard' } })([]).score_cluster).toBe(PHONE_SCORE_MODEL.clusters[2]);
  });

  it('moves a checker’s clusters for the product named only', () => {
    const plain = createChecker();
    const high = [{ min: 0, max: 99 }, { min: 100, max: 199 }, { min: 200, max: 299 }, { min: 300, max: 949 }, { min: 950, max: 1000 }] as const;
    const tuned = createChecker({ scoring: { bands: { email: high } } });
    const email = 'jane.doe@gmail.com';
    expect(plain.email(email).score).toBeGreaterThanOrEqual(800);
    expect(plain.email(email).score).toBeLessThan(950);
    expect(plain.email(email).score_cluster).toBe('high');
    expect(tuned.email(email).score).toBe(plain.email(email).score);
    expect(tuned.email(email).score_cluster).toBe('good');
    expect(tuned.phone('+44 7911 123456').score_cluster).toBe(plain.phone('+44 7911 123456').score_cluster);
  });

  it('refuses a name that is no product, and a bad table, naming where', () => {
    expect(fieldOf(() => createChecker({ scoring: { bands: { emial: 'default' } as never } }))).toBe('scoring.bands.emial');
    expect(fieldOf(() => createChecker({ scoring: { bands: { phone: [{ min: 0, max: 1000 }] } as never } }))).toBe('scoring.bands.phone');
    expect(fieldOf(() => createChecker({ scoring: { bands: { identity: [...LOW_EDGES.slice(0, 4), { min: 401, max: 1000 }] } as never } }))).toBe('scoring.bands.identity[4].min');
    expect(fieldOf(() => createChecker({ scoring: { provenance: 'me' as never } }))).toBe('scoring.provenance');
  });

  it('keeps provenance for the reader: it changes no score', () => {
    const withNote = createChecker({ scoring: { provenance: { input_sha256: 'ab', rows: 10 } } });
    expect(withNote.email('jane.doe@gmail.com')).toEqual(createChecker().email('jane.doe@gmail.com'));
  });
});
