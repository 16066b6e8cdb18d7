import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
interface Pkg {
  exports: Record<string, string | { require?: { types?: string } }>;
  typesVersions?: Record<string, Record<string, string[]>>;
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Pkg;

// attw --profile strict on the packed tarball (test/package/published.test.ts, npm run test:pack, part of npm test) is the
// end-to-end check that every subpath resolves under node10; this keeps the
// typesVersions map in step with the exports map when a subpath is added.
describe('typesVersions mirrors the subpath exports for moduleResolution node10', () => {
  const subpaths = Object.entries(pkg.exports).filter(([key, value]) => key !== '.' && typeof value === 'object');
  it.each(subpaths)('%s', (key, value) => {
    const types = (value as { require?: { types?: string } }).require?.types;
    expect(types).toBeDefined();
    expect(pkg.typesVersions?.['*']?.[key.slice(2)]).toEqual([types]);
  });

  it('maps nothing that is not exported, to files the build writes', () => {
    const mapped = Object.keys(pkg.typesVersions?.['*'] ?? {});
    expect(mapped.sort()).toEqual(subpaths.map(([key]) => key.slice(2)).sort());
    for (const [target] of Object.values(pkg.typesVersions?.['*'] ?? {})) {
      if (existsSync(join(root, 'dist'))) expect(existsSync(join(root, target!)), target).toBe(true);
    }
  });
});
