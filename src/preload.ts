import { kindOf, optionError } from './common/options.js';
import { preloadSharedIdentityCheck } from './checkIdentity.js';
import { PRODUCTS, PRODUCT_NAMES } from './registry.js';
import type { ProductName } from './scoring/index.js';

/**
 * `checker.preload()` for the one-call functions: loads now what the first
 * `checkEmail`, `checkDevice`, `checkIp`, `checkPhone`, `checkName` and
 * `checkIdentity` (without options) would load on first use, from the
 * package's data bundle, and runs each on built-in inputs so that its code
 * is compiled too. The data is the default bundle's, which every checker
 * created without `data` (and `resolve()` without a checker) reads as well.
 * A call with options of its own (`checkEmail(x, { scoring })`) builds a
 * checker for that call, on the same loaded data.
 *
 * @param products only these products' data; the identity's with the full
 * preload only. @default every product and the identity
 * @throws DataError when a dataset file is missing or fails verification
 * @throws InputError `INPUT_OPTION` (field `products[i]`) for a product that is not one of the five
 * @example
 * // not run: reads every dataset (a second or so)
 * // The first number of +86 below then costs what the next one does.
 * preload();
 * checkPhone('+86 10 6552 9988').country; // 'CN'
 */
export function preload(products?: readonly ProductName[]): void {
  const wanted: readonly ProductName[] = products ?? PRODUCT_NAMES;
  if (!Array.isArray(wanted as unknown)) throw optionError('products', `must be an array of products, got ${kindOf(wanted)}`);
  wanted.forEach((product, i) => {
    if (!Object.hasOwn(PRODUCTS, product)) throw optionError(`products[${i}]`, `must be one of ${PRODUCT_NAMES.join(', ')}`);
  });
  for (const product of wanted) PRODUCTS[product].preloadShared();
  if (products === undefined) preloadSharedIdentityCheck();
}
