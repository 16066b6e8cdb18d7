/**
 * The score engine shared by every product: evidence as log-likelihood
 * ratios added to the log-odds around the neutral middle (500), gates and
 * band tables, all as data (docs/scoring.md). Exposed so that other
 * projects can unit-test their own weightings.
 *
 * @packageDocumentation
 */
export { createScorer, MAX_CARRIED_LOGIT, MAX_WEIGHT, NEUTRAL_SCORE } from './createScorer.js';
export type { Scorer } from './createScorer.js';
export { DEFAULT_BANDS, SCORECARD_BANDS, QUALITY_CLUSTERS, RISK_CLUSTERS, validateBands, bandIndex } from './bands.js';
export type {
  Band,
  BandTable,
  ProductBandTable,
  BaselineCode,
  ProductName,
  ScoredName,
  QualityCluster,
  Reason,
  RiskCluster,
  ScoreModel,
  ScoreOutcome,
  ScoringOptions,
  SubjectBands,
  Signal,
  SignalKind,
  SignalSpec,
  EvidenceSignalSpec,
  CarriedSignalSpec,
  InfoSignalSpec,
  WeightedCode,
} from './types.js';
