import { ProviderError } from '../errors.js';
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
 * @example
 * // not run: dnsMx() asks your DNS resolver
 * const { enrichment } = await runEmailProviders('jane@example.org', 'example.org', [dnsMx()]);
 */
export async function runEmailProviders(
  email: string,
  domain: string,
  providers: readonly EmailProvider[],
): Promise<EmailProvidersOutcome> {
  const settled = await Promise.all(
    providers.map(async (provider) => {
      const controller = new AbortController();
      const timeoutMs = provider.timeoutMs ?? 5000;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // Reject before aborting: an abort handler that resolves must not win the race.
          reject(new ProviderError('PROVIDER_TIMEOUT', `${provider.name} gave no answer within ${timeoutMs} ms`, provider.name));
          controller.abort();
        }, timeoutMs);
      });
      try {
        const value = await Promise.race([provider.enrichEmail(email, { domain, signal: controller.signal }), timeout]);
        return { provider, value };
      } catch (error) {
        const wrapped =
          error instanceof ProviderError
            ? error
            : new ProviderError('PROVIDER_FAILED', `${provider.name} failed: ${(error as Error)?.message ?? String(error)}`, provider.name, { cause: error });
        return { provider, error: wrapped };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const merged: Record<string, unknown> = {};
  const answered: string[] = [];
  const errors: ProviderError[] = [];
  for (const outcome of settled) {
    if ('error' in outcome) {
      errors.push(outcome.error!);
      continue;
    }
    answered.push(outcome.provider.name);
    for (const [field, value] of Object.entries(outcome.value ?? {})) {
      if (value !== undefined && value !== null && !(field in merged)) merged[field] = value;
    }
  }
  return { enrichment: merged as EmailEnrichment, answered, errors };
}
