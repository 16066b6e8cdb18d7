/**
 * The device check's evidence signals on request sets that are not rows of
 * the sign-up corpus: user agents and client hints as Chrome, Edge, Opera,
 * Samsung Internet, Firefox and Safari send them (versions of 2024–2025), and
 * the automation tools' defaults. Every call pins `now`: a browser's age is
 * judged on the checker's clock, so the suite gives the same answers on any day.
 */
import { describe, expect, it } from 'vitest';
import { ageOfMajor, browserAge } from '../../src/device/browserAge.js';
import { releaseHistory } from '../../src/device/data/index.js';
import { checkDevice, createDeviceCheck } from '../../src/device/index.js';
import type { DeviceResult } from '../../src/device/index.js';
import { openData } from '../../src/data/context.js';
import { openDeviceTables } from '../../src/device/tables.js';

/** The package's device tables, opened explicitly. */
const T = openDeviceTables(openData(undefined));

const JUNE_2024 = new Date('2024-06-01T12:00:00Z');
const codes = (r: DeviceResult): string[] => r.reasons.map((x) => x.code);
const at = (ua: string, headers: Record<string, string> = {}, now = JUNE_2024): DeviceResult => checkDevice(ua, { headers, now });

// Chrome 125 (stable on 2024-06-01) as Windows, macOS and Android send it.
const WIN_125 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
const MAC_125 = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
const PHONE_125 = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36';
const TABLET_125 = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
const CH_125 = '"Google Chrome";v="125", "Chromium";v="125", "Not.A/Brand";v="24"';

