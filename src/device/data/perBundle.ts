/**
 * One table derived from the running check's bundle, looked up by the
 * bundle's identity.
 *
 * Why not `bundle.derive` on every access: a check reads the device tables
 * a dozen times, and each `derive` call allocates its formats array and
 * build closure and hashes a string key. `derive` keeps what it built for
 * the bundle's lifetime, so remembering its answer per bundle returns the
 * very same value; the map is weak, so a checker's dropped bundle is not
 * kept alive by it.
 */
import type { DataBundle } from '../../data/bundle.js';
import { currentBundle } from '../../data/context.js';
import type { DatasetFormat } from '../../data/format.js';
import { onPreload } from '../../data/preload.js';

/**
 * A loader of the table `build` makes from the current bundle, built once
 * per bundle through `DataBundle.derive` (same key, same sharing with a
 * fallback bundle).
 *
 * @example
 * // not run: a loader answers inside a checker's call, where a bundle is current
 * // the same Map on every call with the same bundle
 * const loadIndex = perBundle('device/example:index', [], () => new Map<string, number>());
 * loadIndex();
 */
export function perBundle<T>(key: string, formats: readonly DatasetFormat<never>[], build: (bundle: DataBundle) => T): () => T {
  const known = new WeakMap<DataBundle, T>();
  const load = (): T => {
    const bundle = currentBundle();
    const hit = known.get(bundle);
    if (hit !== undefined) return hit;
    const value = bundle.derive(key, formats, () => build(bundle));
    known.set(bundle, value);
    return value;
  };
  // Every device table is declared here, so each is preloaded by being declared.
  onPreload('device', load);
  return load;
}
