/**
 * The accessor of one value derived from a bundle's name data (a table, an
 * index), for the hot path: every lookup of every check asks for it. Asking
 * `currentBundle().derive(key, [FORMAT], () => …)` each time allocated the
 * formats array and the closure and hashed the key string; this answers the
 * bundle it answered last by one comparison, and any other bundle through
 * `derive` (so the value is still built once per bundle, and a bundle that
 * delegates to its fallback shares the fallback's).
 */
import type { DatasetFormat } from '../../data/format.js';
import type { DataBundle } from '../../data/bundle.js';
import { currentBundle } from '../../data/context.js';
import { onPreload } from '../../data/preload.js';

/**
 * @param key - the derive key (one per derived value)
 * @param formats - the datasets the value is built from; a function, so a
 * module may declare its accessor before formats.ts is evaluated (the two import each other)
 * @param build - builds the value from the bundle
 * @param whole - what `preload()` does to the built value for it to load the
 * parts it would otherwise load on first use (a `LineTable`'s sections)
 * @returns an accessor answering the current bundle's value
 * @example
 * const table = bundleMemo('name/last-names:table', () => [LAST_NAMES], (b) => new LineTable(b.load(LAST_NAMES).names));
 * table().find('kowalski') >= 0; // true
 */
export function bundleMemo<T>(
  key: string,
  formats: () => readonly DatasetFormat<never>[],
  build: (bundle: DataBundle) => T,
  whole?: (value: T) => void,
): () => T {
  // One bundle is remembered (strongly): the last one asked, which is the one in use.
  let lastBundle: DataBundle | undefined;
  let lastValue: T | undefined;
  const load = (): T => {
    const bundle = currentBundle();
    if (bundle === lastBundle) return lastValue as T;
    const value = bundle.derive(key, formats(), () => build(bundle));
    lastBundle = bundle;
    lastValue = value;
    return value;
  };
  // Every name table is declared here, so each is preloaded by being declared.
  onPreload('name', () => {
    const value = load();
    whole?.(value);
  });
  return load;
}
