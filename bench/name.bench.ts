/**
 * checkName over a realistic mix (the hand-labelled real names from 110
 * countries and the fake names of every risk type, in fixture order), next
 * to the raw pieces it is built on, measured in the same run:
 * - fast-levenshtein on the same first/last pairs (the one npm library the
 *   check calls);
 * - the bare data lookups a check makes at least (foldName of both parts,
 *   firstNameGender, isKnownLastName, nameLikeness of the last name).
 * Each iteration checks the whole mix; ops/s × mix size = checks/s.
 *
 * The check is timed as users run it: the built package (dist/, `npm run
 * build`; `npm run bench` builds first), loaded natively (vitest.config.ts
 * keeps dist/ out of Vite's transform in bench mode; checked below). Vitest
 * runs a source file through Vite's SSR transform, which turns every
 * imported binding into a property read of a module object (`f()` becomes
 * `(0, __vite_ssr_import_0__.f)()`, an export a getter): the name check
 * calls across its ~25 modules hundreds of times a check, and the same code
 * from src/ runs 16–21% slower here than built (one row below times it, for
 * the record). The raw rows are internal functions, from source.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import levenshtein from 'fast-levenshtein';
import { bench, describe } from 'vitest';
import { firstNameGender, foldName, isKnownLastName, nameLikeness } from '../src/name/data/index.js';
import { checkName as checkNameSource } from '../src/name/index.js';
import { openNameTables } from '../src/name/tables.js';
import { openData } from '../src/data/context.js';
import { fakeNames, realNames } from '../test/name/fixtures.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of a .ts file under `dir` that is built (tests are not). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}
// tsup writes every entry afresh on each build: a dist/name/index.js older than a source file or the build's
// config is a stale build (a file restored with an old time, or a changed dependency, is not seen).
const builtAt = statSync(join(root, 'dist', 'name', 'index.js'), { throwIfNoEntry: false })?.mtimeMs ?? -1;
if (builtAt < 0) throw new Error('bench/name.bench.ts: no dist/; run `npm run build` first (`npm run bench` builds first)');
if (builtAt < Math.max(newestSource(join(root, 'src')), statSync(join(root, 'tsup.config.ts')).mtimeMs)) {
  throw new Error('bench/name.bench.ts: dist/ is older than src/ or tsup.config.ts; run `npm run build` (or `npm run bench`, which builds first)');
}
// Imported by path, typed as the source it is built from: the static import would need dist/ at type-check time (before any build).
const { checkName, createNameCheck } = (await import(pathToFileURL(join(root, 'dist', 'name', 'index.js')).href)) as typeof import('../src/name/index.js');
// vitest.config.ts has Vitest load dist/ natively in bench mode; transformed, its calls would show Vite's module objects.
if (String(createNameCheck).includes('__vite_ssr_')) throw new Error('bench/name.bench.ts: dist/ was loaded through Vite’s transform, not natively (see vitest.config.ts, server.deps.external)');

const mix: [string, string][] = [...realNames(), ...fakeNames()].map((n) => [n.first, n.last]);
const check = createNameCheck();
// Warm the checkers outside the measured loop, so the bench measures the steady state a long-running
// process reaches: the tables load on the first call; the check's memos take a key from its second meeting,
// so they are full from the third pass; V8 goes on optimising the check's ~100 functions for ~40 passes of
// the mix (~40,000 checks, measured with one checker: --trace-opt; this loop runs the built code twice a
// pass, for the default checker and the instance, and the src/ copy, compiled apart, once), on
// background threads whose CPU counts (per pass, one process: 50-100 ms for passes 1-8, 7-16 ms with
// spikes to pass ~45, then 5.5-6.5 ms). Without a warm-up the first row measured paid for it (108.7 hz
// first, the same code 143.0 hz second). The cold start is measured apart (bench/first-call.ts).
for (let pass = 0; pass < 50; pass++) {
  for (const [f, l] of mix) {
    checkName(f, l);
    check(f, l);
    checkNameSource(f, l);
  }
}
// The raw lookups read the tables of the default bundle, opened once as a checker opens them.
const tables = openNameTables(openData(undefined));
console.log(`name bench: ${mix.length} names per iteration`);

describe(`name: ${mix.length} names per iteration`, () => {
  bench('checkName (default checker)', () => {
    for (const [f, l] of mix) checkName(f, l);
  });
  bench('createNameCheck() instance', () => {
    for (const [f, l] of mix) check(f, l);
  });
  bench('checkName from src/ through Vite’s transform (not what users run)', () => {
    for (const [f, l] of mix) checkNameSource(f, l);
  });
  bench('raw: fast-levenshtein.get(first, last)', () => {
    for (const [f, l] of mix) levenshtein.get(f, l);
  });
  bench('raw: foldName ×2 + gender + last-name + likeness lookups', () => {
    for (const [f, l] of mix) {
      const a = foldName(f);
      const b = foldName(l);
      firstNameGender(tables, a);
      isKnownLastName(tables, b);
      nameLikeness(tables, b);
    }
  });
});
