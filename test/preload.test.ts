import { describe, expect, it } from 'vitest';
import { checkDevice, checkEmail, checkIdentity, checkIp, checkName, checkPhone, createChecker, preload } from '../src/index.js';
import { InputError } from '../src/errors.js';
import { lazyLoads } from '../src/common/loads.js';

// The one-call functions' preload(): after it, the first checkEmail,
// checkDevice, checkIp, checkPhone, checkName and checkIdentity load
// nothing (test/data/preload.test.ts does the same for a checker, on a
// larger battery). Its own process (Vitest's forks pool): nothing is loaded
// before preload() here.

const loadedSince = (before: ReadonlyMap<string, number>) => [...lazyLoads()].filter(([what, n]) => n !== (before.get(what) ?? 0)).map(([what]) => what);

describe('preload() of the package root', () => {
  it('refuses a product that is not one of the five, before loading anything', () => {
    const before = new Map(lazyLoads());
    for (const call of [() => preload(['email', 'emial' as never]), () => createChecker().preload(['ipv4' as never])]) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect(error).toMatchObject({ code: 'INPUT_OPTION', field: expect.stringMatching(/^products\[[01]\]$/) });
    }
    expect(() => preload('email' as never)).toThrow(/products must be an array/);
    expect(loadedSince(before)).toEqual([]);
  });

  it('loads what the first call of each one-call function would', () => {
    preload();
    const before = new Map(lazyLoads());
    const now = new Date(Date.UTC(2026, 0, 1, 12));
    checkEmail('jane.doe@gmial.com');
    checkEmail('info@acme-widgets.com');
    checkDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1');
    checkIp('81.2.69.142', { now });
    checkIp('2a00:1450:4001:800::200e', { now });
    checkPhone('+86 10 6552 9988');
    checkPhone('+1 907 555 0123');
    checkName('Piet', 'Kowalski');
    checkName('Иван', 'Петров');
    checkIdentity({ email: 'giulia.rossi@libero.it', phone: '+393471234567', ip: '79.0.0.1', firstName: 'Giulia', lastName: 'Rossi', country: 'IT' }, { now });
    expect(loadedSince(before)).toEqual([]);
  });
});
