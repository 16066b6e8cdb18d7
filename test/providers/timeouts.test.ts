import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChecker, ProviderError } from '../../src/index.js';
import { runEmailProviders } from '../../src/providers/index.js';
import type { EmailEnrichment, EmailProvider, EmailProvidersOutcome } from '../../src/providers/index.js';

// The provider time limit is measured on a fake clock (vi.useFakeTimers), so
// "not yet at 49 ms, done at 50 ms" is exact and no test waits in real time.

/** A provider that never answers by itself; it records the signal it was given. */
function silent(name: string, timeoutMs?: number): EmailProvider & { signal?: AbortSignal } {
  const provider: EmailProvider & { signal?: AbortSignal } = {
    name,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    enrichEmail: (_email, { signal }) => {
      provider.signal = signal;
      return new Promise<EmailEnrichment>(() => {});
    },
  };
  return provider;
}

/** Starts `run` and exposes whether it has settled yet. */
function track<T>(promise: Promise<T>): { readonly done: () => boolean; readonly result: Promise<T> } {
  let done = false;
  const result = promise.finally(() => (done = true));
  return { done: () => done, result };
}

describe('provider time limits (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives up on a provider at its own timeoutMs, not later, and aborts the provider's signal", async () => {
    const provider = silent('slow', 50);
    const run = track(runEmailProviders('a@example.org', 'example.org', [provider]));
    await vi.advanceTimersByTimeAsync(49);
    expect(run.done()).toBe(false);
    expect(provider.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.done()).toBe(true);
    const out = await run.result;
    expect(provider.signal!.aborted).toBe(true);
    expect(out.answered).toEqual([]);
    expect(out.enrichment).toEqual({});
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toBeInstanceOf(ProviderError);
    expect(out.errors[0]).toMatchObject({ code: 'PROVIDER_TIMEOUT', provider: 'slow', message: 'slow gave no answer within 50 ms' });
  });

  it('allows 5000 ms when the provider sets no limit', async () => {
    const run = track(runEmailProviders('a@example.org', 'example.org', [silent('default')]));
    await vi.advanceTimersByTimeAsync(4999);
    expect(run.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await run.result).errors[0]).toMatchObject({ code: 'PROVIDER_TIMEOUT', message: 'default gave no answer within 5000 ms' });
  });

  it('times each provider on its own: a fast answer is kept while a slow one times out', async () => {
    const fast: EmailProvider = { name: 'fast', timeoutMs: 100, enrichEmail: async () => ({ mx: true }) };
    const run = track(runEmailProviders('a@example.org', 'example.org', [silent('slow', 300), fast]));
    await vi.advanceTimersByTimeAsync(299);
    expect(run.done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const out = await run.result;
    expect(out.answered).toEqual(['fast']);
    expect(out.enrichment).toEqual({ mx: true });
    expect(out.errors.map((e) => [e.provider, e.code])).toEqual([['slow', 'PROVIDER_TIMEOUT']]);
  });

  it('a provider that answers when aborted still counts as timed out', async () => {
    const sneaky: EmailProvider = {
      name: 'sneaky',
      timeoutMs: 10,
      enrichEmail: (_e, { signal }) => new Promise((ok) => signal.addEventListener('abort', () => ok({ mx: false }))),
    };
    const run = track(runEmailProviders('a@example.org', 'example.org', [sneaky]));
    await vi.advanceTimersByTimeAsync(10);
    const out = await run.result;
    expect(out.enrichment).toEqual({});
    expect(out.errors.map((e) => e.code)).toEqual(['PROVIDER_TIMEOUT']);
  });

  it('leaves no timer behind once every provider has answered', async () => {
    const quick: EmailProvider = { name: 'quick', timeoutMs: 60_000, enrichEmail: async () => ({ mx: true }) };
    const failing: EmailProvider = { name: 'failing', timeoutMs: 60_000, enrichEmail: async () => Promise.reject(new Error('x')) };
    await runEmailProviders('a@example.org', 'example.org', [quick, failing]);
    // A leaked timer would keep a CLI or a test process alive for the whole limit.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('emailAsync turns a time-out into an EMAIL_PROVIDER_FAILED reason and keeps the offline facts', async () => {
    const checker = createChecker({ providers: [silent('vendor', 20)] });
    const run = track(checker.emailAsync('jane@acme-widgets.com'));
    await vi.advanceTimersByTimeAsync(20);
    const result = await run.result;
    expect(result.status).toBe('undetermined');
    expect(result.reasons.find((r) => r.code === 'EMAIL_PROVIDER_FAILED')?.detail).toMatch(/vendor gave no answer within 20 ms/);
  });
});

