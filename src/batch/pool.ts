import { existsSync } from 'node:fs';
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
