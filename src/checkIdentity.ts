import { createCheckerOn } from './checker.js';
import type { Checker, CheckerOptions } from './checker.js';
import { checkOptions, dateOption } from './common/options.js';
import { scoringOption } from './registry.js';
import { sharedChecker } from './data/sharedChecker.js';
import type { IdentityAsyncResult, IdentityCallOptions, IdentityInput, IdentityResult } from './identity/index.js';
import type { ScoringOptions } from './registry.js';

/** Options of {@link checkIdentity}. */
export interface IdentityCheckOptions extends IdentityCallOptions {
  /** Bands and weight overrides (`IDENTITY_*` codes and the products' codes). */
  readonly scoring?: ScoringOptions;
}

const checkerFor = sharedChecker<CheckerOptions, Checker>(createCheckerOn);
const RULES = { now: dateOption, scoring: scoringOption };

/** Preloads the checker {@link checkIdentity} uses without scoring options (the root's `preload()`). @internal */
export function preloadSharedIdentityCheck(): void {
  checkerFor(undefined).preload();
}

/**
 * One identity, five signals: runs the checks that have input (e-mail,
 * phone, IP, user agent with headers, first and last name) and scores
 * whether they belong to one real person acting in good faith. The
 * products' results come back as they are, plus `identity`: a 0–1000
 * score, its cluster on the ip/name/phone scale, and the reasons — one per
 * product carried in (its own risk, squared, times the product's weight)
 * and one per cross-signal finding — whose points add up to the score.
 * Same input, data, weights and `now` → same result. The rules and their
 * weights are in docs/identity.md.
 *
 * @param input the sign-up's fields; any subset
 * @param options `now` (the instant of the check, for everything time-dependent in it: the IP's local time, the lists' age),
 * `scoring` (bands, and weights of `IDENTITY_*` and the products' codes)
 * @throws InputError `INPUT_TYPE` when `input` is not a plain object, a
 * field is not a string, or `country` is not two letters; `INPUT_OPTION`
 * for an unknown input key or a bad `now`; `SCORING_CONFIG` for bad scoring
 * options (a misspelt `IDENTITY_*` code included)
 * @example
 * const r = checkIdentity({ email: 'jane.doe@gmail.com', firstName: 'Jane', lastName: 'Doe' });
 * r.identity.reasons.some((x) => x.code === 'IDENTITY_NAME_IN_EMAIL'); // true
 */
export function checkIdentity(input: IdentityInput, options?: IdentityCheckOptions): IdentityResult {
  const o = checkOptions<IdentityCheckOptions>(options, '', RULES);
  const checker = checkerFor(o.scoring === undefined ? undefined : { scoring: o.scoring });
  return checker.identity(input, o.now === undefined ? undefined : { now: o.now });
}

/**
 * {@link checkIdentity} with asynchronous providers: each product is checked
 * through its async check (`checker.emailAsync`, `phoneAsync`, `ipAsync`,
 * `deviceAsync`, then `nameAsync`: the providers' facts merged and re-scored)
 * before the identity is scored. Without `providers` it resolves to what
 * `checkIdentity` returns. For many calls, build one checker
 * (`createChecker({ providers }).identityAsync`) instead.
 *
 * @param input the sign-up's fields; any subset
 * @param options `now`, `scoring`, and `providers` (as `createChecker`'s)
 * @throws InputError as {@link checkIdentity}, and `INPUT_OPTION` for a bad provider (`providers[0]`)
 * @example
 * const r = await checkIdentityAsync({ email: 'jane.doe@gmail.com' });
 * r.identity.reasons[0]?.code; // 'IDENTITY_BASELINE'
 */
export async function checkIdentityAsync(
  input: IdentityInput,
  options?: IdentityCheckOptions & { readonly providers?: CheckerOptions['providers'] },
): Promise<IdentityAsyncResult> {
  const { providers, ...rest } = checkOptions<IdentityCheckOptions & { readonly providers?: CheckerOptions['providers'] }>(options, '', {
    ...RULES,
    // Checked by createChecker below, with its path.
    providers: () => undefined,
  });
  const checker = checkerFor(
    rest.scoring === undefined && providers === undefined
      ? undefined
      : { ...(rest.scoring === undefined ? {} : { scoring: rest.scoring }), ...(providers === undefined ? {} : { providers }) },
  );
  return checker.identityAsync(input, rest.now === undefined ? undefined : { now: rest.now });
}