describe('provider failures and merging', () => {
  it('hands the provider the domain and an unaborted signal', async () => {
    const seen: { email: string; domain: string; aborted: boolean }[] = [];
    const spy: EmailProvider = {
      name: 'spy',
      enrichEmail: async (email, { domain, signal }) => (seen.push({ email, domain, aborted: signal.aborted }), {}),
    };
    await runEmailProviders('Jane@Example.org', 'example.org', [spy]);
    expect(seen).toEqual([{ email: 'Jane@Example.org', domain: 'example.org', aborted: false }]);
  });

  it('wraps a thrown Error, a thrown string and a ProviderError, keeping the cause', async () => {
    const cause = new Error('503 from vendor');
    const own = new ProviderError('PROVIDER_FAILED', 'quota exceeded', 'own');
    const out: EmailProvidersOutcome = await runEmailProviders('a@example.org', 'example.org', [
      { name: 'error', enrichEmail: async () => Promise.reject(cause) },
      // Providers are third-party code: anything can be thrown, not only Errors.
      { name: 'string', enrichEmail: async () => { throw 'plain text'; } },
      { name: 'own', enrichEmail: async () => Promise.reject(own) },
    ]);
    expect(out.errors.map((e) => [e.provider, e.code, e.message])).toEqual([
      ['error', 'PROVIDER_FAILED', 'error failed: 503 from vendor'],
      ['string', 'PROVIDER_FAILED', 'string failed: plain text'],
      ['own', 'PROVIDER_FAILED', 'quota exceeded'],
    ]);
    expect(out.errors[0]!.cause).toBe(cause);
    expect(out.errors[2]).toBe(own);
  });

  it('merges field by field in list order; null and undefined fields leave the field to the next provider', async () => {
    const out = await runEmailProviders('a@example.org', 'example.org', [
      { name: 'a', enrichEmail: async () => ({ mx: true, domain_age: undefined, company_name: null as unknown as string }) },
      { name: 'b', enrichEmail: async () => ({ mx: false, domain_age: 12, company_name: 'Acme', has_twitter: false }) },
      { name: 'c', enrichEmail: async () => undefined as unknown as EmailEnrichment },
    ]);
    expect(out.enrichment).toEqual({ mx: true, domain_age: 12, company_name: 'Acme', has_twitter: false });
    expect(out.answered).toEqual(['a', 'b', 'c']);
    expect(out.errors).toEqual([]);
  });

  it('keeps list order even when a later provider answers first', async () => {
    const late: EmailProvider = { name: 'late', enrichEmail: () => new Promise((ok) => setImmediate(() => ok({ mx: false }))) };
    const early: EmailProvider = { name: 'early', enrichEmail: async () => ({ mx: true }) };
    const out = await runEmailProviders('a@example.org', 'example.org', [late, early]);
    expect(out.enrichment).toEqual({ mx: false });
    expect(out.answered).toEqual(['late', 'early']);
  });

  it('asks nobody and merges nothing with an empty list', async () => {
    expect(await runEmailProviders('a@example.org', 'example.org', [])).toEqual({ enrichment: {}, answered: [], errors: [] });
  });
});
