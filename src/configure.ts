import { checkOptions } from './common/options.js';
import { checkDataOption, setDefaultData } from './data/context.js';
import type { DataOptions } from './data/context.js';

/** Options of {@link configureDefaults}. */
export interface DefaultsOptions {
  /**
   * The default data bundle: a bundle directory (whole or partial; what it
   * lacks comes from the package's bundle when that can be found), or
   * `{ dir, maxAgeDays }` as `createChecker`'s `data`. Absent, the default
   * goes back to the directory in IDENTITY_SIGNALS_DATA, else the package's
   * own `data/` folder.
   * @default IDENTITY_SIGNALS_DATA, else the package's bundle
   */
  readonly data?: DataOptions;
}

/**
 * Sets the data bundle of everything that is given none: the plain
 * functions (`checkEmail`, `checkDevice`, `checkIp`, `checkPhone`,
 * `checkName`, `checkIdentity`, `resolve` without a checker), the
 * module-level helpers (`isDisposableDomain`…) and checkers created without
 * `data`. Without it the default is the directory named by the environment
 * variable IDENTITY_SIGNALS_DATA (read on first use), else the package's own
 * `data/` folder, which a service bundled into one file (esbuild, webpack)
 * cannot find: such a service ships the bundle
 * (`npx identity-signals data export --out DIR`) and names it here or in
 * IDENTITY_SIGNALS_DATA.
 *
 * The option is checked and the bundle's manifest read now, so a bad one
 * fails here, leaving the previous default in place. Called after the first
 * check, it replaces the default: the next plain call builds its checker
 * on the new bundle; checkers already created keep theirs.
 *
 * @param options `data`: the bundle directory, or `{ dir, maxAgeDays }`
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
