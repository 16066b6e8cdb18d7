import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import {
  checkDevice,
  checkEmail,
  checkIp,
  checkName,
  checkPhone,
  createChecker,
  createDeviceCheck,
  createEmailCheck,
  createIpCheck,
  createNameCheck,
  createPhoneCheck,
} from '../../src/index.js';
import type { ProductBandTable, ScoringOptions } from '../../src/index.js';
import { DEFAULT_BANDS, RISK_CLUSTERS, SCORECARD_BANDS, bandIndex, createScorer } from '../../src/scoring/index.js';
import { IdentitySignalsError } from '../../src/errors.js';

// Every input below scores where the 'default' (0–199, 200–399, 400–599, 600–799,
// 800–1000) and 'scorecard' (0–225, 226–450, 451–550, 551–775, 776–1000) tables
// put it in DIFFERENT bands, and where CUSTOM puts it in a third one. An input
// that falls in the same band under every table cannot tell whether a check
// honours `scoring.bands` at all (issue 12, item 10).
const CUSTOM: ProductBandTable = [
  { min: 0, max: 99 },
  { min: 100, max: 199 },
  { min: 200, max: 299 },
  { min: 300, max: 499 },
  { min: 500, max: 1000 },
];

type Outcome = { readonly score: number; readonly score_cluster: string };

interface Case {
  readonly product: 'email' | 'device' | 'ip' | 'phone' | 'name';
  readonly input: readonly string[];
  /** The score range the input is chosen for: the tables disagree there. */
  readonly range: readonly [number, number];
  /** Expected cluster under default, scorecard and CUSTOM. */
  readonly clusters: readonly [string, string, string];
  /** The result through the shared checker, a per-checker factory and a per-call option. */
  readonly viaChecker: (scoring: ScoringOptions | undefined) => Outcome;
  readonly viaFactory: (scoring: ScoringOptions | undefined) => Outcome;
  readonly viaCall: (scoring: ScoringOptions) => Outcome;
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const checkerWith = (scoring: ScoringOptions | undefined) => createChecker(scoring === undefined ? {} : { scoring });
const opts = (scoring: ScoringOptions | undefined) => (scoring === undefined ? {} : { scoring });

const CASES: readonly Case[] = [
  {
    product: 'email',
    // A role address at a corporate domain: 551–599 is 'moderate' by default, 'good' on the scorecard.
    input: ['info@stripe.com'],
    range: [551, 599],
    clusters: ['moderate', 'good', 'high'],
    viaChecker: (s) => checkerWith(s).email('info@stripe.com'),
    viaFactory: (s) => createEmailCheck(opts(s))('info@stripe.com'),
    viaCall: (s) => checkEmail('info@stripe.com', { scoring: s }),
  },
  {
    product: 'email',
    // A role address at a free provider: 400–450 is 'moderate' by default, 'bad' on the scorecard.
    input: ['admin@gmail.com'],
    range: [400, 450],
    clusters: ['moderate', 'bad', 'good'],
    viaChecker: (s) => checkerWith(s).email('admin@gmail.com'),
    viaFactory: (s) => createEmailCheck(opts(s))('admin@gmail.com'),
    viaCall: (s) => checkEmail('admin@gmail.com', { scoring: s }),
  },
  {
    product: 'device',
    // An iPhone Safari user agent (model hidden by Apple): 400–450.
    input: [IPHONE],
    range: [400, 450],
    clusters: ['moderate', 'bad', 'good'],
    viaChecker: (s) => checkerWith(s).device(IPHONE),
    viaFactory: (s) => createDeviceCheck(opts(s))(IPHONE),
    viaCall: (s) => checkDevice(IPHONE, { scoring: s }),
  },
  {
    product: 'ip',
    // A public DNS resolver in a hosting range: 400–450 is 'review' by default, 'low' on the scorecard.
    input: ['8.8.8.8'],
    range: [400, 450],
    clusters: ['review', 'low', 'high'],
    viaChecker: (s) => checkerWith(s).ip('8.8.8.8'),
    viaFactory: (s) => createIpCheck(opts(s))('8.8.8.8'),
    viaCall: (s) => checkIp('8.8.8.8', { scoring: s }),
  },
  {
    product: 'phone',
    // A UK personal number (070, forwarding service): 400–450.
    input: ['+44 70 1234 5678'],
    range: [400, 450],
    clusters: ['review', 'low', 'high'],
    viaChecker: (s) => checkerWith(s).phone('+44 70 1234 5678'),
    viaFactory: (s) => createPhoneCheck(opts(s))('+44 70 1234 5678'),
    viaCall: (s) => checkPhone('+44 70 1234 5678', { scoring: s }),
  },
  {
    product: 'name',
    // Known first and last name that is also a famous person's: 551–599.
    input: ['Thomas', 'Müller'],
    range: [551, 599],
    clusters: ['review', 'high', 'very_high'],
    viaChecker: (s) => checkerWith(s).name('Thomas', 'Müller'),
    viaFactory: (s) => createNameCheck(opts(s))('Thomas', 'Müller'),
    viaCall: (s) => checkName('Thomas', 'Müller', { scoring: s }),
  },
];

describe('scoring.bands reaches every product (inputs where the tables disagree)', () => {
  describe.each(CASES.map((c) => [`${c.product} ${c.input.join(' ')}`, c] as const))('%s', (_label, c) => {
    const [low, high] = c.range;
    const [byDefault, byScorecard, byCustom] = c.clusters;

    it('scores in the range where default and scorecard give different clusters', () => {
      const { score } = c.viaChecker(undefined);
      expect(score).toBeGreaterThanOrEqual(low);
      expect(score).toBeLessThanOrEqual(high);
      expect(byDefault).not.toBe(byScorecard);
    });

    it.each([
      ['createChecker({ scoring })', 'viaChecker'],
      ['create<Product>Check({ scoring })', 'viaFactory'],
    ] as const)('%s: default, scorecard and a custom table give their own clusters', (_how, via) => {
      const run = c[via];
      const base = run(undefined);
      expect(base.score_cluster).toBe(byDefault);
      expect(run({ bands: 'default' }).score_cluster).toBe(byDefault);
      const scorecard = run({ bands: 'scorecard' });
      expect(scorecard.score_cluster).toBe(byScorecard);
      const custom = run({ bands: CUSTOM });
      expect(custom.score_cluster).toBe(byCustom);
      // The band table moves the cluster, never the score of an ungated input.
      expect([scorecard.score, custom.score]).toEqual([base.score, base.score]);
    });

    it('per-call { scoring } option: the cluster follows the table', () => {
      expect(c.viaCall({ bands: 'default' }).score_cluster).toBe(byDefault);
      expect(c.viaCall({ bands: 'scorecard' }).score_cluster).toBe(byScorecard);
      expect(c.viaCall({ bands: CUSTOM }).score_cluster).toBe(byCustom);
    });
  });
});

describe('gates cap at the top of a band of the active table', () => {
  // With the disposable weight set to 0, only the gate (capBand 1) acts: the
  // score of a disposable address is the top of the second band of each table.
  const weights = { EMAIL_DISPOSABLE: 0 };
  it.each([
    ['default', 'default', 399],
    ['scorecard', 'scorecard', 450],
    ['custom', CUSTOM, 199],
  ] as const)('email disposable under %s bands scores %i', (_name, bands, top) => {
    const result = createChecker({ scoring: { bands, weights } }).email('temp123@mailinator.com');
    expect(result.score).toBe(top);
    expect(result.score_cluster).toBe('bad');
  });
});

describe('scoring.bands after providers re-score an e-mail (emailAsync)', () => {
  it('keeps the checker band table when the providers answer', async () => {
    const provider = { name: 'social', enrichEmail: async () => ({ has_twitter: true }) };
    const byDefault = await createChecker({ providers: [provider] }).emailAsync('info@stripe.com');
    const byScorecard = await createChecker({ providers: [provider], scoring: { bands: 'scorecard' } }).emailAsync('info@stripe.com');
    const byCustom = await createChecker({ providers: [provider], scoring: { bands: CUSTOM } }).emailAsync('info@stripe.com');
    expect(byDefault.has_twitter).toBe(true);
    expect(byScorecard.score).toBe(byDefault.score);
    expect([byDefault.score_cluster, byScorecard.score_cluster, byCustom.score_cluster]).toEqual(['moderate', 'good', 'high']);
  });
});

describe('the CLI --bands flag', () => {
  const cli = async (argv: string[]) => {
    const out: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(l), err: () => {}, stdin: Readable.from(['']) });
    return { code, result: JSON.parse(out.join('\n')) as Outcome };
  };
  it.each([
    ['email', ['info@stripe.com'], 'moderate', 'good'],
    ['ip', ['8.8.8.8'], 'review', 'low'],
    ['name', ['Thomas', 'Müller'], 'review', 'high'],
  ] as const)('%s: the cluster follows --bands', async (product, values, byDefault, byScorecard) => {
    expect((await cli([product, ...values, '--compact'])).result.score_cluster).toBe(byDefault);
    const scorecard = await cli([product, ...values, '--bands', 'scorecard', '--compact']);
    expect(scorecard.code).toBe(0);
    expect(scorecard.result.score_cluster).toBe(byScorecard);
  });
});

