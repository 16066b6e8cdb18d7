/**
 * CPU time per name check over the bench's mix (fixtures in order), best of
 * N iterations, with process.cpuUsage: on a shared, loaded machine wall
 * time is several times too high, CPU time much less so.
 *
 *   npx tsx bench/name-cpu.ts [iterations]
 */
import { createNameCheck } from '../src/name/index.js';
import { fakeNames, realNames } from '../test/name/fixtures.js';

const mix: [string, string][] = [...realNames(), ...fakeNames()].map((n) => [n.first, n.last]);
const check = createNameCheck();
check('warm', 'up');
const iterations = Number(process.argv[2] ?? 30);
let best = Infinity;
for (let i = 0; i < iterations; i++) {
  const u = process.cpuUsage();
  for (const [f, l] of mix) check(f, l);
  const d = process.cpuUsage(u);
  best = Math.min(best, (d.user + d.system) / 1000);
}
const perCheckUs = (best * 1000) / mix.length;
console.log(`name cpu: ${mix.length} names, best of ${iterations}: ${best.toFixed(2)} ms CPU, ${perCheckUs.toFixed(2)} µs/check, ${Math.round(1e6 / perCheckUs).toLocaleString('en')} checks/s of CPU`);
