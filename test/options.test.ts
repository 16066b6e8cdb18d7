/**
 * Every bad option of `createChecker`, of every
 * `create*Check`, of `createScorer`, of the one-call `check*` functions and
 * of the per-call options throws `InputError` with a stable code and the
 * option's full path in `field`; never a TypeError from deep inside a check,
 * never a silent acceptance. One row per option and fault, each with its own
 * expected code and field.
 */
import { describe, expect, it } from 'vitest';
import {
  DEVICE_SCORE_MODEL,
  EMAIL_SCORE_MODEL,
  IDENTITY_SCORE_MODEL,
  IP_SCORE_MODEL,
  InputError,
  NAME_SCORE_MODEL,
  PHONE_SCORE_MODEL,
  checkDevice,
  checkEmail,
  checkIp,
  checkName,
  checkPhone,
  createChecker,
  createDeviceCheck,
  createEmailCheck,
  createIpCheck,
  createNameCheck,
  createPhoneCheck,
  createScorer,
} from '../src/index.js';
import type { EmailProvider } from '../src/providers/index.js';
import type { ProductBandTable, ScoringOptions } from '../src/scoring/index.js';

type Code = 'INPUT_OPTION' | 'SCORING_CONFIG';
/** [what is wrong, the call, the expected code, the expected field]. */
type Row = readonly [label: string, call: () => unknown, code: Code, field: string];
/** it.each prints the first columns in its title: the label, the code and the field. */
const titled = (rows: readonly Row[]) => rows.map(([label, call, code, field]) => [label, code, field, call] as const);

/** The test deliberately passes what the types forbid. */
const bad = <T>(value: unknown): T => value as T;

/** Five bands with one hole between 199 and 201. */
const GAP: ProductBandTable = [
  { min: 0, max: 199 },
  { min: 201, max: 399 },
  { min: 400, max: 599 },
  { min: 600, max: 799 },
  { min: 800, max: 1000 },
];
const OVERLAP = GAP.map((b, i) => (i === 1 ? { min: 150, max: 399 } : b));
const SHORT_TOP = GAP.map((b, i) => (i === 1 ? { min: 200, max: 399 } : i === 4 ? { min: 800, max: 999 } : b));
const FRACTIONAL = [{ min: 0, max: 199 }, { min: 200, max: 399.5 }, { min: 400, max: 599 }, { min: 600, max: 799 }, { min: 800, max: 1000 }];
const INVERTED = [{ min: 0, max: 199 }, { min: 200, max: 399 }, { min: 400, max: 300 }, { min: 600, max: 799 }, { min: 800, max: 1000 }];
const PROVIDER: EmailProvider = { name: 'ok', enrichEmail: () => Promise.resolve({}) };
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const checker = (options: unknown) => () => createChecker(bad(options));
const scoring = (value: unknown) => checker({ scoring: value });
const weight = (code: string, value: unknown) => scoring({ weights: { [code]: value } });
const MODELS = [EMAIL_SCORE_MODEL, DEVICE_SCORE_MODEL, IP_SCORE_MODEL, PHONE_SCORE_MODEL, NAME_SCORE_MODEL, IDENTITY_SCORE_MODEL];
/** A weight row about the value: its code must be real, or the row would pass for the wrong reason. */
const known = (code: string, value: unknown) => {
  if (!MODELS.some((m) => Object.hasOwn(m.signals, code))) throw new Error(`${code} is not a signal: fix the row`);
  return weight(code, value);
};