describe('bandIndex and the preset tables at their edges', () => {
  it.each([
    ['default', DEFAULT_BANDS, [0, 199, 200, 399, 400, 599, 600, 799, 800, 1000]],
    ['scorecard', SCORECARD_BANDS, [0, 225, 226, 450, 451, 550, 551, 775, 776, 1000]],
  ] as const)('%s: each band holds its own min and max, and nothing else', (_name, table, edges) => {
    expect(table.map((b) => [b.min, b.max]).flat()).toEqual(edges);
    for (const [i, band] of table.entries()) {
      expect(bandIndex(band.min, table)).toBe(i);
      expect(bandIndex(band.max, table)).toBe(i);
    }
  });

  it('puts a score above the last band in the last band', () => {
    expect(bandIndex(1001, DEFAULT_BANDS)).toBe(4);
    expect(bandIndex(1001, [{ min: 0, max: 499 }, { min: 500, max: 1000 }])).toBe(1);
  });

  it('rejects a score model whose own weight is outside 0..1 (a model bug, not a caller error)', () => {
    const model = { product: 'name', clusters: RISK_CLUSTERS, baseline: 0.3, signals: { NAME_X: { kind: 'risk', weight: 1.5, description: 'x' } } } as const;
    expect(() => createScorer(model)).toThrow(IdentitySignalsError);
    expect(() => createScorer(model)).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
    expect(() => createScorer({ ...model, signals: { NAME_X: { kind: 'risk', weight: -0.1, description: 'x' } } })).toThrow(/outside 0\.\.1/);
  });
});
