/**
 * CPU time per name check over the bench's mix (fixtures in order), best of
 * N iterations, with process.cpuUsage: on a shared, loaded machine wall
 * time is several times too high, CPU time much less so.
 *
 *   npx tsx bench/name-cpu.ts [iterations] [--against <dir>] [--sample]
 *
 * `--against <dir>`: also times the name check of another checkout (its
 * src/name/index.ts, with its own data), alternating the two pass by pass
 * in this one process, for a before/after figure on one machine state.
 * `--sample`: instead of the fixtures, 20,000 seeded pairs drawn from the
 * shipped name tables (few repeats: a token-level cache helps less than
 * on the 952 fixture names repeated every pass).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createNameCheck } from '../src/name/index.js';
import { fakeNames, realNames } from '../test/name/fixtures.js';
import { prng as rng } from '../test/support/prng.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt >= 0 ? args[againstAt + 1] : undefined;
const iterations = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--against') ?? 30);

function sample(count: number): [string, string][] {
  const table = (file: string): string[] => {
    const data = (JSON.parse(readFileSync(join(root, 'data', 'name', file), 'utf8')) as { data: { names: string[] | string } }).data.names;
    // A line table (format 3: "name\tcounts…"): the names are the keys.
    return typeof data === 'string' ? data.split('\n').map((line) => line.split('\t')[0]!) : data;
  };
  const firsts = table('first-names.json');
  const lasts = table('last-names.json');
  const next = rng(7);
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return Array.from({ length: count }, () => [cap(firsts[Math.floor(next() * firsts.length)]!), cap(lasts[Math.floor(next() * lasts.length)]!)]);
}

const mix: [string, string][] = args.includes('--sample') ? sample(20_000) : [...realNames(), ...fakeNames()].map((n) => [n.first, n.last]);
type Check = (first: string, last: string) => unknown;
const checks: [string, Check][] = [['this tree', createNameCheck()]];
if (against !== undefined) {
  const other = (await import(pathToFileURL(join(against, 'src', 'name', 'index.ts')).href)) as typeof import('../src/name/index.js');
  checks.push([against, other.createNameCheck()]);
}
const best = checks.map(() => Infinity);
for (const [, check] of checks) check('warm', 'up');
for (let i = 0; i < iterations; i++) {
  // The order alternates pass by pass: timed in a fixed order, the first of two identical trees came out ~3% slower.
  for (let j = 0; j < checks.length; j++) {
    const k = i % 2 === 0 ? j : checks.length - 1 - j;
    const check = checks[k]![1];
    const u = process.cpuUsage();
    for (const [f, l] of mix) check(f, l);
    const d = process.cpuUsage(u);
    best[k] = Math.min(best[k]!, (d.user + d.system) / 1000);
  }
}
checks.forEach(([label], k) => {
  const perCheckUs = (best[k]! * 1000) / mix.length;
  console.log(
    `name cpu (${label}): ${mix.length} names, best of ${iterations}: ${best[k]!.toFixed(2)} ms CPU, ${perCheckUs.toFixed(2)} µs/check, ${Math.round(1e6 / perCheckUs).toLocaleString('en')} checks/s of CPU`,
  );
});