const CHECKER_ROWS: Row[] = [
  ['options null', checker(null), 'INPUT_OPTION', 'options'],
  ['options a number', checker(5), 'INPUT_OPTION', 'options'],
  ['options an array', checker([]), 'INPUT_OPTION', 'options'],
  ['options a class instance', checker(new Date()), 'INPUT_OPTION', 'options'],
  ['an unknown top-level key', checker({ emial: {} }), 'INPUT_OPTION', 'emial'],
  ['a 1 MB unknown key is cut in the field', checker({ ['k'.repeat(1 << 20)]: 1 }), 'INPUT_OPTION', `["${'k'.repeat(64)}…"]`],

  ['scoring null', scoring(null), 'SCORING_CONFIG', 'scoring'],
  ['scoring a number', scoring(5), 'SCORING_CONFIG', 'scoring'],
  ['scoring a string', scoring('x'), 'SCORING_CONFIG', 'scoring'],
  ['scoring an array', scoring([]), 'SCORING_CONFIG', 'scoring'],
  ['scoring with an unknown key', scoring({ band: 'scorecard' }), 'SCORING_CONFIG', 'scoring.band'],
  ['scoring.bands an unknown preset', scoring({ bands: 'nope' }), 'SCORING_CONFIG', 'scoring.bands'],
  ['scoring.bands null', scoring({ bands: null }), 'SCORING_CONFIG', 'scoring.bands'],
  ['scoring.bands with a gap', scoring({ bands: GAP }), 'SCORING_CONFIG', 'scoring.bands[1].min'],
  ['scoring.bands overlapping', scoring({ bands: OVERLAP }), 'SCORING_CONFIG', 'scoring.bands[1].min'],
  ['scoring.bands ending below 1000', scoring({ bands: SHORT_TOP }), 'SCORING_CONFIG', 'scoring.bands[4].max'],
  ['scoring.bands with four bands', scoring({ bands: GAP.slice(0, 4) }), 'SCORING_CONFIG', 'scoring.bands'],
  ['scoring.bands with a fractional edge', scoring({ bands: FRACTIONAL }), 'SCORING_CONFIG', 'scoring.bands[1].max'],
  ['scoring.bands with max below min', scoring({ bands: INVERTED }), 'SCORING_CONFIG', 'scoring.bands[2].max'],
  ['scoring.bands with a null band', scoring({ bands: [null, ...GAP.slice(1)] }), 'SCORING_CONFIG', 'scoring.bands[0]'],
  ['scoring.weights null', scoring({ weights: null }), 'SCORING_CONFIG', 'scoring.weights'],
  ['scoring.weights a number', scoring({ weights: 5 }), 'SCORING_CONFIG', 'scoring.weights'],
  ['scoring.weights an array', scoring({ weights: [0.2] }), 'SCORING_CONFIG', 'scoring.weights'],
  ['a misspelt weight code (EMAILFREE)', weight('EMAILFREE', 0.2), 'SCORING_CONFIG', 'scoring.weights.EMAILFREE'],
  ['an unknown email code', weight('EMAIL_NOPE', 0.2), 'SCORING_CONFIG', 'scoring.weights.EMAIL_NOPE'],
  ['an unknown device code', weight('DEVICE_NOPE', 0.2), 'SCORING_CONFIG', 'scoring.weights.DEVICE_NOPE'],
  ['an unknown ip code', weight('IP_NOPE', 0.2), 'SCORING_CONFIG', 'scoring.weights.IP_NOPE'],
  ['an unknown phone code', weight('PHONE_NOPE', 0.2), 'SCORING_CONFIG', 'scoring.weights.PHONE_NOPE'],
  ['an unknown name code', weight('NAME_NOPE', 0.2), 'SCORING_CONFIG', 'scoring.weights.NAME_NOPE'],
  ['a lower-case code', weight('email_free', 0.2), 'SCORING_CONFIG', 'scoring.weights.email_free'],
  ['a weight above 10 (nats)', known('EMAIL_FREE', 10.5), 'SCORING_CONFIG', 'scoring.weights.EMAIL_FREE'],
  ['a damping above 1', known('IDENTITY_IP', 1.5), 'SCORING_CONFIG', 'scoring.weights.IDENTITY_IP'],
  ['a weight below 0', known('PHONE_VOIP', -0.1), 'SCORING_CONFIG', 'scoring.weights.PHONE_VOIP'],
  ['a NaN weight', known('IP_TOR_EXIT', Number.NaN), 'SCORING_CONFIG', 'scoring.weights.IP_TOR_EXIT'],
  ['an infinite weight', known('NAME_FAMOUS', Number.POSITIVE_INFINITY), 'SCORING_CONFIG', 'scoring.weights.NAME_FAMOUS'],
  ['a weight given as a string', known('EMAIL_FREE', '0.2'), 'SCORING_CONFIG', 'scoring.weights.EMAIL_FREE'],
  ['a weight on an info signal', known('DEVICE_APP', 0.5), 'SCORING_CONFIG', 'scoring.weights.DEVICE_APP'],

  ['email null', checker({ email: null }), 'INPUT_OPTION', 'email'],
  ['email a boolean', checker({ email: true }), 'INPUT_OPTION', 'email'],
  ['email with an unknown key', checker({ email: { suggest: false } }), 'INPUT_OPTION', 'email.suggest'],
  ['email.scoring (scoring is top-level)', checker({ email: { scoring: {} } }), 'INPUT_OPTION', 'email.scoring'],
  ['email.suggestTypos a string', checker({ email: { suggestTypos: 'no' } }), 'INPUT_OPTION', 'email.suggestTypos'],
  ['email.secondOpinion a number', checker({ email: { secondOpinion: 0 } }), 'INPUT_OPTION', 'email.secondOpinion'],

  ['device null', checker({ device: null }), 'INPUT_OPTION', 'device'],
  ['device a number', checker({ device: 100 }), 'INPUT_OPTION', 'device'],
  ['device with an unknown key', checker({ device: { cache: 10 } }), 'INPUT_OPTION', 'device.cache'],
  ['device.cacheSize negative', checker({ device: { cacheSize: -1 } }), 'INPUT_OPTION', 'device.cacheSize'],
  ['device.cacheSize fractional', checker({ device: { cacheSize: 1.5 } }), 'INPUT_OPTION', 'device.cacheSize'],
  ['device.cacheSize a string', checker({ device: { cacheSize: '10' } }), 'INPUT_OPTION', 'device.cacheSize'],
  ['device.cacheSize NaN', checker({ device: { cacheSize: Number.NaN } }), 'INPUT_OPTION', 'device.cacheSize'],

  ['ip null', checker({ ip: null }), 'INPUT_OPTION', 'ip'],
  ['ip with an unknown key', checker({ ip: { database: [] } }), 'INPUT_OPTION', 'ip.database'],
  ['ip.databases a single path', checker({ ip: { databases: 'x.mmdb' } }), 'INPUT_OPTION', 'ip.databases'],
  ['ip.databases null', checker({ ip: { databases: null } }), 'INPUT_OPTION', 'ip.databases'],
  ['ip.databases with a number', checker({ ip: { databases: [new Uint8Array(0), 5] } }), 'INPUT_OPTION', 'ip.databases[1]'],
  ['ip.databases with an empty path', checker({ ip: { databases: [''] } }), 'INPUT_OPTION', 'ip.databases[0]'],
  ['ip.now (the clock is the checker\'s own now)', checker({ ip: { now: new Date('2026-01-01T00:00:00Z') } }), 'INPUT_OPTION', 'ip.now'],
  ['now a string', checker({ now: '2026-01-01' }), 'INPUT_OPTION', 'now'],
  ['now an invalid Date', checker({ now: new Date(Number.NaN) }), 'INPUT_OPTION', 'now'],
  ['data.now (the clock is the checker\'s own now)', checker({ data: { now: new Date('2026-01-01T00:00:00Z') } }), 'INPUT_OPTION', 'data.now'],

  ['phone null', checker({ phone: null }), 'INPUT_OPTION', 'phone'],
  ['phone with an unknown key', checker({ phone: { country: 'IT' } }), 'INPUT_OPTION', 'phone.country'],
  ['phone.defaultCountry unknown', checker({ phone: { defaultCountry: 'ZZ' } }), 'INPUT_OPTION', 'phone.defaultCountry'],
  ['phone.defaultCountry a number', checker({ phone: { defaultCountry: 39 } }), 'INPUT_OPTION', 'phone.defaultCountry'],

  ['name null', checker({ name: null }), 'INPUT_OPTION', 'name'],
  ['name a string', checker({ name: 'x' }), 'INPUT_OPTION', 'name'],
  ['name with any key', checker({ name: { latin: true } }), 'INPUT_OPTION', 'name.latin'],

  ['providers an object', checker({ providers: PROVIDER }), 'INPUT_OPTION', 'providers'],
  ['providers with a nameless provider', checker({ providers: [PROVIDER, { enrichEmail: () => null }] }), 'INPUT_OPTION', 'providers[1]'],
  ['providers with null', checker({ providers: [null] }), 'INPUT_OPTION', 'providers[0]'],
];

