import { checkOptions, dateOption, isPlainObject, kindOf, recordOption } from '../common/options.js';
import type { OptionRules } from '../common/options.js';
import { preloadOnce } from '../data/preload.js';
import { WARM_UP_CALLS, warmUpIdentity } from '../common/warmUp.js';
import { DEVICE_SCORE_MODEL } from '../device/index.js';
import type { DeviceResult } from '../device/index.js';
import { EMAIL_SCORE_MODEL } from '../email/index.js';
import type { EmailResult } from '../email/index.js';
import { InputError, isInputError } from '../errors.js';
import { IP_SCORE_MODEL } from '../ip/index.js';
import type { IpResult } from '../ip/index.js';
import { LocalHours } from '../ip/product.js';
import { NAME_SCORE_MODEL } from '../name/index.js';
import type { NameResult } from '../name/index.js';
import type { NameTables } from '../name/product.js';
import { PHONE_SCORE_MODEL } from '../phone/index.js';
import type { PhoneResult } from '../phone/index.js';
import { createScorer } from '../scoring/createScorer.js';
import type { ScoreModel, ScoredName, ScoringOptions, Signal, SignalSpec } from '../scoring/types.js';
import type { DeviceAsyncResult, EmailAsyncResult, IpAsyncResult, NameAsyncResult, PhoneAsyncResult } from './asyncResults.js';
import { IdentityNames, crossSignals, ipUserCountry, phoneCountry } from './findings.js';
import type { IdentityEvidence } from './findings.js';
import { IDENTITY_SCORE_MODEL } from './scoreModel.js';
import type { IdentityReasonCode } from './scoreModel.js';
import type { IdentityAsyncResult, IdentityCallOptions, IdentityInput, IdentityResult, IdentityScore } from './types.js';

/** The warm-up's instant: its results are thrown away, so it has no reason to read the clock. */
const WARM_UP_NOW = new Date(Date.UTC(2026, 0, 1, 23));

/**
 * The five checks an identity check runs, bound to one configuration (a
 * checker's). The time-dependent ones take the identity's instant, so that
 * every part of one identity is computed at one reading of the clock.
 */
export interface IdentityChecks {
  readonly email: (email: string, nowMs: number) => EmailResult;
  readonly device: (userAgent: string, nowMs: number, options?: { headers?: Record<string, string | readonly string[] | undefined> }) => DeviceResult;
  readonly ip: (ip: string, nowMs: number) => IpResult;
  readonly phone: (phone: string, options?: { defaultCountry?: string }) => PhoneResult;
  readonly name: (firstName: string, lastName: string, options?: { country?: string }) => NameResult;
  // The products' async checks (the checker's providers), at the identity's instant.
  readonly emailAsync: (email: string, nowMs: number) => Promise<EmailAsyncResult>;
  readonly phoneAsync: (phone: string, nowMs: number, options?: { defaultCountry?: string }) => Promise<PhoneAsyncResult>;
  readonly ipAsync: (ip: string, nowMs: number) => Promise<IpAsyncResult>;
  readonly deviceAsync: (userAgent: string, nowMs: number, options?: { headers?: Record<string, string | readonly string[] | undefined> }) => Promise<DeviceAsyncResult>;
  readonly nameAsync: (firstName: string, lastName: string, nowMs: number, options?: { country?: string }) => Promise<NameAsyncResult>;
}

/** The products' results of one identity, each present when its input was given. */
interface Products {
  readonly email: EmailResult | undefined;
  readonly phone: PhoneResult | undefined;
  readonly ip: IpResult | undefined;
  readonly device: DeviceResult | undefined;
  readonly name: NameResult | undefined;
}

/** {@link Products} from the async checks. */
interface AsyncProducts extends Products {
  readonly email: EmailAsyncResult | undefined;
  readonly phone: PhoneAsyncResult | undefined;
  readonly ip: IpAsyncResult | undefined;
  readonly device: DeviceAsyncResult | undefined;
  readonly name: NameAsyncResult | undefined;
}

/**
 * What {@link IdentityCheck.score} scores: the products' results already
 * checked (each optional), and the raw fields the cross-signal rules compare.
 */
export interface IdentityParts extends Omit<IdentityEvidence, 'nowMs'> {
  /** The instant of the check, for the IP's local time. @default the checker's clock, read now */
  readonly nowMs?: number;
}

