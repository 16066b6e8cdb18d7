import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkEmail, createEmailCheck } from '../../src/email/checkEmail.js';
import { EMAIL_SCORE_MODEL } from '../../src/email/scoreModel.js';
import { createScorer } from '../../src/scoring/createScorer.js';

const PROVIDER_FIELDS = [
  'has_twitter', 'has_amazon', 'has_linkedin', 'has_airbnb', 'has_instagram', 'found_on_serp',
  'first_name', 'last_name', 'company_name', 'company_description', 'company_industry', 'company_employees',
  'company_job_title', 'company_founded', 'company_keywords', 'company_annual_revenue', 'company_logo',
  'company_country', 'company_twitter_url', 'company_facebook_url', 'company_linkedin_url',
  'company_total_funding', 'company_tech_stack', 'domain_age', 'education', 'employment', 'avatar',
] as const;

// A clock within the lists' age: these reasons must not gain EMAIL_DATA_STALE on a later day.
const pinned = createEmailCheck({ now: new Date('2026-11-25T12:00:00Z') });
const codes = (email: string): string[] => pinned(email).reasons.map((r) => r.code);

describe('checkEmail', () => {
  it('returns every field of the spec, provider-only fields null', () => {
    const r = checkEmail('jane.doe@acme-widgets.com');
    for (const field of PROVIDER_FIELDS) expect(r[field], field).toBeNull();
    expect(Object.keys(r)).toEqual([
      'value', 'status', 'is_valid', 'is_free', 'domain', ...PROVIDER_FIELDS.slice(0, 23), 'domain_age',
      'education', 'employment', 'avatar', 'score', 'score_cluster', 'suggestion', 'canonical', 'reasons',
    ]);
    expect(r).toMatchObject({ value: 'jane.doe@acme-widgets.com', status: 'undetermined', is_valid: null, is_free: false, domain: 'acme-widgets.com', suggestion: null, canonical: 'jane.doe@acme-widgets.com' });
    expect(codes('x7q@acme-widgets.com')).toEqual(['EMAIL_BASELINE', 'EMAIL_DOMAIN_UNLISTED', 'EMAIL_PROVIDER_ONLY']);
  });

  it('follows the status precedence of docs/design.md', () => {
    expect(checkEmail('info@gmial.com').status).toBe('syntax'); // typo beats disposable and role
    expect(checkEmail('info@example.com').status).toBe('invalid'); // reserved beats role
    expect(checkEmail('info@mailinator.com').status).toBe('disposable'); // disposable beats role
    expect(checkEmail('info@acme-widgets.com').status).toBe('role');
    expect(checkEmail('jane@gmail.com').status).toBe('undetermined');
  });

  it('sets is_valid false only on proof, never true offline', () => {
    expect(checkEmail('jane@@x.com').is_valid).toBe(false);
    expect(checkEmail('jane@localhost').is_valid).toBe(false);
    expect(checkEmail('jane@acme.notatld').is_valid).toBe(false);
    expect(checkEmail('jane@iana.123')).toMatchObject({ status: 'invalid', is_valid: false });
    expect(checkEmail('jane@192.0.2.1').reasons[1]).toMatchObject({ code: 'EMAIL_INVALID_DOMAIN', detail: 'IP address without brackets, not a domain' });
    expect(checkEmail('jane@xn--zz.com')).toMatchObject({ status: 'invalid', is_valid: false });
    expect(checkEmail('jane@gmial.com').is_valid).toBeNull();
    expect(checkEmail('jane@mailinator.com').is_valid).toBeNull();
    expect(checkEmail('jane@gmail.com').is_valid).toBeNull();
  });

  it('gives is_free from the free list, null where it does not apply', () => {
    expect(checkEmail('jane@gmail.com').is_free).toBe(true);
    expect(checkEmail('jane@acme-widgets.com').is_free).toBe(false);
    expect(checkEmail('jane@mailinator.com').is_free).toBeNull();
    expect(checkEmail('jane@example.com').is_free).toBeNull();
    expect(checkEmail('jane doe@gmail.com').is_free).toBeNull();
  });

  it('suggests the intended domain for typos', () => {
    const r = checkEmail('jane.doe@gmial.com');
    expect(r).toMatchObject({ status: 'syntax', suggestion: 'gmail.com', domain: 'gmial.com', score_cluster: 'poor' });
    expect(r.reasons.find((x) => x.code === 'EMAIL_TYPO')?.detail).toBe('did you mean gmail.com?');
    expect(checkEmail('jane@gmial.com', { suggestTypos: false }).suggestion).toBeNull();
  });

  it('handles roles with plus tags and separators', () => {
    for (const local of ['info+x', 'no-reply', 'noreply', 'no_reply', 'No.Reply', 'postmaster']) {
      expect(checkEmail(`${local}@acme-widgets.com`).status, local).toBe('role');
    }
    expect(checkEmail('jane.doe+news@acme-widgets.com').status).toBe('undetermined');
  });

  it('counts subdomains of disposable domains and honours the mailchecker allowlist', () => {
    expect(checkEmail('x@inbox.mailinator.com').status).toBe('disposable');
    // tom.com is on mailchecker's list but is a real portal (data/raw/email/mailchecker-allowlist.tsv)
    expect(checkEmail('x@tom.com').status).toBe('undetermined');
    // a mailchecker-only entry: disposable with the second opinion, not without it
    const mailcheckerOnly = 'yaho.com';
    expect(codes(`x@${mailcheckerOnly}`)).toContain('EMAIL_DISPOSABLE');
    expect(checkEmail(`x@${mailcheckerOnly}`, { secondOpinion: false }).reasons.map((r) => r.code)).not.toContain('EMAIL_DISPOSABLE');
  });

  it('is immune to a host mutating mailchecker', () => {
    const require = createRequire(import.meta.url);
    checkEmail('warm@up.com');
    const mc = require('mailchecker/platform/node') as { addCustomDomains(d: string[]): void; blacklist(): Set<string> };
    mc.addCustomDomains(['acme-widgets-mutated.com']);
    try {
      expect(checkEmail('x@acme-widgets-mutated.com').status).toBe('undetermined');
    } finally {
      mc.blacklist().delete('acme-widgets-mutated.com');
    }
  });

  it('scores with points that add up, gated by band', () => {
    for (const email of ['jane@acme-widgets.com', 'jane@gmail.com', 'qx7vbw2kd9@gmail.com', 'lena.berg+shop@gmail.com', 'info@acme-widgets.com', 'x@mailinator.com', 'x y@z.com', 'x@gmial.com']) {
      const r = checkEmail(email);
      expect(r.reasons.reduce((sum, x) => sum + x.points, 0), email).toBe(r.score);
    }
    // A domain on no list is unknown, not corporate: nothing known, the neutral middle.
    expect(checkEmail('x7q@acme-widgets.com')).toMatchObject({ score: 500, score_cluster: 'moderate' });
    // The example: a placeholder at a made-up domain is no longer "corporate" (850), it is blocked.
    expect(checkEmail('asdfgh@qwerty.ru').score).toBeLessThanOrEqual(399);
    // A free provider is a trust of EMAIL_FREE's weight (ln odds 0.2: 500 → 550).
    expect(checkEmail('x7q@yahoo.com')).toMatchObject({ score: createScorer(EMAIL_SCORE_MODEL)([{ code: 'EMAIL_FREE' }]).score, score_cluster: 'moderate' });
    expect(checkEmail('x7q@yahoo.com').score).toBe(550);
    expect(checkEmail('x@mailinator.com').score).toBeLessThanOrEqual(399);
    expect(checkEmail('x y@z.com').score).toBeLessThanOrEqual(199);
  });

  it('flags confusable scripts', () => {
    expect(codes('jane@pаypal.com')).toContain('EMAIL_CONFUSABLE');
    expect(codes('jane@pаypal.com')).not.toContain('EMAIL_DOMAIN_UNLISTED');
  });

  it('returns fresh objects', () => {
    const a = checkEmail('jane@gmail.com');
    const b = checkEmail('jane@gmail.com');
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a.reasons).not.toBe(b.reasons);
  });

  it('gives bad input a result', () => {
    for (const input of ['', '   ', 'x'.repeat(10_000), '\u0000\u0001@\u0002', '@@@', 'ä'.repeat(5000), '\ud800@x.com']) {
      const r = checkEmail(input);
      expect(r.status).toBe('syntax');
      expect(r.is_valid).toBe(false);
    }
  });

  it('throws InputError for non-strings and bad options', () => {
    expect(() => checkEmail(42 as unknown as string)).toThrow(InputError);
    expect(() => checkEmail(null as unknown as string)).toThrow(/email must be a string/);
    expect(() => createEmailCheck({ suggestTypos: 'yes' as unknown as boolean })).toThrow(InputError);
    expect(() => createEmailCheck({ scoring: { weights: { EMAIL_NOPE: 0.1 } } } as never)).toThrow(InputError);
    expect(() => createEmailCheck(7 as unknown as object)).toThrow(InputError);
    expect(() => createEmailCheck({ suggest: true } as unknown as object)).toThrow(/^suggest is not an option \(known: suggestTypos, secondOpinion, scoring, data, now\)/);
  });

  it('applies scoring options once per checker', () => {
    const check = createEmailCheck({ scoring: { bands: 'scorecard', weights: { EMAIL_FREE: 1.3 } } });
    // logit 1.3 → 786: 'high' in the scorecard bands (776–1000), 'good' in the default ones.
    expect(check('x7q@yahoo.com')).toMatchObject({ score: 786, score_cluster: 'high' });
    expect(checkEmail('x7q@yahoo.com')).toMatchObject({ score: 550, score_cluster: 'moderate' });
    expect(check('x7q@acme-widgets.com').score_cluster).toBe('moderate');
  });

  it('exposes a model whose signals match the reason codes it emits', () => {
    expect(Object.keys(EMAIL_SCORE_MODEL.signals).sort()).toEqual([
      'EMAIL_ACCEPT_ALL', 'EMAIL_CONFUSABLE', 'EMAIL_DATA_STALE', 'EMAIL_DELIVERABLE', 'EMAIL_DIGIT_RUN', 'EMAIL_DISPOSABLE', 'EMAIL_DOMAIN_BLOCKLISTED', 'EMAIL_DOMAIN_UNLISTED',
      'EMAIL_DOT_VARIANT', 'EMAIL_FREE', 'EMAIL_GENERATED', 'EMAIL_INVALID_DOMAIN', 'EMAIL_KEYBOARD_WALK', 'EMAIL_LOCAL_CHOSEN', 'EMAIL_MAILBOX_REJECTED',
      'EMAIL_NAME_LIKE', 'EMAIL_NAME_NUMBER', 'EMAIL_NAME_UNLISTED_DOMAIN', 'EMAIL_NAME_YEAR', 'EMAIL_NO_MX', 'EMAIL_PLACEHOLDER', 'EMAIL_PROVIDER_FAILED',
      'EMAIL_PROVIDER_ONLY', 'EMAIL_PROVIDER_RULE', 'EMAIL_RELAY', 'EMAIL_RESERVED', 'EMAIL_ROLE', 'EMAIL_SPAM_TRAP', 'EMAIL_SUBADDRESS', 'EMAIL_SYNTAX', 'EMAIL_TYPO',
    ]);
    expect(EMAIL_SCORE_MODEL.clusters).toEqual(['poor', 'bad', 'moderate', 'good', 'high']);
  });
});

