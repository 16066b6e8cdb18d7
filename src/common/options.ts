import { InputError } from '../errors.js';

/**
 * Option checking shared by every factory, `createChecker` and the per-call
 * options: one place decides what a bad option is, which code it gets and
 * how its path is written, so `createChecker({ ip: { databases: [x, 5] } })`
 * and `createIpCheck({ databases: [x, 5] })` fail the same way, at
 * `ip.databases[1]` and `databases[1]`.
 *
 * A path is where the value sits in what the caller passed: `''` is the
 * options argument itself (named `options` in errors), `'ip'` the `ip` key of
 * `createChecker`'s options, and so on.
 */

/** The two codes an option can fail with: `SCORING_CONFIG` for anything in `scoring`, `INPUT_OPTION` for the rest. */
export type OptionErrorCode = 'INPUT_OPTION' | 'SCORING_CONFIG';

/** Checks one option's value (never `undefined`: an absent option is not checked) and throws {@link InputError} naming `path`. */
export type OptionRule = (value: unknown, path: string) => void;

/** The rules of an options object, one per allowed key. */
export type OptionRules = Readonly<Record<string, OptionRule>>;

/** The most characters of a caller's key that a path repeats: a path travels into logs and HTTP responses. */
const MAX_KEY_IN_PATH = 64;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/u;
const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * True for an object literal (or `Object.create(null)`): not an array, a
 * class instance, a Map or a Date. Only own keys are checked against the
 * rules, so an object with a prototype of its own could carry options past
 * them; such objects are refused instead.
 */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** What a value is, for a message (`null`, `an array`, `a number`), without repeating the value. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a Date';
  if (typeof value === 'object') {
    if (isPlainObject(value)) return 'an object';
    const maker: unknown = (value as { constructor?: unknown }).constructor;
    return typeof maker === 'function' && IDENTIFIER.test(maker.name) ? `a ${maker.name.slice(0, MAX_KEY_IN_PATH)}` : 'an object with a prototype';
  }
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}

/**
 * The path of `key` under `parent`: `ip` + `databases` → `ip.databases`,
 * `ip.databases` + `1` → `ip.databases[1]`. A key that is not an identifier,
 * or is longer than 64 characters (cut, with `…`), is written as a quoted
 * bracket (`scoring.weights["a b"]`), so a path never repeats more than 64
 * characters of a key nor carries a raw control character.
 */
export function optionPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (key.length <= MAX_KEY_IN_PATH && IDENTIFIER.test(key)) return parent === '' ? key : `${parent}.${key}`;
  const shown = key.length <= MAX_KEY_IN_PATH ? key : `${key.slice(0, MAX_KEY_IN_PATH)}…`;
  return `${parent}[${JSON.stringify(shown)}]`;
}

/** The {@link InputError} of a bad option: its message starts with the path, which is also its `field`. */
export function optionError(path: string, problem: string, code: OptionErrorCode = 'INPUT_OPTION'): InputError {
  const field = path === '' ? 'options' : path;
  return new InputError(code, `${field} ${problem}`, field);
}

/**
 * Checks an options object against its rules and returns it: `undefined`
 * is no options (`{}`); anything but a plain object, a key without a rule,
 * or a value its rule refuses throws {@link InputError}. A key set to
 * `undefined` counts as absent, as the optional properties of the types say.
 *
 * @param value what the caller passed
 * @param path where it sits (`''` for a function's own options argument)
 * @param rules one rule per allowed key
 * @param code the error code (`SCORING_CONFIG` inside `scoring`)
 * @returns the options, typed as the caller's options type
 * @example
 * const o = checkOptions<{ cacheSize?: number }>({ cacheSize: 10 }, '', { cacheSize: countOption });
 * o.cacheSize; // 10
 */
export function checkOptions<T extends object>(value: unknown, path: string, rules: OptionRules, code: OptionErrorCode = 'INPUT_OPTION'): T {
  if (value === undefined) return NO_OPTIONS as T;
  if (!isPlainObject(value)) throw optionError(path, `must be a plain object, got ${kindOf(value)}`, code);
  // One pass over the caller's keys: per-call options go through here on every call.
  for (const key of Object.keys(value)) {
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (rule === undefined) {
      const known = Object.keys(rules);
      throw optionError(optionPath(path, key), `is not an option (${known.length === 0 ? 'none are' : `known: ${known.join(', ')}`})`, code);
    }
    const option = value[key];
    if (option !== undefined) rule(option, optionPath(path, key));
  }
  return value as T;
}

/** A rule for a nested options object with its own rules (`createChecker`'s `email`, `ip`…). */
export function nestedOptions(rules: OptionRules): OptionRule {
  return (value, path) => {
    checkOptions(value, path, rules);
  };
}

/** A boolean switch. */
export const booleanOption: OptionRule = (value, path) => {
  if (typeof value !== 'boolean') throw optionError(path, `must be true or false, got ${kindOf(value)}`);
};

/** A count: an integer from 0 up to `Number.MAX_SAFE_INTEGER`. */
export const countOption: OptionRule = (value, path) => {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw optionError(path, `must be a whole number >= 0, got ${typeof value === 'number' ? String(value) : kindOf(value)}`);
  }
};

/** A `Date` that holds a time (not `new Date(NaN)`). */
export const dateOption: OptionRule = (value, path) => {
  if (!(value instanceof Date)) throw optionError(path, `must be a Date, got ${kindOf(value)}`);
  if (Number.isNaN(value.getTime())) throw optionError(path, 'must be a valid Date, got an invalid Date');
};

/** A plain object whose values are read leniently (request headers: a value of another type is ignored). */
export const recordOption: OptionRule = (value, path) => {
  if (!isPlainObject(value)) throw optionError(path, `must be a plain object, got ${kindOf(value)}`);
};

/** An array whose every item passes `item`, at `path[i]`. */
export function arrayOption(item: OptionRule, what: string): OptionRule {
  return (value, path) => {
    if (!Array.isArray(value)) throw optionError(path, `must be an array of ${what}, got ${kindOf(value)}`);
    for (const [i, v] of value.entries()) item(v, optionPath(path, i));
  };
}
