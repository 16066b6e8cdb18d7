import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataError } from '../errors.js';

let dataRoot: string | undefined;

/**
 * The package's `data/` folder. Found by walking up from this module, so it
 * works from `src/` (tests), `dist/` (ESM and CJS builds) and node_modules.
 */
export function dataDir(): string {
  if (dataRoot !== undefined) return dataRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && existsSync(join(dir, 'data'))) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'identity-signals') {
          dataRoot = join(dir, 'data');
          return dataRoot;
        }
      } catch {
        // not our package.json: keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new DataError('DATA_MISSING', 'cannot find the identity-signals data/ folder; reinstall the package', 'data/');
    }
    dir = parent;
  }
}

/** Absolute path of a file under `data/`, e.g. `dataPath('email/popular-domains.json')`. */
export function dataPath(relative: string): string {
  return join(dataDir(), relative);
}

/** Envelope of every generated JSON file. */
export interface GeneratedJson<T> {
  readonly '//': string;
  readonly formatVersion: number;
  readonly data: T;
}

/**
 * Reads a generated JSON file under `data/` and checks its format version.
 * Throws {@link DataError} when missing, unparsable or of another version.
 */
export function loadGeneratedJson<T>(relative: string, formatVersion: number): T {
  const path = dataPath(relative);
  let parsed: GeneratedJson<T>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as GeneratedJson<T>;
  } catch (cause) {
    const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
    throw new DataError(
      missing ? 'DATA_MISSING' : 'DATA_CORRUPT',
      `${relative}: ${missing ? 'missing' : 'not valid JSON'}; run \`npm run data:build\``,
      path,
      { cause },
    );
  }
  if (parsed.formatVersion !== formatVersion) {
    throw new DataError(
      'DATA_VERSION',
      `${relative}: format version ${String(parsed.formatVersion)}, this code reads ${formatVersion}; run \`npm run data:build\``,
      path,
    );
  }
  return parsed.data;
}

/** Reads a generated binary file under `data/`; throws {@link DataError} when missing. */
export function loadGeneratedBuffer(relative: string): Buffer {
  const path = dataPath(relative);
  try {
    return readFileSync(path);
  } catch (cause) {
    throw new DataError('DATA_MISSING', `${relative}: missing; run \`npm run data:build\``, path, { cause });
  }
}
