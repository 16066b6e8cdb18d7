import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { DataBundle } from '../data/bundle.js';
import { openData } from '../data/context.js';
import { bundledCityPathIfInstalled } from '../ip/product.js';
import { chooseThreads } from './threads.js';
import type { ChunkResult, ChunkTask } from './types.js';
import type { RunnerSay } from './types.js';

/** Where chunks are checked: a pool of threads here, or workers on a queue. */
export interface ChunkRunner {
  run(task: ChunkTask): Promise<ChunkResult>;
  /** How many chunks may be out at once: enough to keep every worker busy, few enough to keep memory flat. */
  readonly window: number;
  /**
   * Called once a result's output has been handed to the output's file
   * descriptor: its memory may be reused (the thread pool's output bytes),
   * and `result.text` must not be read again.
   */
  release?(result: ChunkResult): void;
  close(): Promise<void>;
}

/**
 * The file the worker threads load. From source (vitest, tsx) this module is
 * `src/batch/pool.ts` and the worker `src/batch/worker.ts`, which a thread
 * can only load through tsx. Built, the worker is `dist/cli/batch-worker.js`
 * (its own tsup entry) and this code sits in a chunk of `dist/` or inside
 * `dist/cli/index.js`, as the bundler splits it: both places are looked at.
 */
export function workerEntry(): { filename: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { filename: fileURLToPath(new URL('./worker.ts', import.meta.url)), execArgv: [...process.execArgv, '--import', 'tsx'] };
  }
  const candidates = ['./cli/batch-worker.js', './batch-worker.js'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  const filename = candidates.find((path) => existsSync(path));
  if (filename === undefined) throw new Error(`the batch worker is missing: none of ${candidates.join(', ')} exists (rebuild identity-signals)`);
  return { filename, execArgv: [...process.execArgv] };
}

/** Chunks in flight per thread: one being checked, a few queued so a thread never waits for the reader. */
const CHUNKS_PER_THREAD = 3;

/**
 * The old-generation heap of a worker thread, in MB. The datasets of all five
 * products take about 80 MB of heap (the city databases are buffers outside
 * it); without a limit V8 lets a busy thread's heap grow lazily towards
 * gigabytes before collecting (measured: resident memory climbing by ~3 MB/s
 * over 40k rows of all five products, flat with this limit, at the same
 * speed).
 */
const WORKER_OLD_GENERATION_MB = 256;

/**
 * The young generation of a worker thread, in MB (V8's default here is
 * about 3 × 16). A check makes much short-lived garbage; with the default
 * young space a thread held more resident memory. 16 lowered the peak of a
 * run with as much time collecting as the default; 8 lowered it a little
 * more for 2.5 times the GC time (figures: docs/perf.md).
 */
const WORKER_YOUNG_GENERATION_MB = 16;

/**
 * Output buffers larger than this are left to the collector rather than
 * kept for reuse: a chunk of ordinary rows writes about a megabyte; one of
 * rows with megabyte-long cells should not pin its memory for the rest of
 * the run.
 */
const MAX_REUSED_BUFFER_BYTES = 8 << 20;

/** What the pool hands every worker thread when it starts. */
export interface PoolWorkerData {
  /** Files read once into shared memory: [path, bytes] (see useSharedFile). */
  readonly files: readonly (readonly [string, SharedArrayBuffer])[];
}

/** Reads a file into shared memory, which worker threads can use without a copy. */
function readShared(path: string): SharedArrayBuffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const shared = new SharedArrayBuffer(size);
    const view = Buffer.from(shared);
    for (let at = 0; at < size; ) at += readSync(fd, view, at, size - at, at);
    return shared;
  } finally {
    closeSync(fd);
  }
}

/**
 * The IP range tables (`.bin`, read in place) of the data bundle the
 * threads will open for `data` (a directory, or the default bundle), and of
 * the bundle it falls back to, read into shared memory: ≈20 MB, which each
 * thread otherwise read into a buffer of its own. `withCity`: the city
 * files are there, so the IP → country table (7 MB), which serves only
 * installs without them, is never read and not shared. A bundle or file
 * that cannot be read is left out: the threads read it themselves and report
 * what is wrong on the first check, as without sharing.
 */
