/** The figures of the score evaluation: AUC and band shares. No dependency on the library. */

/**
 * Area under the ROC curve as the Mann–Whitney statistic: the probability
 * that a genuine row scores above an abusive one, ties counted half.
 * NaN when either side is empty.
 *
 * @example auc([900, 700], [100, 700]) // (1 + 1 + 1 + 0.5) / 4 = 0.875
 */
export function auc(genuine: readonly number[], abusive: readonly number[]): number {
  if (genuine.length === 0 || abusive.length === 0) return Number.NaN;
  // Rank-sum form (O(n log n)): average ranks over ties give each tie half a win.
  const all = [...genuine.map((s) => ({ s, g: true })), ...abusive.map((s) => ({ s, g: false }))].sort((a, b) => a.s - b.s);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.s === all[i]!.s) j++;
    const averageRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (all[k]!.g) rankSum += averageRank;
    i = j;
  }
  const n = genuine.length;
  return (rankSum - (n * (n + 1)) / 2) / (n * abusive.length);
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
