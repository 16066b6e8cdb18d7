/**
 * The optional packages (install size). The HTTP server and
 * the Redis queues run on packages that a default `npm install
 * identity-signals` leaves out: Fastify and its plugins, TypeBox, pino,
 * prom-client, BullMQ and ioredis are about 45 MB, more than the checks
 * themselves need. They are optional peer dependencies; the code that needs
 * them is loaded through {@link loadOptional} (or {@link loadOptionalSync}),
 * which turns "cannot find package 'fastify'" into a
 * {@link MissingDependencyError} that says what to install.
 *
 * Why the load is tried first and the packages are not looked up ahead: a
 * service bundled with esbuild or webpack carries them inside its one file,
 * where a lookup in node_modules would fail although the code is there.
 */
import { createRequire } from 'node:module';
import { MissingDependencyError } from '../errors.js';
// Inlined by the build, so the versions travel with the code (a bundled service has no package.json beside it).
import pkg from '../../package.json' with { type: 'json' };

/** The features that need optional packages. */
export type OptionalGroup = 'server' | 'queue';

/**
 * The packages of each group. `server` is everything `identity-signals/server`
 * loads (its webhook queue and rate store can use Redis, so BullMQ and ioredis
 * too); `queue` is what `worker` and `batch --queue` load.
 *
 * `@fastify/static` (under @fastify/swagger-ui) and `light-my-request` (under
 * fastify) are not imported here: they are named so that the install command
 * holds them at releases that accept the Node of package.json's `engines`.
 * Their newest releases need Node 22 (content-disposition 3 and cookie 2), and
 * npm would pick those for the ranges fastify and swagger-ui ask for.
 */
export const OPTIONAL_PACKAGES: Readonly<Record<OptionalGroup, readonly string[]>> = Object.freeze({
  server: Object.freeze([
    'fastify',
    '@fastify/rate-limit',
    '@fastify/swagger',
    '@fastify/swagger-ui',
    '@fastify/static',
    'light-my-request',
    '@fastify/type-provider-typebox',
    '@fastify/under-pressure',
    'typebox',
    'pino',
    'prom-client',
    'bullmq',
    'ioredis',
  ]),
  queue: Object.freeze(['bullmq', 'ioredis']),
});

const versions: Readonly<Record<string, string | undefined>> = { ...pkg.peerDependencies, ...pkg.devDependencies };

/**
 * The `npm install` command for a group, at the versions this release is
 * tested with (its devDependencies, each inside its peer range).
 *
 * @example installCommand('queue') // 'npm install bullmq@6.7.0 ioredis@6.0.0'
 */
export function installCommand(group: OptionalGroup): string {
  return `npm install ${OPTIONAL_PACKAGES[group].map((name) => `${name}@${versions[name] ?? 'latest'}`).join(' ')}`;
}

/** The packages of a group that cannot be resolved from `from` (a file URL or path; default: this module). */
export function missingPackages(group: OptionalGroup, from: string = import.meta.url): string[] {
  const require = createRequire(from);
  return OPTIONAL_PACKAGES[group].filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch (error) {
      // A package without a CommonJS entry is installed all the same.
      return (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
    }
  });
}

/**
 * The package a "not found" error of Node's resolver is about, when it is one
 * of the group's (else null: another module is missing, which is not ours to
 * explain). ESM says `Cannot find package 'fastify' imported from …`,
 * CommonJS `Cannot find module 'typebox/value'`.
 */
export function missingPackageOf(error: unknown, group: OptionalGroup): string | null {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return null;
  const specifier = /^Cannot find (?:package|module) '([^']+)'/.exec(String((error as Error).message))?.[1];
  if (specifier === undefined) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return OPTIONAL_PACKAGES[group].includes(name) ? name : null;
}

function missingError(feature: string, group: OptionalGroup, error: unknown): MissingDependencyError | null {
  const name = missingPackageOf(error, group);
  if (name === null) return null;
  const missing = missingPackages(group);
  return new MissingDependencyError(feature, missing.includes(name) ? missing : [name, ...missing], installCommand(group));
}

/**
 * Loads the module of a feature that needs a group's optional packages.
 *
 * @param feature what the user asked for, for the message (`'identity-signals serve'`)
 * @param group the packages it needs
 * @param load `() => import('./index.js')` (the server's entry file, beside its module)
 * @returns the loaded module
 * @throws {MissingDependencyError} when one of the group's packages is not installed
 */
export async function loadOptional<T>(feature: string, group: OptionalGroup, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw missingError(feature, group, error) ?? error;
  }
}

/** {@link loadOptional} for CommonJS: `load` is `() => require('./index.cjs')`. */
export function loadOptionalSync<T>(feature: string, group: OptionalGroup, load: () => T): T {
  try {
    return load();
  } catch (error) {
    throw missingError(feature, group, error) ?? error;
  }
}