const FACTORY_ROWS: Row[] = [
  ['createEmailCheck(null)', () => createEmailCheck(bad(null)), 'INPUT_OPTION', 'options'],
  ['createEmailCheck scoring null', () => createEmailCheck(bad({ scoring: null })), 'SCORING_CONFIG', 'scoring'],
  ['createEmailCheck now a string', () => createEmailCheck(bad({ now: 'today' })), 'INPUT_OPTION', 'now'],
  ['createEmailCheck scoring.bands a number', () => createEmailCheck(bad({ scoring: { bands: 5 } })), 'SCORING_CONFIG', 'scoring.bands'],
  ['createEmailCheck EMAILFREE', () => createEmailCheck(bad({ scoring: { weights: { EMAILFREE: 0.2 } } })), 'SCORING_CONFIG', 'scoring.weights.EMAILFREE'],
  // A product's own factory checks its own codes; a code of another product is checked where that product is (the checker).
  ['createChecker an unknown phone code', () => createChecker(bad({ scoring: { weights: { EMAIL_FREE: 0.2, PHONE_VOIPP: 0.2 } } })), 'SCORING_CONFIG', 'scoring.weights.PHONE_VOIPP'],
  ['createEmailCheck an unknown e-mail code', () => createEmailCheck(bad({ scoring: { weights: { EMAIL_FREEE: 0.2 } } })), 'SCORING_CONFIG', 'scoring.weights.EMAIL_FREEE'],
  ['createEmailCheck suggestTypos', () => createEmailCheck(bad({ suggestTypos: 1 })), 'INPUT_OPTION', 'suggestTypos'],
  ['createEmailCheck secondOpinion', () => createEmailCheck(bad({ secondOpinion: 'yes' })), 'INPUT_OPTION', 'secondOpinion'],
  ['createEmailCheck unknown key', () => createEmailCheck(bad({ typos: true })), 'INPUT_OPTION', 'typos'],

  ['createDeviceCheck(null)', () => createDeviceCheck(bad(null)), 'INPUT_OPTION', 'options'],
  ['createDeviceCheck scoring null', () => createDeviceCheck(bad({ scoring: null })), 'SCORING_CONFIG', 'scoring'],
  ['createDeviceCheck scoring 5', () => createDeviceCheck(bad({ scoring: 5 })), 'SCORING_CONFIG', 'scoring'],
  ['createDeviceCheck scoring.weights out of range', () => createDeviceCheck({ scoring: { weights: { DEVICE_EMPTY: 11 } } }), 'SCORING_CONFIG', 'scoring.weights.DEVICE_EMPTY'],
  ['createDeviceCheck cacheSize', () => createDeviceCheck(bad({ cacheSize: -5 })), 'INPUT_OPTION', 'cacheSize'],
  ['createDeviceCheck headers (a per-call option)', () => createDeviceCheck(bad({ headers: {} })), 'INPUT_OPTION', 'headers'],

  ['createIpCheck(null)', () => createIpCheck(bad(null)), 'INPUT_OPTION', 'options'],
  ['createIpCheck scoring a string', () => createIpCheck(bad({ scoring: 'x' })), 'SCORING_CONFIG', 'scoring'],
  ['createIpCheck scoring.bands with a gap', () => createIpCheck({ scoring: { bands: GAP } }), 'SCORING_CONFIG', 'scoring.bands[1].min'],
  ['createIpCheck databases', () => createIpCheck(bad({ databases: [new Uint8Array(0), 5] })), 'INPUT_OPTION', 'databases[1]'],
  ['createIpCheck now', () => createIpCheck(bad({ now: 0 })), 'INPUT_OPTION', 'now'],
  ['createIpCheck unknown key', () => createIpCheck(bad({ clock: () => new Date() })), 'INPUT_OPTION', 'clock'],

  ['createPhoneCheck(null)', () => createPhoneCheck(bad(null)), 'INPUT_OPTION', 'options'],
  ['createPhoneCheck scoring null', () => createPhoneCheck(bad({ scoring: null })), 'SCORING_CONFIG', 'scoring'],
  ['createPhoneCheck scoring 5', () => createPhoneCheck(bad({ scoring: 5 })), 'SCORING_CONFIG', 'scoring'],
  ['createPhoneCheck NaN weight', () => createPhoneCheck({ scoring: { weights: { PHONE_VOIP: Number.NaN } } }), 'SCORING_CONFIG', 'scoring.weights.PHONE_VOIP'],
  ['createPhoneCheck defaultCountry', () => createPhoneCheck(bad({ defaultCountry: ['IT'] })), 'INPUT_OPTION', 'defaultCountry'],
  ['createPhoneCheck unknown key', () => createPhoneCheck(bad({ country: 'IT' })), 'INPUT_OPTION', 'country'],

  ['createNameCheck(null)', () => createNameCheck(bad(null)), 'INPUT_OPTION', 'options'],
  ['createNameCheck scoring 5', () => createNameCheck(bad({ scoring: 5 })), 'SCORING_CONFIG', 'scoring'],
  ['createNameCheck EMAILFREE', () => createNameCheck(bad({ scoring: { weights: { EMAILFREE: 0.2 } } })), 'SCORING_CONFIG', 'scoring.weights.EMAILFREE'],
  ['createNameCheck unknown key', () => createNameCheck(bad({ strict: true })), 'INPUT_OPTION', 'strict'],

  ['createScorer(model, null)', () => createScorer(EMAIL_SCORE_MODEL, bad(null)), 'SCORING_CONFIG', 'scoring'],
  ['createScorer(model, 5)', () => createScorer(EMAIL_SCORE_MODEL, bad(5)), 'SCORING_CONFIG', 'scoring'],
  ['createScorer unknown key', () => createScorer(EMAIL_SCORE_MODEL, bad({ weight: {} })), 'SCORING_CONFIG', 'scoring.weight'],
  ['createScorer EMAILFREE', () => createScorer(NAME_SCORE_MODEL, bad({ weights: { EMAILFREE: 0.2 } })), 'SCORING_CONFIG', 'scoring.weights.EMAILFREE'],
  ['createScorer bands with a gap', () => createScorer(NAME_SCORE_MODEL, { bands: GAP }), 'SCORING_CONFIG', 'scoring.bands[1].min'],

  ['checkEmail scoring null', () => checkEmail('jane@acme.com', bad({ scoring: null })), 'SCORING_CONFIG', 'scoring'],
  ['checkIp scoring 5', () => checkIp('81.2.69.142', bad({ scoring: 5 })), 'SCORING_CONFIG', 'scoring'],
  ['checkPhone scoring null', () => checkPhone('+393331234567', bad({ scoring: null })), 'SCORING_CONFIG', 'scoring'],
  ['checkName scoring null', () => checkName('Jane', 'Doe', bad({ scoring: null })), 'SCORING_CONFIG', 'scoring'],
  ['checkDevice options a number', () => checkDevice(ANDROID_UA, bad(5)), 'INPUT_OPTION', 'options'],
  ['checkDevice scoring null', () => checkDevice(ANDROID_UA, bad({ scoring: null })), 'SCORING_CONFIG', 'scoring'],
  ['checkDevice headers a string', () => checkDevice(ANDROID_UA, bad({ headers: 'sec-ch-ua-mobile: ?1' })), 'INPUT_OPTION', 'headers'],
  ['checkDevice unknown key', () => checkDevice(ANDROID_UA, bad({ header: {} })), 'INPUT_OPTION', 'header'],
  ['checkDevice cacheSize (a factory option)', () => checkDevice(ANDROID_UA, bad({ cacheSize: 1 })), 'INPUT_OPTION', 'cacheSize'],
];

