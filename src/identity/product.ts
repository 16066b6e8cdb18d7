/**
 * What the checker layer reads of the identity check: its factory over the
 * checks it is given, and the country hint a name is read with. Not part of
 * the package's API: the public entry is index.ts.
 */
export { createIdentityCheck, nameHint } from './identityCheck.js';
export type { IdentityCheck, IdentityChecks, IdentityParts } from './identityCheck.js';
export type { AsyncExtras, DeviceAsyncResult, EmailAsyncResult, IpAsyncResult, NameAsyncResult, PhoneAsyncResult } from './asyncResults.js';
