import { isPlainObject } from '../common/options.js';
import { InputError } from '../errors.js';
import type { BandTable, ProductBandTable, ScoredName, ScoringOptions, SubjectBands } from './types.js';

export { QUALITY_CLUSTERS, RISK_CLUSTERS } from './clusters.js';

/** Five 200-point bands: 0–199, 200–399, 400–599, 600–799, 800–1000. */
export const DEFAULT_BANDS: ProductBandTable = Object.freeze([
  Object.freeze({ min: 0, max: 199 }),
  Object.freeze({ min: 200, max: 399 }),
  Object.freeze({ min: 400, max: 599 }),
  Object.freeze({ min: 600, max: 799 }),
  Object.freeze({ min: 800, max: 1000 }),
] as const);

/** The `scorecard` preset: 0–225, 226–450, 451–550, 551–775, 776–1000. */
export const SCORECARD_BANDS: ProductBandTable = Object.freeze([
  Object.freeze({ min: 0, max: 225 }),
  Object.freeze({ min: 226, max: 450 }),
  Object.freeze({ min: 451, max: 550 }),
  Object.freeze({ min: 551, max: 775 }),
  Object.freeze({ min: 776, max: 1000 }),
] as const);

/**
 * Checks that `bands` covers 0..1000 with contiguous integer bands and has
 * `count` of them; throws {@link InputError} (`SCORING_CONFIG`) otherwise,
 * with the band at fault in `field` (`scoring.bands[1].min` for a gap or an
 * overlap before band 1, `scoring.bands` for the wrong number of bands).
 *
 * @param subject the product whose table this is in a table per product (`.email`), for the error's path
 * @throws InputError `SCORING_CONFIG` when the table is not `count` contiguous integer bands over 0..1000
 * @example
 * validateBands([{ min: 0, max: 499 }, { min: 500, max: 1000 }], 2)
 */
export function validateBands(bands: unknown, count: number, subject = ''): BandTable {
  const fail = (where: string, why: string): never => {
    throw new InputError('SCORING_CONFIG', `scoring.bands${subject}${where} ${why}`, `scoring.bands${subject}${where}`);
  };
  if (!Array.isArray(bands)) {
    return fail('', `must be 'default', 'scorecard' or an array of ${count} { min, max } bands`);
  }
  if (bands.length !== count) fail('', `must have ${count} bands, one per cluster (got ${bands.length})`);
  let expectedMin = 0;
  for (const [i, band] of (bands as unknown[]).entries()) {
    if (band === null || typeof band !== 'object') fail(`[${i}]`, 'must be an object { min, max }');
    const { min, max } = band as { min?: unknown; max?: unknown };
    if (!Number.isInteger(min)) fail(`[${i}].min`, 'must be an integer');
    if (!Number.isInteger(max)) fail(`[${i}].max`, 'must be an integer');
    if (min !== expectedMin) {
      fail(`[${i}].min`, `must be ${expectedMin} so that bands leave no gap and do not overlap (got ${String(min)})`);
    }
    if ((max as number) < (min as number)) fail(`[${i}].max`, 'must be >= min');
    expectedMin = (max as number) + 1;
  }
  if (expectedMin !== 1001) fail(`[${count - 1}].max`, 'must be 1000: the bands must end at 1000');
  return Object.freeze(bands.map((b: { min: number; max: number }) => Object.freeze({ min: b.min, max: b.max })));
}

/**
 * The band table a `scoring.bands` option gives one subject: a table per
 * subject included, a subject it does not name (or no option) the default.
 * A caller's table comes back as given: validating it is the caller's.
 *
 * @example
 * bandTableOf({ email: 'scorecard' }, 'email')[0]; // { min: 0, max: 225 }
 * bandTableOf({ email: 'scorecard' }, 'ip')[0]; // { min: 0, max: 199 }
 */
export function bandTableOf<Bands extends BandTable>(option: ScoringOptions<string, Bands>['bands'], subject: ScoredName): Bands | ProductBandTable {
  const bands = isPlainObject(option) ? (option as SubjectBands<Bands>)[subject] : option;
  if (bands === undefined || bands === 'default') return DEFAULT_BANDS;
  if (bands === 'scorecard') return SCORECARD_BANDS;
  return bands as Bands;
}

/** Index of the band holding `score` (0 = lowest). */
export function bandIndex(score: number, bands: BandTable): number {
  for (let i = 0; i < bands.length; i++) {
    if (score <= bands[i]!.max) return i;
  }
  return bands.length - 1;
}
