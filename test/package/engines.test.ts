/**
 * package.json promises a Node version (`engines.node`); every package a user
 * installs must accept it. Three installs are promised: the default one
 * (`dependencies`) and the README's two lines for the optional peers
 * (`installCommand('server')`, `installCommand('queue')`). The lockfile holds
 * the tree this repository tests them in, at the versions those lines name
 * (they are devDependencies), so it is read here, offline: a dependency update
 * that pulls in a package refusing our Node fails this test on the day it
 * lands in package-lock.json.
 *
 * This tree is the repository's, where a devDependency holds a package at its
 * version even when the line forgets it. The pack test
 * (test/package/published.test.ts) resolves the server line afresh beside the
 * packed tarball, as a user's `npm install` would, and checks that tree too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installCommand } from '../../src/common/optionalPackages.js';
import { engineFloor, enginesRefusing, treeOf } from '../support/lockTree.js';
import type { Lockfile } from '../support/lockTree.js';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; dependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
const floor = engineFloor(pkg.engines.node);

/** `npm install a@1 @b/c@2` → [['a', '1'], ['@b/c', '2']]. */
function packagesOf(command: string): [string, string][] {
  return command
    .replace(/^npm install /, '')
    .split(' ')
    .map((spec) => {
      const at = spec.lastIndexOf('@');
      return [spec.slice(0, at), spec.slice(at + 1)];
    });
}

describe(`every package of the promised installs accepts Node ${floor} (engines.node ${pkg.engines.node})`, () => {
  it.each([
    { install: 'npm install identity-signals (dependencies)', roots: Object.keys(pkg.dependencies) },
    { install: installCommand('server'), roots: packagesOf(installCommand('server')).map(([name]) => name) },
    { install: installCommand('queue'), roots: packagesOf(installCommand('queue')).map(([name]) => name) },
  ])('$install', ({ roots }) => {
    const tree = treeOf(lock, roots);
    expect(tree.length).toBeGreaterThan(roots.length);
    const refusing = enginesRefusing(lock, tree, floor).map((r) => `${r.location.replace(/^node_modules\//, '')}@${r.version} (engines.node ${r.engines})`);
    expect(refusing, `${refusing.length} of ${tree.length} packages refuse Node ${floor}`).toEqual([]);
  });

  it('the lockfile has each package of the install lines at the version the line names', () => {
    for (const [name, version] of [...packagesOf(installCommand('server')), ...packagesOf(installCommand('queue'))]) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
  });
});

describe('treeOf and enginesRefusing', () => {
  // A made-up lockfile: a needs b (nested copy under a) and c (hoisted), c needs an optional d that
  // was not installed and a peer e; f is not reached.
  const made: Lockfile = {
    packages: {
      '': {},
      'node_modules/a': { version: '1.0.0', dependencies: { b: '^2', c: '^1' } },
      'node_modules/a/node_modules/b': { version: '2.0.0', engines: { node: '>=22' } },
      'node_modules/b': { version: '1.0.0', engines: { node: '>=18' } },
      'node_modules/c': { version: '1.0.0', optionalDependencies: { d: '^1' }, peerDependencies: { e: '^1' }, engines: { node: '^20.19.0 || >=22.12.0' } },
      'node_modules/e': { version: '1.0.0', engines: ['node >= 0.8'] },
      'node_modules/f': { version: '1.0.0', engines: { node: '>=24' } },
    },
  };

  it('follows Node resolution: the nested copy first, then up the tree', () => {
    expect(treeOf(made, ['a'])).toEqual(['node_modules/a', 'node_modules/a/node_modules/b', 'node_modules/c', 'node_modules/e']);
  });

  it('names the packages whose engines.node refuses the version', () => {
    expect(enginesRefusing(made, treeOf(made, ['a']), '20.19.0')).toEqual([{ location: 'node_modules/a/node_modules/b', version: '2.0.0', engines: '>=22' }]);
    expect(enginesRefusing(made, treeOf(made, ['a']), '22.12.0')).toEqual([]);
  });

  it('stops on a required package missing from the lockfile', () => {
    expect(() => treeOf(made, ['g'])).toThrow('g (needed by the root) is not in the lockfile');
  });

  it('reads the floor of a >=X.Y.Z range only', () => {
    expect(engineFloor('>=20.19.0')).toBe('20.19.0');
    expect(() => engineFloor('^20.19.0 || >=22')).toThrow('not of the form >=X.Y.Z');
  });
});