/** An identity check: sync, and async (each product's providers' facts merged first). */
export interface IdentityCheck {
  (input: IdentityInput, options?: IdentityCallOptions): IdentityResult;
  readonly async: (input: IdentityInput, options?: IdentityCallOptions) => Promise<IdentityAsyncResult>;
  /**
   * The identity score of results the caller has already checked (the batch
   * checks each product of a row, then scores the row from those results
   * instead of checking all of them again). The same scoring as the check
   * itself: for the results the check would get, the same score. The name
   * should have been read with {@link nameHint}'s country, as the check reads it.
   *
   * @throws InputError `INPUT_TYPE` (field `country`) for a country that is not two letters
   */
  readonly score: (parts: IdentityParts) => IdentityScore;
  /**
   * Builds the identity's own tables and runs the check on built-in inputs
   * (its code compiled); the products' checks are preloaded by their own
   * `preload()` first (the checker's does both).
   */
  readonly preload: () => void;
}

/** The country hint a name is read with in an identity: the declared country, else the valid phone's, else the IP's user country. */
export function nameHint(country: string | undefined, phone: PhoneResult | undefined, ip: IpResult | undefined): string | undefined {
  return country ?? phoneCountry(phone) ?? ipUserCountry(ip) ?? undefined;
}

const STRING_FIELDS = ['email', 'phone', 'ip', 'userAgent', 'firstName', 'lastName', 'country'] as const;
const CALL_RULES: OptionRules = { now: dateOption };

type CarriedProduct = 'email' | 'phone' | 'ip' | 'device' | 'name';

/**
 * Each product carried in: its model (for its gates), the code of its
 * trust side (a score of 500 or more) and of its risk side (below 500).
 */
const CARRIED: readonly { readonly product: CarriedProduct; readonly model: ScoreModel<string, string, ScoredName>; readonly trust: IdentityReasonCode; readonly risk: IdentityReasonCode }[] = [
  { product: 'email', model: EMAIL_SCORE_MODEL, trust: 'IDENTITY_EMAIL', risk: 'IDENTITY_EMAIL_RISK' },
  { product: 'phone', model: PHONE_SCORE_MODEL, trust: 'IDENTITY_PHONE', risk: 'IDENTITY_PHONE_RISK' },
  { product: 'ip', model: IP_SCORE_MODEL, trust: 'IDENTITY_IP', risk: 'IDENTITY_IP_RISK' },
  { product: 'device', model: DEVICE_SCORE_MODEL, trust: 'IDENTITY_DEVICE', risk: 'IDENTITY_DEVICE_RISK' },
  { product: 'name', model: NAME_SCORE_MODEL, trust: 'IDENTITY_NAME', risk: 'IDENTITY_NAME_RISK' },
];

/** Highest gate band of the block bands: a product's own gate at or below it is a hard fact. */
const BLOCK_GATE = 1;

/** The reason codes of a product's result that gate it into its block bands (its bottom two), e.g. `EMAIL_DISPOSABLE`. */
function hardFacts(model: ScoreModel<string, string, ScoredName>, reasons: readonly { readonly code: string }[]): string[] {
  const specs = model.signals as Readonly<Record<string, SignalSpec>>;
  const out: string[] = [];
  for (const r of reasons) {
    const cap = specs[r.code]?.capBand;
    if (cap !== undefined && cap <= BLOCK_GATE) out.push(r.code);
  }
  return out;
}

/**
 * Checks an identity input's shape: a plain object of the known keys, each
 * a string (or `headers` a plain object), `country` two letters.
 *
 * @throws InputError `INPUT_TYPE` (field: the key) or `INPUT_OPTION`
 */
function readInput(input: unknown): IdentityInput {
  if (!isPlainObject(input)) throw new InputError('INPUT_TYPE', `identity input must be a plain object, got ${kindOf(input)}`, 'input');
  for (const key of Object.keys(input)) {
    if (key === 'headers') {
      if (input.headers !== undefined) recordOption(input.headers, 'headers');
      continue;
    }
    if (!(STRING_FIELDS as readonly string[]).includes(key)) {
      throw new InputError('INPUT_OPTION', `identity input has an unknown key ${JSON.stringify(key.slice(0, 64))} (known: ${[...STRING_FIELDS, 'headers'].join(', ')})`, key.slice(0, 64));
    }
    const value = input[key];
    if (value !== undefined && typeof value !== 'string') {
      throw new InputError('INPUT_TYPE', `${key} must be a string, got ${value === null ? 'null' : typeof value}`, key);
    }
  }
  checkCountry(input.country as string | undefined);
  return input as IdentityInput;
}

