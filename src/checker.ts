import { createDeviceCheck } from './device/index.js';
import type { DeviceResult } from './device/index.js';
import { EMAIL_SCORE_MODEL, createEmailCheck, enrichEmailResult } from './email/index.js';
import type { EmailResult } from './email/index.js';
import { InputError } from './errors.js';
import { createIpCheck } from './ip/index.js';
import type { IpCheck, IpResult } from './ip/index.js';
import { createNameCheck } from './name/index.js';
import type { NameResult } from './name/index.js';
import { createPhoneCheck } from './phone/index.js';
import type { PhoneResult } from './phone/index.js';
import { runEmailProviders } from './providers/index.js';
import type { EmailProvider } from './providers/index.js';
import { createScorer } from './scoring/index.js';
import type { ScoringOptions } from './scoring/index.js';

/** Configuration of a {@link Checker}. Resolved once; two checkers never share mutable state. */
export interface CheckerOptions {
  /** Bands and weight overrides for every product. @default { bands: 'default' } */
  readonly scoring?: ScoringOptions;
  readonly email?: {
    /** Suggest the intended domain for likely typos. @default true */
    readonly suggestTypos?: boolean;
    /** Use mailchecker as a second opinion on disposable domains. @default true */
    readonly secondOpinion?: boolean;
  };
  readonly device?: {
    /** Entries of the per-checker result cache (CLOCK eviction, an approximation of LRU) keyed by user agent and hints; 0 disables it. @default the device check's default */
    readonly cacheSize?: number;
  };
  readonly ip?: {
    /** Your own MaxMind-format databases (paths or buffers); they override the bundled fields they cover. @default [] */
    readonly databases?: readonly (string | Uint8Array)[];
    /** The clock for `request_time`. @default () => new Date() */
    readonly now?: Date | (() => Date);
  };
  readonly phone?: {
    /** ISO 3166-1 alpha-2 country for national numbers. @default undefined (international format required) */
    readonly defaultCountry?: string;
  };
  readonly name?: Record<string, never>;
  /**
   * Asynchronous providers used by {@link Checker.emailAsync}: the only way
   * the library opens a socket. @default []
   */
  readonly providers?: readonly EmailProvider[];
}

/** Per-call options of {@link Checker.device}. */
export interface DeviceCallOptions {
  /** Request headers; client hints (`Sec-CH-UA-*`) and `X-Requested-With` are read. */
  readonly headers?: Record<string, string | readonly string[] | undefined>;
}

/** All five checks bound to one configuration. */
export interface Checker {
  email(email: string): EmailResult;
  /**
   * The offline result, then the providers' facts merged in and re-scored
   * (MX, deliverability, social and company fields). Without providers it
   * resolves to the offline result. Never rejects because a provider failed:
   * the failure becomes an `EMAIL_PROVIDER_FAILED` reason.
   */
  emailAsync(email: string): Promise<EmailResult>;
  device(userAgent: string, options?: DeviceCallOptions): DeviceResult;
  ip(ip: string, options?: { now?: Date }): IpResult;
  phone(phoneNumber: string, options?: { defaultCountry?: string }): PhoneResult;
  name(firstName: string, lastName: string): NameResult;
  /**
   * Opens the IP databases and tables now (the largest datasets: about 190 ms
   * cold), so a server's first request does not pay for them. The other
   * products' tables still load on their first call (tens of ms each).
   */
  preload(): void;
}

const KNOWN_OPTIONS = new Set(['scoring', 'email', 'device', 'ip', 'phone', 'name', 'providers']);

/**
 * Creates a checker holding one configuration (bands, weights, your own IP
 * databases, a default phone country). Datasets load on each product's first
 * call, so a checker used only for e-mail never opens IP data.
 *
 * @param options configuration; unknown keys throw {@link InputError}
 * @returns the five checks bound to that configuration
 * @example
 * const checker = createChecker({ scoring: { bands: 'scorecard' }, phone: { defaultCountry: 'IT' } });
 * checker.phone('333 123 4567').country; // 'IT'
 */
export function createChecker(options: CheckerOptions = {}): Checker {
  if (options === null || typeof options !== 'object') {
    throw new InputError('INPUT_OPTION', 'createChecker options must be an object', 'options');
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) throw new InputError('INPUT_OPTION', `unknown option "${key}"`, key);
  }
  const scoring = options.scoring;
  // Every check is built here, so a bad option fails at creation rather than at
  // first use. The factories are cheap: datasets still load lazily on first call.
  const email = createEmailCheck({ ...options.email, scoring });
  const device = createDeviceCheck({ ...options.device, scoring });
  const ip: IpCheck = createIpCheck({ ...options.ip, scoring });
  const phone = createPhoneCheck({ ...options.phone, scoring });
  const name = createNameCheck({ ...options.name, scoring });
  const providers = options.providers ?? [];
  if (!Array.isArray(providers) || providers.some((p) => typeof p?.enrichEmail !== 'function' || typeof p.name !== 'string')) {
    throw new InputError('INPUT_OPTION', 'providers must be an array of { name, enrichEmail(email, context) }', 'providers');
  }
  const emailScorer = createScorer(EMAIL_SCORE_MODEL, scoring);

  const emailAsync = async (value: string): Promise<EmailResult> => {
    const offline = email(value);
    // Nothing to ask about an address that does not parse, or when no provider is plugged in.
    if (providers.length === 0 || offline.reasons.some((r) => r.code === 'EMAIL_SYNTAX') || offline.domain === '') return offline;
    const facts = await runEmailProviders(value, offline.domain, providers);
    return enrichEmailResult(offline, facts, emailScorer);
  };

  return Object.freeze({
    email,
    emailAsync,
    device,
    ip: (value: string, call?: { now?: Date }) => ip(value, call),
    phone,
    name,
    preload: () => ip.preload(),
  });
}
