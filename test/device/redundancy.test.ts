/**
 * Every rule of the device rule tables (src/device/rules.ts) is needed by a
 * case, as isbot's redundancy check asks of its patterns: each rule is
 * removed in turn and the corpus cases of the fit half (corpusMetrics.ts's
 * split; the score half is never read to keep or write a rule) plus the
 * family cases below are run again. A rule is needed when a case the full
 * tables answer right goes wrong without it. The test prints each rule no
 * case needs, and fails if there is one: remove the rule, or add a case from
 * another member of its family here.
 *
 * Cost: one pass over the corpus and the family cases with the full tables,
 * noting on which cases each rule's test holds; then, per rule, only those
 * cases are run again without it (a rule whose test does not hold on a case
 * cannot change its result).
 */
import UAParser from 'ua-parser-js';
import { describe, expect, it } from 'vitest';
import { openData } from '../../src/data/context.js';
import { deviceCheckOn } from '../../src/device/checkDevice.js';
import { PARSER_CORRECTIONS } from '../../src/device/parserExtensions.js';
import { DEVICE_RULES } from '../../src/device/rules.js';
import type { DeviceRules } from '../../src/device/rules.js';
import type { DeviceCallOptions, DeviceCheck, DeviceResult } from '../../src/device/index.js';
import { HALF_METRICS, halfOf, measureCorpus } from './corpusMetrics.js';

/**
 * Cases for rules the corpus's fit half does not exercise, each a member of
 * the rule's family written from the family's documented format (other
 * versions, models and apps than any corpus row): the field and the value
 * the full tables give.
 */
