import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoringFileText } from '../../src/tuning/scoringFile.js';
import type { ScoringProvenance } from '../../src/tuning/types.js';

/** A provenance as `tune` writes one, made by hand: these files are written by the tests, not fitted. */
export const HAND_MADE: ScoringProvenance = {
  tool: 'identity-signals test (hand-made)',
  created: '2026-12-07T00:00:00.000Z',
  input: { file: 'none.csv', sha256: '0'.repeat(64), rows: 0, abusive: 0, genuine: 0 },
  options: {},
  subjects: {},
  refused: [],
};

/**
 * E-mail bands shifted from the default's 200-point steps: a score of 150
 * is `low` here (`very_low` by default), 650 is `high` (`medium`).
 */
export const SHIFTED_EMAIL_BANDS = [
  { min: 0, max: 99 },
  { min: 100, max: 299 },
  { min: 300, max: 599 },
  { min: 600, max: 899 },
  { min: 900, max: 1000 },
] as const;

/**
 * Writes three scoring files into `dir`: `tuned.json` (the disposable
 * e-mail signal turned off, the e-mail bands shifted), `misspelt.json` (a
 * code that is no signal) and `out-of-range.json` (a weight above 10 nats).
 * Returns their paths.
 */
export function writeScoringFiles(dir: string): { tuned: string; misspelt: string; outOfRange: string } {
  const tuned = join(dir, 'tuned.json');
  const misspelt = join(dir, 'misspelt.json');
  const outOfRange = join(dir, 'out-of-range.json');
  writeFileSync(tuned, scoringFileText({ weights: { EMAIL_DISPOSABLE: 0 }, bands: { email: [...SHIFTED_EMAIL_BANDS] } }, HAND_MADE));
  // Written as text: scoringFileText's types would not let a misspelt code through.
  const bad = (weights: Record<string, number>) => scoringFileText({ weights: weights as never, bands: {} }, HAND_MADE);
  writeFileSync(misspelt, bad({ EMAIL_DISPOSABL: 0 }));
  writeFileSync(outOfRange, bad({ EMAIL_FREE: 11 }));
  return { tuned, misspelt, outOfRange };
}
