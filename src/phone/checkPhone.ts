import { BoundedCache, cacheKey } from '../common/boundedCache.js';
import type { CacheKey } from '../common/boundedCache.js';
import { sharedChecker } from '../data/sharedChecker.js';
import { dataOptionRule, openData } from '../data/context.js';
import type { DataContext } from '../data/context.js';
import { preloadOnce } from '../data/preload.js';
import { WARM_UP_CALLS, warmUpPhone } from '../common/warmUp.js';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
import { assertString, hasControlChars } from '../common/input.js';
import { checkOptions } from '../common/options.js';
import type { OptionRule, OptionRules } from '../common/options.js';
import { scoringRule } from '../scoring/createScorer.js';
import { quoteInput } from '../common/quoteInput.js';
import { InputError } from '../errors.js';
import { createScorer } from '../scoring/createScorer.js';
import type { Signal } from '../scoring/types.js';
import { libphonenumber } from './libphonenumber.js';
import { areaByPrefix, carrierByPrefix, timeZonesByPrefix } from './lookup.js';
import { ALPHA2, ANY_DIGIT, LETTER, PICTOGRAPH } from './patterns.js';
import { CARRIER_TYPES, GEOGRAPHIC_TYPES, PERSONAL_TYPES, TYPE_NAMES, TYPE_RISK } from './numberTypes.js';
import { fictionalRange } from './fictional.js';
import type { FictionalSource } from './data/formats.js';
import { subscriberPatterns } from './subscriberPatterns.js';
import { openPhoneTables } from './tables.js';
import type { PhoneTables } from './tables.js';
import { PHONE_SCORE_MODEL, type PhoneScoreOutcome, type PhoneScorer } from './scoreModel.js';
import type { PhoneCallOptions, PhoneCheck, PhoneCheckOptions, PhoneReasonCode, PhoneResult, PhoneType } from './types.js';
import { hiddenSlot } from '../common/hiddenSlot.js';

/** `scoring` checked against this product's model: its own codes (another product's are that product's business). */
const scoringOption = scoringRule([PHONE_SCORE_MODEL]);

/**
 * Longest input read. The longest real number is 20 digits (calling code up
 * to 3, national number up to 17: libphonenumber's MAX_LENGTH_COUNTRY_CODE
 * and MAX_LENGTH_FOR_NSN); 64 leaves room for any formatting of it.
 */
const MAX_INPUT_LENGTH = 64;
/** More digits than any number can have (3 + 17, see above): not a phone number's shape. */
const MAX_DIGITS = 20;
/** libphonenumber's MIN_LENGTH_FOR_NSN: a national number has at least 2 digits. */
const MIN_NATIONAL_DIGITS = 2;

/**
 * Separators that phone numbers are written with, as libphonenumber accepts
 * them: spaces (incl. no-break, thin, ideographic), dashes, slashes, dots,
 * brackets and tildes, ASCII and full-width.
 */
const PUNCTUATION: ReadonlySet<number> = new Set([
  0x20, 0xa0, 0xad, 0x200b, 0x2060, 0x3000, 0x202f, 0x205f,
  0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2d, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0x30fc, 0xff0d,
  0x2f, 0xff0f, 0x2e, 0xff0e,
  0x28, 0x29, 0x5b, 0x5d, 0xff08, 0xff09, 0xff3b, 0xff3d,
  0x7e, 0x2053, 0x223c, 0xff5e,
]);

interface Normalized {
  readonly digits: string;
  readonly plus: boolean;
  /** Why the input is not phone-shaped, or null. */
  readonly problem: string | null;
}

/** ASCII value of a digit libphonenumber reads (ASCII, full-width, Arabic-Indic, Eastern Arabic-Indic), or -1. */
function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0xff10 && c <= 0xff19) return c - 0xff10;
  if (c >= 0x660 && c <= 0x669) return c - 0x660;
  if (c >= 0x6f0 && c <= 0x6f9) return c - 0x6f0;
  return -1;
}

/** Says what kind of character (the one at `index` of capped `text`) is not phone-shaped. */
function describeProblem(text: string, index: number): string {
  const char = String.fromCodePoint(text.codePointAt(index)!);
  if (hasControlChars(char)) return 'control characters';
  if (LETTER.test(char)) return 'letters';
  if (PICTOGRAPH.test(char)) return 'emoji';
  if (ANY_DIGIT.test(char)) return 'digits of a script phone numbers are not parsed in';
  return 'characters phone numbers do not use';
}

