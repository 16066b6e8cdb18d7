import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version in the package's own package.json. It is found by walking up
 * from this module, which is `src/common/version.ts` when run from source and
 * part of `dist/cli/index.js` when built, so both find the same file; the
 * name check makes sure it is ours and not a parent project's.
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'identity-signals' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // No package.json here (or not JSON): look one folder up.
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the package.json of identity-signals was not found above the CLI');
    dir = parent;
  }
}
