/**
 * Tuning on the labelled sign-up corpus: every row through the checker (one
 * identity call a row, whose product results the identity carried), each
 * product on its own input's label and the identity on the sign-up's, then
 * `fitScoring` with its defaults. Prints, per product and identity, the rows
 * and the cross-validated AUC before and after tuning (5 folds, seed 1): the
 * figures the tuning docs quote.
 *
 *   npm run eval:tune                 the table
 *   npm run eval:tune -- --json       the fit (weights, bands, every figure)
 */
import { readFileSync } from 'node:fs';
import { fitScoring } from '../../src/tuning/fit.js';
import type { LabelledRow } from '../../src/tuning/types.js';
import { checkIdentityRow, hasInput } from './evaluate.js';
import { pinnedChecker } from './checker.js';
import { CORPUS_FILE, CORPUS_NOW, parseCorpus } from './schema.js';
import { PRODUCTS } from './schema.js';

const rows = parseCorpus(readFileSync(CORPUS_FILE, 'utf8'));
const { checker } = pinnedChecker(CORPUS_NOW);
const labelled: LabelledRow[] = rows.map((row, i) => {
  const result = checkIdentityRow(checker, row);
  const labels: Record<string, 'abusive' | 'genuine'> = { identity: row.label };
  const out: Record<string, unknown> = { label: row.label, line: i + 1, identity: result.identity, labels };
  for (const product of PRODUCTS) {
    const own = (result as unknown as Record<string, unknown>)[product];
    if (!hasInput(row, product) || own === undefined) continue;
    out[product] = own;
    labels[product] = row.products[product]!.label;
  }
  return out as unknown as LabelledRow;
});

const fit = fitScoring(labelled);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(fit, null, 2));
} else {
  console.log(`corpus: ${rows.length} sign-ups (${CORPUS_FILE.split('/').slice(-3).join('/')}), 5-fold cross-validation, seed 1`);
  console.log('subject    rows  abusive  genuine  AUC before  AUC after');
  for (const s of fit.subjects) {
    console.log(`${s.subject.padEnd(9)} ${String(s.rows).padStart(5)}  ${String(s.abusive).padStart(7)}  ${String(s.genuine).padStart(7)}  ${s.aucBefore.toFixed(3).padStart(10)}  ${s.aucAfter.toFixed(3).padStart(9)}`);
  }
  for (const r of fit.refused) console.log(`${r.subject}: not tuned (${r.reason})`);
}
