/**
 * The phone check: validity, line type, country, original carrier, time
 * zones, area and a 0–1000 score, offline, from Google libphonenumber data.
 *
 * @packageDocumentation
 */
export { checkPhone, createPhoneCheck } from './checkPhone.js';
export { lookupCarrier } from './lookupCarrier.js';
export { PHONE_SCORE_MODEL } from './scoreModel.js';
export type { PhoneWeightCode } from './scoreModel.js';
export type {
  PhoneCallOptions,
  PhoneCheck,
  PhoneCheckOptions,
  PhoneReasonCode,
  PhoneResult,
  PhoneStatus,
  PhoneType,
} from './types.js';

// For the checker layer (src/registry.ts lists every product from these), not
// part of the stable API: the factory on an opened data context, the option
// rules, the datasets and the one-call functions' preload.
/** @internal */
export { PHONE_OPTION_RULES, phoneCheckOn, preloadSharedPhoneCheck } from './checkPhone.js';
/** @internal */
export { PHONE_DATASETS } from './data/formats.js';
