/**
 * Phone numbers: genuine ones (valid numbers of the person's country with
 * random subscriber digits), and the abusive families.
 *
 * Genuine numbers start from libphonenumber's example number of the wanted
 * type (google-libphonenumber), keep its leading digit(s), draw the rest at
 * random and keep only what libphonenumber-js's full ("max") metadata
 * calls a valid number of that type. Nothing else filters them: a random
 * subscriber number may repeat or run digits as real ones sometimes do.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode, NumberType } from 'libphonenumber-js/max';
import type { Random } from './random.js';
import { ROOT } from './schema.js';

/** The part of google-libphonenumber read here (it ships no types): example numbers per type. */
interface GoogleLibphonenumber {
  PhoneNumberUtil: {
    getInstance(): {
      getExampleNumberForType(region: string, type: number): { getNationalNumber(): number } | null;
      getCountryCodeForRegion(region: string): number;
    };
  };
  PhoneNumberType: Record<'MOBILE' | 'FIXED_LINE' | 'TOLL_FREE' | 'PREMIUM_RATE' | 'SHARED_COST', number>;
}
const lpn = createRequire(join(ROOT, 'package.json'))('google-libphonenumber') as GoogleLibphonenumber;
const util = lpn.PhoneNumberUtil.getInstance();
const T = lpn.PhoneNumberType;

type Kind = 'mobile' | 'fixed' | 'toll-free' | 'premium' | 'shared-cost';
const EXAMPLE_TYPE: Record<Kind, number> = {
  mobile: T.MOBILE, fixed: T.FIXED_LINE, 'toll-free': T.TOLL_FREE, premium: T.PREMIUM_RATE, 'shared-cost': T.SHARED_COST,
};
const ACCEPTED: Record<Kind, readonly NumberType[]> = {
  mobile: ['MOBILE', 'FIXED_LINE_OR_MOBILE'],
  fixed: ['FIXED_LINE', 'FIXED_LINE_OR_MOBILE'],
  'toll-free': ['TOLL_FREE'],
  premium: ['PREMIUM_RATE'],
  'shared-cost': ['SHARED_COST'],
};
/** NANP numbers have no fixed leading digit to keep: area codes start 2–9. */
const NANP = new Set(['US', 'CA']);

/** A valid national significant number of `kind` in `country`, or null when the country has no such numbers. */
export function nationalNumber(random: Random, country: string, kind: Kind): string | null {
  const example = util.getExampleNumberForType(country, EXAMPLE_TYPE[kind]);
  if (!example) return null;
  const sample = String(example.getNationalNumber());
  for (let attempt = 0; attempt < 4000; attempt++) {
    // Keep one leading digit at first; later attempts keep more of the example (narrow ranges).
    const keep = NANP.has(country) && kind !== 'toll-free' && kind !== 'premium' ? 0 : Math.min(sample.length - 4, 1 + Math.floor(attempt / 1000));
    let digits = sample.slice(0, keep);
    if (keep === 0) digits = String(random.int(2, 9));
    digits += random.digits(sample.length - digits.length);
    const parsed = parsePhoneNumberFromString(digits, country as CountryCode);
    const type = parsed?.getType();
    if (parsed?.isValid() && type !== undefined && ACCEPTED[kind].includes(type)) return String(parsed.nationalNumber);
  }
  return null;
}

/** How people type a number into a sign-up form. National formats only when the number is of the declared country. */
export function typed(random: Random, country: string, national: string, allowNational: boolean): string {
  const parsed = parsePhoneNumberFromString(national, country as CountryCode);
  if (parsed === undefined) return national;
  const style = random.weighted<string>([
    ['e164', 0.3],
    ['international', 0.35],
    ['national', allowNational ? 0.28 : 0],
    ['national-digits', allowNational ? 0.07 : 0],
  ]);
  if (style === 'e164') return parsed.number;
  if (style === 'international') return parsed.formatInternational();
  if (style === 'national') return parsed.formatNational();
  return `${parsed.formatNational().replace(/\D/g, '')}`;
}

/** A genuine personal number: mobile, or a landline for the landline-only family. */
export function genuinePhone(random: Random, country: string, kind: 'mobile' | 'fixed', allowNational: boolean): string {
  const national = nationalNumber(random, country, kind) ?? nationalNumber(random, country, 'mobile');
  if (national === null) throw new Error(`no ${kind} number for ${country}`);
  return typed(random, country, national, allowNational);
}

