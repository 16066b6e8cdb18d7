/**
 * The products, listed once: every file that needs all of them (the
 * checker, the `scoring` option's check, `data verify`/`export`/`update`)
 * takes them from here instead of importing each product.
 */
import { DEVICE_DATASETS } from './device/data/formats.js';
import { EMAIL_DATASETS } from './email/data/formats.js';
import { IP_DATASETS } from './ip/data/formats.js';
import { NAME_DATASETS } from './name/data/formats.js';
import { PHONE_DATASETS } from './phone/data/formats.js';
import type { DatasetFormat } from './data/format.js';
import type { OptionRule } from './common/options.js';
import { checkScoringOptions } from './scoring/createScorer.js';
import type { BandTable, ProductBandTable, ScoreModel, ScoredName, ScoringOptions as EngineScoringOptions } from './scoring/index.js';
import { DEVICE_SCORE_MODEL } from './device/index.js';
import type { DeviceWeightCode } from './device/index.js';
import { EMAIL_SCORE_MODEL } from './email/index.js';
import type { EmailWeightCode } from './email/index.js';
import { IDENTITY_SCORE_MODEL } from './identity/index.js';
import type { IdentityWeightCode } from './identity/index.js';
import { IP_SCORE_MODEL } from './ip/index.js';
import type { IpWeightCode } from './ip/index.js';
import { NAME_SCORE_MODEL } from './name/index.js';
import type { NameWeightCode } from './name/index.js';
import { PHONE_SCORE_MODEL } from './phone/index.js';
import type { PhoneWeightCode } from './phone/index.js';

/** Every dataset any product reads, in the order `data info` lists them. */
export const DATASETS: readonly DatasetFormat<never>[] = Object.freeze(
  [...DEVICE_DATASETS, ...EMAIL_DATASETS, ...IP_DATASETS, ...NAME_DATASETS, ...PHONE_DATASETS] as DatasetFormat<never>[],
);

/**
 * Every code `scoring.weights` takes: the risk and trust signals of the
 * five products and of the identity score.
 *
 * @example
 * const code: WeightCode = 'PHONE_VOIP';
 */
export type WeightCode = EmailWeightCode | DeviceWeightCode | IpWeightCode | PhoneWeightCode | NameWeightCode | IdentityWeightCode;

/** The five products' models and the identity model: a weight code must be a signal of one of them. */
export const SCORE_MODELS: readonly ScoreModel<string, string, ScoredName>[] = Object.freeze([
  EMAIL_SCORE_MODEL,
  DEVICE_SCORE_MODEL,
  IP_SCORE_MODEL,
  PHONE_SCORE_MODEL,
  NAME_SCORE_MODEL,
  IDENTITY_SCORE_MODEL,
]);

/**
 * The rule of the `scoring` option where every product is present
 * (`createChecker`, `checkIdentity`): the whole object is checked against
 * all six score models, so a misspelt code (`EMAILFREE`, `PHONE_VOIPP`)
 * throws `SCORING_CONFIG` naming it. A product's own factory checks its own
 * codes (a code of another product is left to that product).
 */
export const scoringOption: OptionRule = (value) => {
  checkScoringOptions(value, SCORE_MODELS);
};

/**
 * The `scoring` option of a checker: the engine's {@link EngineScoringOptions}
 * with every product's codes ({@link WeightCode}) as the default set, so a
 * misspelt code in an object literal is a compile error.
 */
export type ScoringOptions<Code extends string = WeightCode, Bands extends BandTable = ProductBandTable> = EngineScoringOptions<Code, Bands>;
