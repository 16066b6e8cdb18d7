import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { runProviders } from '../../src/providers/index.js';
import type { Provider } from '../../src/providers/index.js';

// What the async checks return around the providers' facts: the offline
// reasons they keep, when they add provider_errors, and how a provider's
// answer that is not an object of fields is reported.

const answering = (fields: Provider['fields'], answer: unknown): Provider => ({ name: 'feed', fields, lookup: async () => answer as Record<string, unknown> });
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('async results keep what the offline check said', () => {
  it('keeps the offline reasons, with their details, when a provider answers facts no signal reads', async () => {
    const checker = createChecker({ providers: [answering({ phone: ['has_whatsapp'] }, { has_whatsapp: true })] });
    const offline = checker.phone('+39 333 123 4567');
    expect(offline.reasons.some((r) => r.detail !== undefined && !r.code.endsWith('_BASELINE'))).toBe(true);
    const late = await checker.phoneAsync('+39 333 123 4567');
    expect(late.has_whatsapp).toBe(true);
    expect([late.reasons, late.score]).toEqual([offline.reasons, offline.score]);
  });

  it('keeps IP_COMPANY_OFFLINE while no provider answered a company field, and drops it once one did', async () => {
    const codes = async (provider: Provider) => (await createChecker({ providers: [provider] }).ipAsync('8.8.8.8')).reasons.map((r) => r.code);
    expect(await codes(answering({ ip: ['hostname'] }, { hostname: 'dns.google' }))).toContain('IP_COMPANY_OFFLINE');
    expect(await codes(answering({ ip: ['company_name'] }, { company_name: 'Google LLC' }))).not.toContain('IP_COMPANY_OFFLINE');
  });

  it('returns the offline device result, with no provider_errors, when no provider serves devices', async () => {
    const checker = createChecker({ providers: [answering({ email: ['has_linkedin'] }, { has_linkedin: true })] });
    const late = await checker.deviceAsync(CHROME);
    expect(late).toEqual({ ...checker.device(CHROME), provider_errors: [] });
  });

  it('resolves with failOnProviderError when every provider answered', async () => {
    const checker = createChecker({ providers: [answering({ phone: ['is_roaming'] }, { is_roaming: false })] });
    const late = await checker.phoneAsync('+39 333 123 4567', { failOnProviderError: true });
    expect([late.is_roaming, late.provider_errors]).toEqual([false, []]);
  });
});

describe('provider_errors is on every async result', () => {
  // Each way an async check can end without asking a provider, and one where it asked and all answered:
  // the field is there, an empty array, so callers map over it without a guard.
  const offline = createChecker();
  const servingOthers = createChecker({ providers: [answering({ email: ['has_linkedin'] }, { has_linkedin: true })] });
  const servingAll = createChecker({
    providers: [answering({ email: ['has_linkedin'], device: ['jqm'], ip: ['hostname'], phone: ['is_roaming'], name: ['gender'] }, {})],
  });
  it.each([
    ['no provider at all: email', () => offline.emailAsync('jane@example.org')],
    ['no provider at all: device', () => offline.deviceAsync(CHROME)],
    ['no provider at all: ip', () => offline.ipAsync('8.8.8.8')],
    ['no provider at all: phone', () => offline.phoneAsync('+39 333 123 4567')],
    ['no provider at all: name', () => offline.nameAsync('Jane', 'Doe')],
    ['none serving the product: ip', () => servingOthers.ipAsync('8.8.8.8')],
    ['a malformed address is not looked up', () => servingAll.emailAsync('jane@@example.org')],
    ['an empty user agent is not looked up', () => servingAll.deviceAsync('  ')],
    ['an invalid IP is not looked up', () => servingAll.ipAsync('999.1.1.1')],
    ['an unparsable number is not looked up', () => servingAll.phoneAsync('not a number')],
    ['every provider answered: name', () => servingAll.nameAsync('Jane', 'Doe')],
    ['every provider answered: email', () => servingAll.emailAsync('jane@acme-widgets.com')],
  ] as const)('%s', async (_label, run) => {
    const result = await run();
    expect(result.provider_errors).toEqual([]);
    expect(Object.isFrozen(result)).toBe(true);
    // Typed non-optional: this compiles without a guard.
    expect(result.provider_errors.map((e) => e.code)).toEqual([]);
  });

  it('identityAsync: each product result carries it too', async () => {
    const live = await offline.identityAsync({ email: 'jane@example.org', phone: '+39 333 123 4567', ip: '8.8.8.8', userAgent: CHROME, firstName: 'Jane', lastName: 'Doe' });
    expect([live.email?.provider_errors, live.phone?.provider_errors, live.ip?.provider_errors, live.device?.provider_errors, live.name?.provider_errors]).toEqual([[], [], [], [], []]);
  });
});

describe('an answer that is not an object of fields', () => {
  it.each([
    ['an array', ['black_list_count', 3]],
    ['a string', 'black_list_count=3'],
    ['a number', 3],
    ['an object', new Map([['black_list_count', 3]])],
  ])('is refused, saying the provider answered %s', async (kind, answer) => {
    const out = await runProviders({ product: 'ip', value: '8.8.8.8', ip: '8.8.8.8', version: 4 }, [answering({ ip: ['black_list_count'] }, answer)]);
    expect([out.facts, out.answered]).toEqual([{}, []]);
    expect(out.errors.map((e) => [e.provider, e.code, e.message])).toEqual([['feed', 'PROVIDER_INVALID', expect.stringContaining(`answered ${kind},`)]]);
  });

  it('counts null or nothing as an answer with nothing to say', async () => {
    for (const answer of [null, undefined]) {
      const out = await runProviders({ product: 'ip', value: '8.8.8.8', ip: '8.8.8.8', version: 4 }, [answering({ ip: ['black_list_count'] }, answer)]);
      expect([out.facts, out.answered, out.errors]).toEqual([{}, ['feed'], []]);
    }
  });
});