// --- abusive -----------------------------------------------------------------

const SEQUENCES = ['0123456789', '1234567890', '9876543210', '123456789', '987654321'];

/**
 * A mobile number of `country` whose subscriber digits are one digit
 * repeated, two digits alternating, or a run (ascending or descending),
 * the numbers people type when they will not give theirs.
 */
export function patternedPhone(random: Random, country: string, pattern: 'repeated' | 'sequential'): string {
  const real = nationalNumber(random, country, 'mobile');
  if (real === null) throw new Error(`no mobile number for ${country}`);
  // The operator prefix stays (2–3 digits, a real network), the rest is the pattern.
  const keep = NANP.has(country) ? 3 : Math.min(3, Math.max(1, real.length - 7));
  const rest = real.length - keep;
  let tail: string;
  if (pattern === 'repeated') {
    const d = random.digits(1);
    const e = random.digits(1);
    tail = random.chance(0.7) ? d.repeat(rest) : (d + e).repeat(rest).slice(0, rest);
  } else {
    const seq = random.pick(SEQUENCES);
    const start = random.int(0, Math.max(0, seq.length - rest));
    tail = (seq + seq).slice(start, start + rest);
  }
  const national = real.slice(0, keep) + tail;
  return typed(random, country, national, true);
}

/** NANP area codes of large cities (any area code takes 555-01XX). */
const NANP_AREAS: Record<string, readonly string[]> = {
  US: ['212', '310', '415', '646', '202', '305', '312', '617', '702', '713', '206', '404'],
  CA: ['416', '604', '514', '403', '613'],
};
/** ACMA's numbers for use in creative works (mobile block 0491 57x xxx). */
const ACMA_MOBILE = [
  '491570006', '491570156', '491570157', '491570158', '491570159', '491570110', '491570313', '491570737', '491571266', '491571491',
  '491571804', '491572549', '491572665', '491572983', '491573770', '491573087', '491574118', '491574632', '491575254', '491575789',
  '491576398', '491576801', '491577426', '491577644', '491578957', '491578148', '491578888', '491579212', '491579760', '491579455',
];
/** Ofcom's drama ranges: 07700 900xxx, and the 496 0xxx blocks of the big cities' area codes, 020 7946 0xxx, 01632 960xxx. */
const OFCOM_PREFIXES = ['7700900', '2079460', '1134960', '1144960', '1154960', '1164960', '1174960', '1184960', '1214960', '1314960', '1414960', '1514960', '1614960', '1632960'];

/** A number from a regulator's range reserved for fiction: NANP 555-0100–0199, ACMA, Ofcom. */
export function fictionalPhone(random: Random, country: 'US' | 'CA' | 'AU' | 'GB', allowNational: boolean): string {
  let national: string;
  if (country === 'AU') national = random.chance(0.8) ? random.pick(ACMA_MOBILE) : `${random.pick(['2', '3', '7', '8'])}${random.pick(['5550', '7010'])}${random.digits(4)}`;
  else if (country === 'GB') {
    const prefix = random.pick(OFCOM_PREFIXES.slice(0, random.chance(0.7) ? 1 : OFCOM_PREFIXES.length));
    national = prefix + random.digits(10 - prefix.length);
  } else national = `${random.pick(NANP_AREAS[country]!)}55501${random.digits(2)}`;
  const parsed = parsePhoneNumberFromString(national, country);
  if (parsed === undefined) return `+${util.getCountryCodeForRegion(country)}${national}`;
  return random.weighted([
    [parsed.formatInternational(), 0.5],
    [parsed.formatNational(), allowNational ? 0.35 : 0],
    [parsed.number, 0.15],
  ]);
}

/** A toll-free, premium-rate or shared-cost number given as a personal number. */
export function serviceNumber(random: Random, country: string, allowNational: boolean): { phone: string; kind: Kind } | null {
  const kinds: Kind[] = random.shuffle(['toll-free', 'toll-free', 'premium', 'shared-cost']);
  for (const kind of kinds) {
    const national = nationalNumber(random, country, kind);
    if (national !== null) return { phone: typed(random, country, national, allowNational), kind };
  }
  return null;
}