/**
 * One pass over the characters, no regex: digits out, separators skipped,
 * a single leading plus allowed, anything else is a syntax problem.
 * Input is at most MAX_INPUT_LENGTH characters, so the digit buffer is small.
 */
function normalize(text: string): Normalized {
  let plus = false;
  // Most inputs are plain E.164 or ASCII digits: then the digits are a slice, with no copying.
  let plain = true;
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      codes.push(c);
      continue;
    }
    const d = digitValue(c);
    if (d >= 0) {
      codes.push(0x30 + d);
      plain = false;
    } else if (c === 0x2b || c === 0xff0b) {
      if (plus || codes.length > 0) return { digits: '', plus, problem: 'a plus sign after the start' };
      plus = true;
      if (i !== 0 || c !== 0x2b) plain = false;
    } else if (PUNCTUATION.has(c)) {
      plain = false;
    } else {
      return { digits: '', plus, problem: describeProblem(text, i) };
    }
  }
  const digits = plain ? (plus ? text.slice(1) : text) : String.fromCharCode(...codes);
  return { digits, plus, problem: null };
}

/** Formats a valid result's E.164 number; null when there is none. */
function formatE164(e164: string | null, how: 'NATIONAL' | 'INTERNATIONAL'): string | null {
  if (e164 === null) return null;
  return libphonenumber().parsePhoneNumberFromString(e164)?.format(how) ?? null;
}

const NATIONAL_FORMAT: PropertyDescriptor = Object.freeze({
  enumerable: true,
  configurable: true,
  get(this: PhoneResult): string | null {
    return formatE164(this.e164, 'NATIONAL');
  },
});

const INTERNATIONAL_FORMAT: PropertyDescriptor = Object.freeze({
  enumerable: true,
  configurable: true,
  get(this: PhoneResult): string | null {
    return formatE164(this.e164, 'INTERNATIONAL');
  },
});

/** The calling code a digit string starts with (codes are prefix-free), or null. */
function callingCodeOf(callingCodes: ReadonlySet<string>, digits: string): string | null {
  for (let n = 1; n <= 3 && n <= digits.length; n++) {
    const code = digits.slice(0, n);
    if (callingCodes.has(code)) return code;
  }
  return null;
}

/** Each result type's place in a valid number's score key (see phoneCheckOn). */
const TYPE_SLOT: Readonly<Record<PhoneType, number>> = Object.freeze(Object.fromEntries([...Object.values(TYPE_NAMES), 'unknown'].map((type, slot) => [type, slot])) as Record<PhoneType, number>);
const TYPE_SLOT_COUNT = Object.keys(TYPE_SLOT).length;

/** Validates a `defaultCountry` option; returns it upper-cased. */
function resolveCountry(value: unknown, field: string): CountryCode | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InputError('INPUT_OPTION', `${field} must be an ISO 3166-1 alpha-2 string such as "IT"`, field);
  const upper = value.toUpperCase();
  if (!ALPHA2.test(upper) || !libphonenumber().isSupportedCountry(upper)) {
    throw new InputError('INPUT_OPTION', `${field} ${quoteInput(value)} is not a country with a numbering plan (ISO 3166-1 alpha-2, e.g. "IT")`, field);
  }
  return upper;
}

/** A `defaultCountry` option: an ISO 3166-1 alpha-2 code (any case) of a country with a numbering plan. */
const countryOption: OptionRule = (value, path) => {
  resolveCountry(value, path);
};

/** The phone factory options besides `scoring`; `createChecker` checks its `phone` key with them. */
export const PHONE_OPTION_RULES: OptionRules = { defaultCountry: countryOption };

/** The rules of {@link createPhoneCheck}'s options. */
const FACTORY_RULES: OptionRules = { ...PHONE_OPTION_RULES, scoring: scoringOption, data: dataOptionRule };

