import { defineConfig } from 'vitest/config';

/**
 * The vitest config of `npm run test:mutation` (stryker.config.json): only the
 * tests that exercise the mutated folders (src/server, src/cli, src/providers,
 * src/scoring), without the corpora and data checks, which take minutes and
 * test data rather than this code. test/api/dist.test.ts is left out: it only
 * runs the built dist/, which Stryker does not mutate. A few CLI tests also
 * run dist/ (--version, a closed pipe, serve), so `test:mutation` builds first.
 */
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test/api/**/*.test.ts',
      'test/cli/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/providers/**/*.test.ts',
      'test/scoring/**/*.test.ts',
      // The in-process CLI tests that live beside their product (data, identity, batch sources).
      'test/data/cli.test.ts',
      'test/identity/cli.test.ts',
      'test/batch/source.test.ts',
    ],
    exclude: ['test/api/dist.test.ts', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // `--no-isolate` of scripts/mutation.ts: one fork runs every test file of a
    // mutant instead of a fresh process per file, about twice the mutants per
    // minute. Stryker switches mutants at run time, so the modules loaded
    // stay valid. Off by default: a few server tests (headless chromium,
    // Redis, kill -9) were seen failing with it under load; src/cli's tests pass.
    isolate: process.env.IDENTITY_SIGNALS_MUTATION_NO_ISOLATE !== '1',
  },
});
