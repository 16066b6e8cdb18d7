/**
 * checkName over a realistic mix (the hand-labelled real names from 110
 * countries and the fake names of every risk type, in fixture order), next
 * to the raw pieces it is built on, measured in the same run:
 * - fast-levenshtein on the same first/last pairs (the one npm library the
 *   check calls);
 * - the bare data lookups a check makes at least (foldName of both parts,
 *   firstNameGender, isKnownLastName, nameLikeness of the last name).
 * Each iteration checks the whole mix; ops/s × mix size = checks/s.
 */
import levenshtein from 'fast-levenshtein';
import { bench, describe } from 'vitest';
import { firstNameGender, foldName, isKnownLastName, nameLikeness } from '../src/name/data/index.js';
import { checkName, createNameCheck } from '../src/name/index.js';
import { fakeNames, realNames } from '../test/name/fixtures.js';

const mix: [string, string][] = [...realNames(), ...fakeNames()].map((n) => [n.first, n.last]);
const check = createNameCheck();
// Warm both checkers outside the measured loop, so the bench measures the steady state a long-running
// process reaches: the tables load on the first call; the check's memos take a key from its second meeting,
// so they are full from the third pass; V8 goes on optimising the check's ~100 functions for ~40 passes of
// the mix (~40,000 checks, measured with one checker: --trace-opt; this loop runs the same code twice a
// pass, for the default checker and the instance), on
// background threads whose CPU counts (per pass, one process: 50-100 ms for passes 1-8, 7-16 ms with
// spikes to pass ~45, then 5.5-6.5 ms). Without a warm-up the first row measured paid for it (108.7 hz
// first, the same code 143.0 hz second). The cold start is measured apart (bench/first-call.ts).
for (let pass = 0; pass < 50; pass++) {
  for (const [f, l] of mix) {
    checkName(f, l);
    check(f, l);
  }
}
console.log(`name bench: ${mix.length} names per iteration`);

describe(`name: ${mix.length} names per iteration`, () => {
  bench('checkName (default checker)', () => {
    for (const [f, l] of mix) checkName(f, l);
  });
  bench('createNameCheck() instance', () => {
    for (const [f, l] of mix) check(f, l);
  });
  bench('raw: fast-levenshtein.get(first, last)', () => {
    for (const [f, l] of mix) levenshtein.get(f, l);
  });
  bench('raw: foldName ×2 + gender + last-name + likeness lookups', () => {
    for (const [f, l] of mix) {
      const a = foldName(f);
      const b = foldName(l);
      firstNameGender(a);
      isKnownLastName(b);
      nameLikeness(b);
    }
  });
});
