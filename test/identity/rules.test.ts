import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import { InputError } from '../../src/errors.js';
import { IDENTITY_SCORE_MODEL, checkIdentity, checkIdentityAsync, emailCountry, matchNameToEmail, nameVariants } from '../../src/subpaths/identity.js';
import type { IdentityInput, IdentityResult } from '../../src/subpaths/identity.js';
import { createScorer } from '../../src/scoring/index.js';

// 14:00 in Berlin and London is 13:00/14:00 UTC in March; 02:00 UTC is 03:00 in Berlin.
const DAY = new Date('2026-03-10T13:00:00Z');
const NIGHT_BERLIN = new Date('2026-03-10T02:00:00Z');
const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  galaxy: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  script: 'python-requests/2.31.0',
};
const IP = { de: '80.128.0.1', gb: '86.128.4.7', nlMobile: '84.104.1.1', hostingDe: '159.89.0.10', tor: '185.220.101.1', fr: '90.0.0.1' };
const checker = createChecker();
const run = (input: IdentityInput, now: Date = DAY): IdentityResult => checker.identity(input, { now });
const codes = (r: IdentityResult): string[] => r.identity.reasons.map((x) => x.code);
const points = (r: IdentityResult, code: string): number | undefined => r.identity.reasons.find((x) => x.code === code)?.points;
/**
 * A finding's own points: with the products' risk sides and the input gate at 0, so that inputs bad enough to
 * raise it do not take the score to the floor first (where every later signal rounds to 0 points).
 */
const FINDINGS_ONLY = { IDENTITY_EMAIL_RISK: 0, IDENTITY_IP_RISK: 0, IDENTITY_DEVICE_RISK: 0, IDENTITY_PHONE_RISK: 0, IDENTITY_NAME_RISK: 0, IDENTITY_INPUT_GATED: 0 };
const findingsChecker = createChecker({ scoring: { weights: FINDINGS_ONLY } });
const findingPoints = (input: IdentityInput, code: string): number | undefined => points(findingsChecker.identity(input, { now: DAY }), code);

