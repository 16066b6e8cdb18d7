/** The figures of the score evaluation: AUC and band shares. */
import { auc as aucOf } from '../../src/tuning/common.js';

/**
 * Area under the ROC curve as the Mann–Whitney statistic: the probability
 * that a genuine row scores above an abusive one, ties counted half; the
 * library's own (src/tuning/common.ts, what `evaluateScores` reports), over
 * two lists. NaN when either side is empty.
 *
 * @example auc([900, 700], [100, 700]) // (1 + 1 + 1 + 0.5) / 4 = 0.875
 */
export function auc(genuine: readonly number[], abusive: readonly number[]): number {
  const labels = new Uint8Array(genuine.length + abusive.length).fill(1, 0, genuine.length);
  return aucOf([...genuine, ...abusive], labels) ?? Number.NaN;
}

/** Share of `values` that satisfy `test` (NaN for an empty list). */
export function share<T>(values: readonly T[], test: (value: T) => boolean): number {
  if (values.length === 0) return Number.NaN;
  return values.filter(test).length / values.length;
}

/** Band index of a score under the default bands 0–199, 200–399, 400–599, 600–799, 800–1000 (0 = lowest). */
export function defaultBand(score: number): number {
  return score >= 800 ? 4 : score >= 600 ? 3 : score >= 400 ? 2 : score >= 200 ? 1 : 0;
}

/** What a band decides: the top two accept, the middle reviews, the bottom two block (or step up). */
export function decision(band: number): 'accept' | 'review' | 'block' {
  return band >= 3 ? 'accept' : band === 2 ? 'review' : 'block';
}
