/**
 * One clock per checker: `createChecker({ now })` (and a product factory's
 * `now`) is the only time source of a result. The IP's request_time, the
 * stale-list reasons and their day count, dataInfo's ages, the identity's
 * time of day, the instant handed to providers and resolve's
 * device_request_time all read it, once per call; a call's own `now`
 * replaces it for everything in that call; and moving the system clock
 * changes nothing a pinned checker says.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChecker } from '../src/checker.js';
import { defaultDataContext } from '../src/data/context.js';
import { createEmailCheck } from '../src/email/index.js';
import { createIpCheck } from '../src/ip/index.js';
import { LocalHours, requestTimeOfHour } from '../src/ip/time.js';
import type { Provider } from '../src/providers/index.js';
import { resolve } from '../src/resolve.js';

const DAY_MS = 86_400_000;
const retrieved = (file: string): string => defaultDataContext().bundle.manifest.datasets.find((d) => d.file === file)!.retrieved;
const LISTS = retrieved('ip/lists.bin');
const DISPOSABLE = retrieved('email/disposable.json');
/** Noon UTC `days` after a YYYY-MM-DD date. */
const after = (iso: string, days: number): Date => new Date(Date.parse(`${iso}T12:00:00Z`) + days * DAY_MS);
const daysBetween = (from: string, to: Date): number => Math.floor((to.getTime() - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const LONDON = '81.2.69.142';
const EMAIL = 'jane@mailinator.com';
const detail = (reasons: readonly { code: string; detail?: string }[], code: string): string | undefined => reasons.find((r) => r.code === code)?.detail;

afterEach(() => {
  vi.useRealTimers();
});

describe('createChecker({ now }) dates every time-dependent field', () => {
  it('request_time, both stale reasons with their day count, dataInfo and now() read the one clock', () => {
    const now = after(DISPOSABLE, 60);
    const listsAge = daysBetween(LISTS, now);
    const checker = createChecker({ now });
    const ip = checker.ip(LONDON);
    expect(ip.request_time).toBe(requestTimeOfHour(new LocalHours().hourAt('Europe/London', now.getTime())!));
    expect(detail(ip.reasons, 'IP_DATA_STALE')).toContain(`lists of ${LISTS} (${listsAge} days old; limit 30)`);
    expect(detail(checker.email(EMAIL).reasons, 'EMAIL_DATA_STALE')).toContain(`of ${DISPOSABLE} (60 days old; limit 30)`);
    expect(checker.dataInfo().find((d) => d.file === 'ip/lists.bin')).toMatchObject({ ageDays: listsAge, stale: true });
    expect(checker.now().toISOString()).toBe(now.toISOString());
  });

  it('the product factories take the same one clock: createIpCheck and createEmailCheck measure staleness on their now', () => {
    const now = after(LISTS, 64);
    expect(detail(createIpCheck({ now })(LONDON).reasons, 'IP_DATA_STALE')).toContain('(64 days old; limit 30)');
    const email = createEmailCheck({ now: () => after(DISPOSABLE, 45) })(EMAIL);
    expect(detail(email.reasons, 'EMAIL_DATA_STALE')).toContain(`of ${DISPOSABLE} (45 days old; limit 30)`);
    // Within the limit on that clock: no reason, whatever the day the test runs.
    expect(createEmailCheck({ now: after(DISPOSABLE, 1) })(EMAIL).reasons.map((r) => r.code)).not.toContain('EMAIL_DATA_STALE');
  });

  it('a clock function is read once per call, and an identity shares that instant with its products', () => {
    let reads = 0;
    let next = after(DISPOSABLE, 40).getTime();
    // Each reading is a day later: two readings in one call would show two ages.
    const clock = (): Date => {
      reads += 1;
      const d = new Date(next);
      next += DAY_MS;
      return d;
    };
    const checker = createChecker({ now: clock });
    expect(detail(checker.ip(LONDON).reasons, 'IP_DATA_STALE')).toContain(`(${daysBetween(LISTS, after(DISPOSABLE, 40))} days old;`);
    expect(reads).toBe(1);
    // An e-mail consults two lists (disposable-email-domains and mailchecker): one reading for both.
    reads = 0;
    checker.email(EMAIL);
    expect(reads).toBe(1);
    next -= DAY_MS;
    reads = 0;
    const r = checker.identity({ email: EMAIL, ip: LONDON });
    expect(reads).toBe(1);
    expect(detail(r.email!.reasons, 'EMAIL_DATA_STALE')).toContain('(41 days old;');
    expect(detail(r.ip!.reasons, 'IP_DATA_STALE')).toContain(`(${daysBetween(LISTS, after(DISPOSABLE, 41))} days old;`);
  });

  it("a call's own now replaces the clock for everything in that call, the identity's e-mail included", async () => {
    const checker = createChecker({ now: after(LISTS, 0) });
    expect(detail(checker.ip(LONDON).reasons, 'IP_DATA_STALE')).toBeUndefined();
    expect(detail(checker.ip(LONDON, { now: after(LISTS, 50) }).reasons, 'IP_DATA_STALE')).toContain('(50 days old;');
    const far = after(DISPOSABLE, 200);
    const sync = checker.identity({ email: EMAIL, ip: LONDON }, { now: far });
    expect(detail(sync.email!.reasons, 'EMAIL_DATA_STALE')).toContain(`(200 days old;`);
    expect(detail(sync.ip!.reasons, 'IP_DATA_STALE')).toContain(`(${daysBetween(LISTS, far)} days old;`);
    // The async products are the sync ones plus provider_errors (none offline).
    expect(await checker.identityAsync({ email: EMAIL, ip: LONDON }, { now: far })).toEqual({
      ...sync,
      email: { ...sync.email, provider_errors: [] },
      ip: { ...sync.ip, provider_errors: [] },
    });
  });

  it('providers are handed the instant of the call (an RDAP domain age is measured on the checker clock)', async () => {
    const seen: string[] = [];
    const probe: Provider = {
      name: 'clock-probe',
      fields: { email: ['domain_age'], name: ['gender'] },
      async lookup(input, { now }) {
        seen.push(`${input.product} ${now.toISOString()}`);
        return input.product === 'email' ? { domain_age: Math.floor((now.getTime() - Date.parse('2020-01-01T00:00:00Z')) / DAY_MS) } : {};
      },
    };
    const now = new Date('2030-01-01T00:00:00Z');
    const checker = createChecker({ providers: [probe], now });
    expect((await checker.emailAsync('jane@acme-widgets.com')).domain_age).toBe(3653);
    const call = new Date('2031-06-01T00:00:00Z');
    await checker.identityAsync({ email: 'jane@acme-widgets.com', firstName: 'Jane', lastName: 'Doe' }, { now: call });
    expect(seen).toEqual([`email ${now.toISOString()}`, `email ${call.toISOString()}`, `name ${call.toISOString()}`]);
  });

  it("resolve stamps device_request_time from the checker's clock, as its result", async () => {
    const now = new Date('2031-02-03T04:05:06Z');
    const res = await resolve({ customer_id: 'c', claims: ['ip'], ip: LONDON }, { checker: createChecker({ now }) });
    expect(res.device_request_time).toBe(now.toISOString());
    expect(res.ip.request_time).toBe(requestTimeOfHour(new LocalHours().hourAt('Europe/London', now.getTime())!));
  });

  it('a clock function that returns no valid Date is an InputError at the check that reads it', () => {
    const checker = createChecker({ now: (() => 'today') as unknown as () => Date });
    expect(() => checker.ip(LONDON)).toThrow(expect.objectContaining({ name: 'InputError', code: 'INPUT_OPTION', field: 'now' }));
    expect(() => checker.now()).toThrow(expect.objectContaining({ code: 'INPUT_OPTION', field: 'now' }));
    expect(() => createEmailCheck({ now: () => new Date(Number.NaN) })(EMAIL)).toThrow(expect.objectContaining({ code: 'INPUT_OPTION', field: 'now' }));
  });
});

describe('a pinned checker does not see the system clock', () => {
  it('every result and dataInfo are the same with the system clock 400 days ahead', async () => {
    const now = after(LISTS, 35);
    const everything = async () => {
      const checker = createChecker({ now });
      return {
        ip: checker.ip(LONDON),
        email: checker.email(EMAIL),
        identity: checker.identity({ email: EMAIL, ip: LONDON, firstName: 'Jane', lastName: 'Doe', phone: '+44 7911 123456' }),
        identityAsync: await checker.identityAsync({ email: EMAIL, ip: LONDON }),
        info: checker.dataInfo(),
        resolved: (await resolve({ customer_id: 'c', claims: ['email'], email: EMAIL }, { checker })).device_request_time,
      };
    };
    const today = await everything();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 400 * DAY_MS);
    expect(await everything()).toEqual(today);
  });
});
