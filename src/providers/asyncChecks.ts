import { isPlainObject, kindOf, optionError } from '../common/options.js';
import { DEVICE_SCORE_MODEL } from '../device/index.js';
import type { DeviceResult } from '../device/index.js';
import { EMAIL_SCORE_MODEL, enrichEmailResult } from '../email/index.js';
import type { EmailResult } from '../email/index.js';
import type { ProviderError } from '../errors.js';
import { IP_SCORE_MODEL } from '../ip/index.js';
import type { IpResult } from '../ip/index.js';
import { NAME_SCORE_MODEL } from '../name/index.js';
import type { NameResult } from '../name/index.js';
import { PHONE_SCORE_MODEL } from '../phone/index.js';
import type { PhoneResult } from '../phone/index.js';
import { createScorer } from '../scoring/index.js';
import type { Reason, ScoringOptions, Signal } from '../scoring/index.js';
import { runProviders, servesProduct } from './runProviders.js';
import type { ProvidersOutcome } from './runProviders.js';
import type { EmailEnrichment, Provider, ProviderFailure, ProviderInput, ProviderProduct } from './types.js';
import type { AsyncExtras, DeviceAsyncResult, EmailAsyncResult, IpAsyncResult, NameAsyncResult, PhoneAsyncResult } from '../identity/product.js';

/** Per-call options of the `…Async` checks, besides each product's own. */
export interface AsyncCallOptions {
  /** Cancels the call: every provider is aborted and the call rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Time allowed for all providers together on this call. @default the checker's `providerDeadlineMs` */
  readonly deadlineMs?: number;
  /** Reject with the first provider's {@link ProviderError} instead of listing it in `provider_errors`. @default false */
  readonly failOnProviderError?: boolean;
}

export type { AsyncExtras, DeviceAsyncResult, EmailAsyncResult, IpAsyncResult, NameAsyncResult, PhoneAsyncResult } from '../identity/product.js';

/** Checks a call's async options (`signal`, `deadlineMs`, `failOnProviderError`) and returns them apart from the product's own. */
export function splitAsyncOptions<T extends object>(options: unknown): { readonly own: T | undefined; readonly call: AsyncCallOptions } {
  if (options === undefined) return { own: undefined, call: {} };
  if (!isPlainObject(options)) throw optionError('options', `must be an object, got ${kindOf(options)}`);
  const { signal, deadlineMs, failOnProviderError, ...own } = options as Record<string, unknown>;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw optionError('signal', `must be an AbortSignal, got ${kindOf(signal)}`);
  if (deadlineMs !== undefined && !(typeof deadlineMs === 'number' && deadlineMs > 0 && Number.isFinite(deadlineMs))) {
    throw optionError('deadlineMs', `must be a number of milliseconds > 0, got ${kindOf(deadlineMs)}`);
  }
  if (failOnProviderError !== undefined && typeof failOnProviderError !== 'boolean') {
    throw optionError('failOnProviderError', `must be a boolean, got ${kindOf(failOnProviderError)}`);
  }
  const call: AsyncCallOptions = {
    ...(signal === undefined ? {} : { signal: signal as AbortSignal }),
    ...(deadlineMs === undefined ? {} : { deadlineMs: deadlineMs as number }),
    ...(failOnProviderError === undefined ? {} : { failOnProviderError: failOnProviderError as boolean }),
  };
  return { own: Object.keys(own).length === 0 ? undefined : (own as T), call };
}

/** The sync checks of one checker, which the async ones start from. */
export interface SyncChecks {
  readonly email: { at(nowMs: number, value: string): EmailResult };
  readonly device: { at(nowMs: number, userAgent: string, options?: never): DeviceResult };
  readonly ip: { at(nowMs: number, value: string, options?: never): IpResult };
  phone(value: string, options?: never): PhoneResult;
  name(first: string, last: string, options?: never): NameResult;
}