function checkCountry(country: string | undefined): void {
  if (country !== undefined && !/^[a-z]{2}$/iu.test(country)) {
    throw new InputError('INPUT_TYPE', 'country must be an ISO 3166-1 alpha-2 country code such as "IT"', 'country');
  }
}

/**
 * Builds an identity check over five bound checks (see {@link checkIdentity}
 * for what it does). `scoring` is validated here, once.
 *
 * @param checks the checker's five checks
 * @param scoring bands and weights, `IDENTITY_*` codes included
 * @param clock the checker's clock in epoch ms, read once per call when the
 * call gives no `now` (that instant is then handed to every product it checks)
 * @param nameTables the name tables the cross-signal rules read (the
 * checker's name check's own)
 * @throws InputError `SCORING_CONFIG` for bad scoring options
 */
export function createIdentityCheck(checks: IdentityChecks, scoring: ScoringOptions | undefined, clock: () => number, nameTables: NameTables): IdentityCheck {
  const names = new IdentityNames(nameTables);
  const hours = new LocalHours();
  const score = createScorer(IDENTITY_SCORE_MODEL, scoring);

  /** Every product carried in, then every cross-signal finding: the identity's own score, and how much of the identity was read. */
  const scoreParts = (parts: IdentityEvidence): IdentityScore => {
    const signals: Signal<IdentityReasonCode>[] = [];
    const gated: string[] = [];
    for (const { product, model, trust, risk } of CARRIED) {
      const result = parts[product];
      if (result === undefined) continue;
      // The product's log-odds; the scorer clamps ±Infinity (a score of 0 or 1000) to ±6.
      const logit = Math.log(result.score / (1000 - result.score));
      signals.push({ code: logit < 0 ? risk : trust, logit, detail: `${product} score ${result.score} (${result.score_cluster})` });
      const facts = hardFacts(model, result.reasons);
      if (facts.length > 0) gated.push(`${product}: ${facts.join(', ')}`);
    }
    if (gated.length > 0) signals.push({ code: 'IDENTITY_INPUT_GATED', detail: gated.join('; ') });
    signals.push(...crossSignals(parts, names, hours));
    const outcome = score(signals);
    return Object.freeze({ ...outcome, reasons: Object.freeze(outcome.reasons.map((r) => Object.freeze(r))), confidence: confidenceOf(parts) });
  };

  /** The products' sync checks on the inputs given. */
  const checkProducts = (input: IdentityInput, nowMs: number): Products => {
    const email = input.email === undefined ? undefined : checks.email(input.email, nowMs);
    const phone = input.phone === undefined ? undefined : phoneWithHint(checks, input.phone, input.country);
    const ip = input.ip === undefined ? undefined : checks.ip(input.ip, nowMs);
    const ua = input.userAgent ?? headerValue(input.headers, 'user-agent');
    const device = ua === undefined ? undefined : checks.device(ua, nowMs, input.headers === undefined ? undefined : { headers: input.headers });
    let name: NameResult | undefined;
    if (input.firstName !== undefined && input.lastName !== undefined) {
      // The name check reads given names whose sex differs by country with a hint: the declared country, else the phone's, else the IP's.
      const hint = nameHint(input.country, phone, ip);
      name = checks.name(input.firstName, input.lastName, hint === undefined ? undefined : { country: hint });
    }
    return { email, phone, ip, device, name };
  };

  /**
   * The products' async checks (each product's providers, as `checker.<product>Async`): e-mail, phone, IP and
   * device at once, then the name, whose hint is read from the phone's and the IP's results.
   */
  const checkProductsAsync = async (input: IdentityInput, nowMs: number): Promise<AsyncProducts> => {
    const ua = input.userAgent ?? headerValue(input.headers, 'user-agent');
    const [email, phone, ip, device] = await Promise.all([
      input.email === undefined ? undefined : checks.emailAsync(input.email, nowMs),
      input.phone === undefined ? undefined : phoneWithHintAsync(checks, input.phone, input.country, nowMs),
      input.ip === undefined ? undefined : checks.ipAsync(input.ip, nowMs),
      ua === undefined ? undefined : checks.deviceAsync(ua, nowMs, input.headers === undefined ? undefined : { headers: input.headers }),
    ]);
    let name: NameAsyncResult | undefined;
    if (input.firstName !== undefined && input.lastName !== undefined) {
      const hint = nameHint(input.country, phone, ip);
      const options = hint === undefined ? undefined : { country: hint };
      name = await checks.nameAsync(input.firstName!, input.lastName!, nowMs, options);
    }
    return { email, phone, ip, device, name };
  };

  // R: the result type of the products given (the async checks' results make an IdentityAsyncResult).
  const finish = <R extends IdentityResult>(input: IdentityInput, nowMs: number, products: Products): R => {
    const identity = scoreParts({ ...products, firstName: input.firstName, lastName: input.lastName, country: input.country, nowMs });
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(products)) if (value !== undefined) result[key] = value;
    result.identity = identity;
    return Object.freeze(result) as unknown as R;
  };

  /** The instant of a call: its own `now`, else the checker's clock read once (every product of the identity shares it). */
  const prepare = (input: unknown, options: unknown): { input: IdentityInput; nowMs: number } => {
    const i = readInput(input);
    const now = checkOptions<IdentityCallOptions>(options, '', CALL_RULES).now;
    return { input: i, nowMs: now === undefined ? clock() : now.getTime() };
  };

  const sync = (input: IdentityInput, options?: IdentityCallOptions): IdentityResult => {
    const p = prepare(input, options);
    return finish(p.input, p.nowMs, checkProducts(p.input, p.nowMs));
  };

  const async = async (input: IdentityInput, options?: IdentityCallOptions): Promise<IdentityAsyncResult> => {
    const p = prepare(input, options);
    const products = await checkProductsAsync(p.input, p.nowMs);
    return finish<IdentityAsyncResult>(p.input, p.nowMs, products);
  };

  const fromParts = (parts: IdentityParts): IdentityScore => {
    checkCountry(parts.country);
    return scoreParts({ ...parts, nowMs: parts.nowMs ?? clock() });
  };

  const preload = preloadOnce([
    () => names.preload(),
    () => {
      for (let i = 0; i < WARM_UP_CALLS / 4; i++) sync(warmUpIdentity(i), { now: WARM_UP_NOW });
    },
  ]);
  return Object.assign(sync, { async, score: fromParts, preload }) as IdentityCheck;
}

