/**
 * The bundle of the one-call functions and the module-level helpers when
 * their options name none: configureDefaults({ data }), else
 * IDENTITY_SIGNALS_DATA read on first use, else the package's data/. A
 * checker reads what it is given (without `data`, the package's bundle), so
 * a caller that passes its own environment (the CLI's io.env) is not
 * overruled by the process's. A service bundled into one file runs on it
 * (test/data/esbuild.test.ts); here, in process, which calls see which bundle.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { checkEmail, checkIp, configureDefaults, createChecker, isDisposableDomain, resolve } from '../src/index.js';
import { checkIdentity } from '../src/subpaths/identity.js';
import { DISPOSABLE } from '../src/email/data/formats.js';
import { makeBundle } from './data/makeBundle.js';

/** A domain on no list of the package's bundle, with an ICANN suffix so the lists are consulted. */
const FRESH_THROWAWAY = 'fresh-throwaway-mail.com';
const ADDRESS = `jane@${FRESH_THROWAWAY}`;
const made: string[] = [];
const customDisposable = (): string => {
  const dir = makeBundle([{ format: DISPOSABLE, data: FRESH_THROWAWAY }]);
  made.push(dir);
  return dir;
};
const VARIABLE = 'IDENTITY_SIGNALS_DATA';
const before = process.env[VARIABLE];

afterEach(() => {
  if (before === undefined) delete process.env[VARIABLE];
  else process.env[VARIABLE] = before;
  configureDefaults({});
});
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The error a call throws (fails the test when it does not throw). */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('configureDefaults({ data })', () => {
  it('sets the bundle of the plain functions, also after their first use, and {} goes back to the package bundle', async () => {
    expect(checkEmail(ADDRESS).status).not.toBe('disposable');
    configureDefaults({ data: customDisposable() });
    expect(checkEmail(ADDRESS).status).toBe('disposable');
    expect(checkEmail(ADDRESS, { suggestTypos: false }).status).toBe('disposable');
    expect(checkIdentity({ email: ADDRESS }).email?.status).toBe('disposable');
    const res = await resolve({ customer_id: 'c', claims: ['email'], email: ADDRESS });
    expect('email' in res && res.email.status).toBe('disposable');
    expect(isDisposableDomain(FRESH_THROWAWAY)).toBe(true);
    expect(checkEmail(ADDRESS, { now: new Date('2026-12-01T00:00:00Z') }).status).toBe('disposable');
    // A checker reads what it is given: without data, the package's bundle.
    expect(createChecker().email(ADDRESS).status).not.toBe('disposable');
    expect(createChecker({ data: made.at(-1)! }).email(ADDRESS).status).toBe('disposable');
    // What the partial bundle lacks still comes from the package's.
    expect(checkIp('81.2.69.142').country).toBe('GB');
    configureDefaults({});
    expect(checkEmail(ADDRESS).status).not.toBe('disposable');
    expect(isDisposableDomain(FRESH_THROWAWAY)).toBe(false);
  });

  it('takes { dir, maxAgeDays } as createChecker’s data does', () => {
    configureDefaults({ data: { dir: customDisposable(), maxAgeDays: 0 } });
    const stale = checkEmail(ADDRESS, { now: new Date('2030-01-01T00:00:00Z') });
    expect(stale.status).toBe('disposable');
    expect(stale.reasons.map((r) => r.code)).toContain('EMAIL_DATA_STALE');
  });

  it('refuses a bad option with a typed error and keeps the default it had', () => {
    configureDefaults({ data: customDisposable() });
    expect(thrown(() => configureDefaults(5 as never))).toMatchObject({ name: 'InputError', code: 'INPUT_OPTION', field: 'options' });
    expect(thrown(() => configureDefaults({ dta: 'x' } as never))).toMatchObject({ name: 'InputError', code: 'INPUT_OPTION', field: 'dta' });
    expect(thrown(() => configureDefaults({ data: '' }))).toMatchObject({ name: 'InputError', code: 'INPUT_OPTION', field: 'data' });
    expect(thrown(() => configureDefaults({ data: { maxAgeDays: -1 } }))).toMatchObject({ name: 'InputError', field: 'data.maxAgeDays' });
    expect(thrown(() => configureDefaults({ data: { now: new Date() } as never }))).toMatchObject({ name: 'InputError', field: 'data.now' });
    const missing = join(made[0]!, 'no-such-dir');
    expect(thrown(() => configureDefaults({ data: missing }))).toMatchObject({ name: 'DataError', code: 'DATA_MISSING' });
    expect(thrown(() => configureDefaults({ data: join(made[0]!, 'email') }))).toMatchObject({ name: 'DataError', code: 'DATA_MISSING' });
    expect(checkEmail(ADDRESS).status).toBe('disposable');
  });
});

describe('IDENTITY_SIGNALS_DATA', () => {
  it('names the default bundle, read on first use; configureDefaults wins over it', () => {
    process.env[VARIABLE] = customDisposable();
    configureDefaults({}); // forget the default read so far: the next use reads the variable
    expect(checkEmail(ADDRESS).status).toBe('disposable');
    expect(isDisposableDomain(FRESH_THROWAWAY)).toBe(true);
    // Not a checker's: the CLI passes its own environment and the bundle it names.
    expect(createChecker().email(ADDRESS).status).not.toBe('disposable');
    configureDefaults({ data: { maxAgeDays: 0 } }); // no dir: the variable's bundle still, with this age limit
    const stale = checkEmail(ADDRESS, { now: new Date('2030-01-01T00:00:00Z') });
    expect(stale.status).toBe('disposable');
    expect(stale.reasons.map((r) => r.code)).toContain('EMAIL_DATA_STALE');
    process.env[VARIABLE] = '';
    configureDefaults({});
    expect(checkEmail(ADDRESS).status).not.toBe('disposable');
  });

  it('a directory that is no bundle fails at first use, naming the variable', () => {
    process.env[VARIABLE] = join(customDisposable(), 'nope');
    configureDefaults({});
    const error = thrown(() => checkEmail(ADDRESS)) as Error;
    expect(error).toMatchObject({ name: 'DataError', code: 'DATA_MISSING' });
    expect(error.message).toContain(VARIABLE);
  });
});
