/**
 * identity-signals/identity: the cross-signal check of one sign-up's
 * e-mail, phone, IP, user agent and name.
 *
 * @example
 * import { checkIdentity } from 'identity-signals/identity';
 * checkIdentity({ email: 'jane.doe@gmail.com', firstName: 'Jane', lastName: 'Doe' }).identity.score;
 *
 * @packageDocumentation
 */
export { IDENTITY_SCORE_MODEL } from './scoreModel.js';
export type { IdentityReasonCode, IdentityWeightCode } from './scoreModel.js';
export { matchNameToEmail } from './nameEmail.js';
export type { NameEmailMatch } from './nameEmail.js';
export { emailCountry } from './findings.js';
export { nameVariants } from './nicknames.js';
export type { IdentityAsyncResult, IdentityCallOptions, IdentityInput, IdentityResult, IdentityScore } from './types.js';