describe('checkIdentity: shape, score and determinism', () => {
  it('runs only the checks that have input and returns their results plus identity', () => {
    const r = run({ email: 'lukas.mueller@web.de', ip: IP.de });
    expect(Object.keys(r).sort()).toEqual(['email', 'identity', 'ip']);
    expect(r.email?.domain).toBe('web.de');
    expect(codes(r)).toContain('IDENTITY_EMAIL');
    expect(codes(r)).toContain('IDENTITY_IP');
    expect(codes(r)).not.toContain('IDENTITY_PHONE');
  });

  it("the reasons' points add up to the score, the score is 0–1000 and the cluster is the ip/name/phone scale", () => {
    const r = run({ email: 'lukas.mueller@web.de', phone: '+49 1512 3456789', ip: IP.de, userAgent: UA.windows, firstName: 'Lukas', lastName: 'Müller' });
    const sum = r.identity.reasons.reduce((s, x) => s + x.points, 0);
    expect(sum).toBe(r.identity.score);
    expect(r.identity.score).toBeGreaterThanOrEqual(0);
    expect(r.identity.score).toBeLessThanOrEqual(1000);
    expect(['very_low', 'low', 'review', 'high', 'very_high']).toContain(r.identity.score_cluster);
    expect(r.identity.reasons[0]).toMatchObject({ code: 'IDENTITY_BASELINE', points: 500 });
    expect(Object.isFrozen(r)).toBe(true);
    expect(Object.isFrozen(r.identity)).toBe(true);
  });

  it('one reason per product carried in, as the product’s log-odds times the damping of its side', () => {
    const r = run({ email: 'lukas.mueller@web.de', phone: '+49 1512 3456789', ip: IP.de, userAgent: UA.windows, firstName: 'Lukas', lastName: 'Müller' });
    for (const code of ['IDENTITY_EMAIL', 'IDENTITY_PHONE', 'IDENTITY_IP', 'IDENTITY_DEVICE', 'IDENTITY_NAME']) {
      expect(r.identity.reasons.filter((x) => x.code === code || x.code === `${code}_RISK`), code).toHaveLength(1);
    }
    const signals = IDENTITY_SCORE_MODEL.signals;
    const carried = (email: string) => {
      const one = run({ email });
      const s = one.email!.score;
      // The trust side above 500 (and at it), the risk side below, each with its own damping.
      const code = s < 500 ? 'IDENTITY_EMAIL_RISK' : 'IDENTITY_EMAIL';
      const damping = signals[code].weight;
      expect(points(one, s < 500 ? 'IDENTITY_EMAIL' : 'IDENTITY_EMAIL_RISK')).toBeUndefined();
      return { points: points(one, code)!, expected: Math.round(1000 / (1 + Math.exp(-damping * Math.log(s / (1000 - s))))) - 500, own: s, damping };
    };
    // An e-mail above 500 lifts the identity, a disposable one (below 500) lowers it, each by its own log-odds, damped.
    const good = carried('lukas.mueller@web.de');
    const bad = carried('lukas123@mailinator.com');
    expect(good.own).toBeGreaterThan(500);
    expect(good.points).toBe(good.expected);
    expect(good.points).toBeGreaterThanOrEqual(0);
    expect(bad.own).toBeLessThan(500);
    expect(bad.points).toBe(bad.expected);
    expect(bad.points).toBeLessThan(bad.damping > 0 ? 0 : 1);
  });

  it('an input gated into its block bands caps the identity at the top of the review band, whatever the others say', () => {
    const clean = { phone: '+49 1512 3456789', ip: IP.de, userAgent: UA.windows, firstName: 'Lukas', lastName: 'Müller', country: 'DE' };
    const good = run({ ...clean, email: 'lukas.mueller@web.de' });
    expect(points(good, 'IDENTITY_INPUT_GATED')).toBeUndefined();
    const gated = run({ ...clean, email: 'lukas.mueller@mailinator.com' });
    const reason = gated.identity.reasons.find((x) => x.code === 'IDENTITY_INPUT_GATED')!;
    expect(reason.detail).toBe('email: EMAIL_DISPOSABLE');
    expect(gated.identity.score).toBeLessThanOrEqual(599);
    expect(gated.identity.score).toBe(gated.identity.reasons.reduce((n, x) => n + x.points, 0));
    // The cap holds with the gate's weight off and every product's trust side at full strength.
    const trusting = { IDENTITY_INPUT_GATED: 0, IDENTITY_EMAIL_RISK: 0, IDENTITY_PHONE: 1, IDENTITY_IP: 1, IDENTITY_DEVICE: 1, IDENTITY_NAME: 1, IDENTITY_NAME_IN_EMAIL: 10 } as const;
    const capped = checkIdentity({ ...clean, email: 'lukas.mueller@mailinator.com' }, { now: DAY, scoring: { weights: trusting } }).identity;
    expect(capped.score).toBe(599);
    expect(capped.reasons.find((x) => x.code === 'IDENTITY_INPUT_GATED')!.points).toBeLessThan(0);
    // Two gated inputs: one reason, both named.
    const two = run({ ...clean, email: 'lukas.mueller@mailinator.com', firstName: 'Qwerty', lastName: 'Asdfgh' });
    expect(two.identity.reasons.filter((x) => x.code === 'IDENTITY_INPUT_GATED')).toHaveLength(1);
    expect(two.identity.reasons.find((x) => x.code === 'IDENTITY_INPUT_GATED')!.detail).toMatch(/^email: EMAIL_DISPOSABLE; name: NAME_/u);
  });

  it('is deterministic and the pure function equals the checker method', () => {
    const input = { email: 'giulia.rossi@libero.it', phone: '+39 347 123 4567', ip: '79.0.0.1', userAgent: UA.galaxy, firstName: 'Giulia', lastName: 'Rossi' };
    expect(run(input)).toEqual(run(input));
    expect(checkIdentity(input, { now: DAY })).toEqual(run(input));
  });

  it('identityAsync without providers resolves to the synchronous result', async () => {
    const input = { email: 'giulia.rossi@libero.it', ip: '79.0.0.1' };
    expect((await checker.identityAsync(input, { now: DAY })).identity).toEqual(run(input).identity);
  });

  it('checkIdentityAsync without providers resolves to checkIdentity; a bad provider is INPUT_OPTION at providers[0]', async () => {
    const input = { email: 'giulia.rossi@libero.it', ip: '79.0.0.1', firstName: 'Giulia', lastName: 'Rossi' };
    const sync = checkIdentity(input, { now: DAY });
    // The same results, each product's as its async check gives it: with an empty provider_errors.
    const asAsync = <T>(result: T) => ({ ...result, provider_errors: [] });
    expect(await checkIdentityAsync(input, { now: DAY })).toEqual({ identity: sync.identity, email: asAsync(sync.email), ip: asAsync(sync.ip), name: asAsync(sync.name) });
    await expect(checkIdentityAsync(input, { providers: [42 as never] })).rejects.toMatchObject({ code: 'INPUT_OPTION', field: 'providers[0]' });
  });

  it('confidence is the share of the five inputs given and read: unreadable ones do not count, bad ones that were read do', () => {
    const all = run({ email: 'lukas.mueller@web.de', phone: '+49 1512 3456789', ip: IP.de, userAgent: UA.windows, firstName: 'Lukas', lastName: 'Müller' });
    expect(all.identity.confidence).toBe(1);
    const unreadable = run({ email: 'lukas mueller@web', phone: '12', ip: '999.1.1.1', userAgent: '   ', firstName: '123', lastName: '456' });
    expect(unreadable.identity.confidence).toBe(0);
    // A disposable address and a Tor exit were read: they are evidence (against), and count.
    const bad = run({ email: 'anna123@mailinator.com', ip: IP.tor });
    expect(bad.identity.confidence).toBeCloseTo(0.4, 10);
    expect(bad.identity.score).toBeLessThan(200);
    expect(run({ email: 'lukas.mueller@web.de' }).identity.confidence).toBeCloseTo(0.2, 10);
  });

  it('an empty input scores the neutral middle, with nothing read', () => {
    expect(run({}).identity).toMatchObject({ score: 500, confidence: 0, reasons: [{ code: 'IDENTITY_BASELINE', points: 500 }] });
  });
});