describe('at: the check at a given instant', () => {
  const DAY_MS = 86_400_000;
  const fresh = Date.parse('2026-11-25T12:00:00Z');
  const addresses = ['jane.doe@acme-widgets.com', 'x@mailinator.com', 'info@gmial.com', 'a@example.com', 'not an address', 'jörg@bücher.de'];

  it('gives what a checker whose clock reads that instant gives, stale lists included', () => {
    const check = createEmailCheck({ now: () => new Date(fresh) });
    for (const ms of [fresh, fresh + 200 * DAY_MS]) {
      const pinnedThere = createEmailCheck({ now: new Date(ms) });
      for (const a of addresses) expect(check.at(ms, a), `${a} at ${new Date(ms).toISOString()}`).toEqual(pinnedThere(a));
    }
    expect(check.at(fresh + 200 * DAY_MS, addresses[0]!).reasons.map((r) => r.code)).toContain('EMAIL_DATA_STALE');
    expect(check(addresses[0]!).reasons.map((r) => r.code)).not.toContain('EMAIL_DATA_STALE');
  });

  it('does not read the checker clock; a plain call reads it once, and only when the lists are consulted', () => {
    let reads = 0;
    const check = createEmailCheck({
      now: () => {
        reads++;
        return new Date(fresh);
      },
    });
    check.at(fresh, 'jane.doe@acme-widgets.com');
    expect(reads).toBe(0);
    check('jane.doe@acme-widgets.com');
    expect(reads).toBe(1);
    check('jane doe@acme-widgets.com');
    check('jane@example.com');
    expect(reads).toBe(1);
  });
});

describe('checkEmail with options', () => {
  it("builds a checker for the call on the shared checker's tables, not tables of its own", async () => {
    const { lazyLoads } = await import('../../src/common/loads.js');
    const builds = (): number => [...lazyLoads()].filter(([what]) => what.startsWith('build email ')).reduce((n, [, count]) => n + count, 0);
    checkEmail('jane.doe@gmail.com', { secondOpinion: false });
    const before = builds();
    for (const a of ['jane.doe@gmail.com', 'x7q@acme-widgets.com', 'info@gmial.com', 'a@mailinator.com']) {
      expect(checkEmail(a, { secondOpinion: false, now: new Date('2026-11-25T12:00:00Z') })).toEqual(
        createEmailCheck({ secondOpinion: false, now: new Date('2026-11-25T12:00:00Z') })(a),
      );
    }
    const afterOwnCheckers = builds();
    for (const a of ['jane.doe@gmail.com', 'x7q@acme-widgets.com', 'info@gmial.com', 'a@mailinator.com']) checkEmail(a, { suggestTypos: false });
    expect(builds()).toBe(afterOwnCheckers);
    expect(afterOwnCheckers).toBeGreaterThan(before);
  });
});
