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
 * Arguments are passed on as a `mutate` list, e.g.
 * `npm run test:mutation -- src/server/webhook.ts`.
 */
import { Stryker } from '../node_modules/@stryker-mutator/core/dist/src/stryker.js';

const mutate = process.argv.slice(2);
const stryker = new Stryker({ configFile: 'stryker.config.json', ...(mutate.length > 0 ? { mutate } : {}) });
const results = await stryker.runMutationTest();
process.stdout.write(`${results.length} mutants; report in reports/mutation/mutation.html\n`);
