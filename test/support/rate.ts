/**
 * The share of hits in a corpus metric. A metric over zero rows is an error,
 * not 100% (nor 0%): an empty fixture, a filter that matches nothing or a
 * renamed label must turn the test red instead of passing a floor vacuously.
 *
 * @example
 * rateOf('brand', 88, 100) // 0.88
 * rateOf('brand', 0, 0)    // throws
 */
export function rateOf(metric: string, hits: number, total: number): number {
  if (!Number.isInteger(total) || total <= 0) {
    throw new Error(`${metric}: measured over ${total} rows; a metric needs at least one row`);
  }
  return hits / total;
}
