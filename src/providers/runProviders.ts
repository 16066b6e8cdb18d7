import { ProviderError } from '../errors.js';
import { isPlainObject } from '../common/options.js';
import { quoteInput } from '../common/quoteInput.js';
import { systemClock } from '../common/clock.js';
import { PROVIDER_FIELDS, fieldProblem, fieldType } from './fields.js';
import type { EmailProvider, Provider, ProviderFields, ProviderInput, ProviderProduct } from './types.js';

/** Options of {@link runProviders}. */
export interface RunProvidersOptions {
  /** The caller's signal: aborting it aborts every provider and rejects the call with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Time allowed for all providers together, on top of each one's own limit. @default no overall limit */
  readonly deadlineMs?: number;
  /** The instant handed to every provider (`LookupContext.now`): a checker passes its clock's. @default the system clock, read at the call */
  readonly now?: Date;
}

/** The merged answer of several providers, with the failures kept apart. */
export interface ProvidersOutcome {
  /** Declared, well-typed fields merged field by field: the first provider in list order that reports a field wins. */
  readonly facts: Readonly<Record<string, unknown>>;
  /** For each merged field, the provider it came from. */
  readonly source: Readonly<Record<string, string>>;
  /** Names of the providers that answered (in list order), even with nothing to say. */
  readonly answered: readonly string[];
  /** Providers that failed, timed out or answered a field with the wrong type: those facts stay unknown, never "false". */
  readonly errors: readonly ProviderError[];
}

/** The default time a provider is given. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 5000;

/** True when `provider` declares at least one field of `product`. */
export function servesProduct(provider: Provider, product: ProviderProduct): boolean {
  return (provider.fields[product]?.length ?? 0) > 0;
}

/**
 * Asks every provider that serves the input's product, all at once, each
 * under its own time limit and all under `deadlineMs`, and merges what they
 * say. A provider that fails never fails the call; a caller's abort does
 * (with the signal's reason, as `fetch` does), after aborting every provider.
 *
 * @example
 * // not run: dnsProvider() asks your DNS resolver
 * const out = await runProviders({ product: 'ip', value: '192.0.2.1', ip: '192.0.2.1', version: 4 }, [dnsProvider()]);
 * out.facts.black_list_count; // 0
 */
export async function runProviders(input: ProviderInput, providers: readonly Provider[], options: RunProvidersOptions = {}): Promise<ProvidersOutcome> {
  const { signal } = options;
  signal?.throwIfAborted();
  const now = options.now ?? systemClock();
  const serving = providers.filter((p) => servesProduct(p, input.product));
  const overall = new AbortController();
  let deadlineTimer: NodeJS.Timeout | undefined;
  const deadlineMs = options.deadlineMs;
  // One promise every provider races: the overall deadline, rejected before the abort so no abort handler's answer wins.
  const deadline = new Promise<never>((_, reject) => {
    if (deadlineMs !== undefined && Number.isFinite(deadlineMs)) {
      deadlineTimer = setTimeout(() => {
        reject(new ProviderError('PROVIDER_TIMEOUT', `no answer within the overall deadline of ${deadlineMs} ms`, ''));
        overall.abort();
      }, deadlineMs);
    }
  });
  deadline.catch(() => undefined);
  let cancelled: (reason: unknown) => void = () => {};
  const cancel = new Promise<never>((_, reject) => (cancelled = reject));
  cancel.catch(() => undefined);
  const onAbort = () => {
    cancelled(signal!.reason);
    overall.abort();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const settled = await Promise.all(
      serving.map(async (provider) => {
        const controller = new AbortController();
        const stop = () => controller.abort();
        overall.signal.addEventListener('abort', stop, { once: true });
        const timeoutMs = provider.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            // Reject before aborting: an abort handler that resolves must not win the race.
            reject(new ProviderError('PROVIDER_TIMEOUT', `${provider.name} gave no answer within ${timeoutMs} ms`, provider.name));
            controller.abort();
          }, timeoutMs);
        });
        try {
          const asked = Promise.resolve().then(() => provider.lookup(input, { signal: controller.signal, now }));
          const value = await Promise.race([asked, timeout, deadline, cancel]);
          return { provider, value: value as unknown };
        } catch (error) {
          if (signal?.aborted) throw error;
          return { provider, error: asProviderError(error, provider.name) };
        } finally {
          clearTimeout(timer);
          overall.signal.removeEventListener('abort', stop);
        }
      }),
    );
    const facts: Record<string, unknown> = {};
    const source: Record<string, string> = {};
    const answered: string[] = [];
    const errors: ProviderError[] = [];
    for (const outcome of settled) {
      if ('error' in outcome) {
        errors.push(outcome.error!);
        continue;
      }
      const { provider, value } = outcome;
      if (value !== undefined && value !== null && !isPlainObject(value)) {
        errors.push(new ProviderError('PROVIDER_INVALID', `${provider.name} answered ${describe(value)}, not an object of fields`, provider.name));
        continue;
      }
      answered.push(provider.name);
      const bad: string[] = [];
      for (const field of provider.fields[input.product] ?? []) {
        const given = (value as Record<string, unknown> | undefined)?.[field];
        if (given === undefined || given === null) continue;
        const type = fieldType(input.product, field);
        const problem = type === undefined ? 'a field providers may fill' : fieldProblem(type, given);
        if (problem !== null) {
          bad.push(`${field} must be ${problem}, got ${quoteInput(given)}`);
          continue;
        }
        if (!Object.hasOwn(facts, field)) {
          facts[field] = given;
          source[field] = provider.name;
        }
      }
      if (bad.length > 0) errors.push(new ProviderError('PROVIDER_INVALID', `${provider.name} answered badly: ${bad.join('; ')}`, provider.name));
    }
    return { facts, source, answered, errors };
  } finally {
    clearTimeout(deadlineTimer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function asProviderError(error: unknown, name: string): ProviderError {
  if (error instanceof ProviderError) {
    // The overall deadline's error is made once for all: name the provider it stopped.
    return error.provider === '' ? new ProviderError(error.code as 'PROVIDER_TIMEOUT', `${name} gave no answer within the overall deadline`, name) : error;
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError('PROVIDER_FAILED', `${name} failed: ${message}`, name, { cause: error });
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Every e-mail field, for an {@link EmailProvider}: the old interface declared none, so it may fill them all. */
const ALL_EMAIL_FIELDS = Object.keys(PROVIDER_FIELDS.email) as NonNullable<ProviderFields['email']>;

/**
 * Wraps the deprecated {@link EmailProvider} (`enrichEmail`) as a
 * {@link Provider} that serves e-mail and may fill every e-mail field.
 */
export function fromEmailProvider(provider: EmailProvider): Provider {
  return {
    name: provider.name,
    ...(provider.timeoutMs === undefined ? {} : { timeoutMs: provider.timeoutMs }),
    fields: { email: ALL_EMAIL_FIELDS },
    lookup: async (input, { signal, now }) => (input.product === 'email' ? provider.enrichEmail(input.email, { domain: input.domain, signal, now }) : {}),
  };
}

/** True for the deprecated e-mail-only shape (`enrichEmail`, no `lookup`). */
export function isEmailProvider(value: Provider | EmailProvider): value is EmailProvider {
  return typeof (value as Partial<Provider>).lookup !== 'function' && typeof (value as Partial<EmailProvider>).enrichEmail === 'function';
}