/**
 * The share of the five inputs that were given and could be read (0, 0.2,
 * … 1): an e-mail address that parses, a valid phone number, a valid IP
 * address, a user agent that is not empty or garbage, a name that is not
 * invalid. An input that was read and found bad (a disposable address, a
 * Tor exit) counts: it is evidence. One that is missing or unreadable does
 * not: there is less to go on, which lowers the confidence, not the score.
 */
export function confidenceOf(parts: Pick<IdentityEvidence, 'email' | 'phone' | 'ip' | 'device' | 'name'>): number {
  let read = 0;
  if (parts.email !== undefined && !parts.email.reasons.some((r) => r.code === 'EMAIL_SYNTAX')) read++;
  if (parts.phone?.is_valid === true) read++;
  if (parts.ip?.is_valid === true) read++;
  if (parts.device !== undefined && !parts.device.reasons.some((r) => r.code === 'DEVICE_EMPTY' || r.code === 'DEVICE_MALFORMED')) read++;
  if (parts.name !== undefined && parts.name.risk_type !== 'INVALID') read++;
  return read / 5;
}

function headerValue(headers: IdentityInput['headers'], name: string): string | undefined {
  if (headers === undefined) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0] as string;
  }
  return undefined;
}

/** {@link phoneWithHint} through the phone's async check (its providers). */
async function phoneWithHintAsync(checks: IdentityChecks, phone: string, country: string | undefined, nowMs: number): Promise<PhoneAsyncResult> {
  if (country === undefined) return checks.phoneAsync(phone, nowMs);
  try {
    return await checks.phoneAsync(phone, nowMs, { defaultCountry: country.toUpperCase() });
  } catch (error) {
    if (isInputError(error) && error.field === 'defaultCountry') return checks.phoneAsync(phone, nowMs);
    throw error;
  }
}

/** The phone check with the declared country as the default for a national number; a country with no numbering plan is no hint. */
function phoneWithHint(checks: IdentityChecks, phone: string, country: string | undefined): PhoneResult {
  if (country === undefined) return checks.phone(phone);
  try {
    return checks.phone(phone, { defaultCountry: country.toUpperCase() });
  } catch (error) {
    if (isInputError(error) && error.field === 'defaultCountry') return checks.phone(phone);
    throw error;
  }
}
