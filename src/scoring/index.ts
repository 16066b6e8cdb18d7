/**
 * The score engine shared by every product: gates, noisy-OR evidence,
 * trust lifts and band tables, all as data. Exposed so that other projects
 * can unit-test their own weightings.
 *
 * @packageDocumentation
 */
export { createScorer } from './createScorer.js';
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
  Signal,
  SignalKind,
  SignalSpec,
  WeightCode,
  WeightedCode,
} from './types.js';
