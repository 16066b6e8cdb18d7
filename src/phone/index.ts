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
