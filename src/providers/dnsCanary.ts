import type { MxRecord } from 'node:dns';
import { InputError, ProviderError } from '../errors.js';
import { quoteInput } from '../common/quoteInput.js';

/**
 * Domains whose MX records every working resolver finds: the three largest
 * mailbox providers, each with MX records published for decades. One of
 * them resolving is enough: a resolver that finds none is broken.
 */
export const DEFAULT_CANARY_DOMAINS: readonly string[] = Object.freeze(['gmail.com', 'outlook.com', 'yahoo.com']);

/** How long a resolver that passed the check is believed before it is checked again. */
export const DEFAULT_CANARY_TTL_MS = 60_000;

/** The options every DNS-asking provider takes for its resolver check. */
export interface CanaryOptions {
  /**
   * Domains that must have MX records: before a provider believes a "no
   * such name" or "no such record" answer (a domain without mail, an IP on
   * no block list, no reverse name), its resolver must have found the MX of
   * at least one of them. A resolver that finds none (one that answers
   * NXDOMAIN to every name, a captive portal's, an upstream that is down)
   * makes that lookup a provider failure: facts unknown, never "no". Use
   * your own domains on a resolver that only serves yours; `[]` turns the
   * check off. @default ['gmail.com', 'outlook.com', 'yahoo.com']
   */
  readonly canaryDomains?: readonly string[];
  /**
   * How long a passed check is believed, measured on the checker's clock
   * (the `now` handed to each lookup). A failed check is never kept: the
   * next lookup that needs it checks again, so a mended resolver is
   * believed at once. @default 60000
   */
  readonly canaryTtlMs?: number;
}

/** The check of one resolver, shared by the lookups of one provider. */
export interface ResolverCanary {
  /**
   * Resolves when the resolver may be believed at `now` (epoch ms): it
   * passed a check less than the TTL before, or passes one now (lookups
   * that need one at the same time share it).
   *
   * @throws ProviderError `PROVIDER_FAILED` when it found the MX of none of the canary domains
   */
  vouch(now: number): Promise<void>;
}

/** A domain name: labels of letters, digits and hyphens, dot-separated (its length is checked first). */
const DNS_NAME = /^[a-z\d-]+(?:\.[a-z\d-]+)*\.?$/i;
const isDomainName = (value: unknown) => typeof value === 'string' && value.length <= 253 && DNS_NAME.test(value);

/**
 * Reads the canary options of a provider.
 *
 * @throws InputError `INPUT_OPTION` for a list that is not of DNS names, or a TTL that is not a number of milliseconds >= 0
 */
export function canaryOptions(options: CanaryOptions, provider: string): { readonly domains: readonly string[]; readonly ttlMs: number } {
  const domains = options.canaryDomains ?? DEFAULT_CANARY_DOMAINS;
  if (!Array.isArray(domains) || !domains.every(isDomainName)) {
    throw new InputError('INPUT_OPTION', `${provider}: canaryDomains must be a list of domain names, got ${quoteInput(domains)}`, 'canaryDomains');
  }
  const ttlMs = options.canaryTtlMs ?? DEFAULT_CANARY_TTL_MS;
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs < 0) {
    throw new InputError('INPUT_OPTION', `${provider}: canaryTtlMs must be a number of milliseconds >= 0, got ${quoteInput(ttlMs)}`, 'canaryTtlMs');
  }
  return { domains: [...(domains as readonly string[])], ttlMs };
}

/** DNS error codes as node:dns names them, or the message of anything else. */
const why = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * The resolver check of one provider: `resolveMx` asks the provider's own
 * resolver (the servers it is configured with) for the canary domains' MX.
 */
export function resolverCanary(provider: string, domains: readonly string[], ttlMs: number, resolveMx: (domain: string) => Promise<MxRecord[]>): ResolverCanary {
  // The checker's instant of the last check passed; a clock that went back (another checker's, a replay) checks again.
  let passedAt: number | undefined;
  let running: Promise<void> | undefined;

  const check = async (now: number): Promise<void> => {
    const outcomes = await Promise.all(
      domains.map((domain) =>
        resolveMx(domain).then(
          (records) => (records.some((r) => r.exchange !== '' && r.exchange !== '.') ? undefined : `${domain}: no MX`),
          (error: unknown) => `${domain}: ${why(error)}`,
        ),
      ),
    );
    if (outcomes.some((o) => o === undefined)) {
      passedAt = now;
      return;
    }
    passedAt = undefined;
    throw new ProviderError(
      'PROVIDER_FAILED',
      `${provider}: the resolver found no MX for any of ${domains.join(', ')} (${outcomes.join('; ')}): it does not resolve names that must resolve, so its "no such name" answers are not believed (a broken or captive resolver?)`,
      provider,
    );
  };

  return {
    vouch(now) {
      if (domains.length === 0) return Promise.resolve();
      if (passedAt !== undefined && now >= passedAt && now - passedAt < ttlMs) return Promise.resolve();
      running ??= check(now).finally(() => (running = undefined));
      return running;
    },
  };
}
