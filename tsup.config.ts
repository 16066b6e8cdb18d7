import { cpSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'tsup';
import type { Options } from 'tsup';

/**
 * Writes tsup's `__require("x")` shim calls in ESM output back as plain
 * `require  ("x")` (padded to the same length, so columns stay where esbuild put them).
 * src/common/lazyRequire.ts loads heavy dependencies on first use with a
 * literal `require('x')`: a bundler that later bundles dist/ (esbuild,
 * webpack) follows a plain `require` but not the shim; run directly as ESM,
 * the plain call throws a ReferenceError and lazyRequire falls back to
 * createRequire.
 */
const plainRequire: NonNullable<Options['plugins']>[number] = {
  name: 'plain-require',
  renderChunk(code) {
    if (this.format !== 'esm' || !code.includes('__require(')) return undefined;
    return { code: code.replace(/\b__require\(/g, 'require  (') };
  },
};

// One entry per subpath export. Each product is its own entry so that
// importing `identity-signals/email` never pulls IP or device data in.
const library = {
  index: 'src/index.ts',
  'email/index': 'src/email/index.ts',
  'device/index': 'src/device/index.ts',
  'ip/index': 'src/ip/index.ts',
  'phone/index': 'src/phone/index.ts',
  'name/index': 'src/name/index.ts',
  'scoring/index': 'src/subpaths/scoring.ts',
  'server/index': 'src/server/index.ts',
  // Not an export: what the server's entry files below load first (it shares the error classes' chunk with the rest).
  'server/optional': 'src/common/optionalPackages.ts',
  'providers/index': 'src/providers/index.ts',
  'identity/index': 'src/subpaths/identity.ts',
};

/**
 * `identity-signals/server` runs on optional peer dependencies (Fastify,
 * TypeBox, BullMQ… src/common/optionalPackages.ts). Its package entry is a
 * small file that loads dist/server/index.(c)js and, when one of those
 * packages is missing, throws a MissingDependencyError naming the
 * `npm install` command instead of Node's ERR_MODULE_NOT_FOUND. ESM resolves
 * every static import before any code runs, so the ESM entry loads the
 * server with a top-level `await import()` and re-exports its names (read
 * from the built module); a top-level await cannot be written in the
 * CommonJS build, hence two files written here rather than one source.
 */
async function writeServerEntries(): Promise<void> {
  const server = (await import(pathToFileURL(resolve('dist/server/index.js')).href)) as Record<string, unknown>;
  const names = Object.keys(server).sort();
  const note = '// Written by tsup.config.ts (writeServerEntries): loads the server, or says which optional packages to install.\n';
  writeFileSync(
    'dist/server/entry.js',
    `${note}import { loadOptional } from './optional.js';\n` +
      `const server = await loadOptional('identity-signals/server', 'server', () => import('./index.js'));\n` +
      `export const { ${names.join(', ')} } = server;\n`,
  );
  writeFileSync(
    'dist/server/entry.cjs',
    `${note}'use strict';\n` +
      `const { loadOptionalSync } = require('./optional.cjs');\n` +
      `module.exports = loadOptionalSync('identity-signals/server', 'server', () => require('./index.cjs'));\n`,
  );
}

export default defineConfig([
  {
    entry: library,
    format: ['esm', 'cjs'],
    dts: true,
    // No source maps: the output is not minified (stack traces point at readable code) and the maps
    // were 4.7 MB of every install.
    sourcemap: false,
    clean: true,
    // `import.meta.url` is shimmed in the CJS build so data files resolve in both.
    shims: true,
    splitting: true,
    treeshake: true,
    target: 'node20',
    platform: 'node',
    plugins: [plainRequire],
    onSuccess: writeServerEntries,
  },
  {
    // The CLI is a bin only: ESM, no types. The batch worker is the file its
    // worker threads load (src/batch/pool.ts finds it beside the CLI).
    entry: { 'cli/index': 'src/cli/index.ts', 'cli/batch-worker': 'src/batch/worker.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: false,
    clean: false,
    target: 'node20',
    platform: 'node',
    plugins: [plainRequire],
  },
  {
    // The data builders of `npm run data:build`, for `identity-signals data update`
    // in the published package (scripts/ is not shipped): it runs them on the data
    // it downloads. Their curated inputs travel beside them (dist/data-build/raw).
    entry: {
      'data-build/device': 'scripts/device/build.ts',
      'data-build/email': 'scripts/email/build.ts',
      'data-build/ip': 'scripts/ip/build.ts',
      'data-build/phone': 'scripts/phone/build.ts',
    },
    format: ['esm'],
    dts: false,
    sourcemap: false,
    splitting: false,
    clean: false,
    target: 'node20',
    platform: 'node',
    onSuccess: async () => {
      for (const dir of ['device', 'email', 'ip/curated', 'phone/fictional-ranges.tsv']) cpSync(`data/raw/${dir}`, `dist/data-build/raw/${dir}`, { recursive: true });
    },
  },
]);
