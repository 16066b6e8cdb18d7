import { afterEach, describe, expect, it } from 'vitest';
import { checkIdentityAsync } from '../../src/subpaths/identity.js';
import { createChecker } from '../../src/index.js';
import { httpProvider } from '../../src/providers/index.js';
import { json, startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';

// checker.identityAsync with a live provider: the caller's enrichment service
// on a loopback HTTP server answers late facts (e-mail, IP, phone), and those
// facts reach the identity — the product's result carries them, its re-scored
// score is the one carried into IDENTITY_EMAIL / IDENTITY_IP, and the identity
// score moves with it.

const NOW = new Date('2026-03-10T13:00:00Z');
const INPUT = {
  email: 'giulia.rossi@libero.it',
  phone: '+39 347 123 4567',
  ip: '79.0.0.1',
  firstName: 'Giulia',
  lastName: 'Rossi',
};
const sum = (reasons: readonly { points: number }[]) => reasons.reduce((s, r) => s + r.points, 0);
const emailReason = (reasons: readonly { code: string; points: number; detail?: string }[]) => reasons.find((r) => r.code === 'IDENTITY_EMAIL' || r.code === 'IDENTITY_EMAIL_RISK')!;

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A loopback enrichment service answering `facts` for every e-mail it is asked about. */
async function enrichment(facts: Record<string, unknown>) {
  server = await startHttpServer((_req, res) => json(res, 200, facts));
  return httpProvider({ url: `${server.origin}/enrich`, products: { email: ['mx', 'deliverable', 'has_linkedin', 'domain_age'] } });
}

describe('identityAsync with a live provider', () => {
  it('a deliverable address with a social profile: the late facts are in the e-mail result and raise the identity', async () => {
    const provider = await enrichment({ mx: true, deliverable: true, has_linkedin: true, domain_age: 9000 });
    // A verified mailbox has no measured rate (the corpus is offline), so no weight by default: a caller who has one sets it.
    const checker = createChecker({ providers: [provider], now: NOW, scoring: { weights: { EMAIL_DELIVERABLE: 1 } } });
    const offline = checker.identity(INPUT);
    const live = await checker.identityAsync(INPUT);

    expect(server!.requests).toHaveLength(1);
    expect(JSON.parse(server!.requests[0]!.body)).toMatchObject({ product: 'email', email: INPUT.email });
    expect([live.email!.status, live.email!.is_valid, live.email!.has_linkedin]).toEqual(['deliverable', true, true]);
    expect(offline.email!.status).toBe('undetermined');
    expect(live.email!.score).toBeGreaterThan(offline.email!.score);
    // The identity carries the re-scored e-mail, not the offline one.
    expect(emailReason(live.identity.reasons).detail).toBe(`email score ${live.email!.score} (${live.email!.score_cluster})`);
    expect(emailReason(live.identity.reasons).points).toBeGreaterThan(emailReason(offline.identity.reasons).points);
    expect(live.identity.score).toBeGreaterThan(offline.identity.score);
    expect(live.identity.score).toBe(sum(live.identity.reasons));
    // The other products are the offline ones, and so are the cross-signal findings (their points shift: each is a
    // difference of the running score, which the e-mail moved).
    expect(live.phone).toEqual({ ...offline.phone, provider_errors: [] });
    const others = (reasons: readonly { code: string; detail?: string }[]) => reasons.filter((r) => r.code !== 'IDENTITY_EMAIL' && r.code !== 'IDENTITY_EMAIL_RISK').map((r) => [r.code, r.detail]);
    expect(others(live.identity.reasons)).toEqual(others(offline.identity.reasons));
  });

  it('a domain that cannot receive mail: the provider\'s answer lowers the identity', async () => {
    const provider = await enrichment({ mx: false });
    const checker = createChecker({ providers: [provider], now: NOW });
    const offline = checker.identity(INPUT);
    const live = await checker.identityAsync(INPUT);
    expect(live.email!.status).toBe('invalid');
    expect(live.email!.score).toBeLessThan(offline.email!.score);
    expect(live.identity.score).toBeLessThan(offline.identity.score);
    expect(live.identity.score).toBe(sum(live.identity.reasons));
  });

  it('checkIdentityAsync({ providers }) asks the same live provider', async () => {
    const provider = await enrichment({ mx: true, deliverable: true });
    const r = await checkIdentityAsync(INPUT, { providers: [provider], now: NOW });
    expect(server!.requests).toHaveLength(1);
    expect(r.email!.status).toBe('deliverable');
    expect(emailReason(r.identity.reasons).detail).toBe(`email score ${r.email!.score} (${r.email!.score_cluster})`);
  });

  it('runs every product\'s providers: a block-listed IP lowers the identity, a ported phone is in the phone result', async () => {
    server = await startHttpServer((req, res) => {
      const asked = JSON.parse(req.body) as { product: string };
      if (asked.product === 'ip') return json(res, 200, { black_list_count: 3 });
      if (asked.product === 'phone') return json(res, 200, { is_ported: true, current_network: 'Iliad' });
      return json(res, 404, {});
    });
    const provider = httpProvider({ url: server.origin, products: { ip: ['black_list_count'], phone: ['is_ported', 'current_network'] } });
    // The IP's trust side at a damping of its own, so the test holds whatever the fit finds for it.
    const checker = createChecker({ providers: [provider], now: NOW, scoring: { weights: { IDENTITY_IP: 0.5, IDENTITY_IP_RISK: 0.5 } } });
    const offline = checker.identity(INPUT);
    const live = await checker.identityAsync(INPUT);
    expect(server.requests.map((r) => (JSON.parse(r.body) as { product: string }).product).sort()).toEqual(['ip', 'phone']);
    expect([live.phone!.is_ported, live.phone!.current_network]).toEqual([true, 'Iliad']);
    expect(live.ip!.black_list_count).toBe(3);
    expect(live.ip!.reasons.map((r) => r.code)).toContain('IP_BLACKLISTED');
    expect(live.ip!.score).toBeLessThan(offline.ip!.score);
    const ipReason = (reasons: readonly { code: string; detail?: string }[]) => reasons.find((r) => r.code === 'IDENTITY_IP' || r.code === 'IDENTITY_IP_RISK')!;
    expect(ipReason(live.identity.reasons).detail).toBe(`ip score ${live.ip!.score} (${live.ip!.score_cluster})`);
    expect(live.identity.score).toBeLessThan(offline.identity.score);
    expect(live.identity.score).toBe(sum(live.identity.reasons));
  });

  it('a provider that fails leaves the offline e-mail and says why; the identity is the offline one', async () => {
    server = await startHttpServer((_req, res) => json(res, 503, {}));
    const checker = createChecker({ providers: [httpProvider({ url: server.origin, products: ['email'] })], now: NOW });
    const live = await checker.identityAsync(INPUT);
    expect(live.email?.provider_errors).toEqual([expect.objectContaining({ message: 'http answered HTTP 503' })]);
    expect(live.identity).toEqual(checker.identity(INPUT).identity);
  });
});
