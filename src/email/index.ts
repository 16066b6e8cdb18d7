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
export type { EmailEnrichment, EmailProviderFacts } from './enrichEmailResult.js';
export { parseEmailAddress } from './parse.js';
export type { ParsedEmailAddress, ParseEmailResult } from './parse.js';
export { isDisposableDomain, isFreeProviderDomain, isRoleLocalPart, suggestDomain } from './helpers.js';
export { reservedDomainReason } from './domain.js';
export type { EmailCheck, EmailCheckOptions, EmailReasonCode, EmailResult, EmailStatus } from './types.js';