export function sharedRangeTables(data: string | undefined, withCity: boolean): [string, SharedArrayBuffer][] {
  let bundle: DataBundle | null;
  try {
    bundle = openData(data === undefined ? undefined : { dir: data }).bundle;
  } catch {
    return [];
  }
  const out: [string, SharedArrayBuffer][] = [];
  for (; bundle !== null; bundle = bundle.fallback) {
    for (const { file, product, name } of bundle.manifest.datasets) {
      if (!file.endsWith('.bin') || (withCity && product === 'ip' && name === 'country')) continue;
      const path = join(bundle.root, file);
      try {
        out.push([path, readShared(path)]);
      } catch {
        // Reported by the thread that reads it.
      }
    }
  }
  return out;
}

/** How a pool sizes itself to a memory budget (the `batch --input` run; see {@link chooseThreads}). */
export interface PoolMemory extends RunnerSay {
  /** `--workers N` was given: `threads` are started whatever the budget, with a warning when likely over it. */
  readonly explicit: boolean;
  /** The budget, MB (`--max-memory`). */
  readonly budgetMb: number;
  /** Reads the process's resident memory, MB (tests give their own). @internal */
  readonly residentMb?: () => number;
}

/** Resident memory of the whole process (every thread), MB. */
function residentMb(): number {
  return process.memoryUsage.rss() / 2 ** 20;
}

/**
 * Share of the budget at which a run without `--workers` stops one of its
 * threads. The estimate that chose them is made on the first chunk and
 * cannot see all that fills late in a long run (caches filling, a heap's
 * slack before a full collection): 2 threads of all five products,
 * estimated at 458–482 MB, peaked at 485 MB on 200,000 rows and 497 MB on
 * 1,000,000 (25 November 2026). A thread stopped frees its heap and its
 * datasets' (≈80–120 MB with such rows). The check is made as each chunk
 * comes back, on the resident memory of that moment; the high-water mark ran
 * up to 12 MB above it between two samples, hence 3% of room.
 */
const RETIRE_AT = 0.97;

/**
 * A pool of `threads` worker threads (piscina), each checking whole chunks.
 * With `shareIpData` (IP addresses are checked) the bundled city databases
 * and the IP range tables of the data bundle (`data`, a directory, or the
 * default bundle) are read here once and shared by every thread: 134 + 20 MB
 * in all instead of that much a thread.
 *
 * With `memory`, one thread starts first; once it has checked its first
 * chunk (its datasets loaded), the rise of the process's resident memory is
 * what a thread costs, and the others are started as {@link chooseThreads}
 * says: up to `threads`, as many as fit `memory.budgetMb`. With `--workers`
 * (`memory.explicit`) all `threads` start at once, and the same measure,
 * shared by the threads started, only decides the warning. Without
 * `--workers`, a thread is stopped again when the
 * process nears the budget all the same ({@link RETIRE_AT}). Each thread is
 * a piscina pool of its own, so that threads can be added to and taken from
 * a running pool.
 */
