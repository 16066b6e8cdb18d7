/**
 * How many worker threads a batch run starts: the cores (or `--workers`),
 * but no more than fit a memory budget, from what the first thread was
 * measured to cost on this run's data.
 * @packageDocumentation
 */

/** The memory budget of a batch run when `--max-memory` is not given, in MB: the "peak resident memory under 500 MB for any file size". */
export const DEFAULT_MAX_MEMORY_MB = 500;

/**
 * What the reading thread grows by after the first chunk, MB: its young
 * generation, which V8 lets grow to 2 × 16 MB on 64-bit systems and which
 * cannot be capped once the process runs (measured: 28–33 MB of a run's
 * growth whatever the threads, see docs/batch.md).
 */
export const READING_THREAD_GROWTH_MB = 32;

/** What the first thread was measured to cost, and what the run asks for. */
export interface ThreadMeasure {
  /** Threads asked for: `--workers N`, else the cores. */
  readonly wanted: number;
  /** `--workers N` was given: it is started whatever the budget (with a warning when it is likely over). */
  readonly explicit: boolean;
  /** The memory budget, MB (`--max-memory`). */
  readonly budgetMb: number;
  /** Resident memory of the process just before the first thread started (the shared files already read), MB. */
  readonly beforeMb: number;
  /** Resident memory once the first thread had checked its first chunk (its datasets loaded), MB. */
  readonly afterMb: number;
  /** The young generation each thread may grow to, MB (the pool's resource limit). */
  readonly youngGenerationMb: number;
}

/** The threads to run, and the line that says why. */
export interface ThreadChoice {
  readonly threads: number;
  /** What one thread was measured to cost, MB (at least 1). */
  readonly perThreadMb: number;
  /** The peak this choice is expected to reach, MB (see {@link chooseThreads}). */
  readonly expectedMb: number;
  /**
   * For stderr (silent with `--quiet`), without `--workers`: `workers: 2 of 8
   * cores (memory budget 500 MB, ~87 MB a thread, expected peak ~481 MB)`.
   * `--workers N` is the count asked for: it gets only the warning, if any.
   */
  readonly line?: string;
  /** For stderr even with `--quiet`: `--workers N` is likely to go past the budget, or one thread already does. */
  readonly warning?: string;
}

const mb = (n: number) => `${Math.round(n).toLocaleString('en-US')} MB`;

/**
 * The thread count for a measured first thread.
 *
 * A thread's cost is the rise of the process's resident memory while the
 * first thread started and checked its first chunk: its V8 isolate, the
 * library's code, the datasets of the products the mapping checks (an
 * e-mail file loads a tenth of what a file of all five products does) and
 * what the reading thread took meanwhile. It is measured on every run, not
 * written here, because it depends on the products mapped, the data bundle
 * and the Node version (measured 25 November 2026: 31–32 MB for e-mail
 * rows, 81–88 MB for rows of all five products).
 *
 * A run keeps growing after its first chunk, so the expected peak of
 * `threads` threads is
 *
 *     afterMb + (threads - 1) × cost + threads × (youngGenerationMb + cost / 4) + READING_THREAD_GROWTH_MB
 *
 * each thread's young generation filling to its cap, its old generation
 * holding about a quarter of its cost more as its caches fill and garbage
 * waits for a full collection, and the reading thread's young generation
 * growing. Measured against it (peak / expected): e-mail rows, 1,000,000,
 * 1 thread 149/154 MB, 2 threads 202/209, 4 threads 299/322, 8 threads
 * 499/546; all five products, 2 threads on 200,000 rows 446–485/482, 3
 * threads on 20,000 rows 527/588.
 *
 * Without `--workers`, as many threads as the cores, but only as many as
 * that estimate keeps within the budget, and at least one. With
 * `--workers N`, N threads, and a warning when the estimate is over the
 * budget.
 */
export function chooseThreads(m: ThreadMeasure): ThreadChoice {
  const perThreadMb = Math.max(1, m.afterMb - m.beforeMb);
  const expected = (threads: number) => m.afterMb + (threads - 1) * perThreadMb + threads * (m.youngGenerationMb + perThreadMb / 4) + READING_THREAD_GROWTH_MB;
  let fit = 1;
  while (fit < m.wanted && expected(fit + 1) <= m.budgetMb) fit++;
  const threads = m.explicit ? m.wanted : fit;
  const line = m.explicit
    ? undefined
    : `workers: ${threads} of ${m.wanted} core${m.wanted === 1 ? '' : 's'} (memory budget ${mb(m.budgetMb)}, ~${mb(perThreadMb)} a thread, expected peak ~${mb(expected(threads))})`;
  let warning: string | undefined;
  if (expected(threads) > m.budgetMb) {
    const alone = `one worker thread is expected to take the process to ${mb(expected(1))}`;
    warning =
      threads === 1
        ? `${alone}, over the memory budget of ${mb(m.budgetMb)} (--max-memory)`
        : `--workers ${threads} is likely to peak near ${mb(expected(threads))}, over the memory budget of ${mb(m.budgetMb)}; ` +
          (expected(1) > m.budgetMb ? alone : `--workers ${fit} fits it`);
  }
  return Object.freeze({ threads, perThreadMb, expectedMb: expected(threads), ...(line === undefined ? {} : { line }), ...(warning === undefined ? {} : { warning }) });
}
