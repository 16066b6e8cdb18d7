/**
 * `identity-signals/scoring`: the score engine (src/scoring) and
 * `WeightCode`, the codes of every product's model, which only the registry
 * of products knows (src/registry.ts).
 */
export * from '../scoring/index.js';
export type { ScoringOptions, WeightCode } from '../registry.js';
export { parseScoringFile, readScoringFile, scoringFileText, SCORING_FILE_FORMAT, SCORING_FILE_VERSION } from '../tuning/scoringFile.js';
export type { ScoringFromFile } from '../tuning/scoringFile.js';
export { evaluateScores, DEFAULT_EVALUATE_CODES } from '../tuning/evaluate.js';
export { fitScoring, placeBands, FIT_DEFAULTS, MIN_FIT_ROWS, MIN_FIT_LABEL_ROWS } from '../tuning/fit.js';
export { readLabel, LABEL_VALUES } from '../tuning/labels.js';
export { renderTuningReport } from '../tuning/report.js';
export type * from '../tuning/types.js';
