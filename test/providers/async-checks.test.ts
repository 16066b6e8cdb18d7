import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChecker, InputError, ProviderError } from '../../src/index.js';
import type { Provider, ProviderInput } from '../../src/providers/index.js';

// Providers here are plain objects answering from memory: the async checks'
// concurrency, limits, merge and re-scoring are what is under test.

const sum = (reasons: readonly { points: number }[]) => reasons.reduce((s, r) => s + r.points, 0);

/** A provider that answers `facts` for the products it declares and records what it was asked. */
function fixed(name: string, fields: Provider['fields'], facts: Record<string, unknown>): Provider & { asked: ProviderInput[] } {
  const asked: ProviderInput[] = [];
  return {
    name,
    fields,
    asked,
    lookup: async (input) => {
      asked.push(input);
      return facts;
    },
  };
}

/** A provider that never answers by itself and records the signals it was given. */
function silent(name: string, fields: Provider['fields'], timeoutMs?: number): Provider & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    name,
    fields,
    signals,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    lookup: (_input, { signal }) => {
      signals.push(signal);
      return new Promise(() => {});
    },
  };
}

describe('one provider interface for the five products', () => {
  it('asks each provider only about the products it declares, with the parsed input', async () => {
    const ipOnly = fixed('dnsbl', { ip: ['black_list_count'] }, { black_list_count: 0 });
    const phoneOnly = fixed('hlr', { phone: ['is_ported', 'current_network'] }, { is_ported: true, current_network: 'Iliad' });
    const checker = createChecker({ providers: [ipOnly, phoneOnly] });
    const phone = await checker.phoneAsync('+39 333 123 4567');
    expect(phoneOnly.asked).toEqual([{ product: 'phone', value: '+39 333 123 4567', e164: '+393331234567', country: 'IT' }]);
    expect(ipOnly.asked).toEqual([]);
    expect([phone.is_ported, phone.current_network, phone.provider_errors]).toEqual([true, 'Iliad', []]);
    const ip = await checker.ipAsync('8.8.8.8');
    expect(ipOnly.asked).toEqual([{ product: 'ip', value: '8.8.8.8', ip: '8.8.8.8', version: 4 }]);
    expect(ip.black_list_count).toBe(0);
    expect(ip.reasons.map((r) => r.code)).not.toContain('IP_BLACKLIST_OFFLINE');
    expect(Object.isFrozen(ip)).toBe(true);
  });

  it('fills device and name fields; a provider fills gender only where the offline check found none', async () => {
    const device = fixed('probe', { device: ['display_color_depth', 'jqm'] }, { display_color_depth: 24, jqm: true });
    const names = fixed('names', { name: ['gender'] }, { gender: 'F' });
    const checker = createChecker({ providers: [device, names] });
    const d = await checker.deviceAsync('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36');
    expect([d.display_color_depth, d.jqm]).toEqual([24, true]);
    expect(d.score).toBe(checker.device('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36').score);
    const known = await checker.nameAsync('John', 'Smith');
    expect(known.gender).toBe('M');
    const unknown = await checker.nameAsync('Xqzorbin', 'Smith');
    expect(checker.name('Xqzorbin', 'Smith').gender).toBeNull();
    expect(unknown.gender).toBe('F');
  });

  it('does not ask providers about input the offline check cannot read', async () => {
    const all = fixed('all', { ip: ['black_list_count'], phone: ['is_ported'] }, {});
    const checker = createChecker({ providers: [all] });
    expect(await checker.ipAsync('999.1.1.1')).toEqual({ ...checker.ip('999.1.1.1'), provider_errors: [] });
    expect(await checker.phoneAsync('abc')).toEqual({ ...checker.phone('abc'), provider_errors: [] });
    expect(all.asked).toEqual([]);
  });

  it('re-scores: an address on a block list loses points and says so, and the points still add up', async () => {
    const listed = fixed('dnsbl', { ip: ['black_list_count'] }, { black_list_count: 2 });
    const checker = createChecker({ providers: [listed] });
    const r = await checker.ipAsync('8.8.8.8');
    expect(r.score).toBeLessThan(checker.ip('8.8.8.8').score);
    expect(r.reasons.find((x) => x.code === 'IP_BLACKLISTED')?.detail).toBe('on 2 lists, reported by dnsbl');
    expect(sum(r.reasons)).toBe(r.score);
  });

  it('turns a refused mailbox into status invalid, and a listed domain into a risk, with domain_black_list_count', async () => {
    const smtp = fixed('smtp', { email: ['mx', 'deliverable'] }, { mx: true, deliverable: false });
    const rejected = await createChecker({ providers: [smtp] }).emailAsync('jane@acme-widgets.com');
    expect([rejected.status, rejected.is_valid]).toEqual(['invalid', false]);
    expect(rejected.score).toBeLessThanOrEqual(199);
    expect(rejected.reasons.map((x) => x.code)).toContain('EMAIL_MAILBOX_REJECTED');
    const rhsbl = fixed('rhsbl', { email: ['domain_black_list_count'] }, { domain_black_list_count: 1 });
    const checker = createChecker({ providers: [rhsbl] });
    const listed = await checker.emailAsync('jane@acme-widgets.com');
    expect(listed.domain_black_list_count).toBe(1);
    expect(listed.score).toBeLessThan(checker.email('jane@acme-widgets.com').score);
    expect(listed.reasons.find((x) => x.code === 'EMAIL_DOMAIN_BLOCKLISTED')?.detail).toBe('on 1 list, reported by rhsbl');
  });

  it('merges by list order: the first provider that reports a field wins; later ones fill the rest', async () => {
    const a = fixed('a', { email: ['company_name'] }, { company_name: 'Acme' });
    const b = fixed('b', { email: ['company_name', 'domain_age'] }, { company_name: 'Other', domain_age: 900 });
    const r = await createChecker({ providers: [a, b] }).emailAsync('jane@acme-widgets.com');
    expect([r.company_name, r.domain_age]).toEqual(['Acme', 900]);
  });

  it('merges only declared fields, and reports a field of the wrong type instead of merging it', async () => {
    const sloppy = fixed('sloppy', { ip: ['black_list_count', 'company_name'] }, { black_list_count: '3', company_name: 'Acme', country: 'XX' });
    const r = await createChecker({ providers: [sloppy] }).ipAsync('8.8.8.8');
    expect(r.black_list_count).toBeNull();
    expect(r.company_name).toBe('Acme');
    expect(r.country).not.toBe('XX');
    expect(r.provider_errors).toEqual([
      { provider: 'sloppy', code: 'PROVIDER_INVALID', message: 'sloppy answered badly: black_list_count must be a whole number ≥ 0, got "3"' },
    ]);
  });

  it('lists a failing provider in provider_errors, or rejects with it when the caller asks', async () => {
    const broken: Provider = { name: 'broken', fields: { phone: ['is_ported'] }, lookup: async () => Promise.reject(new Error('503 from vendor')) };
    const checker = createChecker({ providers: [broken] });
    const r = await checker.phoneAsync('+393331234567');
    expect(r.provider_errors).toEqual([{ provider: 'broken', code: 'PROVIDER_FAILED', message: 'broken failed: 503 from vendor' }]);
    expect(r.is_ported).toBeNull();
    const strict = checker.phoneAsync('+393331234567', { failOnProviderError: true });
    await expect(strict).rejects.toBeInstanceOf(ProviderError);
    await expect(strict).rejects.toMatchObject({ code: 'PROVIDER_FAILED', provider: 'broken' });
  });

  it('keeps the deprecated EmailProvider shape working beside the new one', async () => {
    const old = { name: 'old', enrichEmail: async () => ({ has_linkedin: true }) };
    const fresh = fixed('fresh', { email: ['domain_age'] }, { domain_age: 10 });
    const r = await createChecker({ providers: [old, fresh] }).emailAsync('jane@acme-widgets.com');
    expect([r.has_linkedin, r.domain_age, r.provider_errors]).toEqual([true, 10, []]);
  });

  it('refuses providers that declare an unknown product or a field no provider may fill, naming the path', () => {
    const lookup = async () => ({});
    const bad = (provider: unknown) => () => createChecker({ providers: [provider as Provider] });
    expect(bad({ name: 'x', fields: { car: ['x'] }, lookup })).toThrow(expect.objectContaining({ field: 'providers[0].fields.car' }));
    expect(bad({ name: 'x', fields: { ip: ['country'] }, lookup })).toThrow(expect.objectContaining({ field: 'providers[0].fields.ip[0]' }));
    expect(bad({ name: 'x', fields: { ip: 'black_list_count' }, lookup })).toThrow(InputError);
    expect(bad({ name: 'x', fields: {}, lookup, timeoutMs: -1 })).toThrow(expect.objectContaining({ field: 'providers[0].timeoutMs' }));
    expect(() => createChecker({ providerDeadlineMs: 0 })).toThrow(expect.objectContaining({ field: 'providerDeadlineMs' }));
  });

  it('refuses bad call options', async () => {
    const checker = createChecker({ providers: [fixed('p', { ip: ['hostname'] }, {})] });
    await expect(checker.ipAsync('8.8.8.8', { signal: 'x' } as never)).rejects.toMatchObject({ code: 'INPUT_OPTION', field: 'signal' });
    await expect(checker.ipAsync('8.8.8.8', { deadlineMs: -5 })).rejects.toMatchObject({ code: 'INPUT_OPTION', field: 'deadlineMs' });
  });
});

