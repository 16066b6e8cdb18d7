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
// honours `scoring.bands` at all. Where no everyday input
// of a product lands there (the products' evidence moves scores in whole
// log-likelihood ratios: 500, 550, 57 …), one weight is set with it so that
// it does; the weight goes with every table, so only the bands differ.
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
  /** A weight set with every table to bring the input into the range (none when it is there by itself). */
  readonly weights: Readonly<Record<string, number>> | undefined;
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

/** A case: its checks get `weights` merged into whatever scoring options they are given. */
function makeCase(
  product: Case['product'],
  input: readonly string[],
  weights: Case['weights'],
  range: Case['range'],
  clusters: Case['clusters'],
  checks: {
    checker: (scoring: ScoringOptions | undefined) => Outcome;
    factory: (scoring: ScoringOptions | undefined) => Outcome;
    call: (scoring: ScoringOptions) => Outcome;
  },
): Case {
  const withWeights = (scoring: ScoringOptions | undefined): ScoringOptions | undefined =>
    weights === undefined ? scoring : { ...scoring, weights: weights as ScoringOptions['weights'] };
  return {
    product,
    input,
    weights,
    range,
    clusters,
    viaChecker: (s) => checks.checker(withWeights(s)),
    viaFactory: (s) => checks.factory(withWeights(s)),
    viaCall: (s) => checks.call(withWeights(s)!),
  };
}

const CASES: readonly Case[] = [
  // A free-provider address of chosen words (EMAIL_FREE at 0.3 nats, EMAIL_LOCAL_CHOSEN at 0: 574): 551–599 is
  // 'moderate' by default, 'good' on the scorecard.
  makeCase('email', ['travelbug@gmail.com'], { EMAIL_FREE: 0.3, EMAIL_LOCAL_CHOSEN: 0 }, [551, 599], ['moderate', 'good', 'high'], {
    checker: (s) => checkerWith(s).email('travelbug@gmail.com'),
    factory: (s) => createEmailCheck(opts(s))('travelbug@gmail.com'),
    call: (s) => checkEmail('travelbug@gmail.com', { scoring: s }),
  }),
  // A role address at a company (EMAIL_ROLE at 0.2 nats: 450): 400–450 is 'moderate' by default, 'bad' on the scorecard.
  makeCase('email', ['info@stripe.com'], { EMAIL_ROLE: 0.2 }, [400, 450], ['moderate', 'bad', 'good'], {
    checker: (s) => checkerWith(s).email('info@stripe.com'),
    factory: (s) => createEmailCheck(opts(s))('info@stripe.com'),
    call: (s) => checkEmail('info@stripe.com', { scoring: s }),
  }),
  // An iPhone on iOS 17 Safari, years behind (DEVICE_BROWSER_OUTDATED at 0.2 nats: 450).
  makeCase('device', [IPHONE], { DEVICE_BROWSER_OUTDATED: 0.2 }, [400, 450], ['moderate', 'bad', 'good'], {
    checker: (s) => checkerWith(s).device(IPHONE),
    factory: (s) => createDeviceCheck(opts(s))(IPHONE),
    call: (s) => checkDevice(IPHONE, { scoring: s }),
  }),
  // A public DNS resolver (IP_PUBLIC_RESOLVER at 0.2 nats: 450): 'review' by default, 'low' on the scorecard.
  makeCase('ip', ['8.8.8.8'], { IP_PUBLIC_RESOLVER: 0.2 }, [400, 450], ['review', 'low', 'high'], {
    checker: (s) => checkerWith(s).ip('8.8.8.8'),
    factory: (s) => createIpCheck(opts(s))('8.8.8.8'),
    call: (s) => checkIp('8.8.8.8', { scoring: s }),
  }),
  // A UK personal number (070, forwarding service; PHONE_PERSONAL_NUMBER at 0.2 nats: 450), digits without a pattern.
  makeCase('phone', ['+44 70 4829 1736'], { PHONE_PERSONAL_NUMBER: 0.2 }, [400, 450], ['review', 'low', 'high'], {
    checker: (s) => checkerWith(s).phone('+44 70 4829 1736'),
    factory: (s) => createPhoneCheck(opts(s))('+44 70 4829 1736'),
    call: (s) => checkPhone('+44 70 4829 1736', { scoring: s }),
  }),
  // A unisex first name the lists know and a name-like surname they do not: 574 with the model's own weights.
  makeCase('name', ['Robin', 'Varnecke'], undefined, [551, 599], ['review', 'high', 'very_high'], {
    checker: (s) => checkerWith(s).name('Robin', 'Varnecke'),
    factory: (s) => createNameCheck(opts(s))('Robin', 'Varnecke'),
    call: (s) => checkName('Robin', 'Varnecke', { scoring: s }),
  }),
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
    const result = createChecker({ scoring: { bands, weights } }).email('lukas.berger@mailinator.com');
    expect(result.score).toBe(top);
    expect(result.score_cluster).toBe('bad');
  });
});

describe('scoring.bands after providers re-score an e-mail (emailAsync)', () => {
  it('keeps the checker band table when the providers answer', async () => {
    const provider = { name: 'social', enrichEmail: async () => ({ has_twitter: true }) };
    const weights = { EMAIL_ROLE: 0.2 };
    const byDefault = await createChecker({ providers: [provider], scoring: { weights } }).emailAsync('info@stripe.com');
    const byScorecard = await createChecker({ providers: [provider], scoring: { bands: 'scorecard', weights } }).emailAsync('info@stripe.com');
    const byCustom = await createChecker({ providers: [provider], scoring: { bands: CUSTOM, weights } }).emailAsync('info@stripe.com');
    expect(byDefault.has_twitter).toBe(true);
    expect(byScorecard.score).toBe(byDefault.score);
    expect([byDefault.score_cluster, byScorecard.score_cluster, byCustom.score_cluster]).toEqual(['moderate', 'bad', 'good']);
  });
});

describe('the CLI --bands flag', () => {
  const cli = async (argv: string[]) => {
    const out: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(l), err: () => {}, stdin: Readable.from(['']) });
    return { code, result: JSON.parse(out.join('\n')) as Outcome };
  };
  // The CLI takes no weights: inputs that land where the tables disagree with the model's own weights.
  it.each([
    ['name', ['Robin', 'Varnecke'], 'review', 'high'],
    ['name', ['Kim', 'Tervalden'], 'review', 'high'],
  ] as const)('%s %j: the cluster follows --bands', async (product, values, byDefault, byScorecard) => {
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

  it('rejects a score model whose own weight is outside 0..10 (a model bug, not a caller error)', () => {
    const model = { product: 'name', clusters: RISK_CLUSTERS, signals: { NAME_X: { kind: 'risk', weight: 10.5, evidence: 'x', description: 'x' } } } as const;
    expect(() => createScorer(model)).toThrow(IdentitySignalsError);
    expect(() => createScorer(model)).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
    expect(() => createScorer({ ...model, signals: { NAME_X: { kind: 'risk', weight: -0.1, evidence: 'x', description: 'x' } } })).toThrow(/outside 0\.\.10/);
  });
});
