/**
 * The checker behind a product's one-call function (`checkEmail(value,
 * options?)`): without options, one checker shared by every call and built
 * on first use (no data is read at import); with options, a checker built
 * for that call. `createXCheck` stays the way to reuse a configured checker.
 *
 * @example
 * const checkerFor = sharedChecker(createEmailCheck);
 * export function checkEmail(email: string, options?: EmailCheckOptions): EmailResult {
 *   return checkerFor(options)(email);
 * }
 */
export function sharedChecker<O, C>(create: (options?: O) => C): (options: O | undefined) => C {
  let shared: C | undefined;
  return (options) => (options === undefined ? (shared ??= create()) : create(options));
}
