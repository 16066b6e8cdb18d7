/**
 * Downloads for `data update`: from the upstream URL, or from a mirror with
 * the upstream layout; npm packages through the registry npm itself would use.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The public npm registry. */
export const NPM_REGISTRY = 'https://registry.npmjs.org/';

const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);
const withSlash = (s: string): string => (s.endsWith('/') ? s : `${s}/`);

/**
 * The registry for a package, as npm would pick it, most specific first:
 * `--registry`; with `--mirror`, the mirror's `registry.npmjs.org/` folder;
 * the environment (`npm_config_registry`, `npm_config_@scope:registry`); the
 * project's `.npmrc` (in `cwd`), then the user's (`~/.npmrc`), a
 * `@scope:registry=` line before a plain `registry=`; else registry.npmjs.org.
 */
export function registryFor(
  name: string,
  options: { readonly flag?: string; readonly mirror?: string; readonly env: Readonly<Record<string, string | undefined>>; readonly cwd: string; readonly home?: string },
): string {
  if (options.flag !== undefined) return withSlash(options.flag);
  if (options.mirror !== undefined) return mirrored(NPM_REGISTRY, options.mirror);
  const scope = name.startsWith('@') ? name.slice(0, name.indexOf('/')) : undefined;
  const env = options.env;
  const fromEnv = (key: string): string | undefined => env[`npm_config_${key}`] ?? env[`NPM_CONFIG_${key.toUpperCase()}`];
  const scoped = scope === undefined ? undefined : fromEnv(`${scope}:registry`);
  if (scoped) return withSlash(scoped);
  const rcs = [join(options.cwd, '.npmrc'), join(options.home ?? homedir(), '.npmrc')].map(readNpmrc);
  if (scope !== undefined) {
    for (const rc of rcs) {
      const value = rc.get(`${scope}:registry`);
      if (value) return withSlash(value);
    }
  }
  const plain = fromEnv('registry');
  if (plain) return withSlash(plain);
  for (const rc of rcs) {
    const value = rc.get('registry');
    if (value) return withSlash(value);
  }
  return NPM_REGISTRY;
}

/**
 * The `authorization` header npm would send with a request to `url`: from a
 * `//host/path/:_authToken=…` (Bearer) or `//host/path/:_auth=…` (Basic)
 * line of the project's or the user's `.npmrc` whose `//host/path/` starts
 * the URL (the longest such), `${VAR}` read from the environment. Undefined
 * when none matches, so a token goes to its own registry only.
 */
export function authorizationFor(
  url: string,
  options: { readonly env: Readonly<Record<string, string | undefined>>; readonly cwd: string; readonly home?: string },
): string | undefined {
  if (!isUrl(url)) return undefined;
  const u = new URL(url);
  const target = `//${u.host}${u.pathname}`;
  let best: { prefix: string; header: string } | undefined;
  for (const rc of [join(options.cwd, '.npmrc'), join(options.home ?? homedir(), '.npmrc')].map(readNpmrc)) {
    for (const [key, raw] of rc) {
      const kind = key.endsWith(':_authToken') ? 'Bearer' : key.endsWith(':_auth') ? 'Basic' : undefined;
      if (kind === undefined || !key.startsWith('//')) continue;
      const prefix = withSlash(key.slice(0, key.lastIndexOf(':')));
      if (!withSlash(target).startsWith(prefix) || (best !== undefined && best.prefix.length >= prefix.length)) continue;
      const value = raw.replace(/\$\{([^}]*)\}/g, (_, name: string) => options.env[name] ?? '');
      if (value !== '') best = { prefix, header: `${kind} ${value}` };
    }
  }
  return best?.header;
}

/** `key=value` lines of an .npmrc (`;` and `#` comments); empty when there is none. */
function readNpmrc(path: string): Map<string, string> {
  const out = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return out;
  }
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith(';') || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    out.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return out;
}

/**
 * Where an upstream URL lives in a mirror: `<mirror>/<host>/<path>`, a file
 * path for a folder mirror, a URL for an http(s) one.
 */
