import { defineConfig } from 'vitest/config';

/**
 * The vitest config of `npm run test:mutation` (stryker.config.json): only the
 * tests that exercise the mutated folders (src/server, src/cli, src/providers,
 * src/scoring), without the corpora and data checks, which take minutes and
 * test data rather than this code. test/package/dist.test.ts is left out: it only
 * runs the built dist/, which Stryker does not mutate. A few CLI tests also
 * run dist/ (--version, a closed pipe, serve), so `test:mutation` builds first.
 */
export default defineConfig({
  test: {
    include: [
      // The products' unit tests (their corpus tests are too slow to run per mutant).
      'test/name/{analyse,checkName}.test.ts',
      'test/ip/{time,parseIp}.test.ts',
      'test/email/{checkEmail,localPart,parse,index,tables,helpers,sortedList,suggest,confusable}.test.ts',
      'test/device/{codeFamilies,signals,checkDevice,index}.test.ts',
      'test/phone/checkPhone.test.ts',
      // The tests of src's own files (checker, resolve, errors, options…), beside test/'s folders.
      'test/*.test.ts',
      'test/common/**/*.test.ts',
      'test/cli/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/providers/**/*.test.ts',
      'test/scoring/**/*.test.ts',
      'test/package/exports.test.ts',
      // The in-process test of the batch sources.
      'test/batch/source.test.ts',
    ],
    // Only the built dist/ or the bin as a child process, which Stryker does not mutate.
    exclude: ['test/cli/batch-bin.test.ts', 'test/cli/serve-sighup.test.ts', '**/node_modules/**'],
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
