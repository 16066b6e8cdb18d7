import { DATASETS, PRODUCTS, PRODUCT_NAMES, scoringOption } from './registry.js';
import type { DeviceResult } from './device/index.js';
import type { EmailResult } from './email/index.js';
import { arrayOption, checkOptions, kindOf, nestedOptions, optionError } from './common/options.js';
import type { OptionRule, OptionRules } from './common/options.js';
import { clockOption, readClock } from './common/clock.js';
import { dataOptionRule, openData, withClock } from './data/context.js';
import type { DataContext, DataOptions } from './data/context.js';
import { dataInfo } from './data/info.js';
import type { DatasetInfo } from './data/info.js';
import type { IpCheck, IpResult } from './ip/index.js';
import type { NameCallOptions, NameResult } from './name/index.js';
import type { PhoneResult } from './phone/index.js';
import { createAsyncChecks } from './providers/asyncChecks.js';
import type { AsyncCallOptions, DeviceAsyncResult, EmailAsyncResult, IpAsyncResult, NameAsyncResult, PhoneAsyncResult } from './providers/asyncChecks.js';
import { providerItem } from './providers/config.js';
import { fromEmailProvider, isEmailProvider, servesProduct } from './providers/runProviders.js';
import { PROVIDER_PRODUCTS } from './providers/fields.js';
import type { EmailProvider, Provider, ProviderProduct } from './providers/types.js';
import type { ProductName } from './scoring/index.js';
import type { ScoringOptions } from './registry.js';
import { createIdentityCheck } from './identity/product.js';
import { nameTablesOf } from './name/product.js';
import type { IdentityParts } from './identity/product.js';
import type { IdentityAsyncResult, IdentityCallOptions, IdentityInput, IdentityResult, IdentityScore } from './identity/index.js';

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
    /** City records kept decoded per IP version (about 400 bytes each); 0 keeps none. @default 65536 */
    readonly cityCacheSize?: number;
  };
  readonly phone?: {
    /** ISO 3166-1 alpha-2 country for national numbers. @default undefined (international format required) */
    readonly defaultCountry?: string;
  };
  /** Name options: `country`, where the names are from (ISO 3166-1 alpha-2), for given names whose sex differs by country. */
  readonly name?: { readonly country?: string };
  /**
   * Asynchronous providers used by the `…Async` checks: the only way the
   * library opens a socket. Each declares the fields it fills by product
   * ({@link Provider}); the deprecated e-mail-only shape (`enrichEmail`) is
   * still taken. Earlier providers win a field (docs/providers.md). @default []
   */
  readonly providers?: readonly (Provider | EmailProvider)[];
  /** Time allowed for all providers of one async call together (each also has its own `timeoutMs`). @default 10000 */
  readonly providerDeadlineMs?: number;
  /**
   * The data bundle every check reads: a directory (whole or partial; what
   * it lacks comes from the package's bundle), or `{ dir, maxAgeDays }`
   * where `maxAgeDays` is the age past which a volatile list (Tor, VPN,
   * proxy, relay, hosting, disposable) adds a 0-point `*_DATA_STALE` reason.
   * See docs/data.md.
   * @default the package's bundle, 30 days (`configureDefaults` and IDENTITY_SIGNALS_DATA serve the one-call functions, not a checker)
   */
  readonly data?: DataOptions;
  /**
   * The checker's one clock: a fixed date, or a function read once per
   * check (an identity reads it once for all its products). It is the only
   * time source of every result: the IP's `request_time`, the age of the
   * volatile lists behind `IP_DATA_STALE` / `EMAIL_DATA_STALE` and their
   * day count, the identity's time of day, `dataInfo()`'s ages, the
   * `now` handed to providers (an RDAP domain's age), and `resolve()`'s
   * `device_request_time`, and a browser's age (`is_recent`,
   * `DEVICE_BROWSER_RECENT`, `DEVICE_BROWSER_OUTDATED`,
   * `DEVICE_VERSION_UNRELEASED`). Phone and name results do not depend on
   * time. Pin it in tests and replays; a call's own `now` (`device`, `ip`,
   * `identity`) replaces it for that call.
   * @default the system clock, read only through `systemClock()` in src/common/clock.ts
   */
  readonly now?: Date | (() => Date);
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
   * resolves to the offline result. Never rejects because a provider failed
   * (unless `failOnProviderError`): the failure becomes an
   * `EMAIL_PROVIDER_FAILED` reason and an entry of `provider_errors`. A
   * `signal` cancels the call (it rejects with the signal's reason).
   */
  emailAsync(email: string, options?: AsyncCallOptions): Promise<EmailAsyncResult>;
  /** {@link Checker.device}, then the providers that serve `device` (see {@link Checker.emailAsync}). */
  deviceAsync(userAgent: string, options?: DeviceCallOptions & AsyncCallOptions): Promise<DeviceAsyncResult>;
  /** {@link Checker.ip}, then the providers that serve `ip` (DNSBL `black_list_count`, reverse DNS, company fields). */
  ipAsync(ip: string, options?: { now?: Date } & AsyncCallOptions): Promise<IpAsyncResult>;
  /** {@link Checker.phone}, then the providers that serve `phone` (portability, roaming, messaging apps). */
  phoneAsync(phoneNumber: string, options?: { defaultCountry?: string } & AsyncCallOptions): Promise<PhoneAsyncResult>;
  /** {@link Checker.name}, then the providers that serve `name` (a provider fills `gender` only where it is `null`). */
  nameAsync(firstName: string, lastName: string, options?: NameCallOptions & AsyncCallOptions): Promise<NameAsyncResult>;
  /**
   * @throws InputError `INPUT_TYPE` when `userAgent` is not a string;
   * `INPUT_OPTION` when `options` is not an object (`field` `options`), has a
   * key other than `headers`, or `headers` is not a plain object (`headers`)
   */
  device(userAgent: string, options?: DeviceCallOptions): DeviceResult;
  /**
   * @throws InputError `INPUT_TYPE` when `ip` is not a string; `INPUT_OPTION`
   * when `options` is not an object, has a key other than `now`, or `now` is
   * not a valid Date (`field` `now`)
   */
  ip(ip: string, options?: { now?: Date }): IpResult;
  /**
   * @throws InputError `INPUT_TYPE` when `phoneNumber` is not a string;
   * `INPUT_OPTION` when `options` is not an object, has a key other than
   * `defaultCountry`, or `defaultCountry` is not a country with a numbering
   * plan (`field` `defaultCountry`)
   */
  phone(phoneNumber: string, options?: { defaultCountry?: string }): PhoneResult;
  /** `country`: where the names are from (ISO 3166-1 alpha-2), for this call; overrides `name.country`. */
  name(firstName: string, lastName: string, options?: NameCallOptions): NameResult;
  /**
   * Every dataset this checker reads: product, name, source, retrieved date,
   * age in days, records, sha256, which bundle it comes from (`default` or
   * `custom`), whether it is stale, and whether it has been verified in this
   * process. With `{ verify: true }` every file is read and verified first
   * (a failure shows in `problem`).
   */
  dataInfo(options?: { readonly verify?: boolean }): readonly DatasetInfo[];
  /** The products at least one of this checker's providers serves (the server sends webhooks for those). */
  readonly providerProducts: readonly ProviderProduct[];
  /**
   * One identity, five signals (see `checkIdentity` in identity-signals/identity):
   * the checks that have input, with this checker's options, plus the cross-signal `identity` score.
   * @throws InputError `INPUT_TYPE`/`INPUT_OPTION` for a bad input object or `now`
   */
  identity(input: IdentityInput, options?: IdentityCallOptions): IdentityResult;
  /**
   * The identity score of product results already checked (each optional),
   * with this checker's scoring and clock: what {@link Checker.identity}
   * scores after running the checks, for a pipeline (the batch) that has
   * the results already. For the results the identity check would get, the
   * same score. The name should have been read with `nameHint`'s country.
   * @throws InputError `INPUT_TYPE` (field `country`) for a country that is not two letters
   */
  identityScore(parts: IdentityParts): IdentityScore;
  /** {@link Checker.identity} with each product through its async check first (its providers' facts merged and re-scored, `provider_errors` on each). */
  identityAsync(input: IdentityInput, options?: IdentityCallOptions): Promise<IdentityAsyncResult>;
  /**
   * Reads the checker's clock (its `now` option): the instant a check
   * started now is computed for. `resolve()` stamps `device_request_time`
   * with it.
   * @throws InputError `INPUT_OPTION` (field `now`) when the clock function returns anything but a valid Date
   */
  now(): Date;
  /**
   * Loads now everything the first check of each product would otherwise
   * load on first use: reads and verifies every dataset file of the bundle
   * (`dataInfo()` then shows each `verified`), builds the tables the checks
   * read (e-mail lists and indexes, device tables and parser, IP tables and
   * the whole DB-IP city files, every calling code of the phone tables,
   * name lists and models, the identity's tables), loads the libraries that
   * load lazily (tldts, ua-parser-js, isbot, libphonenumber-js, tz-lookup),
   * and runs each check on a few hundred built-in inputs so that its code is
   * compiled too. The first real check of each product then costs about what
   * later ones do (docs/server.md, "Warm-up", has the figures). `serve`
   * calls it before `/ready` answers 200. Returns at once once done.
   *
   * @param products only these products' data (a checker used for e-mail
   * alone need not read the 130 MB of city files); the identity's tables and
   * warm-up come with the full preload only. @default every product and the identity
   * @throws DataError when a dataset file is missing or fails verification
   * @throws InputError `INPUT_OPTION` (field `products[i]`) for a product that is not one of the five
   */
  preload(products?: readonly ProductName[]): void;
}

