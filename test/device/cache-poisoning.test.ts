/**
 * The device result cache must never hand one caller's
 * result to another. Its key used to be the user agent joined with the client
 * hints by "\0", so a user agent carrying "\0" and hint-like text built the
 * very key of a real user agent plus real hints.
 */
import { describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { latestBrowserVersion } from '../../src/device/data/index.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

const CHROME = latestBrowserVersion(T.capabilities, 'chrome') ?? 130;
/** An Android Chrome reduced user agent: the model comes from the client hints only. */
const REDUCED = `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME}.0.0.0 Mobile Safari/537.36`;
const HINTS = {
  'sec-ch-ua-model': '"SM-S911B"',
  'sec-ch-ua-platform': '"Android"',
  'sec-ch-ua-platform-version': '"14.0.0"',
  'sec-ch-ua-mobile': '?1',
};

describe('device result cache', () => {
  it('does not let a user agent with "\\0" and hint-like text poison the entry of a real user agent plus hints', () => {
    const checker = createChecker();
    const forged = checker.device(`${REDUCED}\u0000SM-S911B\u0000Android\u000014.0.0\u0000true\u0000\u0000`);
    const real = checker.device(REDUCED, { headers: HINTS });
    expect(real).not.toBe(forged);
    expect(real.value).toBe(REDUCED);
    expect(real.model).toBe('Galaxy S23');
    expect(real.brand).toBe('Samsung');
    // Its own result, the same as a checker that never saw the forged user agent.
    const fresh = createChecker().device(REDUCED, { headers: HINTS });
    expect(real).toEqual(fresh);
    expect(forged.model).toBeNull();
  });

  it('keeps the forged user agent apart in the other order too', () => {
    const checker = createChecker();
    const real = checker.device(REDUCED, { headers: HINTS });
    const forged = checker.device(`${REDUCED}\u0000SM-S911B\u0000Android\u000014.0.0\u0000true\u0000\u0000`);
    expect(forged).not.toBe(real);
    expect(forged.model).toBeNull();
    expect(real.model).toBe('Galaxy S23');
  });
});
