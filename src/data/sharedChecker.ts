import { defaultDataGeneration, plainDataContext } from './context.js';
import type { DataContext, DataOptions } from './context.js';
import { isPlainObject } from '../common/options.js';

/**
 * The checker behind a product's one-call function (`checkEmail(value,
 * options?)`): without options, one checker shared by every call and built
 * on first use (no data is read at import); with options, a checker built
 * for that call. `createXCheck` stays the way to reuse a configured checker.
 *
 * A one-call function reads the one-call functions' bundle when its options
 * name none (`configureDefaults({ data })`, else IDENTITY_SIGNALS_DATA, else
 * the package's), and the shared checker is built anew after
 * `configureDefaults` has replaced it, so a call never reads the bundle it
 * replaced.
 *
 * @param create builds a checker from the caller's options, on `plain` (the
 * one-call functions' data context) when the options name no bundle of
 * their own; `plain` is undefined when they do
 * @example
 * // what a product's one-call function does (checkEmail's checker is built by createEmailCheckIn)
 * const contextFor = sharedChecker((options: { readonly data?: string } | undefined, plain: DataContext | undefined) => plain ?? openData(options?.data));
 * contextFor(undefined).maxAgeDays; // 30
 */
export function sharedChecker<O extends { readonly data?: DataOptions }, C>(create: (options: O | undefined, plain: DataContext | undefined) => C): (options: O | undefined) => C {
  let shared: C | undefined;
  let builtFor = -1;
  return (options) => {
    if (options !== undefined) {
      // Anything but a plain object goes to the factory as given, for its own error; a `data` of the caller's own wins.
      return create(options, isPlainObject(options) && options.data === undefined ? plainDataContext() : undefined);
    }
    const generation = defaultDataGeneration();
    if (shared === undefined || builtFor !== generation) {
      shared = create(undefined, plainDataContext());
      builtFor = generation;
    }
    return shared;
  };
}
