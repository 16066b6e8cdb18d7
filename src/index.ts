/**
 * identity-signals: offline checks of five identity signals (e-mail, device
 * user agent, IP, phone, name), each with a 0–1000 score, a cluster and the
 * reasons behind it.
 *
 * @example
 * import { checkEmail, checkIdentity, checkIp, createChecker, resolve } from 'identity-signals';
 * checkEmail('jane.doe@gmial.com').suggestion; // 'gmail.com'
 *
 * @packageDocumentation
 */
export * from './errors.js';
export * from './scoring/index.js';
export { parseScoringFile, readScoringFile, scoringFileText, SCORING_FILE_FORMAT, SCORING_FILE_VERSION } from './tuning/scoringFile.js';
export type { ScoringFromFile } from './tuning/scoringFile.js';
export { evaluateScores, DEFAULT_EVALUATE_CODES } from './tuning/evaluate.js';
export { fitScoring, placeBands, FIT_DEFAULTS, MIN_FIT_ROWS, MIN_FIT_LABEL_ROWS } from './tuning/fit.js';
export { readLabel, LABEL_VALUES } from './tuning/labels.js';
export { renderTuningReport } from './tuning/report.js';
export type * from './tuning/types.js';
export * from './email/index.js';
export * from './device/index.js';
export * from './ip/index.js';
export * from './phone/index.js';
export * from './name/index.js';
export * from './identity/index.js';
export { checkIdentity, checkIdentityAsync } from './checkIdentity.js';
export type { ScoringOptions, WeightCode } from './registry.js';
export type { IdentityCheckOptions } from './checkIdentity.js';
export { createChecker } from './checker.js';
export { configureDefaults } from './configure.js';
export type { DefaultsOptions } from './configure.js';
export type { Checker, CheckerOptions, DeviceCallOptions } from './checker.js';
export { resolve, REQUIRED_FIELDS } from './resolve.js';
export { preload } from './preload.js';
export type { ResolveOptions, ResolveRequest, ResolveResponse, ResultsByClaim } from './resolve.js';
