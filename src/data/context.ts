/**
 * The data a check reads: a bundle, the age limit of its volatile lists and
 * the checker's clock, opened once by a checker ({@link openData}) and handed
 * to each product's factory, which opens its tables from that bundle. Nothing
 * here is "current": the one piece of module state is the one-call
 * functions' bundle (`configureDefaults`, IDENTITY_SIGNALS_DATA, else the
 * package's), which those functions read at their entry.
 */
import { clockOf, systemClock } from '../common/clock.js';
import { isPlainObject } from '../common/options.js';
import { DataError, InputError } from '../errors.js';
import { DataBundle, isDirectory } from './bundle.js';
import type { DatasetFormat } from './format.js';
import { DATA_VARIABLE, defaultBundle, defaultBundleIfAny } from './locate.js';

/** Default maximum age, in days, of a volatile list (Tor, VPN, proxy, relay, hosting, disposable) before results say it is stale. */
export const DEFAULT_MAX_AGE_DAYS = 30;

/**
 * Where a checker's data comes from, and how old a volatile list may get.
 * A string is `{ dir }`. The clock ages are measured by is the checker's
 * `now` option, not part of this one.
 */
export type DataOptions =
  | string
  | {
      /** A bundle directory (whole or partial; what it lacks comes from the package's bundle). @default the package's bundle */
      readonly dir?: string;
      /**
       * Age in days past which a volatile list adds a 0-point `IP_DATA_STALE`
       * or `EMAIL_DATA_STALE` reason to the results that consulted it;
       * `Infinity` never does. @default 30
       */
      readonly maxAgeDays?: number;
    };

/** A checker's data: its bundle, the age limit, and the checker's one clock. */
export interface DataContext {
  readonly bundle: DataBundle;
  readonly maxAgeDays: number;
  /** The checker's clock (its `now` option): read once per call, and that instant handed to every time-dependent part of the call. */
  readonly now: () => Date;
}

let packageContext: DataContext | undefined;
/** The one-call functions' context: the bundle `configureDefaults` set, else IDENTITY_SIGNALS_DATA's, else the package's. */
let plainContext: DataContext | undefined;
let generation = 0;

/**
 * The package's own bundle, 30 days, the system clock: what a checker
 * created without `data` reads.
 *
 * @throws DataError `DATA_MISSING` when the package's data/ folder cannot be found (the message says what to do)
 */
export function defaultDataContext(): DataContext {
  packageContext ??= Object.freeze({ bundle: defaultBundle(), maxAgeDays: DEFAULT_MAX_AGE_DAYS, now: systemClock });
  return packageContext;
}

/**
 * The context of the one-call functions (`checkEmail`…, `resolve` without a
 * checker) and of the module-level helpers that run outside any checker
 * (`isDisposableDomain`…): the bundle `configureDefaults({ data })` set,
 * else the directory in IDENTITY_SIGNALS_DATA (read on first use), else the
 * package's; the system clock. A checker created without `data` does not
 * read it: what it is given is what it reads.
 *
 * @throws DataError when IDENTITY_SIGNALS_DATA names no bundle, or none is set and the package's cannot be found
 */
export function plainDataContext(): DataContext {
  if (plainContext === undefined) {
    const dir = environmentDir();
    plainContext = dir === undefined ? defaultDataContext() : openData(dir, DATA_VARIABLE);
  }
  return plainContext;
}

