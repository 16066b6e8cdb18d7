/**
 * The batch bench: rows/s and peak resident memory of
 * `identity-signals batch --input` on generated customer files, with 1 and 2
 * worker threads and with the Redis queue and 2 worker processes.
 *
 *   npm run build && npx tsx bench/batch.ts [--emails 1000000] [--mixed 200000] [--only email|mixed] [--skip-queue] [--bin dist/cli/index.js]
 *     [--threads 1,2] [--checkpoints 1000000,5000000]
 *
 * `--threads` lists the thread counts to run (`default`: no --workers, the
 * memory-aware choice, whose line is printed). `--checkpoints` records the
 * peak RSS, CPU and wall time when the batch has read past those rows (its
 * read position in the input, from /proc/PID/fdinfo): the constant-memory
 * proof on a long file (10,000,000 e-mail rows, checkpoints at 1M
 * and 5M, and the end).
 *
 * The files (faker, seeded: the same rows every run) are written to
 * .tmp/bench-batch/ (gitignored) unless already there. Peak memory is each
 * process's VmHWM from /proc, polled, so it counts the worker threads (one
 * process) and, for the queue, the submitter and each worker process apart.
 * A script, not a vitest bench: one run takes minutes and is not gating.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { emailCsv, mixedCsv, writeLines } from '../test/support/batchData.js';
import { peakMb } from '../test/support/peakMemory.js';

const root = join(import.meta.dirname, '..');
const work = join(root, '.tmp', 'bench-batch');

const { values } = parseArgs({
  options: {
    bin: { type: 'string', default: join(root, 'dist', 'cli', 'index.js') },
    emails: { type: 'string', default: '1000000' },
    mixed: { type: 'string', default: '200000' },
    only: { type: 'string' },
    'skip-queue': { type: 'boolean', default: false },
    threads: { type: 'string', default: '1,2' },
    checkpoints: { type: 'string' },
  },
});

/** A point in the input: after `rows` rows, which end at byte `offset`. */
interface Checkpoint {
  readonly rows: number;
  readonly offset: number;
}

/** What a run had used when it read past a checkpoint. */
interface Reached {
  readonly rows: number;
  readonly seconds: number;
  readonly peakMb: number;
  readonly cpu: number;
}

