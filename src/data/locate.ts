/**
 * Finding and opening the package's default bundle (the `data/` folder it
 * ships), once per process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataError } from '../errors.js';
import { DataBundle } from './bundle.js';
import { MANIFEST_FILE } from './manifest.js';

/** The environment variable naming the default data bundle: the CLI's and server's `--data`, and the plain functions' bundle. */
export const DATA_VARIABLE = 'IDENTITY_SIGNALS_DATA';

/**
 * What to do when the default bundle cannot be found: the message of the
 * error, so that a service bundled into one file (esbuild, webpack) is told
 * exactly what to pass.
 */
export const NO_DEFAULT_BUNDLE =
  "cannot find identity-signals' default data bundle (the package's data/ folder): this happens when the library is bundled into one file " +
  "(esbuild, webpack, tsup) and run away from node_modules. Write the bundle once with `npx identity-signals data export --out ./identity-signals-data`, " +
  `ship that folder with your service and name it: for the one-call functions (checkEmail, checkIp, checkIdentity, resolve…) ` +
  `set ${DATA_VARIABLE}=/path/to/identity-signals-data in the environment or call configureDefaults({ data: '/path/to/identity-signals-data' }) ` +
  "before the first check; for a checker, pass createChecker({ data: '/path/to/identity-signals-data' }); the CLI and server take --data DIR or " +
  DATA_VARIABLE;

let located: string | null | undefined;
let defaultOpened: DataBundle | undefined;

/**
 * The package's `data/` folder, found by walking up from this module to the
 * identity-signals package.json (works from src/, dist/ ESM and CJS, and
 * node_modules); null when the code runs outside its package.
 */
export function defaultBundleDir(): string | null {
  if (located !== undefined) return located;
  located = null;
  let here: string;
  try {
    here = dirname(fileURLToPath(import.meta.url));
  } catch {
    // A bundler may leave import.meta.url empty (CommonJS output): no package to walk up to.
    return located;
  }
  for (let dir = here; ; ) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && existsSync(join(dir, 'data', MANIFEST_FILE))) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'identity-signals') {
          located = join(dir, 'data');
          return located;
        }
      } catch {
        // not our package.json: keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return located;
    dir = parent;
  }
}

/**
 * The default bundle, opened on first use and shared by every checker that
 * was given no `data` (its tables are read-only).
 *
 * @throws DataError `DATA_MISSING` saying what to pass when the package's data/ folder cannot be found
 */
export function defaultBundle(): DataBundle {
  if (defaultOpened !== undefined) return defaultOpened;
  const dir = defaultBundleDir();
  if (dir === null) throw new DataError('DATA_MISSING', NO_DEFAULT_BUNDLE, 'data/');
  defaultOpened = new DataBundle(dir, 'default', null);
  return defaultOpened;
}

/** The default bundle, or null when it cannot be found (a custom bundle then has no fallback). */
export function defaultBundleIfAny(): DataBundle | null {
  return defaultBundleDir() === null ? null : defaultBundle();
}
