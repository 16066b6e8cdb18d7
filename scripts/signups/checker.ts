/**
 * A checker pinned to the corpus date, through the public API only.
 *
 * The clock option has moved before and may move again: today the IP
 * check's `ip.now` and the data age's `data.now`; a single
 * `createChecker({ now })` may replace them. Every option is offered, and an
 * option this version refuses (an `INPUT_OPTION` error naming it) is dropped
 * and the checker built again, so the evaluation runs unchanged on both.
 */
import { createChecker } from '../../src/index.js';
import type { Checker } from '../../src/index.js';

type Options = Record<string, unknown>;

/** `options` without the option at `path` (`ip.now`), emptied parents removed; null when there is no such option. */
export function without(options: Options, path: string): Options | null {
  const [head, ...rest] = path.split('.');
  if (head === undefined || !(head in options)) return null;
  const copy: Options = { ...options };
  if (rest.length === 0) delete copy[head];
  else {
    const inner = copy[head];
    if (typeof inner !== 'object' || inner === null) return null;
    const reduced = without(inner as Options, rest.join('.'));
    if (reduced === null) return null;
    if (Object.keys(reduced).length === 0) delete copy[head];
    else copy[head] = reduced;
  }
  return copy;
}

/** The checker and the clock options it took (for the report's header). */
export function pinnedChecker(now: Date): { checker: Checker; clock: string[] } {
  let options: Options = { now, ip: { now }, data: { now } };
  for (;;) {
    try {
      const checker = createChecker(options as Parameters<typeof createChecker>[0]);
      const clock = ['now', 'ip.now', 'data.now'].filter((p) => p.split('.').reduce<unknown>((o, k) => (o as Options | undefined)?.[k], options) !== undefined);
      return { checker, clock };
    } catch (error) {
      const field = (error as { code?: string; field?: string }).field;
      const reduced = (error as { code?: string }).code === 'INPUT_OPTION' && field !== undefined ? without(options, field) : null;
      if (reduced === null) throw error;
      options = reduced;
    }
  }
}
