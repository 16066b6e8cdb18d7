/**
 * What the name check says a name reads as: the detail of its
 * NAME_HUMOROUS_READING reason (`reads as "…" (CODE)`), for the reading
 * tests (test/name/reading*.test.ts).
 */
import { checkName } from '../../src/name/index.js';
import type { NameResult } from '../../src/name/index.js';

/** The NAME_HUMOROUS_READING detail of a result, or undefined when the name was not read as a joke. */
export function readingDetail(result: NameResult): string | undefined {
  return result.reasons.find((x) => x.code === 'NAME_HUMOROUS_READING')?.detail;
}

/** {@link readingDetail} of `checkName(first, last)`. */
export function detail(first: string, last: string): string | undefined {
  return readingDetail(checkName(first, last));
}