/**
 * Creates a phone check bound to one set of options, validated once here
 * (an unknown `defaultCountry` or bad scoring options throw
 * {@link InputError}). Prefer it to {@link checkPhone} with options in a
 * loop: the scorer is built once.
 *
 * @param options default country and scoring options
 * @returns a check; its second argument can override `defaultCountry` per
 * call (a call throws `InputError` `INPUT_TYPE` for a non-string number and
 * `INPUT_OPTION` when its options are not an object, have a key other than
 * `defaultCountry`, or name no country with a numbering plan)
 * @throws InputError `SCORING_CONFIG` for a bad `scoring` (not an object,
 * bad bands, a weight code of no product's model, a weight outside 0..10 nats),
 * `INPUT_OPTION` for any other bad option (not an object, an unknown key, a
 * `defaultCountry` that is not a country with a numbering plan); `field` is
 * the option's path
 * @example
 * const check = createPhoneCheck({ defaultCountry: 'IT', scoring: { bands: 'scorecard' } });
 * check('333 123 4567').e164;                              // '+393331234567'
 * check('020 7946 0958', { defaultCountry: 'GB' }).country; // 'GB'
 */
export function createPhoneCheck(options?: PhoneCheckOptions): PhoneCheck {
  return createPhoneCheckIn(options, undefined);
}

/**
 * {@link createPhoneCheck} on `plain` (the one-call functions' data) when
 * given, else on the bundle the options name; on `shared`'s tables (already
 * decoded) when given.
 */
function createPhoneCheckIn(options: PhoneCheckOptions | undefined, plain: DataContext | undefined, shared?: PhoneCheck): PhoneCheck {
  const opts = checkOptions<PhoneCheckOptions>(options, '', FACTORY_RULES);
  const context = plain ?? openData(opts.data);
  return shared === undefined ? phoneCheckOn(context, opts) : phoneCheckOn(context, opts, tablesOf(shared));
}

/** The phone tables a check reads, kept on the check (not enumerable) for the one-call functions. */
const TABLES = hiddenSlot<PhoneTables>('phone tables');

/** The tables a check made by {@link phoneCheckOn} reads. @internal */
export function tablesOf(check: PhoneCheck): PhoneTables {
  return TABLES.get(check);
}

/**
 * The phone check on an opened data context, with options already checked
 * (`createPhoneCheck` and `createChecker` check them). The result does not
 * depend on time: the check reads no clock.
 *
 * @param context the checker's data
 * @param options `defaultCountry` and `scoring` (its `data` is not read: `context` is the data)
 * @param tables the tables to read; opened from `context` unless given (the
 *   one-call function with options reads its shared checker's, which are the same bundle's)
 */
