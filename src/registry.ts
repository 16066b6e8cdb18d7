/**
 * The products, listed once: name, datasets, score model, option rules and
 * factory. Every file that needs all of them (the checker, the `scoring`
 * option's check, `preload()`, `data verify`/`export`/`update`) takes them
 * from here instead of importing each product; data/ and scoring/ know no
 * product.
 */
import type { OptionRules, OptionRule } from './common/options.js';
import type { DatasetFormat } from './data/format.js';
import { checkScoringOptions } from './scoring/createScorer.js';
import type { BandTable, ProductBandTable, ProductName, ScoreModel, ScoredName, ScoringOptions as EngineScoringOptions } from './scoring/index.js';
import { DEVICE_SCORE_MODEL } from './device/index.js';
import { DEVICE_DATASETS, DEVICE_OPTION_RULES, deviceCheckOn, preloadSharedDeviceCheck } from './device/product.js';
import type { DeviceWeightCode } from './device/index.js';
import { EMAIL_SCORE_MODEL } from './email/index.js';
import { EMAIL_DATASETS, EMAIL_OPTION_RULES, emailCheckOn, preloadSharedEmailCheck } from './email/product.js';
import type { EmailWeightCode } from './email/index.js';
import { IDENTITY_SCORE_MODEL } from './identity/index.js';
import type { IdentityWeightCode } from './identity/index.js';
import { IP_SCORE_MODEL } from './ip/index.js';
import { IP_DATASETS, IP_OPTION_RULES, ipCheckOn, preloadSharedIpCheck } from './ip/product.js';
import type { IpWeightCode } from './ip/index.js';
import { NAME_SCORE_MODEL } from './name/index.js';
import { NAME_DATASETS, NAME_OPTION_RULES, nameCheckOn, preloadSharedNameCheck } from './name/product.js';
import type { NameWeightCode } from './name/index.js';
import { PHONE_SCORE_MODEL } from './phone/index.js';
import { PHONE_DATASETS, PHONE_OPTION_RULES, phoneCheckOn, preloadSharedPhoneCheck } from './phone/product.js';
import type { PhoneWeightCode } from './phone/index.js';

/** What the registry knows of a product. */
interface Product<Open> {
  readonly name: ProductName;
  /** The datasets its tables are opened from, in the bundle's manifest. */
  readonly datasets: readonly DatasetFormat<never>[];
  readonly scoreModel: ScoreModel<string, string, ScoredName>;
  /** The rules of its own options (`createChecker`'s `email: { … }`…), without `scoring`, `data` and `now`. */
  readonly optionRules: OptionRules;
  /** Its check on an opened data context, options already checked. */
  readonly open: Open;
  /** Preloads the check its one-call function uses (the root's `preload()`). */
  readonly preloadShared: () => void;
}

function product<Open>(p: Product<Open>): Product<Open> {
  return Object.freeze(p);
}

/** The five products, in the order `preload()` loads them. */
export const PRODUCTS = Object.freeze({
  email: product({ name: 'email', datasets: EMAIL_DATASETS, scoreModel: EMAIL_SCORE_MODEL, optionRules: EMAIL_OPTION_RULES, open: emailCheckOn, preloadShared: preloadSharedEmailCheck }),
  device: product({ name: 'device', datasets: DEVICE_DATASETS, scoreModel: DEVICE_SCORE_MODEL, optionRules: DEVICE_OPTION_RULES, open: deviceCheckOn, preloadShared: preloadSharedDeviceCheck }),
  ip: product({ name: 'ip', datasets: IP_DATASETS, scoreModel: IP_SCORE_MODEL, optionRules: IP_OPTION_RULES, open: ipCheckOn, preloadShared: preloadSharedIpCheck }),
  phone: product({ name: 'phone', datasets: PHONE_DATASETS, scoreModel: PHONE_SCORE_MODEL, optionRules: PHONE_OPTION_RULES, open: phoneCheckOn, preloadShared: preloadSharedPhoneCheck }),
  name: product({ name: 'name', datasets: NAME_DATASETS, scoreModel: NAME_SCORE_MODEL, optionRules: NAME_OPTION_RULES, open: nameCheckOn, preloadShared: preloadSharedNameCheck }),
});

/** The products' names, in registry order. */
export const PRODUCT_NAMES: readonly ProductName[] = Object.freeze(Object.keys(PRODUCTS) as ProductName[]);

/** Every dataset any product reads, in the order `data info` lists them. */
export const DATASETS: readonly DatasetFormat<never>[] = Object.freeze([
  ...PRODUCTS.device.datasets,
  ...PRODUCTS.email.datasets,
  ...PRODUCTS.ip.datasets,
  ...PRODUCTS.name.datasets,
  ...PRODUCTS.phone.datasets,
]);

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
  ...PRODUCT_NAMES.map((name) => PRODUCTS[name].scoreModel),
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
