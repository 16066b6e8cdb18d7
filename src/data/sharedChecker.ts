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
 * replaced. A call whose options name no bundle reads that bundle through
 * the shared checker's tables (opening them again on every call would cost
 * more than the check), unless `opensOwnTables` says its options shape the
 * tables themselves (a cache size, a file switched off).
 *
 * @param create builds a checker from the caller's options: on `plain` (the
 * one-call functions' data context) when the options name no bundle of
 * their own, `plain` undefined when they do; `shared` is the shared checker
 * whose tables the new one reads, when it may
 * @param opensOwnTables whether options that name no bundle still need
 * tables of their own
 * @example
 * // what a product's one-call function does (checkEmail's checker is built by createEmailCheckIn)
 * const contextFor = sharedChecker((options: { readonly data?: string } | undefined, plain: DataContext | undefined) => plain ?? openData(options?.data));
 * contextFor(undefined).maxAgeDays; // 30
 */
export function sharedChecker<O extends { readonly data?: DataOptions }, C>(
  create: (options: O | undefined, plain: DataContext | undefined, shared: C | undefined) => C,
  opensOwnTables: (options: O) => boolean = () => false,
): (options: O | undefined) => C {
  let shared: C | undefined;
  let builtFor = -1;
  const sharedOne = (): C => {
    const generation = defaultDataGeneration();
    if (shared === undefined || builtFor !== generation) {
      shared = create(undefined, plainDataContext(), undefined);
      builtFor = generation;
    }
    return shared;
  };
  return (options) => {
    if (options === undefined) return sharedOne();
    // Anything but a plain object goes to the factory as given, for its own error; a `data` of the caller's own wins.
    if (!isPlainObject(options) || options.data !== undefined) return create(options, undefined, undefined);
    return create(options, plainDataContext(), opensOwnTables(options) ? undefined : sharedOne());
  };
}
