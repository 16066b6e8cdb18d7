/**
 * Levenshtein distance (fast-levenshtein), loaded on the first comparison:
 * its import creates an `Intl.Collator` (ICU start-up, tens of ms) that the
 * plain distance never uses, and importing the package must not pay for it.
 */
import { lazyRequire } from './lazyRequire.js';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal require bundlers follow (see lazyRequire)
const fastLevenshtein = lazyRequire<typeof import('fast-levenshtein')>('fast-levenshtein', () => require('fast-levenshtein'));

/**
 * The edit distance between two strings (insertions, deletions, substitutions; UTF-16 code units).
 *
 * @example
 * levenshteinDistance('gmial', 'gmail'); // 2
 */
export function levenshteinDistance(a: string, b: string): number {
  return fastLevenshtein().get(a, b);
}

/** Loads fast-levenshtein now (`preload()` of the products that compare spellings). */
export function loadLevenshtein(): void {
  fastLevenshtein();
}
