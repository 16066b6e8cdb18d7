import { defaultDataGeneration } from '../data/context.js';

/**
 * The checker behind a product's one-call function (`checkEmail(value,
 * options?)`): without options, one checker shared by every call and built
 * on first use (no data is read at import); with options, a checker built
 * for that call. `createXCheck` stays the way to reuse a configured checker.
 * The shared checker is built anew after `configureDefaults` has replaced
 * the default bundle, so a call never reads the bundle it replaced.
 *
 * @example
 * const checkerFor = sharedChecker(createEmailCheck);
 * export function checkEmail(email: string, options?: EmailCheckOptions): EmailResult {
 *   return checkerFor(options)(email);
 * }
 */
export function sharedChecker<O, C>(create: (options?: O) => C): (options: O | undefined) => C {
  let shared: C | undefined;
  let builtFor = -1;
  return (options) => {
    if (options !== undefined) return create(options);
    const generation = defaultDataGeneration();
    if (shared === undefined || builtFor !== generation) {
      shared = create();
      builtFor = generation;
    }
    return shared;
  };
}
