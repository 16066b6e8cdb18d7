import { promises as dns } from 'node:dns';
import type { MxRecord } from 'node:dns';
import { ProviderError } from '../errors.js';
import type { EmailProvider } from './types.js';

/** Options of {@link dnsMx}. */
export interface DnsMxOptions {
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
 * - no MX and no address → `mx: false`.
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
  return {
    name: 'dns-mx',
    timeoutMs: options.timeoutMs ?? 3000,
    async enrichEmail(_email, { domain }) {
      try {
        const records = await resolveMx(domain);
        if (records.length === 1 && (records[0]!.exchange === '' || records[0]!.exchange === '.')) return { mx: false };
        if (records.length > 0) return { mx: true };
      } catch (error) {
        if (!NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) {
          throw new ProviderError('PROVIDER_FAILED', `MX lookup of ${domain} failed: ${(error as Error).message}`, 'dns-mx', { cause: error });
        }
      }
      try {
        return { mx: (await resolveAddress(domain)).length > 0 };
      } catch (error) {
        if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) return { mx: false };
        throw new ProviderError('PROVIDER_FAILED', `address lookup of ${domain} failed: ${(error as Error).message}`, 'dns-mx', { cause: error });
      }
    },
  };
}
