/**
 * The installed tree of some packages, read from an npm lockfile (v2/v3
 * `packages`), and the packages in it whose `engines.node` refuses a Node
 * version. A package's `engines` is only a warning by default (an error with
 * `engine-strict`), so a tree that refuses the Node our own `engines` accepts
 * installs with warnings, or not at all, on exactly the Node we promise.
 */
import semver from 'semver';

/** One entry of a lockfile's `packages`. */
export interface LockEntry {
  readonly version?: string;
  readonly link?: boolean;
  readonly resolved?: string;
  readonly engines?: Readonly<Record<string, string>> | readonly string[];
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
}

export interface Lockfile {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

/** Where Node finds `name` from the package at `from` (`''` is the root): the nearest node_modules up the path. */
function locate(lock: Lockfile, from: string, name: string): string | undefined {
  for (let dir = from; ; ) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (dir === '') return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

/**
 * The lockfile locations of `roots` (found from the root) and of everything
 * they need: their dependencies, their non-optional peers, and the optional
 * dependencies that were installed (a platform's binary).
 *
 * @throws {Error} when a root or a required dependency is not in the lockfile
 */
export function treeOf(lock: Lockfile, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (from: string, name: string, required: boolean): void => {
    const at = locate(lock, from, name);
    if (at === undefined) {
      if (required) throw new Error(`${name} (needed by ${from || 'the root'}) is not in the lockfile`);
      return;
    }
    const entry = lock.packages[at]!;
    const real = entry.link === true && entry.resolved !== undefined ? entry.resolved : at;
    if (seen.has(real)) return;
    seen.add(real);
    const pkg = lock.packages[real] ?? entry;
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(at, dep, !(dep in (pkg.optionalDependencies ?? {})));
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(at, dep, false);
    for (const dep of Object.keys(pkg.peerDependencies ?? {})) if (pkg.peerDependenciesMeta?.[dep]?.optional !== true) visit(at, dep, true);
  };
  for (const root of roots) visit('', root, true);
  return [...seen].sort();
}

/** A package of a tree whose `engines.node` does not accept the Node version asked about. */
export interface EngineRefusal {
  readonly location: string;
  readonly version: string;
  readonly engines: string;
}

/** The packages at `locations` whose `engines.node` refuses Node `node` (packages without `engines.node` accept any). */
export function enginesRefusing(lock: Lockfile, locations: readonly string[], node: string): EngineRefusal[] {
  const refusing: EngineRefusal[] = [];
  for (const location of locations) {
    const entry = lock.packages[location];
    const engines = entry?.engines;
    const range = engines !== undefined && !Array.isArray(engines) ? (engines as Record<string, string>)['node'] : undefined;
    if (range === undefined) continue;
    if (!semver.satisfies(node, range)) refusing.push({ location, version: entry?.version ?? '?', engines: range });
  }
  return refusing;
}

/** The lowest Node an `engines.node` of the form `>=X.Y.Z` accepts. */
export function engineFloor(range: string): string {
  const floor = semver.minVersion(range);
  if (floor === null || !/^>=\s*\d+\.\d+\.\d+$/.test(range.trim())) throw new Error(`engines.node "${range}" is not of the form >=X.Y.Z`);
  return floor.version;
}