export function createPool(
  threads: number,
  { shareIpData = false, data, memory }: { shareIpData?: boolean; data?: string; memory?: PoolMemory } = {},
): ChunkRunner & { readonly threads: number } {
  const { filename, execArgv } = workerEntry();
  // The city files are an optional peer dependency: without them there is nothing to share (the country table is small).
  const cityPaths = shareIpData ? ([4, 6] as const).map((v) => bundledCityPathIfInstalled(v)).filter((p): p is string => p !== null) : [];
  const workerData: PoolWorkerData = {
    files: [...cityPaths.map((path) => [path, readShared(path)] as const), ...(shareIpData ? sharedRangeTables(data, cityPaths.length > 0) : [])],
  };
  const startThread = () =>
    new Piscina<ChunkTask, ChunkResult>({
      filename,
      execArgv,
      workerData,
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
  // The threads taking chunks, each with its chunks not yet back; and those stopped, finishing theirs.
  const lanes: { pool: Piscina<ChunkTask, ChunkResult>; out: number }[] = [];
  const stopping: Promise<void>[] = [];
  let stoppingOne = false;
  const resident = memory?.residentMb ?? residentMb;
  // Measured before the first thread exists: the shared files are read, the datasets are not.
  const beforeMb = memory === undefined ? 0 : resident();
  // Threads to run: all at once without a budget or with --workers N (the measure then only decides the warning,
  // and a second thread started after the first's first chunk cost ~5% of a 2-thread run's wall time); else one
  // until it is measured.
  let target = memory === undefined || memory.explicit ? threads : 1;
  let measured = memory === undefined;
  const measure = () => {
    measured = true;
    // What one thread took: the rise since before the first, shared by the threads started meanwhile.
    const oneMb = beforeMb + (resident() - beforeMb) / Math.max(1, lanes.length);
    const choice = chooseThreads({ wanted: threads, explicit: memory!.explicit, budgetMb: memory!.budgetMb, beforeMb, afterMb: oneMb, youngGenerationMb: WORKER_YOUNG_GENERATION_MB });
    target = choice.threads;
    if (choice.line !== undefined) memory!.say(`batch: ${choice.line}`);
    if (choice.warning !== undefined) memory!.warn(`batch: warning: ${choice.warning}`);
  };
  // Without --workers, the budget holds: near it, the thread started last takes no more chunks and ends once its own are back.
  const holdBudget = () => {
    if (memory === undefined || memory.explicit || stoppingOne || lanes.length < 2) return;
    const now = resident();
    if (now <= memory.budgetMb * RETIRE_AT) return;
    const lane = lanes.pop()!;
    target = lanes.length;
    stoppingOne = true;
    memory.say(
      `batch: workers: ${lanes.length} (resident memory reached ${Math.round(now).toLocaleString('en-US')} MB of the ${memory.budgetMb.toLocaleString('en-US')} MB budget: one thread stopped)`,
    );
    // piscina's close lets the thread finish the chunks it holds.
    stopping.push(lane.pool.close().finally(() => (stoppingOne = false)));
  };
  // Output buffers written and handed back, reused for the next chunks' output.
  // Each chunk's output (≈1 MB for rows of all five products) arrives here
  // as an ArrayBuffer moved from a worker thread; dropped after the write,
  // it waited in the reading thread's old generation for a full collection
  // that its small heap rarely needs, and those dead buffers held 10–38 MB
  // of resident memory over a 200,000-row run. Reused, the buffers in use
  // are at most the window's plus this list.
  const free: ArrayBuffer[] = [];
  const runner = {
    /** Threads taking chunks: those started, less any stopped near the budget. */
    get threads() {
      return lanes.length;
    },
    // Follows the threads that take chunks (added once the first is measured, one stopped near the budget): the reader reads it before each chunk.
    get window() {
      return target * CHUNKS_PER_THREAD;
    },
    async run(task: ChunkTask): Promise<ChunkResult> {
      // Threads are started as chunks come, so a short file starts no more than it uses.
      if (lanes.length < target) lanes.push({ pool: startThread(), out: 0 });
      const lane = lanes.reduce((least, l) => (l.out < least.out ? l : least));
      lane.out++;
      const buffer = free.pop();
      try {
        const result = await (buffer === undefined ? lane.pool.run(task) : lane.pool.run({ ...task, buffer }, { transferList: [buffer] }));
        if (!measured) measure();
        else holdBudget();
        return result;
      } finally {
        lane.out--;
      }
    },
    release(result: ChunkResult) {
      if (typeof result.text === 'string') return;
      const { buffer } = result.text;
      if (free.length < runner.window && buffer.byteLength > 0 && buffer.byteLength <= MAX_REUSED_BUFFER_BYTES) free.push(buffer as ArrayBuffer);
    },
    close: async () => {
      await Promise.all([...lanes.map((l) => l.pool.close()), ...stopping]);
    },
  };
  return runner;
}
