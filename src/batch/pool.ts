import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ChunkResult, ChunkTask } from './types.js';

/** Where chunks are checked: a pool of threads here, or workers on a queue. */
export interface ChunkRunner {
  run(task: ChunkTask): Promise<ChunkResult>;
  /** How many chunks may be out at once: enough to keep every worker busy, few enough to keep memory flat. */
  readonly window: number;
  close(): Promise<void>;
}

/**
 * The worker file beside this module. Built, the CLI is `dist/cli/*.js` and
 * the worker `dist/cli/batch-worker.js` (its own tsup entry); from source
 * (vitest, tsx) this module is `src/batch/pool.ts` and the worker
 * `src/batch/worker.ts`, which a worker thread can only load through tsx.
 */
export function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './worker.ts' : './batch-worker.js', import.meta.url));
  return { filename, execArgv: fromSource ? [...process.execArgv, '--import', 'tsx'] : [...process.execArgv] };
}

/** Chunks in flight per thread: one being checked, a few queued so a thread never waits for the reader. */
const CHUNKS_PER_THREAD = 3;

/** A pool of `threads` worker threads (piscina), each checking whole chunks. */
export function createPool(threads: number): ChunkRunner {
  const { filename, execArgv } = workerEntry();
  const pool = new Piscina<ChunkTask, ChunkResult>({ filename, execArgv, minThreads: threads, maxThreads: threads, idleTimeout: 60_000 });
  return {
    window: threads * CHUNKS_PER_THREAD,
    run: (task) => pool.run(task),
    close: () => pool.close(),
  };
}
