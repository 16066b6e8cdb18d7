/** What evaluation and tuning share: reading a labelled row per subject, band tables, AUC. */
import { InputError } from '../errors.js';
import { PRODUCT_NAMES, SCORE_MODELS } from '../registry.js';
import type { ScoringOptions } from '../registry.js';
import { bandTableOf } from '../scoring/bands.js';
import type { ProductBandTable, ScoreModel, ScoredName } from '../scoring/index.js';
import type { Label, LabelledRow, ScoredResult, Subject } from './types.js';

/** The subjects in the order figures are listed: the five products, then the identity. */
export const SUBJECTS: readonly Subject[] = Object.freeze([...PRODUCT_NAMES, 'identity']);

/** The score model of a subject. */
export function modelOf(subject: Subject): ScoreModel<string, string, ScoredName> {
  return SCORE_MODELS.find((m) => m.product === subject)!;
}

/** A row's result for `subject` when it holds a score (absent, `{ error }` or a result without a finite score: none). */
export function resultOf(row: LabelledRow, subject: Subject): ScoredResult | undefined {
  const result = row[subject];
  if (result === undefined || result === null || 'error' in result) return undefined;
  if (typeof result.score !== 'number' || !Number.isFinite(result.score) || !Array.isArray(result.reasons)) return undefined;
  return result;
}

/** The row's label for `subject`: its own (`labels[subject]`) if it has one, else the row's. */
export function labelOf(row: LabelledRow, subject: Subject): Label {
  const label = row.labels?.[subject] ?? row.label;
  if (label !== 'abusive' && label !== 'genuine') {
    const where = row.line === undefined ? 'a row' : `line ${row.line}`;
    throw new InputError('INPUT_TYPE', `${where}: the label must be 'abusive' or 'genuine' (readLabel reads a file's values), got ${JSON.stringify(label) ?? String(label)}`, 'label');
  }
  return label;
}

/** The band table `scoring` gives `subject` (a table per subject included; a subject not named gets the default). */
export function bandsOf(scoring: ScoringOptions | undefined, subject: Subject): ProductBandTable {
  return bandTableOf(scoring?.bands, subject);
}

/**
 * Area under the ROC curve as the Mann–Whitney statistic: the probability
 * that a genuine row scores above an abusive one, ties counted half. Null
 * when either label has no row.
 *
 * @param scores the rows' scores
 * @param genuine 1 for a genuine row, 0 for an abusive one, index for index
 * @example
 * auc([900, 700, 100, 700], [1, 1, 0, 0]); // 0.875 (three wins and a tie of four pairs)
 */
export function auc(scores: ArrayLike<number>, genuine: ArrayLike<number>): number | null {
  const n = scores.length;
  let g = 0;
  for (let i = 0; i < n; i++) g += genuine[i]!;
  const a = n - g;
  if (g === 0 || a === 0) return null;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((x, y) => scores[x]! - scores[y]!);
  // Rank-sum form: the average rank over a run of ties gives each tie half a win.
  let rankSum = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j < n && scores[order[j]!] === scores[order[i]!]) j++;
    const averageRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (genuine[order[k]!] === 1) rankSum += averageRank;
    i = j;
  }
  return (rankSum - (g * (g + 1)) / 2) / (g * a);
}
