import type { ProductName } from '../scoring/index.js';
import type { BatchStats, ProductStats } from './types.js';

/** Bins of the score histogram: 0–49, 50–99, … 950–1000. */
export const HISTOGRAM_BINS = 20;

/** The dimensions counted for the report's "top" tables, per product: result field → title. */
export const TOP_FIELDS: Readonly<Record<ProductName, Readonly<Record<string, string>>>> = {
  email: { domain: 'domains' },
  phone: { country: 'countries', original_network: 'carriers' },
  ip: { country: 'countries', isp: 'networks' },
  device: { category: 'device categories', brand: 'brands' },
  name: { risk_type: 'risk types' },
};

/**
 * Distinct values kept per count table. A million customers can have
 * hundreds of thousands of domains; past this the rarest half is dropped, so
 * the counts of the top entries stay exact unless a value first seen late
 * climbs into the top (the report only shows the top 10).
 */
const KEEP = 20_000;

export function emptyStats(): ProductStats {
  return { empty: 0, errors: 0, histogram: new Array<number>(HISTOGRAM_BINS).fill(0), clusters: {}, reasons: {}, tops: {} };
}

function bump(table: Record<string, number>, key: string, by = 1): void {
  table[key] = (table[key] ?? 0) + by;
}

/** Counts one result of `product` into `stats`. */
export function countResult(stats: ProductStats, product: ProductName, result: Record<string, unknown>): void {
  const score = result.score;
  if (typeof score === 'number') stats.histogram[Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.floor(score / 50)))]!++;
  if (typeof result.score_cluster === 'string') bump(stats.clusters, result.score_cluster);
  if (Array.isArray(result.reasons)) {
    for (const reason of result.reasons as { code?: unknown; points?: unknown }[]) {
      // The baseline is in every row and a zero-point reason moved nothing: neither says anything about this file.
      if (typeof reason.code === 'string' && reason.points !== 0 && !reason.code.endsWith('_BASELINE')) bump(stats.reasons, reason.code);
    }
  }
  for (const field of Object.keys(TOP_FIELDS[product])) {
    const value = result[field];
    if (typeof value === 'string' && value !== '') bump((stats.tops[field] ??= {}), value);
  }
}

function prune(table: Record<string, number>): Record<string, number> {
  const entries = Object.entries(table);
  if (entries.length <= KEEP) return table;
  return Object.fromEntries(entries.sort((a, b) => b[1] - a[1]).slice(0, KEEP / 2));
}

function mergeTable(into: Record<string, number>, from: Readonly<Record<string, number>>): Record<string, number> {
  for (const [key, count] of Object.entries(from)) bump(into, key, count);
  return prune(into);
}

/** Adds `from` into `into` (which it changes and returns). */
export function mergeStats(into: BatchStats, from: BatchStats): BatchStats {
  for (const [product, stats] of Object.entries(from) as [ProductName, ProductStats][]) {
    const target = (into[product] ??= emptyStats());
    target.empty += stats.empty;
    target.errors += stats.errors;
    stats.histogram.forEach((count, i) => (target.histogram[i]! += count));
    target.clusters = mergeTable(target.clusters, stats.clusters);
    target.reasons = mergeTable(target.reasons, stats.reasons);
    for (const [field, table] of Object.entries(stats.tops)) target.tops[field] = mergeTable(target.tops[field] ?? {}, table);
  }
  return into;
}

/** The `n` largest entries of a count table, largest first (ties by name, so the report is stable). */
export function topEntries(table: Readonly<Record<string, number>>, n: number): [string, number][] {
  return Object.entries(table)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n);
}