export function phoneCheckOn(context: DataContext, options: PhoneCheckOptions = {}, tables: PhoneTables = openPhoneTables(context)): PhoneCheck {
  const factoryCountry = options.defaultCountry?.toUpperCase() as CountryCode | undefined;
  const score: PhoneScorer = createScorer(PHONE_SCORE_MODEL, options.scoring);
  const parseOptions = new Map<string, { defaultCountry: CountryCode }>();
  // Scores depend only on the signals (type, carrier, failure reason), a
  // small set: score each combination once (bounded all the same). Reasons
  // are frozen and copied into each result's own array, by a spread: V8's
  // slice() of a frozen array takes its generic path, many times slower.
  const outcomes = new BoundedCache<CacheKey | number, PhoneScoreOutcome>(4096);
  // A valid number's key is a number: its (carrier, reserved range's document) pair, numbered on first
  // sight (both are names from the bundle's data, so the pairs are few), with its type and pattern
  // flags, so that no key string is built and hashed per call.
  const pairs = new Map<string | null, Map<string | null, number>>();
  let pairCount = 0;
  const validKey = (carrier: string | null, url: string | null, type: PhoneType, repeated: boolean, sequential: boolean): number => {
    let byUrl = pairs.get(carrier);
    if (byUrl === undefined) pairs.set(carrier, (byUrl = new Map()));
    let pair = byUrl.get(url);
    if (pair === undefined) byUrl.set(url, (pair = pairCount++));
    return (pair * TYPE_SLOT_COUNT + TYPE_SLOT[type]) * 4 + (repeated ? 2 : 0) + (sequential ? 1 : 0);
  };
  const scoreOnce = (key: CacheKey | number, signals: () => Signal<PhoneReasonCode>[]): PhoneScoreOutcome =>
    outcomes.getOrCompute(key, () => {
      const fresh = score(signals());
      return Object.freeze({ ...fresh, reasons: Object.freeze(fresh.reasons.map((r) => Object.freeze(r))) });
    });

  const failed = (value: string, code: PhoneReasonCode, detail: string, countryCode: string | null, country: string | null, fictional: FictionalSource | null = null): PhoneResult => {
    const outcome = scoreOnce(cacheKey('failed', code, detail, fictional?.url ?? null), () =>
      fictional === null ? [{ code, detail }] : [{ code, detail }, { code: 'PHONE_FICTIONAL', detail: fictionalDetail(fictional) }],
    );
    return {
      value,
      type: 'unknown',
      status: code === 'PHONE_SYNTAX' ? 'syntax' : 'invalid',
      is_valid: false,
      country,
      country_code: countryCode === null ? null : `+${countryCode}`,
      is_ported: null,
      ported_times: null,
      first_ported: null,
      last_ported: null,
      original_network: null,
      current_network: null,
      is_roaming: null,
      has_whatsapp: null,
      whatsapp_privacy_status: null,
      whatsapp_image: null,
      e164: null,
      national_format: null,
      international_format: null,
      time_zones: null,
      geographic_area: null,
      score: outcome.score,
      score_cluster: outcome.score_cluster,
      reasons: [...outcome.reasons],
    };
  };

  const valid = (value: string, phone: PhoneNumber, type: PhoneType): PhoneResult => {
    const callingCode = phone.countryCallingCode as string;
    const nationalNumber = phone.nationalNumber as string;
    const geographic = GEOGRAPHIC_TYPES.has(type);
    // Validated above: an invalid number never reaches the carrier lookup.
    const carrier = CARRIER_TYPES.has(type) ? carrierByPrefix(tables.carriers, callingCode, nationalNumber) : null;
    const fictional = fictionalRange(tables.fictional, callingCode, nationalNumber);
    const { repeated, sequential } = subscriberPatterns(tables.patterns, phone, nationalNumber, type === 'mobile');
    const personal = PERSONAL_TYPES.has(type) && fictional === null && !repeated && !sequential;
    const outcome = scoreOnce(validKey(carrier, fictional?.url ?? null, type, repeated, sequential), () => {
      const signals: Signal<PhoneReasonCode>[] = [{ code: 'PHONE_VALID', detail: type }];
      if (personal) signals.push({ code: 'PHONE_PERSONAL_LINE', detail: type });
      const risk = TYPE_RISK[type];
      if (risk !== undefined) signals.push({ code: risk });
      if (fictional !== null) signals.push({ code: 'PHONE_FICTIONAL', detail: fictionalDetail(fictional) });
      if (repeated) signals.push({ code: 'PHONE_REPEATED_DIGITS' });
      if (sequential) signals.push({ code: 'PHONE_SEQUENTIAL_DIGITS' });
      if (carrier === null) {
        signals.push(CARRIER_TYPES.has(type) ? { code: 'PHONE_CARRIER_UNKNOWN' } : { code: 'PHONE_CARRIER_UNKNOWN', detail: `carrier data covers mobile ranges, not ${type}` });
      } else if (geographic) {
        signals.push({ code: 'PHONE_CARRIER_KNOWN', detail: carrier });
      }
      signals.push({ code: 'PHONE_PORTING_UNKNOWN' }, { code: 'PHONE_CONNECTIVITY_UNKNOWN' }, { code: 'PHONE_MESSAGING_UNKNOWN' });
      return signals;
    });
    const result: { -readonly [K in keyof PhoneResult]?: PhoneResult[K] } = {
      value,
      type,
      status: 'undetermined',
      is_valid: true,
      country: phone.country ?? null,
      country_code: `+${callingCode}`,
      is_ported: null,
      ported_times: null,
      first_ported: null,
      last_ported: null,
      original_network: carrier,
      current_network: carrier,
      is_roaming: null,
      has_whatsapp: null,
      whatsapp_privacy_status: null,
      whatsapp_image: null,
      e164: phone.number as string,
    };
    // Formatting both costs about as much as parsing, so the two format
    // fields are enumerable getters computed from e164 when read (by
    // JSON.stringify, a spread or a property read). Shared descriptors: a
    // getter literal per result is a closure made on every call.
    Object.defineProperty(result, 'national_format', NATIONAL_FORMAT);
    Object.defineProperty(result, 'international_format', INTERNATIONAL_FORMAT);
    result.time_zones = timeZonesByPrefix(tables.timeZones, callingCode, nationalNumber, geographic);
    result.geographic_area = geographic ? areaByPrefix(tables.geocoding, callingCode, nationalNumber) : null;
    result.score = outcome.score;
    result.score_cluster = outcome.score_cluster;
    result.reasons = [...outcome.reasons];
    return result as PhoneResult;
  };

  const check = (value: string, callOptions?: PhoneCallOptions): PhoneResult => {
    assertString(value, 'phoneNumber');
    const call = checkOptions<PhoneCallOptions>(callOptions, '', PHONE_OPTION_RULES).defaultCountry;
    const defaultCountry = call === undefined ? factoryCountry : (call.toUpperCase() as CountryCode);
    // Cap before anything looks at the characters.
    if (value.length > MAX_INPUT_LENGTH) return failed(value, 'PHONE_SYNTAX', `longer than ${MAX_INPUT_LENGTH} characters`, null, null);
    const { digits: allDigits, plus, problem } = normalize(value);
    if (problem !== null) return failed(value, 'PHONE_SYNTAX', problem, null, null);
    // "00" is the international prefix most of the world dials: read it as "+".
    const international = plus || allDigits.startsWith('00');
    const digits = !plus && international ? allDigits.slice(2) : allDigits;
    if (digits.length === 0) return failed(value, 'PHONE_SYNTAX', 'no digits', null, null);
    const minDigits = international ? 1 + MIN_NATIONAL_DIGITS : MIN_NATIONAL_DIGITS;
    if (digits.length < minDigits) return failed(value, 'PHONE_SYNTAX', `fewer than ${minDigits} digits`, null, null);
    if (digits.length > MAX_DIGITS) return failed(value, 'PHONE_SYNTAX', `more than ${MAX_DIGITS} digits`, null, null);
    if (!international && defaultCountry === undefined) {
      return failed(value, 'PHONE_NATIONAL_WITHOUT_COUNTRY', 'no + or 00 prefix and no defaultCountry', null, null);
    }

    const text = international ? `+${digits}` : digits;
    let opts: { defaultCountry: CountryCode } | undefined;
    if (defaultCountry !== undefined) {
      opts = parseOptions.get(defaultCountry);
      if (opts === undefined) parseOptions.set(defaultCountry, (opts = { defaultCountry }));
    }
    // The throwing parse: its error is the reason validatePhoneNumberLength would give (the same parse of
    // the same text), so a number that fails is not parsed a second time to say why.
    let phone: PhoneNumber;
    try {
      phone = libphonenumber().parsePhoneNumberWithError(text, opts);
    } catch (error) {
      if (!(error instanceof libphonenumber().ParseError)) throw error;
      const why = error.message as LengthVerdict;
      const countryCode = international ? callingCodeOf(tables.callingCodes, digits) : libphonenumber().getCountryCallingCode(defaultCountry!);
      if (why === 'NOT_A_NUMBER') return failed(value, 'PHONE_SYNTAX', 'not a phone number', countryCode, null);
      if (why === 'INVALID_COUNTRY') return failed(value, 'PHONE_INVALID_COUNTRY', 'no country has this calling code', null, null);
      return failed(value, lengthCode(why), lengthDetail(why), countryCode, international ? null : defaultCountry!);
    }
    const libType = phone.getType();
    // With max metadata, isValid() is exactly "getType() is defined" (libphonenumber-js
    // isValid.js): one pattern pass instead of two.
    if (libType === undefined) {
      const nationalNumber = phone.nationalNumber as string;
      const why = lengthVerdict(tables.planLengths(phone.country ?? (phone.countryCallingCode as string)), nationalNumber.length);
      // Some reserved ranges are outside every range of the plan (Ofcom's 07700 900xxx): say so too.
      const fictional = fictionalRange(tables.fictional, phone.countryCallingCode as string, nationalNumber);
      return failed(value, lengthCode(why), lengthDetail(why), phone.countryCallingCode as string, phone.country ?? null, fictional);
    }
    return valid(value, phone, TYPE_NAMES[libType]);
  };
  const warmUp = (): void => {
    for (let i = 0; i < WARM_UP_CALLS; i++) {
      const { phone, defaultCountry } = warmUpPhone(i);
      check(phone, defaultCountry === undefined ? undefined : { defaultCountry });
    }
  };
  const preload = preloadOnce([() => tables.preload(), warmUp]);
  return TABLES.put(Object.assign(check, { preload }), tables);
}

