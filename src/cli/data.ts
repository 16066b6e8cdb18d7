import { DATASETS } from '../registry.js';
import { openData } from '../data/context.js';
import { dataInfo, exportBundle, verifyBundle } from '../data/info.js';
import type { DatasetInfo } from '../data/info.js';
import type { DataProduct } from '../data/format.js';
import { DATA_VARIABLE } from '../data/locate.js';
import { LockBusyError } from '../update/lock.js';
import { UPDATABLE_PRODUCTS } from '../update/sources.js';
import { UpdateError, updateBundle } from '../update/update.js';
import { UsageError, quoted } from './args.js';
import type { Flags } from './args.js';
import type { CliIo } from './io.js';

/** The environment variable naming the data bundle of every command (as `--data` does; the flag wins). */
export { DATA_VARIABLE };

/** The subcommands of `data`. */
export const DATA_SUBCOMMANDS = Object.freeze(['info', 'verify', 'export', 'update'] as const);

/** The bundle directory a command line names: `--data`, else IDENTITY_SIGNALS_DATA, else none (the package's). */
export function dataDirOf(flags: Flags, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const flag = flags.given.get('data')?.[0];
  if (flag !== undefined) return flag;
  const fromEnv = env[DATA_VARIABLE];
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}

/** The environment variable that silences `serve`'s stale-data warning (`off`). */
export const DATA_WARN_VARIABLE = 'IDENTITY_SIGNALS_DATA_WARN';

/**
 * The warning `serve` prints once at start when volatile lists are past the
 * maximum age: which lists, how old, what to do and how to silence it; null
 * when nothing is stale or the warning is switched off.
 */
export function staleWarning(info: readonly DatasetInfo[], env: Readonly<Record<string, string | undefined>>): string | null {
  if (env[DATA_WARN_VARIABLE] === 'off') return null;
  const stale = info.filter((d) => d.stale);
  if (stale.length === 0) return null;
  const lists = stale.map((d) => `${d.product}/${d.name} of ${d.retrieved} (${d.ageDays} days)`).join(', ');
  return (
    `warning: data past its maximum age: ${lists}. Results that rest on these lists carry a 0-point *_DATA_STALE reason. ` +
    `Point --data (or ${DATA_VARIABLE}) at a newer bundle (docs/data.md); ${DATA_WARN_VARIABLE}=off silences this line.`
  );
}

