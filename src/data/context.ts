/**
 * The data a check reads: a bundle plus the age policy, bound to a checker.
 *
 * Why a bound context rather than a parameter: every check is synchronous,
 * and its data is read dozens of calls deep (device parsing, name lists,
 * IP classification). Each checker's functions run with their context made
 * current for the duration of the call ({@link runWithData}), restored on
 * the way out (also on a throw), so the loaders deep inside read the
 * calling checker's bundle without every internal function carrying it.
 * Code that runs outside any checker (the module-level helpers, tests of
 * internal functions) reads the default bundle.
 */
import { DataError, InputError } from '../errors.js';
import { DataBundle, isDirectory } from './bundle.js';
import type { DatasetFormat } from './format.js';
import { defaultBundle, defaultBundleIfAny } from './locate.js';

/** Default maximum age, in days, of a volatile list (Tor, VPN, proxy, relay, hosting, disposable) before results say it is stale. */
export const DEFAULT_MAX_AGE_DAYS = 30;

/**
 * Where a checker's data comes from, and how old a volatile list may get.
 * A string is `{ dir }`.
 */
export type DataOptions =
  | string
  | {
      /** A bundle directory (whole or partial; what it lacks comes from the default bundle). @default the package's bundle */
      readonly dir?: string;
      /**
       * Age in days past which a volatile list adds a 0-point `IP_DATA_STALE`
       * or `EMAIL_DATA_STALE` reason to the results that consulted it;
       * `Infinity` never does. @default 30
       */
      readonly maxAgeDays?: number;
      /** The clock ages are measured against (tests pin it). @default () => new Date() */
      readonly now?: Date | (() => Date);
    };

/** A checker's data: its bundle, the age limit and the clock. */
export interface DataContext {
  readonly bundle: DataBundle;
  readonly maxAgeDays: number;
  readonly now: () => Date;
}

let current: DataContext | undefined;
let defaultContext: DataContext | undefined;

/** The default context: the package's bundle, 30 days, the real clock. */
export function defaultDataContext(): DataContext {
  if (defaultContext === undefined) {
    defaultContext = Object.freeze({ bundle: defaultBundle(), maxAgeDays: DEFAULT_MAX_AGE_DAYS, now: () => new Date() });
    opened.add(defaultContext);
  }
  return defaultContext;
}

/** The context of the running check, or the default one outside a check. */
export function currentData(): DataContext {
  return current ?? defaultDataContext();
}

/** The bundle of the running check (the default bundle outside a check). */
export function currentBundle(): DataBundle {
  return (current ?? defaultDataContext()).bundle;
}

/**
 * Wraps a check so that it runs with `context` current; nested wrapped calls
 * (a checker calling another's function) restore the outer one on return.
 */
export function runWithData<A extends unknown[], R>(context: DataContext, fn: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    const previous = current;
    current = context;
    try {
      return fn(...args);
    } finally {
      current = previous;
    }
  };
}

const DATA_KEYS: ReadonlySet<string> = new Set(['dir', 'maxAgeDays', 'now']);
/** Contexts made by {@link openData}: `createChecker` hands its one context to the five product factories. */
const opened = new WeakSet<object>();

interface Settings {
  readonly dir: string | undefined;
  readonly maxAgeDays: number;
  readonly now: () => Date;
}

/**
 * Checks a `data` option's shape (not the directory's content) and
 * normalises it; the rule of the `data` key of every factory's options.
 *
 * @throws InputError `INPUT_OPTION` naming `path` (`data`, `data.maxAgeDays`…)
 */