/** `ip.now` was the IP check's own clock beside the data's: a checker has one, at the top level; say so rather than "unknown key". */
const movedClock: OptionRule = (_value, path) => {
  throw optionError(path, "is not an option: the checker has one clock, its top-level `now` (createChecker({ now }))");
};
/** The products `preload()` loads, in the order it loads them. */

const deadlineOption: OptionRule = (value, path) => {
  if (!(typeof value === 'number' && value > 0 && Number.isFinite(value))) throw optionError(path, `must be a number of milliseconds > 0, got ${kindOf(value)}`);
};

/** Every option of a checker, each product's own keys nested under its name; `scoring` serves all five. */
const CHECKER_RULES: OptionRules = {
  scoring: scoringOption,
  email: nestedOptions(PRODUCTS.email.optionRules),
  device: nestedOptions(PRODUCTS.device.optionRules),
  ip: nestedOptions({ ...PRODUCTS.ip.optionRules, now: movedClock }),
  phone: nestedOptions(PRODUCTS.phone.optionRules),
  name: nestedOptions(PRODUCTS.name.optionRules),
  providers: arrayOption(providerItem, 'providers'),
  providerDeadlineMs: deadlineOption,
  data: dataOptionRule,
  now: clockOption,
};

/**
 * Creates a checker holding one configuration (bands, weights, your own IP
 * databases, a default phone country, the data bundle and one clock, `now`).
 * Datasets load on each product's first call, so a checker used only for
 * e-mail never opens IP data.
 *
 * @param options configuration, checked whole before any check is built
 * @returns the five checks bound to that configuration
 * @throws InputError with the option's full path in `field`:
 * `SCORING_CONFIG` for anything wrong in `scoring` (not an object, an
 * unknown key, bands that are not a preset or five contiguous integer bands
 * over 0..1000, a weight code that is no product's signal such as
 * `scoring.weights.EMAILFREE`, a weight outside its range (0..10 nats, 0..1 for a carried damping) or on an info signal);
 * `INPUT_OPTION` for every other bad option: `options` or a product's
 * options not an object, an unknown key at any level (`email.suggest`), or a
 * bad value (`email.suggestTypos`, `device.cacheSize`, `ip.databases[1]`,
 * `now`, `phone.defaultCountry`, `providers[0]`)
 * @throws DataError when one of `ip.databases` cannot be read or is not a MaxMind database
 * @example
 * const checker = createChecker({ scoring: { bands: 'scorecard' }, phone: { defaultCountry: 'IT' } });
 * checker.phone('333 123 4567').country; // 'IT'
 */