const one = createChecker();
const CALL_ROWS: Row[] = [
  ['device(ua, 5)', () => one.device(ANDROID_UA, bad(5)), 'INPUT_OPTION', 'options'],
  ['device(ua, null)', () => one.device(ANDROID_UA, bad(null)), 'INPUT_OPTION', 'options'],
  ['device headers a string', () => one.device(ANDROID_UA, bad({ headers: 'x' })), 'INPUT_OPTION', 'headers'],
  ['device headers an array', () => one.device(ANDROID_UA, bad({ headers: [['sec-ch-ua-mobile', '?1']] })), 'INPUT_OPTION', 'headers'],
  ['device headers a Map', () => one.device(ANDROID_UA, bad({ headers: new Map() })), 'INPUT_OPTION', 'headers'],
  ['device unknown key', () => one.device(ANDROID_UA, bad({ hints: {} })), 'INPUT_OPTION', 'hints'],
  ['ip(x, 5)', () => one.ip('81.2.69.142', bad(5)), 'INPUT_OPTION', 'options'],
  ['ip now a string', () => one.ip('81.2.69.142', bad({ now: '2026-01-01' })), 'INPUT_OPTION', 'now'],
  ['ip now an invalid Date', () => one.ip('81.2.69.142', { now: new Date(Number.NaN) }), 'INPUT_OPTION', 'now'],
  ['ip unknown key', () => one.ip('81.2.69.142', bad({ time: new Date() })), 'INPUT_OPTION', 'time'],
  ['phone(x, 5)', () => one.phone('333 123 4567', bad(5)), 'INPUT_OPTION', 'options'],
  ['phone defaultCountry a number', () => one.phone('333 123 4567', bad({ defaultCountry: 39 })), 'INPUT_OPTION', 'defaultCountry'],
  ['phone defaultCountry unknown', () => one.phone('333 123 4567', { defaultCountry: 'ZZ' }), 'INPUT_OPTION', 'defaultCountry'],
  ['phone unknown key', () => one.phone('333 123 4567', bad({ country: 'IT' })), 'INPUT_OPTION', 'country'],
];

