/**
 * What `preload()` does for one check: a product's tables object knows what
 * its checks would load on first use (`tables.preload()`), and the check adds
 * a warm-up run; test/preload.test.ts and test/data/preload.test.ts check that
 * a battery of checks after `preload()` loads nothing more.
 */

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