/** IDENTITY_SIGNALS_DATA, when set to something (empty is unset, as for the CLI). */
function environmentDir(): string | undefined {
  const value = process.env[DATA_VARIABLE];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Sets the one-call functions' bundle (see {@link plainDataContext});
 * undefined goes back to IDENTITY_SIGNALS_DATA, else the package's. The
 * option is checked and the bundle opened now, so a bad one fails here and
 * the previous one stays. An option without `dir` keeps the bundle
 * IDENTITY_SIGNALS_DATA names, else the package's.
 *
 * @throws InputError `INPUT_OPTION` for an option of the wrong shape; DataError when the directory is not a readable bundle
 */
export function setDefaultData(option: DataOptions | undefined, path: string): void {
  let next: DataContext | undefined;
  if (option !== undefined) {
    const { dir, maxAgeDays } = checkDataOption(option, path);
    const from = dir ?? environmentDir();
    next = from === undefined ? openData({ maxAgeDays }, path) : openData({ dir: from, maxAgeDays }, dir === undefined ? DATA_VARIABLE : path);
  }
  plainContext = next;
  generation += 1;
}

/** Changes each time {@link setDefaultData} runs: the one-call functions build their checker anew when it has. */
export function defaultDataGeneration(): number {
  return generation;
}

const DATA_KEYS: ReadonlySet<string> = new Set(['dir', 'maxAgeDays']);

interface Settings {
  readonly dir: string | undefined;
  readonly maxAgeDays: number;
}

/**
 * Checks a `data` option's shape (not the directory's content) and
 * normalises it; the rule of the `data` key of every factory's options.
 *
 * @throws InputError `INPUT_OPTION` naming `path` (`data`, `data.maxAgeDays`…)
 */
export function checkDataOption(option: unknown, path: string): Settings {
  const o = typeof option === 'string' ? { dir: option } : option;
  if (!isPlainObject(o)) {
    throw new InputError('INPUT_OPTION', `${path} must be a bundle directory (string) or { dir, maxAgeDays }`, path);
  }
  for (const key of Object.keys(o)) {
    if (key === 'now') {
      // The clock moved out of `data` so that a checker has one; say where it went.
      throw new InputError('INPUT_OPTION', `${path}.now is not an option: the clock is the checker's own \`now\` (createChecker({ now }))`, `${path}.now`);
    }
    if (!DATA_KEYS.has(key)) throw new InputError('INPUT_OPTION', `${path} has an unknown option (known: dir, maxAgeDays)`, `${path}.${key.slice(0, 64)}`);
  }
  const { dir, maxAgeDays = DEFAULT_MAX_AGE_DAYS } = o as { dir?: unknown; maxAgeDays?: unknown };
  const dirPath = typeof option === 'string' ? path : `${path}.dir`;
  if (dir !== undefined && (typeof dir !== 'string' || dir === '')) throw new InputError('INPUT_OPTION', `${dirPath} must be a non-empty path`, dirPath);
  if (typeof maxAgeDays !== 'number' || Number.isNaN(maxAgeDays) || maxAgeDays < 0) {
    throw new InputError('INPUT_OPTION', `${path}.maxAgeDays must be a number of days >= 0 (Infinity: never stale)`, `${path}.maxAgeDays`);
  }
  return { dir: dir as string | undefined, maxAgeDays };
}

/** The option rule of `data` (shape only; the bundle is opened by the factory). */
export function dataOptionRule(value: unknown, path: string): void {
  checkDataOption(value, path);
}

/**
 * Resolves a `data` option into a context: checks it, opens the bundle
 * (reading its manifest now) and freezes the result. Without `dir` the
 * default bundle is used, located now so that a missing one fails at
 * creation with what to pass.
 *
 * @param option the `data` option as the caller gave it
 * @param path the option's path for messages (`data`)
 * @param now the checker's clock (its `now` option, checked); the system clock when absent
 * @throws InputError `INPUT_OPTION` naming the option's path for a value of the wrong type
 * @throws DataError when the directory is not a readable bundle, or (no `dir`) the default bundle cannot be found
 */
export function openData(option: DataOptions | undefined, path = 'data', now?: Date | (() => Date)): DataContext {
  if (option === undefined) return withClock(defaultDataContext(), now);
  const { dir, maxAgeDays } = checkDataOption(option, path);
  let bundle: DataBundle;
  if (dir === undefined) bundle = defaultDataContext().bundle;
  else {
    if (!isDirectory(dir)) throw new DataError('DATA_MISSING', `${dir}: no such directory (the data bundle given in ${path})`, dir);
    bundle = new DataBundle(dir, 'custom', defaultBundleIfAny());
  }
  return Object.freeze({ bundle, maxAgeDays, now: clockOf(now) });
}

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date at 00:00 UTC, in epoch ms (NaN when it is no date). */
function dayStartMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Whole days from `fromMs` to `nowMs` (never negative). */
function daysSince(fromMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - fromMs) / DAY_MS));
}

/** Whole days from a YYYY-MM-DD date to `nowMs` (epoch ms; never negative). */
export function ageInDays(retrieved: string, nowMs: number): number {
  return daysSince(dayStartMs(retrieved), nowMs);
}


/**
 * What a check needs to say whether one volatile dataset of its bundle is
 * stale: the dataset's label, its retrieval date (parsed once, when the
 * checker opens its tables) and the checker's age limit. Null when the
 * checker never calls a list stale (`maxAgeDays: Infinity`) or the bundle
 * does not list the dataset.
 */
export interface StaleWatch {
  readonly label: string;
  readonly retrieved: string;
  readonly retrievedMs: number;
  readonly maxAgeDays: number;
}

/** Opens the {@link StaleWatch} of `format` in `context`'s bundle (the manifest of the bundle that holds it). */
export function watchStaleness(context: DataContext, format: DatasetFormat<never>): StaleWatch | null {
  if (context.maxAgeDays === Infinity) return null;
  const entry = context.bundle.holder(format)?.listed(format);
  if (entry === undefined) return null;
  return Object.freeze({
    label: format.volatile ?? `${format.product}/${format.name}`,
    retrieved: entry.retrieved,
    retrievedMs: dayStartMs(entry.retrieved),
    maxAgeDays: context.maxAgeDays,
  });
}

/**
 * The `detail` of a stale reason at `nowMs` (`"Tor, VPN, proxy, relay and
 * hosting lists of 2026-08-22 (95 days old; limit 30)"`), or null when the
 * dataset is within its limit (or `watch` is null).
 */
export function staleDetailAt(watch: StaleWatch | null, nowMs: number): string | null {
  if (watch === null) return null;
  const age = daysSince(watch.retrievedMs, nowMs);
  if (age <= watch.maxAgeDays) return null;
  return `${watch.label} of ${watch.retrieved} (${age} days old; limit ${watch.maxAgeDays})`;
}


/** `context` with another clock (a one-call function's own `now`): same bundle, same age limit. */
export function withClock(context: DataContext, now: Date | (() => Date) | undefined): DataContext {
  return now === undefined ? context : Object.freeze({ bundle: context.bundle, maxAgeDays: context.maxAgeDays, now: clockOf(now) });
}