export function checkDataOption(option: unknown, path: string): Settings {
  const o = typeof option === 'string' ? { dir: option } : option;
  if (typeof o !== 'object' || o === null || Array.isArray(o) || Object.getPrototypeOf(o) !== Object.prototype) {
    throw new InputError('INPUT_OPTION', `${path} must be a bundle directory (string) or { dir, maxAgeDays, now }`, path);
  }
  for (const key of Object.keys(o)) {
    if (!DATA_KEYS.has(key)) throw new InputError('INPUT_OPTION', `${path} has an unknown option (known: dir, maxAgeDays, now)`, `${path}.${key.slice(0, 64)}`);
  }
  const { dir, maxAgeDays = DEFAULT_MAX_AGE_DAYS, now } = o as { dir?: unknown; maxAgeDays?: unknown; now?: unknown };
  const dirPath = typeof option === 'string' ? path : `${path}.dir`;
  if (dir !== undefined && (typeof dir !== 'string' || dir === '')) throw new InputError('INPUT_OPTION', `${dirPath} must be a non-empty path`, dirPath);
  if (typeof maxAgeDays !== 'number' || Number.isNaN(maxAgeDays) || maxAgeDays < 0) {
    throw new InputError('INPUT_OPTION', `${path}.maxAgeDays must be a number of days >= 0 (Infinity: never stale)`, `${path}.maxAgeDays`);
  }
  let clock: () => Date;
  if (now === undefined) clock = () => new Date();
  else if (now instanceof Date && !Number.isNaN(now.getTime())) clock = () => now;
  else if (typeof now === 'function') clock = now as () => Date;
  else throw new InputError('INPUT_OPTION', `${path}.now must be a valid Date or a function returning one`, `${path}.now`);
  return { dir: dir as string | undefined, maxAgeDays, now: clock };
}

/**
 * A context as a `data` option, for `createChecker` to hand its one opened
 * bundle to the five product factories ({@link openData} returns it as is).
 */
export function contextAsOption(context: DataContext): DataOptions {
  return context as unknown as DataOptions;
}

/** The option rule of `data` (shape only; the bundle is opened by the factory). */
export function dataOptionRule(value: unknown, path: string): void {
  if (typeof value === 'object' && value !== null && opened.has(value)) return;
  checkDataOption(value, path);
}

/**
 * Resolves a `data` option into a context: checks it, opens the bundle
 * (reading its manifest now) and freezes the result. Without `dir` the
 * default bundle is used, located now so that a missing one fails at
 * creation with what to pass. A context this function made is returned as is.
 *
 * @param option the `data` option as the caller gave it
 * @param path the option's path for messages (`data`)
 * @throws InputError `INPUT_OPTION` naming the option's path for a value of the wrong type
 * @throws DataError when the directory is not a readable bundle, or (no `dir`) the default bundle cannot be found
 */
export function openData(option: DataOptions | DataContext | undefined, path = 'data'): DataContext {
  if (option === undefined) return defaultDataContext();
  if (typeof option === 'object' && opened.has(option)) return option as DataContext;
  const { dir, maxAgeDays, now } = checkDataOption(option, path);
  let bundle: DataBundle;
  if (dir === undefined) bundle = defaultBundle();
  else {
    if (!isDirectory(dir)) throw new DataError('DATA_MISSING', `${dir}: no such directory (the data bundle given in ${path})`, dir);
    bundle = new DataBundle(dir, 'custom', defaultBundleIfAny());
  }
  const context: DataContext = Object.freeze({ bundle, maxAgeDays, now });
  opened.add(context);
  return context;
}

const DAY_MS = 86_400_000;

/** Whole days from a YYYY-MM-DD date to `now` (never negative). */
export function ageInDays(retrieved: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(`${retrieved}T00:00:00Z`)) / DAY_MS));
}

/**
 * When the running check's copy of a volatile dataset is older than its
 * context allows: the `detail` of the stale reason (`"Tor, VPN, proxy, relay
 * and hosting lists of 2026-08-22 (95 days old; limit 30)"`); else null.
 * The manifest date is the one of the bundle that holds the dataset.
 */
export function staleDetail(format: DatasetFormat<never>): string | null {
  const context = currentData();
  if (context.maxAgeDays === Infinity) return null;
  const holder = context.bundle.holder(format);
  const entry = holder?.listed(format);
  if (entry === undefined) return null;
  const age = ageInDays(entry.retrieved, context.now());
  if (age <= context.maxAgeDays) return null;
  return `${format.volatile ?? `${format.product}/${format.name}`} of ${entry.retrieved} (${age} days old; limit ${context.maxAgeDays})`;
}
