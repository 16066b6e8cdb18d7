/** How libphonenumber number types map to the result, and which types get which treatment. */
import type { NumberType } from 'libphonenumber-js/max';
import type { PhoneReasonCode, PhoneType } from './types.js';

/** libphonenumber-js type → the spec's lower snake case. */
export const TYPE_NAMES: Readonly<Record<NumberType & string, PhoneType>> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'fixed_line',
  FIXED_LINE_OR_MOBILE: 'fixed_line_or_mobile',
  TOLL_FREE: 'toll_free',
  PREMIUM_RATE: 'premium_rate',
  SHARED_COST: 'shared_cost',
  VOIP: 'voip',
  PERSONAL_NUMBER: 'personal_number',
  PAGER: 'pager',
  UAN: 'uan',
  VOICEMAIL: 'voicemail',
};

/**
 * Types that reach no one person's own line, with their reason code: never
 * rewarded as a personal line; each is a risk at its fit-half weight (0 where
 * the corpus shows no difference).
 */
export const TYPE_RISK: Partial<Record<PhoneType, PhoneReasonCode>> = {
  toll_free: 'PHONE_TOLL_FREE',
  voicemail: 'PHONE_VOICEMAIL',
  premium_rate: 'PHONE_PREMIUM_RATE',
  shared_cost: 'PHONE_SHARED_COST',
  voip: 'PHONE_VOIP',
  personal_number: 'PHONE_PERSONAL_NUMBER',
  pager: 'PHONE_PAGER',
  uan: 'PHONE_UAN',
};

/** Types that are a person's own line: a valid number of one of these, in no reserved range and with no pattern, is `PHONE_PERSONAL_LINE`. */
export const PERSONAL_TYPES: ReadonlySet<PhoneType> = new Set(['mobile', 'fixed_line', 'fixed_line_or_mobile']);

/** Types Google geocodes by prefix (PhoneNumberUtil.isNumberGeographical without the mobile-token subtleties). */
export const GEOGRAPHIC_TYPES: ReadonlySet<PhoneType> = new Set(['fixed_line', 'mobile', 'fixed_line_or_mobile']);

/**
 * Types the carrier data is read for, as in Google's PhoneNumberToCarrierMapper
 * (mobile, fixed-line-or-mobile, pager): its prefixes describe mobile ranges,
 * and a short mobile prefix would otherwise name a mobile operator for a
 * premium-rate or toll-free number that shares its first digits.
 */
export const CARRIER_TYPES: ReadonlySet<PhoneType> = new Set(['mobile', 'fixed_line_or_mobile', 'pager']);

