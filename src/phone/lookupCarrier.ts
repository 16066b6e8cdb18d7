import { assertString } from '../common/input.js';
import { CARRIER_TYPES, TYPE_NAMES } from './numberTypes.js';
import { sharedPhoneTables } from './checkPhone.js';
import { carrierByPrefix } from './lookup.js';
import { libphonenumber } from './libphonenumber.js';

/** Longest string worth parsing (see checkPhone.ts). */
const MAX_INPUT_LENGTH = 64;

/**
 * The operator a number's range was first allocated to (Google
 * libphonenumber carrier data, English names), for a number in
 * international format. Porting is not known: this is the original
 * network, not necessarily the current one.
 *
 * @param phoneNumber a number starting with `+` (E.164 or formatted)
 * @returns the carrier, or `null` when the number is not valid, not a mobile, fixed-line-or-mobile or pager number, or its range has no carrier in the data
 * @example
 * lookupCarrier('+39 333 123 4567'); // 'TIM'
 * lookupCarrier('+39 333');          // null (not a valid number)
 */
export function lookupCarrier(phoneNumber: string): string | null {
  assertString(phoneNumber, 'phoneNumber');
  if (phoneNumber.length > MAX_INPUT_LENGTH) return null;
  const phone = libphonenumber().parsePhoneNumberFromString(phoneNumber);
  // Validate first: an invalid number must never get a carrier.
  const type = phone?.getType();
  if (phone === undefined || type === undefined) return null;
  // Same rule as the check: the carrier data describes mobile ranges.
  if (!CARRIER_TYPES.has(TYPE_NAMES[type])) return null;
  // The one-call functions' bundle, read through their shared checker's tables.
  return carrierByPrefix(sharedPhoneTables().carriers, phone.countryCallingCode as string, phone.nationalNumber as string);
}
