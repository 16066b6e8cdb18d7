/**
 * `identity-signals/identity`: the cross-signal check's parts and types
 * (src/identity) and its one-call functions, which run on a checker and so
 * live above it (src/checkIdentity.ts).
 */
export * from '../identity/index.js';
export { checkIdentity, checkIdentityAsync } from '../checkIdentity.js';
export type { IdentityCheckOptions } from '../checkIdentity.js';
