import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/errors.js';
import { dnsMx } from '../../src/providers/dnsMx.js';
import { runEmailProviders } from '../../src/providers/runEmailProviders.js';
import type { EmailProvider } from '../../src/providers/types.js';

const dnsError = (code: string) => Object.assign(new Error(code), { code });
const ctx = { domain: 'example.org', signal: new AbortController().signal };
/** A resolver's MX answer for gmail.com, the canary a working resolver finds; `other` for every other name. */
const orCanary = (other: (domain: string) => Promise<{ exchange: string; priority: number }[]>) => async (domain: string) =>
  domain === 'gmail.com' ? [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }] : other(domain);

describe('dnsMx (with injected resolvers: tests never use the network)', () => {
  it('reports MX records, null MX, implicit MX and absent domains', async () => {
    const mx = (records: { exchange: string; priority: number }[]) => dnsMx({ resolveMx: async () => records, resolveAddress: async () => [] });
    expect(await mx([{ exchange: 'mx.example.org', priority: 10 }]).enrichEmail('a@example.org', ctx)).toEqual({ mx: true });
    expect(await mx([{ exchange: '.', priority: 0 }]).enrichEmail('a@example.org', ctx)).toEqual({ mx: false });
    const implicit = dnsMx({ resolveMx: async () => Promise.reject(dnsError('ENODATA')), resolveAddress: async () => ['192.0.2.1'] });
    expect(await implicit.enrichEmail('a@example.org', ctx)).toEqual({ mx: true });
    const absent = dnsMx({ resolveMx: orCanary(async () => Promise.reject(dnsError('ENOTFOUND'))), resolveAddress: async () => Promise.reject(dnsError('ENOTFOUND')) });
    expect(await absent.enrichEmail('a@example.org', ctx)).toEqual({ mx: false });
  });

  it('turns a resolver failure into a ProviderError, not a "no"', async () => {
    const broken = dnsMx({ resolveMx: async () => Promise.reject(dnsError('ESERVFAIL')), resolveAddress: async () => [] });
    await expect(broken.enrichEmail('a@example.org', ctx)).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('runEmailProviders', () => {
  it('merges answers in provider order and keeps failures and time-outs apart', async () => {
    const first: EmailProvider = { name: 'first', enrichEmail: async () => ({ mx: true, has_twitter: true }) };
    const second: EmailProvider = { name: 'second', enrichEmail: async () => ({ has_twitter: false, domain_age: 4000 }) };
    const failing: EmailProvider = { name: 'failing', enrichEmail: async () => Promise.reject(new Error('boom')) };
    const slow: EmailProvider = {
      name: 'slow',
      timeoutMs: 20,
      enrichEmail: (_e, { signal }) => new Promise((ok) => signal.addEventListener('abort', () => ok({ mx: false }))),
    };
    const out = await runEmailProviders('a@example.org', 'example.org', [first, failing, second, slow]);
    expect(out.enrichment).toEqual({ mx: true, has_twitter: true, domain_age: 4000 });
    expect(out.answered).toEqual(['first', 'second']);
    expect(out.errors.map((e) => [e.provider, e.code])).toEqual([
      ['failing', 'PROVIDER_FAILED'],
      ['slow', 'PROVIDER_TIMEOUT'],
    ]);
  });
});

describe('dnsMx with a resolver that names NXDOMAIN', () => {
  it('takes an injected resolver\'s NXDOMAIN as "no such domain" when it finds the canary, as a failure when it answers NXDOMAIN to every name', async () => {
    const nx = dnsMx({ resolveMx: orCanary(async () => Promise.reject(dnsError('NXDOMAIN'))), resolveAddress: async () => Promise.reject(dnsError('NXDOMAIN')) });
    expect(await nx.enrichEmail('a@example.org', ctx)).toEqual({ mx: false });
    const everything = dnsMx({ resolveMx: async () => Promise.reject(dnsError('NXDOMAIN')), resolveAddress: async () => Promise.reject(dnsError('NXDOMAIN')) });
    await expect(everything.enrichEmail('a@example.org', ctx)).rejects.toMatchObject({ code: 'PROVIDER_FAILED', provider: 'dns-mx' });
  });
});
