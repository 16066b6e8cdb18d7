/**
 * `npm run test:mutation`: StrykerJS over src/server, src/cli, src/providers
 * and src/scoring with the settings of stryker.config.json (docs/testing.md).
 *
 * Why not the `stryker` command: StrykerJS 10's CLI refuses to start on a
 * Node older than 22 (a version guard in its CLI module only), while this
 * package supports Node 20 and its machines run 20. Stryker's programmatic
 * API has no such guard and runs the same mutation test on Node 20, so this
 * script loads the API module by path (the package's `exports` entry also
 * loads the CLI module, which runs the guard on import).
 *
 * Arguments narrow the `mutate` list: a file (`src/server/webhook.ts`) or a
 * folder (`src/cli`, which means its `.ts` files but not its tests, nor the
 * bin wrapper `src/cli/index.ts` that runs only in child processes).
 * `--concurrency N` sets the number of test workers (the config's 2 is one per
 * core; 1 leaves the other core to whatever else runs on the machine), e.g.
 * `npm run test:mutation -- src/cli --concurrency 1`. `--no-isolate` runs the
 * test files of a mutant in one fork (vitest.stryker.config.ts says when that is safe).
 */
import { statSync } from 'node:fs';
import { Stryker } from '../node_modules/@stryker-mutator/core/dist/src/stryker.js';

/** The mutate patterns of one argument: a folder becomes its `.ts` files. */
function patternsOf(arg: string): string[] {
  let path = arg;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  let folder = false;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    // Not a path on disk (a glob such as src/cli/*.ts): Stryker expands it.
  }
  return folder ? [`${path}/**/*.ts`] : [arg];
}

const args = process.argv.slice(2);
const mutate: string[] = [];
let concurrency: number | undefined;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  const inline = /^--concurrency=(\d+)$/u.exec(arg);
  if (inline !== null || arg === '--concurrency') {
    const value = inline?.[1] ?? args[++i];
    if (value === undefined || !/^[1-9]\d*$/u.test(value)) {
      process.stderr.write(`--concurrency takes a whole number of workers, got ${JSON.stringify(value ?? '')}\n`);
      process.exit(2);
    }
    concurrency = Number(value);
    continue;
  }
  if (arg === '--no-isolate') {
    // Read by vitest.stryker.config.ts in Stryker's test-runner processes, which inherit the environment.
    process.env.IDENTITY_SIGNALS_MUTATION_NO_ISOLATE = '1';
    continue;
  }
  mutate.push(...patternsOf(arg));
}
// The same exclusions as stryker.config.json, which a narrowed list would otherwise lose.
if (mutate.length > 0) mutate.push('!src/**/*.test.ts', '!src/cli/index.ts');

const stryker = new Stryker({
  configFile: 'stryker.config.json',
  ...(mutate.length > 0 ? { mutate } : {}),
  ...(concurrency === undefined ? {} : { concurrency }),
});
const results = await stryker.runMutationTest();
process.stdout.write(`${results.length} mutants; report in reports/mutation/mutation.html\n`);