/** The byte offsets where rows `rows` end in `path` (the header is line 1, so row N ends at the end of line N + 1). */
function checkpointsOf(path: string, rows: readonly number[]): Checkpoint[] {
  const wanted = [...rows].sort((a, b) => a - b);
  const out: Checkpoint[] = [];
  const fd = openSync(path, 'r');
  try {
    const block = Buffer.alloc(1 << 20);
    let lines = 0;
    let at = 0;
    for (let n = readSync(fd, block); n > 0 && out.length < wanted.length; at += n, n = readSync(fd, block)) {
      for (let i = block.indexOf(10); i >= 0 && i < n; i = block.indexOf(10, i + 1)) {
        lines++;
        if (lines === wanted[out.length]! + 1) out.push({ rows: wanted[out.length]!, offset: at + i + 1 });
        if (out.length === wanted.length) break;
      }
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

/** How far `pid` has read `path`: the position of its descriptor on it (Linux /proc), or -1. */
function readPosition(pid: number, path: string): number {
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`) !== path) continue;
      const match = /pos:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'));
      if (match) return Number(match[1]);
    }
  } catch {
    // The process (or the descriptor) ended between the listing and the read.
  }
  return -1;
}

/** CPU time a process has used so far (all its threads, user + system), in seconds; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, so split after its ')'): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of each thread of a process (user + system), by thread id; empty once it is gone. */
function threadCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // The process (or a thread) ended between the listing and the read.
  }
  return out;
}

interface Run {
  readonly seconds: number;
  readonly peakMb: number;
  /** CPU seconds used, as last seen while it ran. */
  readonly cpu: number;
  /** CPU seconds of the main thread, and of the busiest other threads (the workers), as last seen. */
  readonly mainCpu: number;
  readonly threadCpu: readonly number[];
  readonly stderr: string;
  /** The checkpoints read past, in order. */
  readonly reached: readonly Reached[];
}

/** Runs the bin with `args`, watching its peak memory (and, given `watch`, when it reads past each checkpoint); rejects unless it exits 0. */
function runBin(args: readonly string[], watch?: { path: string; checkpoints: readonly Checkpoint[] }): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, ...args], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peak = 0;
  let cpu = 0;
  const threads = new Map<number, number>();
  const reached: Reached[] = [];
  const timer = setInterval(() => {
    peak = Math.max(peak, peakMb(child.pid!));
    cpu = Math.max(cpu, cpuSeconds(child.pid!));
    for (const [tid, seconds] of threadCpu(child.pid!)) threads.set(tid, Math.max(threads.get(tid) ?? 0, seconds));
    const next = watch?.checkpoints[reached.length];
    if (next !== undefined && readPosition(child.pid!, watch!.path) >= next.offset) {
      reached.push({ rows: next.rows, seconds: (performance.now() - started) / 1000, peakMb: peak, cpu });
    }
  }, 200);
  return new Promise((ok, fail) =>
    child.on('close', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) fail(new Error(`batch ${args.join(' ')} exited ${code}:\n${stderr}`));
      else {
        const mainCpu = threads.get(child.pid!) ?? 0;
        const others = [...threads].filter(([tid]) => tid !== child.pid).map(([, s]) => s).sort((a, b) => b - a);
        ok({ seconds, peakMb: peak, cpu, mainCpu, threadCpu: others, stderr, reached });
      }
    }),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise((ok) => server.close(ok));
  return port;
}

/** A redis-server on loopback for the queue runs; stopped by the returned function. */
async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise((ok) => setTimeout(ok, 500));
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** The queue run: two `worker` processes of one thread each, and the submitter. */
async function runQueue(file: string): Promise<Run & { workerPeakMb: number[]; workerCpu: number[] }> {
  const redis = await startRedis();
  const workers = [0, 1].map(() => spawn(process.execPath, [bin, 'worker', '--queue', redis.url, '--workers', '1'], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] }));
  const peaks = [0, 0];
  const cpu = [0, 0];
  const timer = setInterval(
    () =>
      workers.forEach((w, i) => {
        peaks[i] = Math.max(peaks[i]!, peakMb(w.pid!));
        cpu[i] = Math.max(cpu[i]!, cpuSeconds(w.pid!));
      }),
    200,
  );
  try {
    // Both ready (data loads on their first chunk, as with threads).
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((ok) => {
            let text = '';
            w.stderr.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (text.includes('checking chunks')) ok();
            });
          }),
      ),
    );
    const run = await runBin(['batch', '--input', file, '--output', '/dev/null', '--queue', redis.url]);
    return { ...run, workerPeakMb: [...peaks], workerCpu: [...cpu] };
  } finally {
    clearInterval(timer);
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((ok) => w.on('close', ok))));
    redis.stop();
  }
}

function ensure(name: string, rows: number, make: (rows: number) => Iterable<string>): string {
  const path = join(work, name);
  if (!existsSync(path)) {
    const started = performance.now();
    writeLines(path, make(rows));
    console.log(`wrote ${name}: ${rows.toLocaleString('en-US')} rows, ${(statSync(path).size / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return name;
}

const mb = (n: number) => `${Math.round(n)} MB`;

const bin = resolve(values.bin);

async function main(): Promise<void> {
  if (!existsSync(bin)) throw new Error('build first: npm run build');
  mkdirSync(work, { recursive: true });
  const emails = Number(values.emails);
  const mixed = Number(values.mixed);
  const sets = [
    ...(values.only === undefined || values.only === 'email' ? [{ label: `${emails.toLocaleString('en-US')} e-mail rows`, rows: emails, file: ensure(`emails-${emails}.csv`, emails, (n) => emailCsv(n, 16)) }] : []),
    ...(values.only === undefined || values.only === 'mixed' ? [{ label: `${mixed.toLocaleString('en-US')} mixed rows (5 products)`, rows: mixed, file: ensure(`mixed-${mixed}.csv`, mixed, (n) => mixedCsv(n, 16)) }] : []),
  ];
  console.log(`node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'})`);
  // The machine's load before each run: on a shared machine, other processes take cores the workers would use.
  const load = () => loadavg()[0]!.toFixed(1);
  console.log('| input | run | rows/s | wall | CPU | main thread, worker threads CPU | µs CPU a row | peak RSS | load before |');
  console.log('|---|---|---:|---:|---:|---|---:|---:|---:|');
  // Each thread's CPU: a worker thread's is its share of the checking, so with free cores N threads take
  // about the largest worker's CPU of wall time (the "CPU-bound ×" after the 2-thread run).
  const threadsCol = (run: Run, workers: number) => `${run.mainCpu.toFixed(1)} s; ${run.threadCpu.slice(0, workers).map((s) => `${s.toFixed(1)} s`).join(' + ')}`;
  const perRow = (run: Run, rows: number) => Math.round((run.cpu / rows) * 1e6).toLocaleString('en-US');
  const threadRuns = values.threads.split(',').map((t) => t.trim());
  const checkpointRows = values.checkpoints?.split(',').map(Number) ?? [];
  // With free cores the wall time is the busiest thread's CPU: the speed-up the second thread gives when it has a core.
  const busiest = (run: Run) => Math.max(run.mainCpu, run.threadCpu[0] ?? 0);
  for (const set of sets) {
    const path = join(work, set.file);
    const checkpoints = checkpointRows.length > 0 ? checkpointsOf(path, checkpointRows.filter((rows) => rows < set.rows)) : [];
    const runs = new Map<string, Run>();
    for (const threads of threadRuns) {
      const before = load();
      const run = await runBin(['batch', '--input', set.file, '--output', '/dev/null', ...(threads === 'default' ? [] : ['--workers', threads])], { path, checkpoints });
      runs.set(threads, run);
      const count = threads === 'default' ? Number(/workers: (\d+) of/.exec(run.stderr)?.[1] ?? 1) : Number(threads);
      // What the batch said of its threads: the count chosen (default) or the warning that --workers N is likely over
      // the memory budget, and, later in the run, a thread stopped near the budget.
      const said = run.stderr.match(/(?:workers|warning): [^\n]*/g)?.join('; ');
      const label = `${threads === 'default' ? 'default' : `${threads} worker thread${threads === '1' ? '' : 's'}`}${said === undefined ? '' : ` (${said})`}`;
      const speedUp = threads !== '1' && runs.has('1') ? ` (×${(runs.get('1')!.seconds / run.seconds).toFixed(2)})` : '';
      console.log(
        `| ${set.label} | ${label} | ${Math.round(set.rows / run.seconds).toLocaleString('en-US')}${speedUp} | ${run.seconds.toFixed(1)} s | ${run.cpu.toFixed(0)} s | ${threadsCol(run, count)} | ${perRow(run, set.rows)} | ${mb(run.peakMb)} | ${before} |`,
      );
      for (const at of run.reached) {
        console.log(`  after ${at.rows.toLocaleString('en-US')} rows: peak RSS ${mb(at.peakMb)}, ${at.cpu.toFixed(0)} s CPU (${Math.round((at.cpu / at.rows) * 1e6)} µs a row), ${at.seconds.toFixed(0)} s wall`);
      }
    }
    if (runs.has('1') && runs.has('2')) {
      console.log(`CPU-bound speed-up of 2 threads (1-thread busiest thread CPU / 2-thread busiest thread CPU): ×${(busiest(runs.get('1')!) / busiest(runs.get('2')!)).toFixed(2)}`);
    }
    if (!values['skip-queue']) {
      const before = load();
      const queued = await runQueue(set.file);
      console.log(
        `| ${set.label} | queue, 2 worker processes | ${Math.round(set.rows / queued.seconds).toLocaleString('en-US')} | ${queued.seconds.toFixed(1)} s | ${(queued.cpu + queued.workerCpu[0]! + queued.workerCpu[1]!).toFixed(0)} s | submitter ${queued.cpu.toFixed(1)} s; workers ${queued.workerCpu.map((s) => `${s.toFixed(1)} s`).join(' + ')} | ${perRow({ ...queued, cpu: queued.cpu + queued.workerCpu[0]! + queued.workerCpu[1]! }, set.rows)} | submitter ${mb(queued.peakMb)}, workers ${queued.workerPeakMb.map(mb).join(' + ')} | ${before} |`,
      );
    }
  }
}

await main();
