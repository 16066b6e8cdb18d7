import { promises as dns } from 'node:dns';
import type { MxRecord } from 'node:dns';
import { systemTime } from '../common/clock.js';
import { ProviderError } from '../errors.js';
import { canaryOptions, resolverCanary } from './dnsCanary.js';
import type { CanaryOptions } from './dnsCanary.js';
import type { EmailProvider } from './types.js';

/** Options of {@link dnsMx}. */
export interface DnsMxOptions extends CanaryOptions {
  /** Resolver for MX records. @default node:dns/promises resolveMx */
  readonly resolveMx?: (domain: string) => Promise<MxRecord[]>;
  /** Resolver for A/AAAA records (the RFC 5321 implicit MX). @default node:dns/promises lookup, all addresses */
  readonly resolveAddress?: (domain: string) => Promise<readonly string[]>;
  /** @default 3000 */
  readonly timeoutMs?: number;
}

/** DNS answers that mean "this name has no such record", as opposed to a failure. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * A provider that asks DNS whether the domain accepts mail. It opens sockets
 * (to your resolver), so it runs only when you plug it in.
 *
 * - MX records → `mx: true`; a "null MX" (RFC 7505: one record, exchange `.`) → `mx: false`.
 * - no MX but an A/AAAA record → `mx: true` (implicit MX, RFC 5321 §5.1).
 * - no MX and no address → `mx: false`, believed only from a resolver that
 *   finds the MX of `canaryDomains` (checked with `resolveMx`, at most once
 *   per `canaryTtlMs`); one that finds none of them (NXDOMAIN to every name)
 *   gives a {@link ProviderError}, so a broken resolver cannot make every address invalid.
 * - any other DNS failure (timeout, SERVFAIL) → a {@link ProviderError}: unknown, not "no".
 *
 * @example
 * // not run: asks your DNS resolver
 * const checker = createChecker({ providers: [dnsMx()] });
 * (await checker.emailAsync('jane@no-such-domain-xyz.com')).status; // 'invalid'
 */
export function dnsMx(options: DnsMxOptions = {}): EmailProvider {
  const resolveMx = options.resolveMx ?? ((domain: string) => dns.resolveMx(domain));
  const resolveAddress =
    options.resolveAddress ?? (async (domain: string) => (await dns.lookup(domain, { all: true })).map((a) => a.address));
  const canary = canaryOptions(options, 'dnsMx');
  const resolverCheck = resolverCanary('dns-mx', canary.domains, canary.ttlMs, resolveMx);
  /** "No mail" from a resolver that passes its check (on the checker's clock; the system's for a caller that gives none). */
  const noMail = async (now: Date | undefined) => {
    await resolverCheck.vouch(now?.getTime() ?? systemTime());
    return { mx: false };
  };
  return {
    name: 'dns-mx',
    timeoutMs: options.timeoutMs ?? 3000,
    async enrichEmail(_email, { domain, now }) {
      try {
        const records = await resolveMx(domain);
        if (records.length === 1 && (records[0]!.exchange === '' || records[0]!.exchange === '.')) return { mx: false };
        if (records.length > 0) return { mx: true };
      } catch (error) {
        if (!NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) {
          throw new ProviderError('PROVIDER_FAILED', `MX lookup of ${domain} failed: ${(error as Error).message}`, 'dns-mx', { cause: error });
        }
      }
      let addresses: readonly string[];
      try {
        addresses = await resolveAddress(domain);
      } catch (error) {
        if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) return noMail(now);
        throw new ProviderError('PROVIDER_FAILED', `address lookup of ${domain} failed: ${(error as Error).message}`, 'dns-mx', { cause: error });
      }
      return addresses.length > 0 ? { mx: true } : noMail(now);
    },
  };
}
