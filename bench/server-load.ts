/**
 * Load test of the HTTP server over loopback: 20,000 requests at
 * 50 connections, mixed products, 10% malformed bodies, 5% wrong keys.
 * Passes when no answer is a 5xx and every bad request gets its own 4xx;
 * prints throughput and p50/p99 latency.
 *
 *   npx tsx bench/server-load.ts                       # this tree's server
 *   npx tsx bench/server-load.ts --old /tmp/wt-old     # and an older tree's, in the same run
 *   npx tsx bench/server-load.ts --old /tmp/wt-old --rounds 3
 *   npx tsx bench/server-load.ts --old /tmp/wt-old --rounds 3 --logs   # every server logs as `serve` does (to /dev/null)
 *   npx tsx bench/server-load.ts --old /tmp/wt-old --bare --rounds 6    # and a bare Fastify app with the same routes
 *   SERVER_PROFILE_FILE=/tmp/server.cpuprofile npx tsx bench/server-load.ts   # profile of the measured requests (after the warm-up)
 *
 * Bounded: a fixed request count, 120 s at most per server, 127.0.0.1 only.
 * Each server runs in its own process, so the load generator does not share
 * its event loop.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import autocannon from 'autocannon';
import { TEMPLATES, median } from './serverRequests.js';

const ROOT = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const AMOUNT = Number(option('--requests') ?? 20_000);
const CONNECTIONS = Number(option('--connections') ?? 50);
const LIMIT_MS = 120_000;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

if (TEMPLATES.length !== 20) throw new Error(`expected 20 templates, got ${TEMPLATES.length}`);

/** Starts the server of `root` in its own process; resolves with its port and a stop function. */
async function startTarget(root: string): Promise<{ port: number; cpuMs: () => number; stop: () => Promise<void> }> {
  const profile = process.env.SERVER_PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_PROFILE_DIR}`];
  // One profile per tree: <file>-<tree folder>.cpuprofile.
  const profileFile = process.env.SERVER_PROFILE_FILE?.replace(/\.cpuprofile$/, '').concat(`-${basename(root)}.cpuprofile`);
  const env = profileFile === undefined ? process.env : { ...process.env, SERVER_PROFILE_FILE: profileFile };
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(ROOT, 'bench', 'server-target.ts'), root, ...(argv.includes('--logs') ? ['--logs'] : [])], { cwd: root === 'bare' ? ROOT : root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  profiled = child;
  const port = await new Promise<number>((ok, fail) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /^(\d+)\n/.exec(out);
      if (match) ok(Number(match[1]));
    });
    child.on('exit', (code) => fail(new Error(`the server of ${root} ended with ${code}`)));
  });
  return {
    port,
    // The server's CPU time (user + system) from /proc: steadier than wall-clock rates on a busy machine.
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    stop: () =>
      new Promise<void>((ok) => {
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

/** The server process of the current round: SERVER_PROFILE_FILE profiles it after the warm-up (bench/server-target.ts). */
let profiled: import('node:child_process').ChildProcess | undefined;

interface Outcome {
  readonly label: string;
  readonly requests: number;
  readonly throughput: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: Record<string, number>;
  readonly wrong: Record<string, number>;
  readonly errors: number;
  /** The load generator's own CPU time per request, in µs: near the server's, the generator is what limits the rate. */
  readonly clientCpuPerRequestUs: number;
  /** Server CPU time per request, in µs. */
  cpuPerRequestUs?: number;
}

async function load(label: string, port: number, amount: number, check: boolean): Promise<Outcome> {
  const wrong: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  // Throughput from the first request sent to the last answer: autocannon's own figures are whole-second
  // averages (a 20,000-request run reads 4,975 or 6,623 req/s, nothing between).
  let first = 0;
  let last = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    amount,
    timeout: 10,
    requests: TEMPLATES.map((t) => ({
      method: 'POST' as const,
      path: t.path,
      headers: { 'content-type': 'application/json', 'x-api-key': t.key },
      body: t.body,
      onResponse: (status: number) => {
        last = performance.now();
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (check && status !== t.expect) wrong[`${t.kind} → ${status}`] = (wrong[`${t.kind} → ${status}`] ?? 0) + 1;
      },
    })),
  });
  first = performance.now();
  const clientCpu = process.cpuUsage();
  const guard = setTimeout(() => instance.stop(), LIMIT_MS);
  const result = await instance;
  clearTimeout(guard);
  const used = process.cpuUsage(clientCpu);
  return {
    label,
    requests: result.requests.total,
    throughput: result.requests.total > 0 ? (result.requests.total * 1000) / (last - first) : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    wrong,
    errors: result.errors + result.timeouts,
    clientCpuPerRequestUs: result.requests.total > 0 ? Math.round((used.user + used.system) / result.requests.total) : 0,
  };
}

const targets: [string, string][] = [['new (this tree)', ROOT]];
const old = option('--old');
if (old !== undefined) targets.unshift([`old (${old})`, old]);
// --bare: also the bare Fastify app (bench/bareFastify.ts), the floor of any Fastify server.
if (argv.includes('--bare')) targets.push(['bare Fastify (bench/bareFastify.ts)', 'bare']);

const ROUNDS = Number(option('--rounds') ?? 1);
const outcomes: Outcome[] = [];
// Rounds alternate the servers and their order (old, new; new, old; …), so that a busy moment of the machine
// does not fall on one of them only.
for (let round = 0; round < ROUNDS; round++) for (const [label, root] of round % 2 === 0 ? targets : [...targets].reverse()) {
  const target = await startTarget(root);
  try {
    await load(`${label} warm-up`, target.port, 2_000, false); // loads every product's data
    if (process.env.SERVER_PROFILE_FILE !== undefined) profiled?.kill('SIGUSR2');
    const before = target.cpuMs();
    const outcome = await load(label, target.port, AMOUNT, true);
    outcome.cpuPerRequestUs = Math.round(((target.cpuMs() - before) * 1000) / outcome.requests);
    outcomes.push(outcome);
  } finally {
    await target.stop();
  }
}

let failed = false;
for (const o of outcomes) {
  const fiveXX = Object.entries(o.statuses).filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0);
  console.log(
    `${o.label}: ${o.requests} requests, ${Math.round(o.throughput)} req/s, p50 ${o.p50} ms, p99 ${o.p99} ms, server CPU ${o.cpuPerRequestUs} µs/request, load generator ${o.clientCpuPerRequestUs}; statuses ${JSON.stringify(o.statuses)}; ` +
      `5xx ${fiveXX}; wrong answers ${JSON.stringify(o.wrong)}; socket errors/timeouts ${o.errors}`,
  );
  if (fiveXX > 0 || Object.keys(o.wrong).length > 0 || o.errors > 0 || o.requests < AMOUNT) failed = true;
}
// Medians over the rounds, per server.
if (ROUNDS > 1) {
  for (const [label] of targets) {
    const runs = outcomes.filter((o) => o.label === label);
    console.log(
      `${label}, median of ${runs.length}: server CPU ${median(runs.map((o) => o.cpuPerRequestUs!))} µs/request (${runs.map((o) => o.cpuPerRequestUs).join(', ')}), ` +
        `${Math.round(median(runs.map((o) => o.throughput)))} req/s, p50 ${median(runs.map((o) => o.p50))} ms, p99 ${median(runs.map((o) => o.p99))} ms`,
    );
  }
}
process.exitCode = failed ? 1 : 0;