/** The five async checks. */
export interface AsyncChecks {
  /** `nowMs`: the instant of the call (an identity's, shared by its products); else the checker's clock, read once. */
  emailAsync(value: string, options?: AsyncCallOptions, nowMs?: number): Promise<EmailAsyncResult>;
  deviceAsync(userAgent: string, options?: object, nowMs?: number): Promise<DeviceAsyncResult>;
  ipAsync(value: string, options?: object, nowMs?: number): Promise<IpAsyncResult>;
  phoneAsync(value: string, options?: object, nowMs?: number): Promise<PhoneAsyncResult>;
  nameAsync(first: string, last: string, options?: object, nowMs?: number): Promise<NameAsyncResult>;
}

const NO_FAILURES: readonly ProviderFailure[] = Object.freeze([]);

const failures = (errors: readonly ProviderError[]): readonly ProviderFailure[] =>
  errors.length === 0 ? NO_FAILURES : Object.freeze(errors.map((e) => Object.freeze({ provider: e.provider, code: e.code as ProviderFailure['code'], message: e.message })));

/** The offline result as an async one: no provider was asked, so none failed. */
const unasked = <R extends object>(offline: R): R & AsyncExtras => Object.freeze({ ...offline, provider_errors: NO_FAILURES });

/** Signals to score again: the result's reasons without the baseline (the scorer adds it) and without the codes now answered. */
function signalsOf(reasons: readonly Reason[], drop: ReadonlySet<string>): Signal<string>[] {
  const signals: Signal<string>[] = [];
  for (const r of reasons) {
    if (r.code.endsWith('_BASELINE') || drop.has(r.code)) continue;
    signals.push(r.detail === undefined ? { code: r.code } : { code: r.code, detail: r.detail });
  }
  return signals;
}

/**
 * Builds the `…Async` checks of a checker: the offline check, then the
 * providers serving that product (all at once, each under its own limit,
 * all under the deadline), their facts merged and the result re-scored.
 *
 * Precedence, documented in docs/providers.md: providers in list order (the
 * first to report a field wins); a provider's fact replaces the offline
 * value of a field providers may fill, except a name's `gender`, which a
 * provider only fills where the offline check found none.
 */