function table(info: readonly DatasetInfo[]): string {
  const rows = info.map((d) => [
    `${d.product}/${d.name}`,
    d.retrieved,
    `${d.ageDays}d${d.stale ? ' STALE' : ''}`,
    String(d.records),
    d.from,
    d.problem !== undefined ? 'BAD' : d.verified ? 'verified' : 'not read',
    d.source,
  ]);
  const head = ['dataset', 'retrieved', 'age', 'records', 'from', 'status', 'source'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const problems = info.filter((d) => d.problem !== undefined).map((d) => `${d.file}: ${d.problem!}`);
  return [line(head), ...rows.map(line), ...problems].join('\n');
}

/**
 * `data info [--data DIR] [--json]`, `data verify DIR [--json]`,
 * `data export --out DIR [--data DIR]`. Returns the exit code: `verify`
 * exits 1 when any file is bad, `info` when any file failed verification.
 */
export function runData(args: readonly string[], flags: Flags, io: CliIo): number | Promise<number> {
  const [sub, ...rest] = args;
  const env = io.env ?? process.env;
  const json = flags.given.has('json');
  switch (sub) {
    case 'info': {
      if (rest.length > 0) throw new UsageError(`data info takes no arguments, got ${quoted(rest[0]!)} (the bundle is --data DIR)`, 'data');
      const dir = dataDirOf(flags, env);
      const context = openData(dir === undefined ? undefined : { dir });
      const info = dataInfo(context, DATASETS, { verify: true });
      io.out(json ? JSON.stringify(info, null, 2) : table(info));
      return info.some((d) => d.problem !== undefined) ? 1 : 0;
    }
    case 'verify': {
      if (rest.length !== 1) throw new UsageError('data verify takes the bundle directory to verify', 'data');
      const result = verifyBundle(rest[0]!, DATASETS);
      if (json) io.out(JSON.stringify(result, null, 2));
      else if (result.ok) io.out(`${rest[0]!}: ${result.datasets} datasets verified`);
      else for (const p of result.problems) io.err(`${p.file}: ${p.message}`);
      return result.ok ? 0 : 1;
    }
    case 'export': {
      const out = flags.given.get('out')?.[0];
      if (out === undefined) throw new UsageError('data export needs --out DIR (a new or empty directory)', 'data');
      if (rest.length > 0) throw new UsageError(`data export takes no arguments, got ${quoted(rest[0]!)}`, 'data');
      const dir = dataDirOf(flags, env);
      let written;
      try {
        written = exportBundle(openData(dir === undefined ? undefined : { dir }), DATASETS, out);
      } catch (error) {
        if (!isSystemError(error)) throw error;
        io.err(`data export: ${error.message}`);
        return 1;
      }
      io.err(`${written.length} datasets written to ${out}; check a copy with: identity-signals data verify <dir>`);
      return 0;
    }
    case 'update':
      if (rest.length > 0) throw new UsageError(`data update takes no arguments, got ${quoted(rest[0]!)} (the bundle is --out DIR)`, 'data');
      return runUpdate(flags, io);
    default:
      throw new UsageError(
        sub === undefined ? `data needs a subcommand: ${DATA_SUBCOMMANDS.join(', ')}` : `unknown data subcommand ${quoted(sub)} (${DATA_SUBCOMMANDS.join(', ')})`,
        'data',
      );
  }
}

/**
 * A file-system error (ENOTDIR for an --out below a file, EACCES, ENOSPC…):
 * the system's own line names the call and the path, which is what a person
 * needs; not an "internal error" with a stack.
 */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** The `--products` list of `data update`, checked. */
function productsOf(flags: Flags): DataProduct[] | undefined {
  const given = flags.given.get('products')?.[0];
  if (given === undefined) return undefined;
  const products = given
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const p of products) {
    if (!(UPDATABLE_PRODUCTS as readonly string[]).includes(p)) {
      throw new UsageError(`--products: ${quoted(p)} is not one of ${UPDATABLE_PRODUCTS.join(', ')} (the products whose sources publish updates)`, 'data');
    }
  }
  if (products.length === 0) throw new UsageError(`--products names no product (${UPDATABLE_PRODUCTS.join(', ')})`, 'data');
  return products as DataProduct[];
}

/**
 * `data update --out DIR [--products …] [--mirror DIR|URL] [--registry URL]
 * [--allow-shrink] [--json]`: exit 0 with the new bundle in place, 1 when the
 * update was refused or failed (the previous bundle untouched).
 */
async function runUpdate(flags: Flags, io: CliIo): Promise<number> {
  const out = flags.given.get('out')?.[0];
  if (out === undefined) throw new UsageError('data update needs --out DIR (the bundle to update; the first update creates it)', 'data');
  const products = productsOf(flags);
  const mirror = flags.given.get('mirror')?.[0];
  const registry = flags.given.get('registry')?.[0];
  if (registry !== undefined && !/^https?:\/\//i.test(registry)) throw new UsageError(`--registry must be an http(s) URL, got ${quoted(registry)}`, 'data');
  try {
    const result = await updateBundle({
      out,
      ...(products === undefined ? {} : { products }),
      ...(mirror === undefined ? {} : { mirror }),
      ...(registry === undefined ? {} : { registry }),
      allowShrink: flags.given.has('allow-shrink'),
      env: io.env ?? process.env,
      log: (line) => io.err(line),
    });
    const records = result.datasets.reduce((n, d) => n + d.records, 0);
    if (flags.given.has('json')) {
      io.out(
        JSON.stringify(
          {
            out: result.out,
            version: result.version,
            products: result.products,
            packages: result.packages,
            files: result.files,
            datasets: result.datasets.length,
            updated: result.updated.map((d) => ({ product: d.product, name: d.name, records: d.records, source: d.source, retrieved: d.retrieved })),
            records,
            seconds: result.seconds,
          },
          null,
          2,
        ),
      );
    } else {
      io.out(`${result.out}: ${result.datasets.length} datasets verified (${result.updated.length} rebuilt from ${result.packages.length} packages and ${result.files} files), ${records} records`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UpdateError || error instanceof LockBusyError || isSystemError(error)) {
      io.err(`data update: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