function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

function expectOptionError(call: () => unknown, code: Code, field: string): void {
  const error = thrown(call);
  expect(error, 'an InputError, not silence and not a TypeError').toBeInstanceOf(InputError);
  expect({ code: (error as InputError).code, field: (error as InputError).field }).toEqual({ code, field });
  // The message names the option too, and never repeats more than 64 characters of a key.
  expect((error as InputError).message.length).toBeLessThan(400);
}

describe('createChecker: every bad option is an InputError naming its path', () => {
  it.each(titled(CHECKER_ROWS))('%s → %s at %s', (_label, code, field, call) => expectOptionError(call, code, field));
});

describe('create*Check, createScorer and check*: every bad option is an InputError naming it', () => {
  it.each(titled(FACTORY_ROWS))('%s → %s at %s', (_label, code, field, call) => expectOptionError(call, code, field));
});

describe('per-call options: a non-object or a wrong type is an InputError naming it', () => {
  it.each(titled(CALL_ROWS))('%s → %s at %s', (_label, code, field, call) => expectOptionError(call, code, field));
});

describe('good options still pass', () => {
  it('accepts every documented option at once, weights of every product in one object', () => {
    const bands: ProductBandTable = [GAP[0], { min: 200, max: 399 }, GAP[2], GAP[3], GAP[4]];
    const all = createChecker({
      scoring: { bands, weights: { EMAIL_FREE: 0.2, DEVICE_EMPTY: 0.5, IP_TOR_EXIT: 1, PHONE_VOIP: 0, NAME_FAMOUS: 0.3 } },
      email: { suggestTypos: false, secondOpinion: true },
      device: { cacheSize: 0 },
      ip: { databases: [] },
      now: () => new Date('2026-01-01T12:00:00Z'),
      phone: { defaultCountry: 'it' },
      name: {},
      providers: [PROVIDER],
    });
    expect(all.phone('333 123 4567').country).toBe('IT');
    expect(all.ip('81.2.69.142', { now: new Date('2026-01-01T08:00:00Z') }).request_time).toBe('morning');
    expect(all.device(ANDROID_UA, { headers: { 'sec-ch-ua-model': ['"SM-S911B"'], 'x-other': undefined } }).score).toBeGreaterThan(0);
  });

  it('treats an option set to undefined as absent and accepts null-prototype objects', () => {
    const bare = Object.assign(Object.create(null) as object, { bands: 'scorecard' as const });
    expect(() => createChecker({ scoring: undefined, email: undefined, ip: { databases: undefined }, now: undefined })).not.toThrow();
    expect(() => createChecker({ scoring: bare })).not.toThrow();
    expect(() => one.phone('+393331234567', { defaultCountry: undefined })).not.toThrow();
    expect(() => one.device(ANDROID_UA, {})).not.toThrow();
  });

  it('lets createScorer take weights meant for the other products of a shared options object', () => {
    const shared: ScoringOptions = { weights: { EMAIL_FREE: 0.1, NAME_FAMOUS: 0.3 } };
    expect(() => createScorer(NAME_SCORE_MODEL, shared)).not.toThrow();
  });
});

describe("a product's own factory and another product's codes", () => {
  it('leaves a code of another product to that product: one scoring object can serve every factory', () => {
    const scoring = { weights: { EMAIL_FREE: 0.2, PHONE_VOIP: 1.5 } } as never;
    expect(createEmailCheck({ scoring })('a@gmail.com').reasons.find((r) => r.code === 'EMAIL_FREE')).toBeDefined();
    expect(() => createChecker({ scoring })).not.toThrow();
  });
});