export function createChecker(options?: CheckerOptions): Checker {
  return createCheckerOn(options, undefined);
}

/**
 * {@link createChecker} on a data context already opened (`serve`'s verified
 * bundle, the one-call functions' bundle), else on the bundle the options
 * name. The clock is the options' `now`, else the context's.
 * @internal
 */
export function createCheckerOn(options: CheckerOptions | undefined, context: DataContext | undefined): Checker {
  // Checked whole first, so every error names its full path (`ip.databases[1]`,
  // not the `databases[1]` the IP factory alone would report).
  const o = checkOptions<CheckerOptions>(options, '', CHECKER_RULES);
  const scoring = o.scoring;
  // One bundle and one clock for the five checks: opened (its manifest read) here, its files on first use.
  const data = context === undefined ? openData(o.data, 'data', o.now) : withClock(context, o.now);
  // Every check is built here, so nothing fails at first use. The factories
  // are cheap: datasets still load lazily on first call.
  const email = PRODUCTS.email.open(data, { ...o.email, scoring });
  const device = PRODUCTS.device.open(data, { ...o.device, scoring });
  const ip: IpCheck = PRODUCTS.ip.open(data, { ...o.ip, scoring });
  const phone = PRODUCTS.phone.open(data, { ...o.phone, scoring });
  const name = PRODUCTS.name.open(data, { ...o.name, scoring });
  const providers = (o.providers ?? []).map((p) => (isEmailProvider(p) ? fromEmailProvider(p) : p));
  const late = createAsyncChecks({ email, device, ip, phone, name } as never, providers, scoring, o.providerDeadlineMs ?? 10_000, () => readClock(data.now));

  const identity = createIdentityCheck(
    {
      email: (value, nowMs) => email.at(nowMs, value),
      device: (value, nowMs, options) => device.at(nowMs, value, options),
      ip: (value, nowMs) => ip.at(nowMs, value),
      phone,
      name,
      // identityAsync runs every product's providers, as the products' async checks do.
      emailAsync: (value, nowMs) => late.emailAsync(value, undefined, nowMs),
      phoneAsync: (value, nowMs, options) => late.phoneAsync(value, options, nowMs),
      ipAsync: (value, nowMs) => late.ipAsync(value, undefined, nowMs),
      deviceAsync: (value, nowMs, options) => late.deviceAsync(value, options, nowMs),
      nameAsync: (first, last, nowMs, options) => late.nameAsync(first, last, options, nowMs),
    },
    scoring,
    () => readClock(data.now),
    nameTablesOf(name),
  );

  return Object.freeze({
    email,
    ...late,
    providerProducts: Object.freeze(PROVIDER_PRODUCTS.filter((product) => providers.some((p) => servesProduct(p, product)))),
    identity: (input: IdentityInput, call?: IdentityCallOptions) => identity(input, call),
    identityAsync: (input: IdentityInput, call?: IdentityCallOptions) => identity.async(input, call),
    identityScore: (parts: IdentityParts) => identity.score(parts),
    device,
    ip: (value: string, call?: { now?: Date }) => ip(value, call),
    phone,
    name,
    dataInfo: (info?: { readonly verify?: boolean }) => dataInfo(data, DATASETS, info),
    now: () => new Date(readClock(data.now)),
    preload: (products?: readonly ProductName[]) => {
      const preloads: Readonly<Record<ProductName, () => void>> = { email: email.preload, device: device.preload, ip: ip.preload, phone: phone.preload, name: name.preload };
      const wanted: readonly ProductName[] = products ?? PRODUCT_NAMES;
      // Checked whole before anything loads, as a JavaScript caller may pass anything.
      if (!Array.isArray(wanted as unknown)) throw optionError('products', `must be an array of products, got ${kindOf(wanted)}`);
      wanted.forEach((product, i) => {
        if (!Object.hasOwn(preloads, product)) throw optionError(`products[${i}]`, `must be one of ${PRODUCT_NAMES.join(', ')}`);
      });
      for (const product of wanted) preloads[product]();
      if (products === undefined) identity.preload();
    },
  });
}