/** A reason detail naming the regulator's document that reserves the range. */
function fictionalDetail(source: FictionalSource): string {
  return `${source.regulator}: ${source.title} (${source.url})`;
}

type LengthVerdict = ReturnType<ReturnType<typeof libphonenumber>['validatePhoneNumberLength']>;

/**
 * What libphonenumber's validatePhoneNumberLength says of a parsed number,
 * from its plan's possible national lengths (the plan of its country, else
 * of its calling code, as that function selects it): shorter than every
 * length, longer than every length, a length in between that the plan does
 * not list, or possible (undefined). Read from the number already parsed
 * rather than by parsing the text again.
 */
function lengthVerdict(lengths: readonly number[] | undefined, length: number): LengthVerdict {
  if (!lengths) return undefined;
  const shortest = lengths[0];
  if (shortest === length) return undefined;
  if (shortest! > length) return 'TOO_SHORT';
  if (lengths[lengths.length - 1]! < length) return 'TOO_LONG';
  return lengths.indexOf(length, 1) >= 0 ? undefined : 'INVALID_LENGTH';
}

function lengthCode(why: LengthVerdict): PhoneReasonCode {
  switch (why) {
    case 'TOO_SHORT':
      return 'PHONE_TOO_SHORT';
    case 'TOO_LONG':
      return 'PHONE_TOO_LONG';
    case 'INVALID_LENGTH':
      return 'PHONE_INVALID_LENGTH';
    case 'INVALID_COUNTRY':
      return 'PHONE_INVALID_COUNTRY';
    default:
      return 'PHONE_NOT_IN_PLAN';
  }
}