describe('identity weights are data the caller overrides, validated like the products’', () => {
  const input = { email: 'anna123@mailinator.com', ip: IP.hostingDe };
  it('scoring.weights with IDENTITY_* codes change the score', () => {
    const base = checkIdentity(input, { now: DAY, scoring: { weights: FINDINGS_ONLY } });
    expect(points(base, 'IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP')).toBeLessThan(0);
    const off = checkIdentity(input, { now: DAY, scoring: { weights: { ...FINDINGS_ONLY, IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP: 0 } } });
    expect(off.identity.score).toBeGreaterThan(base.identity.score);
    expect(points(off, 'IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP')).toBe(0);
    const viaChecker = createChecker({ scoring: { weights: { ...FINDINGS_ONLY, IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP: 0 } } }).identity(input, { now: DAY });
    expect(viaChecker.identity).toEqual(off.identity);
    // A carried side's damping is a weight too: 0 leaves the e-mail's risk side out of the score.
    expect(points(base, 'IDENTITY_EMAIL_RISK')).toBe(0);
    const fullEmail = checkIdentity(input, { now: DAY, scoring: { weights: { ...FINDINGS_ONLY, IDENTITY_EMAIL_RISK: 1 } } });
    expect(points(fullEmail, 'IDENTITY_EMAIL_RISK')).toBeLessThan(0);
    expect(fullEmail.identity.score).toBeLessThan(base.identity.score);
  });

  it.each([
    [{ weights: { IDENTITY_DISPOSABLE_ON_ANON_IP: 0.5 } }, 'scoring.weights.IDENTITY_DISPOSABLE_ON_ANON_IP'],
    [{ weights: { IDENTITY_NIGHT_ACTIVITY: 10.5 } }, 'scoring.weights.IDENTITY_NIGHT_ACTIVITY'],
    [{ weights: { IDENTITY_EMAIL: 1.5 } }, 'scoring.weights.IDENTITY_EMAIL'],
    [{ weights: { IDENTITY_EMAIL_RISK: -0.1 } }, 'scoring.weights.IDENTITY_EMAIL_RISK'],
    [{ weights: { IDENTITY_DESKTOP_ON_MOBILE_IP: 0.1 } }, 'scoring.weights.IDENTITY_DESKTOP_ON_MOBILE_IP'],
  ])('%j throws SCORING_CONFIG at %s, in checkIdentity and createChecker', (scoring, field) => {
    // What a JavaScript caller can pass: the types refuse these codes (test/package/types/scoring-weights.test-d.ts).
    const untyped = scoring as never;
    for (const f of [() => checkIdentity({}, { scoring: untyped }), () => createChecker({ scoring: untyped })]) {
      let error: unknown;
      try {
        f();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect(error).toMatchObject({ code: 'SCORING_CONFIG', field });
    }
  });

  it('the model’s weights are log-likelihood ratios in 0..6 (the corpus cap), dampings in 0..1, and info signals weigh nothing', () => {
    for (const spec of Object.values(IDENTITY_SCORE_MODEL.signals)) {
      expect(spec.weight).toBeGreaterThanOrEqual(0);
      expect(spec.weight).toBeLessThanOrEqual(spec.kind === 'carried' ? 1 : 6);
      if (spec.kind === 'info') expect(spec.weight).toBe(0);
    }
  });
});

describe('bad input is a typed error, never a crash', () => {
  it.each([
    [null, 'INPUT_TYPE', 'input'],
    ['jane@x.com', 'INPUT_TYPE', 'input'],
    [{ email: 42 }, 'INPUT_TYPE', 'email'],
    [{ mail: 'a@b.c' }, 'INPUT_OPTION', 'mail'],
    [{ country: 'Germany' }, 'INPUT_TYPE', 'country'],
    [{ headers: 'x' }, 'INPUT_OPTION', 'headers'],
  ])('%j → %s (%s)', (input, code, field) => {
    expect(() => checker.identity(input as IdentityInput)).toThrow(expect.objectContaining({ code, field }));
  });

  it('a bad now is INPUT_OPTION', () => {
    expect(() => checker.identity({}, { now: new Date(Number.NaN) })).toThrow(expect.objectContaining({ code: 'INPUT_OPTION', field: 'now' }));
  });

  it('huge values get results: the cross-signal reading cuts names and local parts at 256 characters', () => {
    const long = 'a'.repeat(200_000);
    expect(matchNameToEmail(`${long}.doe`, long, 'Doe')).toBe('none');
    expect(matchNameToEmail('jane.doe', `Jane${' x'.repeat(100_000)}`, 'Doe')).toBe('full');
    const r = run({ email: `${'b'.repeat(5000)}@gmail.com`, firstName: 'B'.repeat(100_000), lastName: 'Doe' });
    expect(r.identity.score).toBeGreaterThanOrEqual(0);
  });

  it('the user agent is read from headers when userAgent is not given', () => {
    const r = run({ headers: { 'User-Agent': UA.iphone }, ip: IP.hostingDe });
    expect(r.device?.category).toBe('smartphone');
    expect(codes(r)).toContain('IDENTITY_MOBILE_ON_ANONYMOUS_IP');
  });

  it('garbage values get results, not errors', () => {
    const r = run({ email: '@@', phone: 'call me', ip: 'not an ip', userAgent: '', firstName: '', lastName: '' });
    expect(r.identity.score).toBeGreaterThanOrEqual(0);
  });
});

describe('rule: name against the e-mail local part', () => {
  it.each([
    ['jane.doe', 'Jane', 'Doe'],
    ['jdoe', 'Jane', 'Doe'],
    ['doe.jane', 'Jane', 'Doe'],
    ['doe_jane', 'Jane', 'Doe'],
    ['janedoe1990', 'Jane', 'Doe'],
    ['j.doe', 'Jane', 'Doe'],
    ['jd', 'Jane', 'Doe'],
    ['jose.garcia', 'José', 'García'],
    ['bob.smith', 'Robert', 'Smith'],
    ['sasha.ivanov', 'Aleksandr', 'Ivanov'],
    ['a.ivanov', 'Александр', 'Иванов'],
    ['alexander.ivanov', 'Александр', 'Иванов'],
    ['iurii.petrov', 'Yuri', 'Petrov'],
    ['ppetrov85', 'Pyotr', 'Petrov'],
    ['m.mueller', 'Maximilian', 'Müller'],
    ['mmuller', 'Maximilian', 'Müller'],
    ['joseluis.delacruz', 'José Luis', 'de la Cruz'],
    ['kate.wright+shop', 'Katherine', 'Wright'],
  ])('%s@ spells %s %s', (local, first, last) => {
    expect(matchNameToEmail(local, first, last)).toBe('full');
  });

  it.each([
    ['jane1987', 'Jane', 'Doe', 'part'],
    ['thesmithfamily', 'Jane', 'Smith', 'part'],
    ['peter.smith', 'Jane', 'Doe', 'other'],
    ['darkstar77', 'Jane', 'Doe', 'none'],
    ['info', 'Jane', 'Doe', 'none'],
    // Another person's name needs the person's own in Latin letters: Cyrillic and Hangul have one here,
    // Han, Kana and Arabic script none, so a Latin local part cannot be said to be someone else's.
    ['maria.lopez', 'Александр', 'Иванов', 'other'],
    ['anna.kim', '민준', '김', 'other'],
    ['aya.inoue', '彩', '井上', 'none'],
    ['wei.wang', '伟', '王', 'none'],
    ['yuki.tanaka', 'ゆき', 'たなか', 'none'],
    ['john.brown', 'محمد', 'علي', 'none'],
    ['john.brown', 'Jane', '王', 'none'],
  ])('%s@ against %s %s is %s', (local, first, last, expected) => {
    expect(matchNameToEmail(local, first, last)).toBe(expected);
  });

  it('nickname groups go both ways', () => {
    expect(nameVariants('bob').has('robert')).toBe(true);
    expect(nameVariants('robert').has('bob')).toBe(true);
    expect(nameVariants('sasha').has('aleksandr')).toBe(true);
    expect(nameVariants('zyx')).toEqual(new Set(['zyx']));
  });

  it('raises IDENTITY_NAME_IN_EMAIL (trust), IDENTITY_NAME_PART_IN_EMAIL (trust) or IDENTITY_OTHER_NAME_IN_EMAIL (risk)', () => {
    const full = run({ email: 'lukas.mueller@web.de', firstName: 'Lukas', lastName: 'Müller' });
    expect(points(full, 'IDENTITY_NAME_IN_EMAIL')).toBeGreaterThan(0);
    const part = run({ email: 'lukas1990@web.de', firstName: 'Lukas', lastName: 'Müller' });
    expect(points(part, 'IDENTITY_NAME_PART_IN_EMAIL')).toBeGreaterThan(0);
    const other = run({ email: 'peter.schmidt@web.de', firstName: 'Lukas', lastName: 'Müller' });
    expect(points(other, 'IDENTITY_OTHER_NAME_IN_EMAIL')).toBeLessThan(0);
    expect(full.identity.score).toBeGreaterThan(other.identity.score);
  });
});

describe('rule: countries of phone, IP, e-mail domain, declared country and surname', () => {
  it('phone and IP of one country: trust; of two: risk', () => {
    expect(codes(run({ phone: '+49 1512 3456789', ip: IP.de }))).toContain('IDENTITY_PHONE_IP_COUNTRY');
    const r = run({ phone: '+49 1512 3456789', ip: IP.fr });
    expect(points(r, 'IDENTITY_PHONE_IP_COUNTRY_MISMATCH')).toBeLessThan(0);
  });

  it('a Jersey or Guernsey mobile on a GB address is one country (shared numbering plan)', () => {
    const r = run({ phone: '+44 7911 123456', ip: IP.gb });
    expect(r.phone?.country).toBe('GG');
    expect(codes(r)).toContain('IDENTITY_PHONE_IP_COUNTRY');
    expect(codes(r)).not.toContain('IDENTITY_PHONE_IP_COUNTRY_MISMATCH');
  });

  it('an anonymising IP has no country to compare', () => {
    const r = run({ phone: '+33 6 12 34 56 78', ip: IP.hostingDe });
    expect(codes(r).filter((c) => c.startsWith('IDENTITY_PHONE_IP'))).toEqual([]);
  });

  it('e-mail ccTLD against phone and IP countries; generic ccTLDs (.io, .co) say nothing', () => {
    expect(emailCountry('web.de')).toBe('DE');
    expect(emailCountry('mail.co.uk')).toBe('GB');
    expect(emailCountry('startup.io')).toBeNull();
    expect(emailCountry('gmail.com')).toBeNull();
    expect(codes(run({ email: 'lukas.mueller@web.de', ip: IP.de }))).toContain('IDENTITY_EMAIL_COUNTRY');
    expect(codes(run({ email: 'ivan.petrov@yandex.ru', phone: '+49 1512 3456789', ip: IP.de }))).toContain('IDENTITY_EMAIL_COUNTRY_MISMATCH');
    expect(codes(run({ email: 'ivan.petrov@startup.io', ip: IP.de })).filter((c) => c.startsWith('IDENTITY_EMAIL_COUNTRY'))).toEqual([]);
  });

  it('a declared country that is neither the phone’s nor the IP’s', () => {
    expect(codes(run({ country: 'IT', phone: '+49 1512 3456789', ip: IP.de }))).toContain('IDENTITY_DECLARED_COUNTRY_MISMATCH');
    expect(codes(run({ country: 'DE', phone: '+49 1512 3456789', ip: IP.de }))).not.toContain('IDENTITY_DECLARED_COUNTRY_MISMATCH');
  });

  it('a surname listed only for other countries, where the lists cover the country compared', () => {
    // Rossi is listed for IT; Germany is covered by the lists.
    const rossi = run({ firstName: 'Giulia', lastName: 'Rossi', phone: '+49 1512 3456789', ip: IP.de });
    expect(rossi.identity.reasons.find((x) => x.code === 'IDENTITY_NAME_ORIGIN_MISMATCH')?.detail).toBe('family name listed for IT; DE not among them');
    expect(codes(run({ firstName: 'Giulia', lastName: 'Rossi', phone: '+39 347 123 4567', ip: '79.0.0.1' }))).not.toContain('IDENTITY_NAME_ORIGIN_MISMATCH');
    // The lists hold no GB surnames: Hughes ("listed for AU") says nothing against a GB phone and IP.
    expect(codes(run({ firstName: 'Oliver', lastName: 'Hughes', phone: '+44 7852 410932', ip: IP.gb }))).not.toContain('IDENTITY_NAME_ORIGIN_MISMATCH');
  });

  it('passes a country hint to the name check: declared, else the phone’s', () => {
    // Andrea is male in Italy and female in Germany and the US.
    expect(run({ firstName: 'Andrea', lastName: 'Bauer', phone: '+39 347 123 4567' }).name?.gender).toBe('M');
    expect(run({ firstName: 'Andrea', lastName: 'Bauer', phone: '+49 1512 3456789' }).name?.gender).toBe('F');
    expect(run({ firstName: 'Andrea', lastName: 'Bauer', country: 'IT', phone: '+49 1512 3456789' }).name?.gender).toBe('M');
  });
});

describe('rule: local time at the IP', () => {
  it('01:00–04:59 in the IP’s time zone is IDENTITY_NIGHT_ACTIVITY; the afternoon is not', () => {
    const night = run({ ip: IP.de }, NIGHT_BERLIN);
    expect(points(night, 'IDENTITY_NIGHT_ACTIVITY')).toBeLessThan(0);
    expect(night.identity.reasons.find((x) => x.code === 'IDENTITY_NIGHT_ACTIVITY')?.detail).toContain('Europe/Berlin');
    expect(codes(run({ ip: IP.de }, DAY))).not.toContain('IDENTITY_NIGHT_ACTIVITY');
    // 02:00 UTC is 02:00 in London too, 21:00 the day before in New York.
    expect(codes(run({ ip: '73.162.10.5' }, NIGHT_BERLIN))).not.toContain('IDENTITY_NIGHT_ACTIVITY');
  });

  it('the checker’s one clock (now) is the identity clock when a call gives none', () => {
    const c = createChecker({ now: NIGHT_BERLIN });
    expect(codes(c.identity({ ip: IP.de }))).toContain('IDENTITY_NIGHT_ACTIVITY');
  });
});

describe('rule: device against network', () => {
  it('a phone user agent on a data-centre or Tor address', () => {
    expect(codes(run({ userAgent: UA.iphone, ip: IP.hostingDe }))).toContain('IDENTITY_MOBILE_ON_ANONYMOUS_IP');
    expect(codes(run({ userAgent: UA.galaxy, ip: IP.tor }))).toContain('IDENTITY_MOBILE_ON_ANONYMOUS_IP');
    expect(codes(run({ userAgent: UA.iphone, ip: IP.de }))).not.toContain('IDENTITY_MOBILE_ON_ANONYMOUS_IP');
    expect(codes(run({ userAgent: UA.windows, ip: IP.hostingDe }))).not.toContain('IDENTITY_MOBILE_ON_ANONYMOUS_IP');
  });

  it('a script user agent on a residential address', () => {
    expect(findingPoints({ userAgent: UA.script, ip: IP.de }, 'IDENTITY_ROBOT_ON_RESIDENTIAL_IP')).toBeLessThan(0);
    expect(codes(run({ userAgent: UA.script, ip: IP.hostingDe }))).not.toContain('IDENTITY_ROBOT_ON_RESIDENTIAL_IP');
  });

  it('a desktop on a mobile-carrier address is normal: an info reason worth 0 points', () => {
    const r = run({ userAgent: UA.windows, ip: IP.nlMobile });
    expect(r.ip?.connection_type).toBe('MOB');
    expect(points(r, 'IDENTITY_DESKTOP_ON_MOBILE_IP')).toBe(0);
  });
});

describe('rule: e-mail against network and name', () => {
  it('a disposable address on an anonymising IP', () => {
    expect(findingPoints({ email: 'anna123@mailinator.com', ip: IP.hostingDe }, 'IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP')).toBeLessThan(0);
    expect(codes(run({ email: 'anna123@mailinator.com', ip: IP.de }))).not.toContain('IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP');
    expect(codes(run({ email: 'anna.schmidt@web.de', ip: IP.hostingDe }))).not.toContain('IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP');
  });

  it('a company name on free mail is a risk; on its own domain (hyphens in the label ignored) a trust', () => {
    expect(codes(run({ firstName: 'Global Trading', lastName: 'Solutions Ltd', email: 'globaltrading77@gmail.com' }))).toContain('IDENTITY_BUSINESS_NAME_FREE_EMAIL');
    expect(codes(run({ firstName: 'Global Trading', lastName: 'Solutions Ltd', email: 'sales@global-trading.co.uk' }))).toContain('IDENTITY_BUSINESS_NAME_OWN_DOMAIN');
  });
});

describe('several weak findings together lower the score more than any one alone (log-odds add up)', () => {
  it('in the engine', () => {
    const score = createScorer(IDENTITY_SCORE_MODEL);
    const codes3 = ['IDENTITY_NIGHT_ACTIVITY', 'IDENTITY_EMAIL_COUNTRY_MISMATCH', 'IDENTITY_NAME_ORIGIN_MISMATCH'] as const;
    const one = codes3.map((code) => score([{ code }]).score);
    const all = score(codes3.map((code) => ({ code }))).score;
    for (const s of one) expect(all).toBeLessThan(s);
    // Their weights add up in the log-odds: 500 at 0, round(1000 / (1 + e^(w₁ + w₂ + w₃))) together.
    const total = codes3.reduce((sum, code) => sum + IDENTITY_SCORE_MODEL.signals[code].weight, 0);
    expect(all).toBe(Math.round(1000 / (1 + Math.exp(total))));
  });

  it('on identities', () => {
    const base = { firstName: 'Giulia', lastName: 'Rossi', phone: '+49 1512 3456789', ip: IP.de };
    const origin = run(base, DAY).identity.score;
    const originAndNight = run(base, NIGHT_BERLIN).identity.score;
    expect(originAndNight).toBeLessThan(origin);
  });

  it('a product carried in adds its log-odds times the damping of its side, clamped to ±6', () => {
    // Both dampings set, so the arithmetic is tested whatever the fit finds.
    const score = createScorer(IDENTITY_SCORE_MODEL, { weights: { IDENTITY_EMAIL: 0.6, IDENTITY_EMAIL_RISK: 0.9 } });
    const at = (d: number, logit: number) => Math.round(1000 / (1 + Math.exp(-d * logit)));
    expect(score([{ code: 'IDENTITY_EMAIL', logit: 0 }]).score).toBe(500);
    expect(score([{ code: 'IDENTITY_EMAIL', logit: 2 }]).score).toBe(at(0.6, 2));
    expect(score([{ code: 'IDENTITY_EMAIL_RISK', logit: -2 }]).score).toBe(at(0.9, -2));
    expect(score([{ code: 'IDENTITY_EMAIL', logit: 40 }]).score).toBe(at(0.6, 6));
    expect(score([{ code: 'IDENTITY_EMAIL_RISK', logit: Number.NEGATIVE_INFINITY }]).score).toBe(at(0.9, -6));
    expect(score([{ code: 'IDENTITY_EMAIL', logit: Number.NaN }]).score).toBe(500);
    // Each side carries only its own sign: a trust side never lowers, a risk side never raises.
    expect(score([{ code: 'IDENTITY_EMAIL', logit: -2 }]).score).toBe(500);
    expect(score([{ code: 'IDENTITY_EMAIL_RISK', logit: 2 }]).score).toBe(500);
  });
});
