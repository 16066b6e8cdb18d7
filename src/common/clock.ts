/**
 * The system clock, and the one place in src/ that reads it: eslint refuses
 * `Date.now()`, `Date()` and an argument-less `new Date()` in every other
 * module (eslint.config.js).
 *
 * Why one place: a result that depends on time (an IP's `request_time`, a
 * `*_DATA_STALE` reason and its day count, the identity's time of day, an
 * RDAP domain's age) must read its checker's `now` option and nothing else,
 * or a test that pins the checker's clock still sees the wall clock through
 * a second door, and the suite fails on a later day. A check reaches the
 * system clock only as the default of that option; server, queue and batch
 * code that needs the real time (deadlines, retry times, signature
 * timestamps) reads it here too, and durations are measured with
 * `performance.now()`.
 */
import { InputError } from '../errors.js';
import { dateOption, kindOf, optionError } from './options.js';
import type { OptionRule } from './options.js';

/** The system clock as a `Date`: the default of every checker's `now`. */
export function systemClock(): Date {
  return new Date();
}

/** The system clock in epoch milliseconds: for deadlines, retry times and timestamps outside any check. */
export function systemTime(): number {
  return Date.now();
}

/** A checker's clock as its options take it: a fixed instant, or a function read on every check. */
export type ClockOption = Date | (() => Date);

/** The rule of every `now` option: a valid Date, or a function (its answers are checked when read). */
export const clockOption: OptionRule = (value, path) => {
  if (typeof value === 'function') return;
  if (!(value instanceof Date)) throw optionError(path, `must be a Date or a function returning a Date, got ${kindOf(value)}`);
  dateOption(value, path);
};

/**
 * A `now` option (already checked by {@link clockOption}) as a function;
 * without one, the system clock.
 */
export function clockOf(now: ClockOption | undefined): () => Date {
  if (now === undefined) return systemClock;
  if (now instanceof Date) {
    const fixed = new Date(now.getTime());
    return () => fixed;
  }
  return now;
}

/**
 * Reads a clock: its instant in epoch milliseconds.
 *
 * @throws InputError `INPUT_OPTION` (field `now`) when a caller's clock function returns anything but a valid Date
 */
export function readClock(clock: () => Date): number {
  // The default clock's instant without the Date it would build.
  if (clock === systemClock) return Date.now();
  const d: unknown = clock();
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) {
    throw new InputError('INPUT_OPTION', `now() must return a valid Date, got ${d instanceof Date ? 'an invalid Date' : kindOf(d)}`, 'now');
  }
  return d.getTime();
}
