/**
 * mulberry32, a small seeded generator: the same seed gives the same
 * sequence on every platform (the tuning's folds, the data builders' draws,
 * test and bench corpora).
 *
 * @example
 * const random = prng(0x5eed);
 * // a number in [0, 1), the same first number for the same seed
 * random() === prng(0x5eed)(); // true
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