describe('automation in the client hints', () => {
  it("flags Chromium's headless shell by its Sec-CH-UA brand behind a UA rewritten to pass for Chrome", () => {
    // Puppeteer's and Playwright's default browser with only the User-Agent overridden.
    const mac = at(MAC_125, { 'sec-ch-ua': '"Chromium";v="125", "HeadlessChrome";v="125", "Not.A/Brand";v="24"', 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"macOS"' });
    expect(codes(mac)).toContain('DEVICE_HEADLESS');
    expect(mac.reasons.find((x) => x.code === 'DEVICE_HEADLESS')!.detail).toMatch(/Sec-CH-UA names HeadlessChrome/);
    expect(mac.is_robot).toBe(true);
    expect(mac.score).toBeLessThanOrEqual(399);
    expect(codes(mac)).not.toContain('DEVICE_BROWSER_RECENT');
    // The same in the full version list, on Linux.
    const linux = at('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36', {
      'Sec-CH-UA-Full-Version-List': '"HeadlessChrome";v="128.0.6613.119", "Chromium";v="128.0.6613.119", "Not;A=Brand";v="24.0.0.0"',
    }, new Date('2024-09-01T00:00:00Z'));
    expect(codes(linux)).toContain('DEVICE_HEADLESS');
  });

  it("leaves real browsers' brand lists alone (Edge, Opera, Brave, GREASE entries)", () => {
    const edge = at(`${WIN_125} Edg/125.0.0.0`, { 'sec-ch-ua': '"Microsoft Edge";v="125", "Chromium";v="125", "Not.A/Brand";v="24"', 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Windows"' });
    expect(codes(edge)).not.toContain('DEVICE_HEADLESS');
    expect(edge.is_robot).toBe(false);
    const brave = at(WIN_125, { 'sec-ch-ua': '"Brave";v="125", "Chromium";v="125", "Not.A/Brand";v="24"' });
    expect(codes(brave)).not.toContain('DEVICE_HEADLESS');
  });
});

describe('hints that contradict the user agent', () => {
  it('flags a platform the UA does not run', () => {
    const r = at(MAC_125, { 'sec-ch-ua': CH_125, 'sec-ch-ua-platform': '"Windows"' });
    expect(codes(r)).toContain('DEVICE_HINTS_MISMATCH');
    expect(codes(r)).not.toContain('DEVICE_BROWSER_RECENT');
  });

  it("flags Sec-CH-UA-Mobile ?0 from an Android phone's UA, not from a tablet's", () => {
    const phone = at(PHONE_125, { 'sec-ch-ua': CH_125, 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Android"' });
    expect(phone.reasons.find((x) => x.code === 'DEVICE_HINTS_MISMATCH')?.detail).toMatch(/not mobile/);
    const tablet = at(TABLET_125, { 'sec-ch-ua': CH_125, 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Android"' });
    expect(codes(tablet)).not.toContain('DEVICE_HINTS_MISMATCH');
    const honest = at(PHONE_125, { 'sec-ch-ua': CH_125, 'sec-ch-ua-mobile': '?1', 'sec-ch-ua-platform': '"Android"' });
    expect(codes(honest)).toContain('DEVICE_HINTS_CONSISTENT');
  });

  it("flags a Chromium major that is not the UA's, and reads only the major of a reduced UA", () => {
    const r = at(WIN_125, { 'sec-ch-ua': '"Google Chrome";v="122", "Chromium";v="122", "Not(A:Brand";v="24"' });
    expect(r.reasons.find((x) => x.code === 'DEVICE_HINTS_MISMATCH')?.detail).toMatch(/Chromium 122, the user agent Chrome\/125/);
    // Chrome/125.0.0.0 with its real build in the full version list: the frozen minor is no contradiction.
    const full = at(WIN_125, { 'Sec-CH-UA-Full-Version-List': '"Google Chrome";v="125.0.6422.142", "Chromium";v="125.0.6422.142", "Not.A/Brand";v="24.0.0.0"' });
    expect(codes(full)).not.toContain('DEVICE_HINTS_MISMATCH');
    // Opera and Samsung Internet number themselves apart from the Chromium they ship.
    const opera = at(`${WIN_125} OPR/111.0.0.0`, { 'sec-ch-ua': '"Opera";v="111", "Chromium";v="125", "Not.A/Brand";v="24"', 'sec-ch-ua-platform': '"Windows"' });
    expect(codes(opera)).not.toContain('DEVICE_HINTS_MISMATCH');
    const samsung = at('Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', {
      'sec-ch-ua': '"Chromium";v="121", "Not(A:Brand";v="24", "Samsung Internet";v="25.0"',
      'sec-ch-ua-mobile': '?1',
      'sec-ch-ua-platform': '"Android"',
    });
    expect(codes(samsung)).not.toContain('DEVICE_HINTS_MISMATCH');
  });

  it('flags client hints from Firefox and Safari, which send none', () => {
    const firefox = at('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0', { 'sec-ch-ua': CH_125, 'sec-ch-ua-platform': '"Windows"' });
    expect(firefox.reasons.find((x) => x.code === 'DEVICE_HINTS_MISMATCH')?.detail).toMatch(/Gecko/);
    const safari = at('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', { 'sec-ch-ua': CH_125 });
    expect(codes(safari)).toContain('DEVICE_HINTS_MISMATCH');
    // Only GREASE: nothing is claimed, nothing contradicted.
    const grease = at('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0', { 'sec-ch-ua': '"Not.A/Brand";v="24"' });
    expect(codes(grease)).not.toContain('DEVICE_HINTS_MISMATCH');
  });
});

describe("browser age on the checker's clock", () => {
  it('trusts a current browser of every family, iOS Safari by its iOS version', () => {
    expect(codes(at(WIN_125, { 'sec-ch-ua': CH_125, 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Windows"' }))).toContain('DEVICE_BROWSER_RECENT');
    expect(at('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0').is_recent).toBe(true);
    expect(at('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1').is_recent).toBe(true);
    // Safari 26 freezes the OS at 18_6: its Version/ is the iOS major.
    const ios26 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1';
    expect(codes(at(ios26, {}, new Date('2025-10-20T00:00:00Z')))).toContain('DEVICE_BROWSER_RECENT');
    // An in-app browser behind the frozen token says its iOS in its own block.
    const facebook = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/530.0.0.42.108;FBBV/761234567;FBDV/iPhone16,1;FBMD/iPhone;FBSN/iOS;FBSV/26.1;FBSS/3;FBID/phone;FBLC/en_GB;FBOP/5]';
    expect(at(facebook, {}, new Date('2025-12-01T00:00:00Z')).is_recent).toBe(true);
    expect(at(facebook, {}, new Date('2028-12-01T00:00:00Z')).is_recent).toBe(false);
  });

  it('dates a version by when its successor came out, whatever the family ships per year', () => {
    // Chrome 109 was superseded on 2023-02-07: 15 months by June 2024, neither current nor two years out.
    const chrome109 = at('Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36');
    expect(chrome109.is_recent).toBe(false);
    expect(codes(chrome109)).not.toContain('DEVICE_BROWSER_OUTDATED');
    // Chrome 100 was superseded on 2022-04-26: 25 months.
    const chrome100 = at('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.127 Safari/537.36');
    expect(chrome100.reasons.find((x) => x.code === 'DEVICE_BROWSER_OUTDATED')?.detail).toMatch(/25 months ago/);
    // iOS 16 was superseded by iOS 17 on 2023-09-18: eight months, a year's Safari is not "years behind".
    const ios16 = at('Mozilla/5.0 (iPhone; CPU iPhone OS 16_7_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1');
    expect(ios16.is_recent).toBe(false);
    expect(codes(ios16)).not.toContain('DEVICE_BROWSER_OUTDATED');
    // Legacy Edge (EdgeHTML 18) was superseded by Chromium Edge 79 in January 2020.
    expect(codes(at('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045'))).toContain('DEVICE_BROWSER_OUTDATED');
    // The same Chrome 125 is current in June 2024 and two years out of date in 2026.
    expect(codes(at(WIN_125, {}, new Date('2026-08-01T00:00:00Z')))).toContain('DEVICE_BROWSER_OUTDATED');
  });

  it('calls a version past every pre-release channel unreleased, and a beta or canary current', () => {
    // On 2024-06-01 Chrome 125 is stable, 126 beta, 127 dev and canary.
    const canary = at('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Safari/537.36');
    expect(codes(canary)).not.toContain('DEVICE_VERSION_UNRELEASED');
    const forged = at('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    expect(codes(forged)).toContain('DEVICE_VERSION_UNRELEASED');
    expect(codes(forged)).not.toContain('DEVICE_BROWSER_RECENT');
    expect(forged.score).toBeLessThan(at(WIN_125).score);
    // iOS 18 in June 2024 is Apple's developer beta; iOS 19 did not exist.
    const beta = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(codes(at(beta))).not.toContain('DEVICE_VERSION_UNRELEASED');
    expect(codes(at(beta.replaceAll('18_0', '19_0').replace('18.0', '19.0')))).toContain('DEVICE_VERSION_UNRELEASED');
  });

  it('reads the clock it is given: a checker clock, a call clock, and a table older than the clock', () => {
    const history = releaseHistory(T.releases, 'chrome')!;
    const last = history.majors[history.majors.length - 1]!;
    const lastDay = history.days[history.days.length - 1]!;
    const ua = (major: number): string => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
    const atDay = new Date((lastDay + 3) * 86_400_000);
    const later = new Date((lastDay + 800) * 86_400_000);
    const check = createDeviceCheck({ now: atDay });
    expect(check(ua(last)).is_recent).toBe(true);
    // The call's own clock wins, and the cache does not hand back the other day's result.
    expect(check(ua(last), { now: later }).is_recent).toBe(false);
    expect(codes(check(ua(last), { now: later }))).toContain('DEVICE_BROWSER_OUTDATED');
    // Past the table, the family's cadence counts the releases since: a version that many majors on is current.
    const cadence = ageOfMajor('chrome', history, last + 1, lastDay + 800);
    expect(cadence?.unreleased).toBe(false);
    expect(createDeviceCheck({ now: () => later })(ua(last + 2)).is_recent).toBe(false);
    const behind = browserAge(T.releases, { browser: 'Chrome', browserVersion: `${last}.0`, engine: 'Blink', engineVersion: `${last}.0`, os: 'Windows', osVersion: '10' }, ua(last), later.getTime());
    expect(behind?.monthsBehind).toBeGreaterThanOrEqual(24);
  });

  it('at(nowMs, …) checks at the instant it is given, without reading the clock; a call\'s own now still wins', () => {
    const history = releaseHistory(T.releases, 'chrome')!;
    const last = history.majors[history.majors.length - 1]!;
    const lastDay = history.days[history.days.length - 1]!;
    const ua = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${last}.0.0.0 Safari/537.36`;
    const atDay = (lastDay + 3) * 86_400_000;
    const later = (lastDay + 800) * 86_400_000;
    let reads = 0;
    const check = createDeviceCheck({ now: () => (reads++, new Date(later)) });
    expect(check.at(atDay, ua).is_recent).toBe(true);
    expect(reads).toBe(0);
    expect(check.at(atDay, ua, { now: new Date(later) }).is_recent).toBe(false);
    expect(check(ua).is_recent).toBe(false);
    expect(reads).toBe(1);
    expect(check.at(atDay, ua)).toEqual(createDeviceCheck({ now: new Date(atDay) })(ua));
  });

  it('rejects a call clock that is not a Date', () => {
    expect(() => checkDevice(WIN_125, { now: 'today' as unknown as Date })).toThrow(expect.objectContaining({ code: 'INPUT_OPTION' }));
  });
});

describe('a hidden iPhone model is the norm', () => {
  it('scores a current iPhone like a current Galaxy that names its model', () => {
    const iphone = at('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
    const galaxy = at('Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36');
    expect(codes(iphone)).toContain('DEVICE_MODEL_HIDDEN');
    expect(galaxy.reasons.find((x) => x.code === 'DEVICE_MODEL_IDENTIFIED')?.points).toBe(0);
    expect(iphone.score).toBe(galaxy.score);
  });
});
