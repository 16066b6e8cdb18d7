/**
 * A count of the lazy loads this process has made, by what was loaded: a
 * dataset file read and verified, a table derived from one, a dependency
 * required, a section of a table decoded. Every such load goes through one
 * of the few loaders that note it here, so a test can tell that after
 * `preload()` a check loads nothing more (test/data/preload.test.ts) without
 * timing anything. Keyed by kind and name only, never by bundle or input, so
 * the map stays as small as the number of loaders.
 */

const loads = new Map<string, number>();

/**
 * Notes one lazy load.
 *
 * @param what the kind and the name of what was loaded (`file email/roles.json`, `derive ip:tables`, `module tldts`)
 * @example
 * noteLoad('module tldts');
 */
export function noteLoad(what: string): void {
  loads.set(what, (loads.get(what) ?? 0) + 1);
}

/**
 * The lazy loads made so far in this process, by what was loaded. @internal
 *
 * @example
 * const before = new Map(lazyLoads());
 */
export function lazyLoads(): ReadonlyMap<string, number> {
  return loads;
}
