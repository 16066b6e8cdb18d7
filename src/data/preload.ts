/**
 * What `preload()` loads ahead of the first check. A product's data is read
 * lazily, by loaders spread over its modules (a list, an index, a parser);
 * each module registers its loaders here, next to where they are defined, so
 * the preload of a product is the list of what its checks would otherwise
 * load on first use, and a loader added later is preloaded by being
 * registered where it is written. test/data/preload.test.ts checks that a
 * battery of checks after `preload()` loads nothing more.
 */
import { currentBundle, runWithData } from './context.js';
import type { DataContext } from './context.js';
import type { DataProduct, DatasetFormat } from './format.js';

/** What a preload step belongs to: a product, or the identity check's own tables. */
export type PreloadTarget = DataProduct | 'identity';

const steps: Readonly<Record<PreloadTarget, (() => unknown)[]>> = { email: [], device: [], ip: [], phone: [], name: [], identity: [] };

/**
 * Registers a loader of `target`'s data: `preload()` calls it with the
 * checker's data context current, so it loads what the checker's checks read.
 *
 * @param target the product (or `identity`) whose checks read what `load` loads
 * @param load a loader the checks call lazily; it keeps what it loads, so a second call is free
 * @example
 * onPreload('email', () => tldts());
 */
export function onPreload(target: PreloadTarget, load: () => unknown): void {
  steps[target].push(load);
}

/**
 * Reads and verifies every dataset in `datasets` (from the current bundle,
 * or the default bundle for a dataset a partial bundle lacks), then runs the
 * loaders registered for `target`. Must run with the checker's data context
 * current (`runWithData`).
 *
 * @throws DataError for a dataset file that is missing or fails verification
 */
export function preloadData(target: PreloadTarget, datasets: readonly DatasetFormat<never>[]): void {
  const bundle = currentBundle();
  for (const format of datasets) bundle.load(format);
  for (const load of steps[target]) load();
}

/**
 * A check's `preload()`: with `context` current, the datasets and loaders of
 * `target` ({@link preloadData}), then `warmUp` (the check run on built-in
 * inputs, so its code is compiled too). Once done, later calls return at
 * once; one that threw runs again on the next call (and throws the same
 * DataError: a bundle keeps a failed file's error).
 */
export function preloader(context: DataContext, target: PreloadTarget, datasets: readonly DatasetFormat<never>[], warmUp: () => void): () => void {
  let done = false;
  const run = runWithData(context, (): void => {
    preloadData(target, datasets);
    warmUp();
  });
  return (): void => {
    if (done) return;
    run();
    done = true;
  };
}

/**
 * A product's `preload()`: runs `steps` (its tables' loads, then its
 * warm-up) the first time it is called, and does nothing after.
 */
export function preloadOnce(steps: readonly (() => unknown)[]): () => void {
  let done = false;
  return (): void => {
    if (done) return;
    for (const step of steps) step();
    done = true;
  };
}