function lengthDetail(why: LengthVerdict): string {
  return why === undefined || why === 'NOT_A_NUMBER' ? 'possible length, but in no range of the numbering plan' : why;
}

const checkerFor = sharedChecker(createPhoneCheckIn);

/** The tables of the one-call functions' checker (for the module-level helpers, such as `lookupCarrier`). @internal */
export function sharedPhoneTables(): PhoneTables {
  return tablesOf(checkerFor(undefined));
}

/** Preloads the checker {@link checkPhone} uses without options (the root's `preload()`). @internal */
export function preloadSharedPhoneCheck(): void {
  checkerFor(undefined).preload();
}

/**
 * Checks a phone number offline: shape, validity and line type against
 * libphonenumber's numbering plans (max metadata), country and calling
 * code, the operator the range was allocated to, time zones and area, and a
 * 0–1000 score with its reasons. Porting, roaming, connectivity and
 * messaging-app fields are `null`: only a provider can fill them.
 *
 * Any string gets a result (`status: 'syntax'` for letters, emoji, too few
 * or too many digits); a non-string throws {@link InputError} (`INPUT_TYPE`).
 *
 * @param phoneNumber E.164 (`+393331234567`), international with spaces, dots,
 *   dashes or brackets, `00`-prefixed, or national with `defaultCountry`
 * @param options `defaultCountry` and scoring; for many calls with options use {@link createPhoneCheck}
 * @returns the spec's `phone` object plus `e164`, formats, `time_zones`, `geographic_area`, `reasons`
 * @throws InputError `INPUT_TYPE` when `phoneNumber` is not a string; for a
 * bad option, as {@link createPhoneCheck} (`INPUT_OPTION` / `SCORING_CONFIG`)
 * @example
 * checkPhone('+39 333 482 9164');
 * // { value: '+39 333 482 9164', type: 'mobile', status: 'undetermined', is_valid: true,
 * //   country: 'IT', country_code: '+39', original_network: 'TIM', current_network: 'TIM',
 * //   e164: '+393334829164', time_zones: ['Europe/Rome', 'Europe/Vatican'], score: 995, score_cluster: 'very_high', … }
 */
export function checkPhone(phoneNumber: string, options?: PhoneCheckOptions): PhoneResult {
  return checkerFor(options)(phoneNumber);
}
