import { describe, expect, it } from 'vitest';
import { runCliText } from '../support/cli.js';

/** The CLI in process with the test process's environment, as the bin would run. */
const cli = (argv: string[]) => runCliText(argv, { env: process.env });

describe('identity-signals identity', () => {
  it('checks the inputs given together and prints each product plus identity', async () => {
    const r = await cli([
      'identity', '--email', 'sasha.petrov@yandex.ru', '--phone', '+7 916 234 56 78', '--ip', '95.24.0.1',
      '--ua', 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
      '--first', 'Aleksandr', '--last', 'Petrov', '--compact',
    ]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out) as { identity: { score: number; reasons: { code: string; points: number }[] } };
    expect(Object.keys(result)).toEqual(['email', 'phone', 'ip', 'device', 'name', 'identity']);
    expect(result.identity.reasons.map((x) => x.code)).toContain('IDENTITY_NAME_IN_EMAIL');
    expect(result.identity.reasons.reduce((s, x) => s + x.points, 0)).toBe(result.identity.score);
  });

  it('takes any subset, --country as the declared country, --bands', async () => {
    const r = await cli(['identity', '--phone', '+49 1512 3456789', '--ip', '80.128.0.1', '--country', 'IT', '--bands', 'scorecard', '--compact']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).identity.reasons.map((x: { code: string }) => x.code)).toContain('IDENTITY_DECLARED_COUNTRY_MISMATCH');
  });

  it('refuses arguments and the flags of other commands (exit 2)', async () => {
    expect((await cli(['identity', 'jane@example.com'])).code).toBe(2);
    expect((await cli(['identity', '--db', 'x.mmdb'])).code).toBe(2);
    expect((await cli(['email', '--email', 'a@b.c', 'a@b.c'])).code).toBe(2);
  });

  it('a bad --country is a usage error, not a crash', async () => {
    const r = await cli(['identity', '--country', 'Germany']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('country');
  });
});
