import { checkOptions } from './common/options.js';
import { checkDataOption, setDefaultData } from './data/context.js';
import type { DataOptions } from './data/context.js';

/** Options of {@link configureDefaults}. */
export interface DefaultsOptions {
  /**
   * The one-call functions' data bundle: a bundle directory (whole or
   * partial; what it lacks comes from the package's bundle when that can be
   * found), or `{ dir, maxAgeDays }` as `createChecker`'s `data`. Absent,
   * they go back to the directory in IDENTITY_SIGNALS_DATA, else the
   * package's own `data/` folder.
   * @default IDENTITY_SIGNALS_DATA, else the package's bundle
   */
  readonly data?: DataOptions;
}

/**
 * Sets the data bundle of the one-call functions (`checkEmail`,
 * `checkDevice`, `checkIp`, `checkPhone`, `checkName`, `checkIdentity`,
 * `checkIdentityAsync`, `resolve` without a checker) and of the
 * module-level helpers (`isDisposableDomain`…), when their options name
 * none. Without it they read the directory named by the environment
 * variable IDENTITY_SIGNALS_DATA (read on first use), else the package's own
 * `data/` folder, which a service bundled into one file (esbuild, webpack)
 * cannot find: such a service ships the bundle
 * (`npx identity-signals data export --out DIR`) and names it here or in
 * IDENTITY_SIGNALS_DATA. A checker reads what it is given:
 * `createChecker({ data })`; without `data`, the package's bundle.
 *
 * The option is checked and the bundle's manifest read now, so a bad one
 * fails here, leaving the previous setting in place. Called after the first
 * check, it replaces the bundle: the next one-call check builds its checker
 * on the new one.
 *
 * @param options `data`: the bundle directory, or `{ dir, maxAgeDays }`
 * (without `dir`, IDENTITY_SIGNALS_DATA's bundle, else the package's);
 * without `data`, back to IDENTITY_SIGNALS_DATA, else the package's bundle
 * @throws InputError `INPUT_OPTION` when `options` is not an object, has a
 * key other than `data`, or `data` is not a non-empty path or
 * `{ dir, maxAgeDays }` (`field` the option's path: `data`, `data.maxAgeDays`)
 * @throws DataError `DATA_MISSING` when the directory does not exist or
 * holds no readable manifest.json, `DATA_CORRUPT` / `DATA_VERSION` when the
 * manifest is malformed or of a format this version does not read
 * @example
 * // not run: names a bundle directory shipped with the service
 * configureDefaults({ data: '/srv/identity-signals-data' });
 * checkEmail('jane@mailinator.com').status; // 'disposable'
 */
export function configureDefaults(options: DefaultsOptions): void {
  const { data } = checkOptions<DefaultsOptions>(options, '', { data: (value, path) => void checkDataOption(value, path) });
  setDefaultData(data, 'data');
}
