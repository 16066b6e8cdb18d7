import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.ts'],
    // test/package/published.test.ts clones, installs and packs the repository (a minute and more,
    // most of it npm and the build): `npm run test:pack` runs it alone (mode 'pack'), after the rest,
    // so it never competes with the other tests for the cores.
    exclude: mode === 'pack' ? configDefaults.exclude : [...configDefaults.exclude, 'test/package/published.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    benchmark: {
      include: ['bench/**/*.bench.ts'],
    },
    // Benches that time the built package (bench/name.bench.ts) load dist/ natively, as users do: Vitest
    // otherwise runs every file outside node_modules through Vite's SSR transform, dist/ included (each
    // imported binding read as a property of a module object). `vitest bench` runs in mode 'benchmark'.
    server: mode === 'benchmark' ? { deps: { external: [/[\\/]dist[\\/]/] } } : undefined,
  },
}));