export function createAsyncChecks(
  sync: SyncChecks,
  providers: readonly Provider[],
  scoring: ScoringOptions | undefined,
  deadlineMs: number,
  clock: () => number,
): AsyncChecks {
  const emailScore = createScorer(EMAIL_SCORE_MODEL, scoring);
  const ipScore = createScorer(IP_SCORE_MODEL, scoring);
  const phoneScore = createScorer(PHONE_SCORE_MODEL, scoring);
  const deviceScore = createScorer(DEVICE_SCORE_MODEL, scoring);
  const nameScore = createScorer(NAME_SCORE_MODEL, scoring);
  const serving = (product: ProviderProduct) => providers.filter((p) => servesProduct(p, product));

  const ask = async (input: ProviderInput, call: AsyncCallOptions, nowMs: number): Promise<ProvidersOutcome> => {
    const out = await runProviders(input, providers, {
      now: new Date(nowMs),
      deadlineMs: call.deadlineMs ?? deadlineMs,
      ...(call.signal === undefined ? {} : { signal: call.signal }),
    });
    if (call.failOnProviderError === true && out.errors.length > 0) throw out.errors[0];
    return out;
  };

  // Each call reads the checker's clock once (or takes the instant it is
  // given): its offline check runs at that instant and its providers are
  // handed it, so an RDAP domain age and a stale-list reason agree.
  return {
    async emailAsync(value, options, at) {
      const { call } = splitAsyncOptions<never>(options);
      const nowMs = at ?? clock();
      const offline = sync.email.at(nowMs, value);
      // Nothing to ask about an address that does not parse, or when no provider serves e-mail.
      if (serving('email').length === 0 || offline.reasons.some((r) => r.code === 'EMAIL_SYNTAX') || offline.domain === '') return unasked(offline);
      const out = await ask({ product: 'email', value, email: value, domain: offline.domain }, call, nowMs);
      const facts = out.facts as EmailEnrichment;
      const late = enrichEmailResult(offline, { enrichment: facts, answered: out.answered, errors: out.errors }, emailScore);
      return Object.freeze({
        ...late,
        ...(facts.domain_black_list_count === undefined ? {} : { domain_black_list_count: facts.domain_black_list_count }),
        provider_errors: failures(out.errors),
      });
    },

    async ipAsync(value, options, at) {
      const { own, call } = splitAsyncOptions<never>(options);
      // A call's own `now` (checked by the IP check) is the instant of the whole call.
      const given = (own as { now?: unknown } | undefined)?.now;
      const nowMs = given instanceof Date ? given.getTime() : (at ?? clock());
      const offline = sync.ip.at(nowMs, value, own);
      if (serving('ip').length === 0 || offline.ip_version === null) return unasked(offline);
      const out = await ask({ product: 'ip', value, ip: offline.value, version: offline.ip_version }, call, nowMs);
      const facts = out.facts as Record<string, unknown>;
      const drop = new Set<string>();
      const add: Signal<string>[] = [];
      const count = facts.black_list_count as number | undefined;
      if (count !== undefined) {
        drop.add('IP_BLACKLIST_OFFLINE');
        if (count > 0) add.push({ code: 'IP_BLACKLISTED', detail: `on ${count} list${count === 1 ? '' : 's'}, reported by ${out.source.black_list_count}` });
      }
      if (Object.keys(facts).some((f) => f.startsWith('company_'))) drop.add('IP_COMPANY_OFFLINE');
      const scored = ipScore([...signalsOf(offline.reasons, drop), ...add] as Parameters<typeof ipScore>[0]);
      return Object.freeze({ ...offline, ...facts, ...scored, provider_errors: failures(out.errors) }) as IpAsyncResult;
    },

    async phoneAsync(value, options, at) {
      const { own, call } = splitAsyncOptions<never>(options);
      const nowMs = at ?? clock();
      const offline = sync.phone(value, own);
      if (serving('phone').length === 0 || offline.e164 === null) return unasked(offline);
      const out = await ask({ product: 'phone', value, e164: offline.e164, country: offline.country }, call, nowMs);
      // No phone signal reads these facts yet: the score is the offline one, computed again for the same signals.
      const scored = phoneScore(signalsOf(offline.reasons, new Set()) as Parameters<typeof phoneScore>[0]);
      return Object.freeze({ ...offline, ...out.facts, ...scored, provider_errors: failures(out.errors) }) as PhoneAsyncResult;
    },

    async deviceAsync(userAgent, options, at) {
      const { own, call } = splitAsyncOptions<never>(options);
      const nowMs = at ?? clock();
      const offline = sync.device.at(nowMs, userAgent, own);
      if (serving('device').length === 0 || typeof userAgent !== 'string' || userAgent.trim() === '') return unasked(offline);
      const out = await ask({ product: 'device', value: userAgent }, call, nowMs);
      const scored = deviceScore(signalsOf(offline.reasons, new Set()) as Parameters<typeof deviceScore>[0]);
      return Object.freeze({ ...offline, ...out.facts, ...scored, provider_errors: failures(out.errors) }) as DeviceAsyncResult;
    },

    async nameAsync(first, last, options, at) {
      const { own, call } = splitAsyncOptions<never>(options);
      const nowMs = at ?? clock();
      const offline = sync.name(first, last, own);
      if (serving('name').length === 0) return unasked(offline);
      const out = await ask({ product: 'name', value: `${first},${last}`, firstName: first, lastName: last }, call, nowMs);
      // The offline reading of a name (titles, lists, country) outranks a provider's guess: a provider only fills a null gender.
      const gender = offline.gender ?? (out.facts.gender as NameResult['gender'] | undefined) ?? null;
      const scored = nameScore(signalsOf(offline.reasons, new Set()) as Parameters<typeof nameScore>[0]);
      return Object.freeze({ ...offline, gender, ...scored, provider_errors: failures(out.errors) });
    },
  };
}
