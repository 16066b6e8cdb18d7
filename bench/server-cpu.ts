/**
 * CPU time per request of the HTTP server's own code, old against new, in
 * one process: the same requests as bench/server-load.ts (mixed
 * products, 10% malformed, 5% wrong keys) handed to each server's request
 * listener through light-my-request (no sockets: the socket work is the same
 * one writev per answer for both, checked with strace), alternating rounds,
 * measured with process.cpuUsage. `resolve()` alone on the good requests is
 * the floor: a server's overhead is its time minus that.
 *
 *   npx tsx bench/server-cpu.ts                         # this tree's server
 *   npx tsx bench/server-cpu.ts --old /tmp/wt-old       # and an older tree's server, same checker
 *   npx tsx bench/server-cpu.ts --rounds 10 --requests 2000 --logs
 *   npx tsx bench/server-cpu.ts --logs --logs-cost           # this tree's server without and with logs, paired
 *   npx tsx bench/server-cpu.ts --rounds 1 --profile /tmp/new.cpuprofile   # where the new server's time goes
 *
 * `--logs` gives every server the logger `serve` makes (serveLikeLogger in
 * bench/serverRequests.ts: lines written to /dev/null), so the access log's
 * cost is in; the hand-written server has no log and ignores it.
 * Bounded: a fixed request count per round, nothing listens.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'light-my-request';
import type { DispatchFunc } from 'light-my-request';
import { createChecker } from '../src/index.js';
import { resolve } from '../src/resolve.js';
import { KEY, TEMPLATES, median, serveLikeLogger } from './serverRequests.js';

const ROOT = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const ROUNDS = Number(option('--rounds') ?? 6);
const AMOUNT = Number(option('--requests') ?? 2_000);

const checker = createChecker();

/** The request listener of the server of the tree at `root`, with this tree's checker. */
async function listenerOf(root: string, logs: boolean): Promise<DispatchFunc> {
  const { createServer } = (await import(pathToFileURL(join(root, 'src', 'server', 'index.ts')).href)) as {
    createServer: (options: Record<string, unknown>) => import('node:http').Server;
  };
  const server = createServer({
    apiKeys: [KEY],
    rateLimitPerSecond: 0,
    checker,
    onError: (error: unknown) => console.error(error),
    ...(logs ? { logger: serveLikeLogger() } : {}),
  });
  const listener = server.listeners('request')[0] as DispatchFunc;
  // The new server answers once its plugins are loaded; one request waits for that.
  await inject(listener, { method: 'GET', url: '/health' });
  return listener;
}

/** CPU µs per request of `amount` requests through `listener`; throws on a wrong status. */
async function run(listener: DispatchFunc, amount: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < amount; i++) {
    const t = TEMPLATES[i % TEMPLATES.length]!;
    const res = await inject(listener, {
      method: 'POST',
      url: t.path,
      headers: { 'content-type': 'application/json', 'x-api-key': t.key },
      payload: t.body,
    });
    if (res.statusCode !== t.expect) throw new Error(`${t.path} answered ${res.statusCode}, expected ${t.expect}: ${res.body.slice(0, 200)}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / amount;
}

/** The floor: resolve() alone on the same requests (the checks and the envelope, no HTTP), JSON.stringify'd. */
async function floor(amount: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < amount; i++) {
    const t = TEMPLATES[i % TEMPLATES.length]!;
    if (t.expect !== 200) continue;
    JSON.stringify(await resolve(JSON.parse(t.body), { checker }));
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / amount;
}

const logs = argv.includes('--logs');
const targets: [string, DispatchFunc][] = [[`new${logs ? ' (logs)' : ''}`, await listenerOf(ROOT, logs)]];
const old = option('--old');
if (old !== undefined) targets.unshift([`old (${old})${logs ? ' (logs)' : ''}`, await listenerOf(old, logs)]);
// --logs-cost: this tree's server without and with the logger, paired: what the access log costs.
else if (argv.includes('--logs-cost')) targets.unshift(['new (no logs)', await listenerOf(ROOT, false)]);
const samples = new Map<string, number[]>([['resolve() alone', []], ...targets.map(([label]) => [label, []] as [string, number[]])]);

// Warm-up: every product's data loaded, code optimised (one round of 1,000 left the first measured rounds ~20% high).
for (let w = 0; w < 3; w++) for (const [, listener] of targets) await run(listener, 2_000);
await floor(1_000);
for (let round = 0; round < ROUNDS; round++) {
  samples.get('resolve() alone')!.push(await floor(AMOUNT));
  for (const [label, listener] of round % 2 === 0 ? targets : [...targets].reverse()) samples.get(label)!.push(await run(listener, AMOUNT));
}
// --profile FILE: a CPU profile of the new server alone, after the rounds (the code is warm).
const profileFile = option('--profile');
if (profileFile !== undefined) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  await run(targets.at(-1)![1], AMOUNT * 2);
  writeFileSync(profileFile, JSON.stringify((await session.post('Profiler.stop')).profile));
}
const base = median(samples.get('resolve() alone')!);
for (const [label, values] of samples) {
  const m = median(values);
  // The minimum too: on a shared machine, contention only ever adds CPU time (cache and core sharing).
  const low = Math.min(...values);
  console.log(
    `${label}: ${m.toFixed(1)} µs/request CPU (median of ${values.length}, min ${low.toFixed(1)}; ${values.map((v) => v.toFixed(0)).join(' ')})` +
      (label === 'resolve() alone' ? '' : `, over resolve() ${(m - base).toFixed(1)} µs (min ${(low - Math.min(...samples.get('resolve() alone')!)).toFixed(1)})`),
  );
}
// With --old: the difference of each round's pair (old and new measured back to back), whose median is
// steadier than the difference of the medians when other jobs come and go.
if (targets.length === 2) {
  const [before, after] = targets.map(([label]) => samples.get(label)!);
  const diffs = before!.map((v, i) => after![i]! - v);
  const ratios = before!.map((v, i) => after![i]! / v);
  console.log(`paired rounds: new − old median ${median(diffs).toFixed(1)} µs, new/old median ${median(ratios).toFixed(3)}`);
}
