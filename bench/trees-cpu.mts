/**
 * CPU per check of this tree against another checkout, product by product, on
 * the inputs recorded by scripts/behaviour/record.ts (one checker per tree,
 * warmed by a full pass, then alternating rounds; median µs of CPU per check).
 *
 *   npx tsx scripts/behaviour/record.ts --write .tmp/behaviour
 *   git worktree add --detach /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx tsx bench/trees-cpu.mts ip 6 --against /tmp/before --record .tmp/behaviour
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const product = process.argv[2] as 'device' | 'ip' | 'email' | 'phone' | 'name' | 'identity';
const rounds = Number(process.argv[3] ?? 5);
const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const against = flag('--against');
const record = flag('--record') ?? '.tmp/behaviour';
if (against === undefined) {
  console.error('usage: npx tsx bench/trees-cpu.mts <product> [rounds] --against <checkout> [--record <dir>]');
  process.exit(2);
}
const calls = readFileSync(join(record, `${product}.tsv`), 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l.slice(l.indexOf('\t') + 1)) as unknown[]);
const now = new Date('2026-12-01T12:00:00Z');
const after = (await import('../src/index.js')) as typeof import('../src/index.js');
const before = (await import(pathToFileURL(join(resolve(against), 'src', 'index.ts')).href)) as typeof import('../src/index.js');
const trees = { after, before };
const times: Record<string, number[]> = { after: [], before: [] };
const fns: Record<string, (...a: unknown[]) => unknown> = {};
for (const name of ['after', 'before']) {
  const options = product === 'device' ? { device: { cacheSize: 0 } } : {};
  let checker: ReturnType<typeof after.createChecker>;
  try {
    checker = trees[name as 'after'].createChecker({ now, ...options });
  } catch (error) {
    // A tree from before createChecker({ now }) reads the wall clock: its results differ in time fields only.
    if ((error as { field?: unknown }).field !== 'now') throw error;
    checker = trees[name as 'after'].createChecker(options);
  }
  if (product === 'identity') checker.preload();
  else checker.preload([product]);
  fns[name] = (checker as unknown as Record<string, (...a: unknown[]) => unknown>)[product]!;
  for (const c of calls) { try { fns[name]!(...c); } catch { /* warm */ } }
}
for (let r = 0; r < rounds; r++) {
  for (const name of r % 2 === 0 ? ['after', 'before'] : ['before', 'after']) {
    const fn = fns[name]!;
    const t0 = process.cpuUsage();
    for (const c of calls) { try { fn(...c); } catch { /* counted as a result */ } }
    const t = process.cpuUsage(t0);
    times[name]!.push((t.user + t.system) / calls.length);
  }
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${product}: ${calls.length} inputs, median of ${rounds} rounds, CPU µs/check: after ${med(times.after!).toFixed(2)}, before ${med(times.before!).toFixed(2)}, after/before ${(med(times.after!) / med(times.before!)).toFixed(3)}`);