describe('time limits and cancellation (fake clock)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops every provider at the overall deadline even when their own limits are longer', async () => {
    vi.useFakeTimers();
    const one = silent('one', { ip: ['hostname'] }, 5000);
    const two = silent('two', { ip: ['black_list_count'] }, 5000);
    const answering = fixed('quick', { ip: ['company_name'] }, { company_name: 'Acme' });
    const checker = createChecker({ providers: [one, two, answering], providerDeadlineMs: 100 });
    let done = false;
    const run = checker.ipAsync('8.8.8.8').finally(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    const r = await run;
    expect(r.company_name).toBe('Acme');
    expect(r.provider_errors!.map((e) => [e.provider, e.code])).toEqual([
      ['one', 'PROVIDER_TIMEOUT'],
      ['two', 'PROVIDER_TIMEOUT'],
    ]);
    expect([...one.signals, ...two.signals].every((s) => s.aborted)).toBe(true);
  });

  it('takes a per-call deadline over the checker one', async () => {
    vi.useFakeTimers();
    const one = silent('one', { ip: ['hostname'] });
    const run = createChecker({ providers: [one] }).ipAsync('8.8.8.8', { deadlineMs: 30 });
    await vi.advanceTimersByTimeAsync(30);
    expect((await run).provider_errors).toEqual([{ provider: 'one', code: 'PROVIDER_TIMEOUT', message: 'one gave no answer within the overall deadline' }]);
  });

  it("cancels everything on the caller's abort: every provider's signal is aborted and the call rejects with the reason", async () => {
    const one = silent('one', { email: ['mx'] });
    const two = silent('two', { email: ['domain_age'] });
    const controller = new AbortController();
    const run = createChecker({ providers: [one, two] }).emailAsync('jane@acme-widgets.com', { signal: controller.signal });
    await new Promise((ok) => setImmediate(ok));
    const reason = new Error('user went away');
    controller.abort(reason);
    await expect(run).rejects.toBe(reason);
    expect([...one.signals, ...two.signals].map((s) => s.aborted)).toEqual([true, true]);
  });

  it('rejects at once with an already aborted signal, asking no provider', async () => {
    const one = silent('one', { email: ['mx'] });
    await expect(createChecker({ providers: [one] }).emailAsync('jane@acme-widgets.com', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(one.signals).toEqual([]);
  });
});
