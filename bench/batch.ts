/**
 * The batch bench (issue 16): rows/s and peak resident memory of
 * `identity-signals batch --input` on generated customer files, with 1 and 2
 * worker threads and with the Redis queue and 2 worker processes.
 *
 *   npm run build && npx tsx bench/batch.ts [--emails 1000000] [--mixed 200000] [--only email|mixed] [--skip-queue] [--bin dist/cli/index.js]
 *
 * The files (faker, seeded: the same rows every run) are written to
 * .tmp/bench-batch/ (gitignored) unless already there. Peak memory is each
 * process's VmHWM from /proc, polled, so it counts the worker threads (one
 * process) and, for the queue, the submitter and each worker process apart.
 * A script, not a vitest bench: one run takes minutes and is not gating.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
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
  },
});

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
}

/** Runs the bin with `args`, watching its peak memory; rejects unless it exits 0. */
function runBin(args: readonly string[]): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, ...args], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peak = 0;
  let cpu = 0;
  const threads = new Map<number, number>();
  const timer = setInterval(() => {
    peak = Math.max(peak, peakMb(child.pid!));
    cpu = Math.max(cpu, cpuSeconds(child.pid!));
    for (const [tid, seconds] of threadCpu(child.pid!)) threads.set(tid, Math.max(threads.get(tid) ?? 0, seconds));
  }, 200);
  return new Promise((ok, fail) =>
    child.on('close', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) fail(new Error(`batch ${args.join(' ')} exited ${code}:\n${stderr}`));
      else {
        const mainCpu = threads.get(child.pid!) ?? 0;
        const others = [...threads].filter(([tid]) => tid !== child.pid).map(([, s]) => s).sort((a, b) => b - a);
        ok({ seconds, peakMb: peak, cpu, mainCpu, threadCpu: others, stderr });
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
  for (const set of sets) {
    let before = load();
    const single = await runBin(['batch', '--input', set.file, '--output', '/dev/null', '--workers', '1']);
    console.log(
      `| ${set.label} | 1 worker thread | ${Math.round(set.rows / single.seconds).toLocaleString('en-US')} | ${single.seconds.toFixed(1)} s | ${single.cpu.toFixed(0)} s | ${threadsCol(single, 1)} | ${perRow(single, set.rows)} | ${mb(single.peakMb)} | ${before} |`,
    );
    before = load();
    const two = await runBin(['batch', '--input', set.file, '--output', '/dev/null', '--workers', '2']);
    console.log(
      `| ${set.label} | 2 worker threads | ${Math.round(set.rows / two.seconds).toLocaleString('en-US')} (×${(single.seconds / two.seconds).toFixed(2)}) | ${two.seconds.toFixed(1)} s | ${two.cpu.toFixed(0)} s | ${threadsCol(two, 2)} | ${perRow(two, set.rows)} | ${mb(two.peakMb)} | ${before} |`,
    );
    // With free cores the wall time is the busiest thread's CPU: the speed-up the second thread gives when it has a core.
    const busiest = (run: Run) => Math.max(run.mainCpu, run.threadCpu[0] ?? 0);
    console.log(`CPU-bound speed-up of 2 threads (1-thread busiest thread CPU / 2-thread busiest thread CPU): ×${(busiest(single) / busiest(two)).toFixed(2)}`);
    if (!values['skip-queue']) {
      before = load();
      const queued = await runQueue(set.file);
      console.log(
        `| ${set.label} | queue, 2 worker processes | ${Math.round(set.rows / queued.seconds).toLocaleString('en-US')} | ${queued.seconds.toFixed(1)} s | ${(queued.cpu + queued.workerCpu[0]! + queued.workerCpu[1]!).toFixed(0)} s | submitter ${queued.cpu.toFixed(1)} s; workers ${queued.workerCpu.map((s) => `${s.toFixed(1)} s`).join(' + ')} | ${perRow({ ...queued, cpu: queued.cpu + queued.workerCpu[0]! + queued.workerCpu[1]! }, set.rows)} | submitter ${mb(queued.peakMb)}, workers ${queued.workerPeakMb.map(mb).join(' + ')} | ${before} |`,
      );
    }
  }
}

await main();