const FAMILY_CASES: readonly { ua: string; headers?: Record<string, string>; field: keyof DeviceResult; want: unknown; why: string }[] = [
  { ua: 'RadioNet/5.2.1 (Andr0id 10; SM-A505F)', field: 'operating_system', want: 'Android', why: 'an app writing Andr0id' },
  { ua: 'Opera/9.80 (iPhone; Opera Mini/7.0.4/28.2555; U; fr) Presto/2.8.119 Version/11.10 MIDP-2.0', field: 'operating_system', want: 'Java ME', why: 'Opera Mini on Java ME read as iOS' },
  { ua: 'Mozilla/5.0 (Fuchsia) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Safari/537.36 CrKey/1.56.500000', field: 'operating_system', want: 'Fuchsia', why: 'Fuchsia' },
  { ua: 'Mozilla/5.0 (Fuchsia) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Safari/537.36 CrKey/1.56.500000', field: 'category', want: 'smart_display', why: 'Fuchsia is a smart display' },
  { ua: 'Mozilla/5.0 (Linux; Android 11; KFRASWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/112.3.1 like Chrome/112.0.5615.213 Safari/537.36', field: 'operating_system', want: 'Fire OS', why: 'an Amazon Fire tablet' },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    headers: { 'sec-ch-ua-platform': '"Windows"', 'sec-ch-ua-platform-version': '"15.0.0"' },
    field: 'os_version',
    want: '11',
    why: 'Windows 11 by Sec-CH-UA-Platform-Version',
  },
  { ua: 'dv(iPh12,1);pr(UCBrowser/13.4.0.1306);ov(14_4);ss(414x896);bt(UC);pm(0);bv(0);nm(0);im(0);sr(0);nt(1)', field: 'os_version', want: '14.4', why: "UC Browser for iOS's ov() field" },
  { ua: 'Opera/9.80 (MRE/3.1.00(1024); CHIP/MT6261; DEV/Maximus_MX242) Opera Mini/4.5', field: 'model', want: 'MX242', why: "an MRE phone's DEV/ field" },
  { ua: 'Mozilla/5.0 (compatible; Bingbot/2.0; +http://www.bing.com/bingbot.htm)', field: 'category', want: 'robot', why: 'a crawler is a robot' },
  {
    ua: 'Mozilla/5.0 (X11; GNU/Linux) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/109.0.5414.119 Chrome/109.0.5414.119 Safari/537.36 Tesla/2023.20.9-abc123',
    field: 'category',
    want: 'car',
    why: "a Tesla's browser",
  },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 SteamDeck', field: 'category', want: 'console', why: 'a Steam Deck' },
  { ua: 'Mozilla/5.0 (Linux; Android 9; Echo_Show_8 Build/PS7624) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Safari/537.36', field: 'category', want: 'smart_display', why: 'an Echo Show' },
  {
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    headers: { 'sec-ch-ua-mobile': '?1' },
    field: 'category',
    want: 'desktop',
    why: 'a Chromebook whose browser claims mobile (device emulation)',
  },
  { ua: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1', field: 'category', want: 'media_player', why: 'an iPod touch' },
  { ua: 'WeatherApp/4.1 (iPad; iOS 17.4; Scale/2.00)', field: 'category', want: 'tablet', why: "an iPad app's agent" },
  {
    ua: 'PANTECH-P2030/R01 Browser/Obigo/Q05A Profile/MIDP-2.0 Configuration/CLDC-1.1',
    field: 'brand',
    want: 'Pantech',
    why: "a Pantech feature phone led by its maker's name, whose P-number ua-parser-js reads as another maker's (Breeze III, AT&T)",
  },
  { ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', headers: { 'sec-ch-ua-mobile': '?1' }, field: 'category', want: 'smartphone', why: 'Sec-CH-UA-Mobile ?1 on a UA naming no platform' },
];

type TableName = keyof DeviceRules;

const context = openData(undefined);

/** The case being run, and for each rule the cases whose run reached it and found its test true. */
let current = '';
const fired = new Map<object, Set<string>>();
const truthy = (hit: unknown): boolean => hit !== null && hit !== undefined && hit !== false && hit !== '';
/** The tables with every test wrapped to note the cases it fires on (the rows themselves unchanged, as keys). */
const watched: DeviceRules = Object.fromEntries(
  (Object.keys(DEVICE_RULES) as TableName[]).map((table) => [
    table,
    (DEVICE_RULES[table] as readonly { test: (f: never) => unknown }[]).map((row) => {
      const seen = new Set<string>();
      fired.set(row, seen);
      return {
        ...row,
        test: (f: never): unknown => {
          const hit = row.test(f);
          if (truthy(hit)) seen.add(current);
          return hit;
        },
      };
    }),
  ]),
) as unknown as DeviceRules;

const keyOf = (ua: string, options?: DeviceCallOptions): string => (options?.headers === undefined ? ua : `${ua}\u0000${JSON.stringify(options.headers)}`);

const FAMILY_KEYS: ReadonlySet<string> = new Set(FAMILY_CASES.map((c) => keyOf(c.ua, c.headers === undefined ? undefined : { headers: c.headers })));

/** Every case's result with the full tables (noting which rules fire on it). */
const baselineResults = new Map<string, DeviceResult>();
const fullCheck = deviceCheckOn(context, { cacheSize: 0, rules: watched });
const recording = (ua: string, options?: DeviceCallOptions): DeviceResult => {
  const key = keyOf(ua, options);
  let r = baselineResults.get(key);
  if (r === undefined) {
    current = key;
    r = fullCheck(ua, options);
    baselineResults.set(key, r);
  }
  return r;
};

/**
 * A check that runs `check` on the cases of the fit half and the family
 * cases where the removed rule fired (`only`), and answers every other case
 * with the full tables' result: a rule whose test did not hold on a case
 * cannot change that case's result.
 */
const onlyWhere = (check: DeviceCheck, only: ReadonlySet<string>): DeviceCheck => {
  const wrapped = (ua: string, options?: DeviceCallOptions): DeviceResult => {
    const key = keyOf(ua, options);
    return only.has(key) && (halfOf(ua) === 'fit' || FAMILY_KEYS.has(key)) ? check(ua, options) : recording(ua, options);
  };
  return Object.assign(wrapped, { preload: check.preload, at: check.at });
};

/** Every wrong answer of the fit half and of the family cases, one string each. */
function wrongAnswers(check: DeviceCheck): Set<string> {
  const m = measureCorpus(check);
  const out = new Set<string>();
  for (const name of HALF_METRICS) for (const miss of m.halves.fit[name].misses) out.add(`${name}: ${miss.text}`);
  for (const c of FAMILY_CASES) {
    const got = check(c.ua, c.headers === undefined ? undefined : { headers: c.headers })[c.field];
    if (got !== c.want) out.add(`family case ${c.why}: ${String(c.field)} ${String(got)} ≠ ${String(c.want)}`);
  }
  return out;
}

describe('device rule tables: every rule is needed by a case', () => {
  it('no rule of any table is left that no case needs', () => {
    const baseline = wrongAnswers(recording as DeviceCheck);
    const unneeded: string[] = [];
    let rules = 0;
    for (const table of Object.keys(DEVICE_RULES) as TableName[]) {
      const rows = DEVICE_RULES[table] as readonly { why: string }[];
      rows.forEach((row, i) => {
        rules++;
        const without = { ...DEVICE_RULES, [table]: rows.filter((_, j) => j !== i) } as DeviceRules;
        const only = fired.get(row)!;
        const wrong = only.size === 0 ? baseline : wrongAnswers(onlyWhere(deviceCheckOn(context, { cacheSize: 0, rules: without }), only));
        const lost = [...wrong].filter((w) => !baseline.has(w));
        if (lost.length === 0) unneeded.push(`${table}[${i}]: ${row.why}`);
      });
    }
    console.log(`device rule tables: ${rules} rules; ${unneeded.length} needed by no case${unneeded.length === 0 ? '' : `:\n  ${unneeded.join('\n  ')}`}`);
    expect(unneeded).toEqual([]);
  }, 600_000);
});

describe('ua-parser-js corrections: each changes what the bare parser says', () => {
  /** A member of each correction's family (not a corpus row). */
  const NEST_HUB = 'Mozilla/5.0 (Fuchsia) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 CrKey/1.68.374968';
  it('every correction fires on its family and changes the parser answer', () => {
    for (const [i, c] of PARSER_CORRECTIONS.entries()) {
      const only = Object.fromEntries([[c.part, [[...c.regexes], c.props.map((p) => (typeof p === 'string' ? p : [...p]))]]]);
      const corrected = new UAParser(NEST_HUB, only).getResult()[c.part];
      const bare = new UAParser(NEST_HUB).getResult()[c.part];
      expect(corrected, `correction ${i}: ${c.why}`).not.toEqual(bare);
    }
    const r = deviceCheckOn(context, { cacheSize: 0 })(NEST_HUB);
    expect([r.brand, r.model, r.operating_system, r.category]).toEqual(['Google', 'Nest Hub', 'Fuchsia', 'smart_display']);
  });
});
