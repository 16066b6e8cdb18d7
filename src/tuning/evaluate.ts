/**
 * `evaluateScores`: how well computed scores separate a team's labelled
 * sign-ups, per product and for the identity, from results alone (nothing
 * is checked again).
 */
import { checkOptions, optionError } from '../common/options.js';
import { SCORE_MODELS } from '../registry.js';
import { bandIndex } from '../scoring/bands.js';
import { checkScoringOptions } from '../scoring/createScorer.js';
import { auc, bandsOf, labelOf, modelOf, resultOf, SUBJECTS } from './common.js';
import type { BandShare, CodeRate, EvaluateOptions, Evaluation, LabelledRow, Subject, SubjectEvaluation } from './types.js';

/** Separating codes listed per subject by default. */
export const DEFAULT_EVALUATE_CODES = 10;

interface Tally {
  readonly scores: number[];
  readonly genuine: number[];
  /** Per code: rows of each label that raised it. */
  readonly codes: Map<string, { abusive: number; genuine: number }>;
}

/**
 * Evaluates scores already computed against what the sign-ups turned out
 * to be, per subject (each product and the identity): rows, AUC, the share
 * of each label per band, and the reason codes that separate best.
 *
 * A row counts for a subject when it holds that subject's result with a
 * score; a result absent or `{ error }` is skipped for that subject alone.
 * `row.labels[subject]` overrides `row.label`. A code is counted once per
 * row (its presence in `reasons`: no product signal carries a strength
 * today, so presence is all a code says); the `<SUBJECT>_BASELINE` reason,
 * on every row, is left out. Each code's `logRatio` smooths both rates by
 * half a row, `(count + 0.5) / (rows + 1)`, so a code seen among one label
 * only has a finite ratio.
 *
 * @param rows labelled rows (any iterable: read once)
 * @param options the scoring the results were computed with (for the bands) and how many codes to list
 * @throws InputError `INPUT_OPTION` for an unknown option or a `codes` that is not a whole number ≥ 0;
 * `SCORING_CONFIG` for a `scoring` a checker would refuse
 * @example
 * import { evaluateScores, type LabelledRow } from 'identity-signals';
 * // not run: needs your labelled rows (a batch run's results with their outcomes)
 * declare const rows: LabelledRow[];
 * const evaluation = evaluateScores(rows);
 * evaluation.subjects.find((s) => s.subject === 'email')?.auc; // 0.91
 */
export function evaluateScores(rows: Iterable<LabelledRow>, options: EvaluateOptions = {}): Evaluation {
  checkOptions(options, 'options', {
    scoring: (value) => checkScoringOptions(value, SCORE_MODELS),
    codes: (value, path) => {
      if (!(Number.isInteger(value) && (value as number) >= 0)) throw optionError(path, 'must be a whole number ≥ 0', 'INPUT_OPTION');
    },
  });
  const listed = options.codes ?? DEFAULT_EVALUATE_CODES;
  const tallies = new Map<Subject, Tally>();
  let total = 0;
  let abusive = 0;
  for (const row of rows) {
    total++;
    if (row.label === 'abusive') abusive++;
    for (const subject of SUBJECTS) {
      const result = resultOf(row, subject);
      if (result === undefined) continue;
      let tally = tallies.get(subject);
      if (tally === undefined) {
        tally = { scores: [], genuine: [], codes: new Map() };
        tallies.set(subject, tally);
      }
      const isGenuine = labelOf(row, subject) === 'genuine';
      tally.scores.push(result.score);
      tally.genuine.push(isGenuine ? 1 : 0);
      const baseline = `${subject.toUpperCase()}_BASELINE`;
      const seen = new Set<string>();
      for (const reason of result.reasons) {
        if (reason.code === baseline || seen.has(reason.code)) continue;
        seen.add(reason.code);
        let counts = tally.codes.get(reason.code);
        if (counts === undefined) {
          counts = { abusive: 0, genuine: 0 };
          tally.codes.set(reason.code, counts);
        }
        if (isGenuine) counts.genuine++;
        else counts.abusive++;
      }
    }
  }
  const subjects: SubjectEvaluation[] = [];
  for (const subject of SUBJECTS) {
    const tally = tallies.get(subject);
    if (tally !== undefined) subjects.push(evaluateSubject(subject, tally, options, listed));
  }
  return { rows: total, abusive, genuine: total - abusive, subjects };
}

function evaluateSubject(subject: Subject, tally: Tally, options: EvaluateOptions, listed: number): SubjectEvaluation {
  const rows = tally.scores.length;
  let genuine = 0;
  for (const g of tally.genuine) genuine += g;
  const abusive = rows - genuine;
  const table = bandsOf(options.scoring, subject);
  const clusters = modelOf(subject).clusters;
  const inBand = table.map(() => ({ abusive: 0, genuine: 0 }));
  for (let i = 0; i < rows; i++) {
    const counts = inBand[bandIndex(tally.scores[i]!, table)]!;
    if (tally.genuine[i] === 1) counts.genuine++;
    else counts.abusive++;
  }
  const share = (count: number, of: number): number => (of === 0 ? 0 : count / of);
  const bands: BandShare[] = table.map((band, i) => ({
    cluster: clusters[i] ?? String(i),
    min: band.min,
    max: band.max,
    abusive: inBand[i]!.abusive,
    genuine: inBand[i]!.genuine,
    abusiveShare: share(inBand[i]!.abusive, abusive),
    genuineShare: share(inBand[i]!.genuine, genuine),
  }));
  const codes: CodeRate[] = [...tally.codes].map(([code, counts]) => ({
    code,
    abusive: counts.abusive,
    genuine: counts.genuine,
    abusiveRate: share(counts.abusive, abusive),
    genuineRate: share(counts.genuine, genuine),
    logRatio: Math.log((counts.abusive + 0.5) / (abusive + 1) / ((counts.genuine + 0.5) / (genuine + 1))),
  }));
  // Mirror ratios (1 of 3 against 0 of 3 either way) differ in the last bit: within 1e-12 they tie, and the code decides.
  codes.sort((x, y) => {
    const d = Math.abs(y.logRatio) - Math.abs(x.logRatio);
    return Math.abs(d) > 1e-12 ? d : x.code < y.code ? -1 : x.code > y.code ? 1 : 0;
  });
  return { subject, rows, abusive, genuine, auc: auc(tally.scores, tally.genuine), bands, codes: codes.slice(0, listed) };
}
