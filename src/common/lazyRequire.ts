/**
 * Heavy dependencies loaded on first use instead of at import: importing `identity-signals` must not pay for libphonenumber-js,
 * tldts, ua-parser-js or maxmind before a check of their product runs.
 *
 * The checks are synchronous, so `import()` (a promise) cannot load them; a
 * `require` can. Each use site writes its own `() => require('<name>')` with
 * the name as a literal, because that literal is what a bundler sees:
 * - the CJS build runs it as is;
 * - a service bundled with esbuild/webpack gets the dependency bundled in and
 *   still initialised lazily (a bundled `require()` becomes a lazy wrapper);
 * - the ESM build has no `require` in scope: the call throws a
 *   ReferenceError and the dependency is loaded with `createRequire` from
 *   this module's URL instead, from the same node_modules an `import` would
 *   have used (every dependency loaded this way publishes a CommonJS entry).
 *
 * tsup would otherwise turn a `require` in ESM output into its `__require`
 * shim, which bundlers do not follow: tsup.config.ts writes those calls back
 * as plain `require(...)` (see `plainRequire` there).
 */
import { createRequire } from 'node:module';
import { noteLoad } from './loads.js';

/**
 * A getter that loads a dependency the first time it is called and returns
 * the same module object afterwards.
 *
 * @param name the package specifier (`'tldts'`, `'libphonenumber-js/max'`), for the ESM fallback
 * @param load `() => require('<the same name>')`, written at the use site
 * @returns a function that returns the loaded module
 * @example
 * const tldts = lazyRequire<typeof import('tldts')>('tldts', () => require('tldts'));
 * tldts().parse('mail.example.co.uk').domain; // 'example.co.uk'
 */
export function lazyRequire<T>(name: string, load: () => unknown): () => T {
  let loaded: T | undefined;
  return (): T => {
    if (loaded === undefined) {
      noteLoad(`module ${name}`);
      loaded = loadModule(name, load) as T;
    }
    return loaded;
  };
}

function loadModule(name: string, load: () => unknown): unknown {
  let viaRequire: unknown;
  try {
    viaRequire = load();
  } catch (error) {
    // Only "no require here" (the ESM build, or tsup's __require shim) falls back; a dependency that
    // is installed but fails while loading must surface as it is, not as a second, different error.
    if (!(error instanceof ReferenceError) && !String((error as Error | undefined)?.message).startsWith('Dynamic require of')) throw error;
    return createRequire(import.meta.url)(name);
  }
  return viaRequire;
}
