import { describe, expect, it } from 'vitest';
import { createChecker, InputError } from '../src/index.js';
import { dnsMx } from '../src/providers/index.js';
import type { EmailProvider } from '../src/providers/index.js';

const sum = (reasons: readonly { points: number }[]) => reasons.reduce((s, r) => s + r.points, 0);
const fixed = (name: string, facts: Awaited<ReturnType<EmailProvider['enrichEmail']>>): EmailProvider => ({
  name,
  enrichEmail: async () => facts,
});

describe('checker.emailAsync (providers injected: no network)', () => {
  it('resolves to the offline result when no provider is plugged in', async () => {
    const checker = createChecker();
    expect(await checker.emailAsync('jane.doe@gmail.com')).toEqual({ ...checker.email('jane.doe@gmail.com'), provider_errors: [] });
  });

  it('turns "no MX" into status invalid, is_valid false and the bottom band', async () => {
    const noMx = dnsMx({ resolveMx: async () => [{ exchange: '.', priority: 0 }], resolveAddress: async () => [] });
    const r = await createChecker({ providers: [noMx] }).emailAsync('jane@acme-widgets.com');
    expect(r.status).toBe('invalid');
    expect(r.is_valid).toBe(false);
    expect(r.score).toBeLessThanOrEqual(199);
    expect(r.reasons.map((x) => x.code)).toContain('EMAIL_NO_MX');
    expect(sum(r.reasons)).toBe(r.score);
  });

  it('marks a verified mailbox deliverable, fills the late fields and scores it by the weight given', async () => {
    const providers = [fixed('smtp', { mx: true, deliverable: true }), fixed('social', { has_linkedin: true, company_name: 'Acme', domain_age: 3650 })];
    const checker = createChecker({ providers });
    const offline = checker.email('jane@acme-widgets.com');
    const r = await checker.emailAsync('jane@acme-widgets.com');
    expect(r.status).toBe('deliverable');
    expect(r.is_valid).toBe(true);
    expect([r.has_linkedin, r.company_name, r.domain_age]).toEqual([true, 'Acme', 3650]);
    expect(r.reasons.map((x) => x.code)).toContain('EMAIL_DELIVERABLE');
    expect(r.reasons.map((x) => x.code)).not.toContain('EMAIL_PROVIDER_ONLY');
    // No rate of verified mailboxes is measured (the corpus is offline), so by default the verdict moves nothing;
    // a caller with a rate of their own gives EMAIL_DELIVERABLE a weight and it lifts the score.
    expect(r.score).toBe(offline.score);
    const weighted = await createChecker({ providers, scoring: { weights: { EMAIL_DELIVERABLE: 1 } } }).emailAsync('jane@acme-widgets.com');
    expect(weighted.score).toBeGreaterThan(offline.score);
  });

  it('follows the status precedence: role outranks accept-all, spam-trap outranks role', async () => {
    expect((await createChecker({ providers: [fixed('p', { mx: true, accept_all: true })] }).emailAsync('info@acme-widgets.com')).status).toBe('role');
    expect((await createChecker({ providers: [fixed('p', { mx: true, accept_all: true })] }).emailAsync('jane@acme-widgets.com')).status).toBe('accept-all');
    const trap = await createChecker({ providers: [fixed('p', { spam_trap: true })] }).emailAsync('info@acme-widgets.com');
    expect(trap.status).toBe('spam-trap');
    expect(trap.score).toBeLessThanOrEqual(399);
  });

  it('keeps a failing provider as a reason instead of failing the call', async () => {
    const broken: EmailProvider = { name: 'broken', enrichEmail: async () => Promise.reject(new Error('503 from vendor')) };
    const r = await createChecker({ providers: [broken] }).emailAsync('jane@acme-widgets.com');
    expect(r.status).toBe('undetermined');
    expect(r.reasons.find((x) => x.code === 'EMAIL_PROVIDER_FAILED')?.detail).toMatch(/broken/);
  });

  it('does not ask providers about a malformed address', async () => {
    let asked = 0;
    const counting: EmailProvider = { name: 'c', enrichEmail: async () => ((asked += 1), {}) };
    await createChecker({ providers: [counting] }).emailAsync('not an email');
    expect(asked).toBe(0);
  });

  it('rejects providers that are not providers', () => {
    expect(() => createChecker({ providers: [{ name: 'x' } as unknown as EmailProvider] })).toThrow(InputError);
  });
});