export function mirrored(url: string, mirror: string): string {
  const u = new URL(url);
  const rel = `${u.host}${u.pathname}`;
  if (isUrl(mirror)) return `${withSlash(mirror)}${rel}`;
  return join(mirror, ...rel.split('/').map((s) => decodeURIComponent(s)));
}

/**
 * Downloads one URL (or reads a file path, for a folder mirror).
 *
 * @throws Error naming the URL: HTTP status, network failure, timeout, missing file
 */
export async function download(location: string, timeoutMs: number, authorization?: string): Promise<Buffer> {
  if (!isUrl(location)) {
    try {
      return readFileSync(location);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(`${location}: ${code === 'ENOENT' ? 'not in the mirror' : `cannot be read (${code ?? String(error)})`}`, { cause: error });
    }
  }
  // A dropped connection or a 5xx is often transient (a reused keep-alive socket the server had just
  // closed, a registry restarting): tried again after RETRY_DELAYS_MS; a 4xx answer is final.
  for (let attempt = 0; ; attempt++) {
    let failure: Error;
    let status = 0;
    try {
      const res = await fetch(location, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'user-agent': 'identity-signals-data-update', ...(authorization === undefined ? {} : { authorization }) },
      });
      status = res.status;
      if (res.ok) return Buffer.from(await res.arrayBuffer());
      failure = new Error(`${location}: HTTP ${res.status}`);
    } catch (error) {
      const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (((error as Error).cause as Error | undefined)?.message ?? (error as Error).message);
      failure = new Error(`${location}: ${why}`, { cause: error });
    }
    if ((status >= 400 && status < 500) || attempt >= RETRY_DELAYS_MS.length) throw failure;
    await new Promise((ok) => setTimeout(ok, RETRY_DELAYS_MS[attempt]));
  }
}

/** Waits before the second and third try of a download that failed on the way. */
const RETRY_DELAYS_MS: readonly number[] = Object.freeze([500, 2000]);

/** A package version as the registry describes it (`GET <registry>/<name>/latest`). */
export interface PackageVersion {
  readonly name: string;
  readonly version: string;
  /** Where the tarball was read from. */
  readonly tarball: string;
}

/**
 * Downloads the latest version of an npm package: its `latest` document from
 * the registry, then its tarball, checked against the document's `integrity`
 * (sha512) or `shasum` (sha1).
 *
 * @throws Error naming the package and what went wrong
 */
export async function downloadPackage(
  name: string,
  registry: string,
  mirror: string | undefined,
  timeoutMs: number,
  authorization: (url: string) => string | undefined = () => undefined,
): Promise<{ readonly meta: PackageVersion; readonly tgz: Buffer }> {
  const docUrl = `${withSlash(registry)}${name}/latest`;
  const text = (await download(docUrl, timeoutMs, authorization(docUrl))).toString('utf8');
  let doc: { version?: unknown; dist?: { tarball?: unknown; integrity?: unknown; shasum?: unknown } };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    throw new Error(`${docUrl}: not a JSON package document`);
  }
  const tarballUrl = doc.dist?.tarball;
  if (typeof doc.version !== 'string' || typeof tarballUrl !== 'string') throw new Error(`${docUrl}: no version or dist.tarball`);
  // A mirror holds the tarball at the upstream URL's path; a registry serves the URL it wrote.
  const tarball = mirror === undefined ? tarballUrl : mirrored(tarballUrl, mirror);
  const tgz = await download(tarball, timeoutMs, authorization(tarball));
  const integrity = doc.dist?.integrity;
  if (typeof integrity === 'string' && integrity.startsWith('sha512-')) {
    const sha = createHash('sha512').update(tgz).digest('base64');
    if (sha !== integrity.slice(7)) throw new Error(`${tarball}: sha512 does not match the registry's integrity for ${name}@${doc.version}`);
  } else if (typeof doc.dist?.shasum === 'string') {
    if (createHash('sha1').update(tgz).digest('hex') !== doc.dist.shasum) throw new Error(`${tarball}: sha1 does not match the registry's shasum for ${name}@${doc.version}`);
  } else {
    throw new Error(`${docUrl}: no dist.integrity or dist.shasum to check the tarball against`);
  }
  return { meta: { name, version: doc.version, tarball }, tgz };
}
