/**
 * The email check: offline syntax, domain, disposable, free-provider,
 * role, confusable and typo signals with an explainable 0–1000 score.
 *
 * @packageDocumentation
 */
export { checkEmail, createEmailCheck } from './checkEmail.js';
export { EMAIL_SCORE_MODEL } from './scoreModel.js';
export type { EmailWeightCode } from './scoreModel.js';
export { enrichEmailResult } from './enrichEmailResult.js';
export type { EmailProviderFacts } from './enrichEmailResult.js';
export { parseEmailAddress } from './parse.js';
export type { ParsedEmailAddress, ParseEmailResult } from './parse.js';
export { isDisposableDomain, isFreeProviderDomain, isRoleLocalPart, suggestDomain } from './helpers.js';
export { reservedDomainReason } from './domain.js';
export type { EmailCheck, EmailCheckOptions, EmailReasonCode, EmailResult, EmailStatus } from './types.js';

// For the checker layer (src/registry.ts lists every product from these), not
// part of the stable API: the factory on an opened data context, the option
// rules, the datasets and the one-call functions' preload.
/** @internal */
export { EMAIL_OPTION_RULES, emailCheckOn, preloadSharedEmailCheck } from './checkEmail.js';
/** @internal */
export { EMAIL_DATASETS } from './data/formats.js';
