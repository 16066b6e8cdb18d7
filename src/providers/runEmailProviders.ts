import type { ProviderError } from '../errors.js';
import { fromEmailProvider, runProviders } from './runProviders.js';
import type { EmailEnrichment, EmailProvider } from './types.js';

/** The merged answer of several providers, with the failures kept apart. */
export interface EmailProvidersOutcome {
  /** Facts merged field by field: the first provider (in list order) that reports a field wins. */
  readonly enrichment: EmailEnrichment;
  /** Names of the providers that answered. */
  readonly answered: readonly string[];
  /** Providers that failed or timed out: their facts stay unknown, never "false". */
  readonly errors: readonly ProviderError[];
}

/**
 * Asks every provider in parallel, each under its own time limit, and merges
 * the answers. A failing provider never fails the whole call.
 *
 * @deprecated use {@link runProviders} (any product) or `checker.emailAsync`.
 *
 * @example
 * // not run: dnsMx() asks your DNS resolver
 * const { enrichment } = await runEmailProviders('jane@example.org', 'example.org', [dnsMx()]);
 */
export async function runEmailProviders(
  email: string,
  domain: string,
  providers: readonly EmailProvider[],
): Promise<EmailProvidersOutcome> {
  // One implementation of the time limits and the merge: the generic runner's.
  const out = await runProviders({ product: 'email', value: email, email, domain }, providers.map(fromEmailProvider));
  return { enrichment: out.facts as EmailEnrichment, answered: out.answered, errors: out.errors };
}
