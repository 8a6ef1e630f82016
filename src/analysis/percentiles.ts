/**
 * Quantiles with linear interpolation between order statistics (Hyndman and
 * Fan type 7; the default of numpy.quantile and R's quantile()).
 *
 * For sorted values x_0..x_{n-1} and probability p in [0, 1]:
 *   h = (n - 1) p,  Q(p) = x_floor(h) + (h - floor(h)) (x_floor(h)+1 - x_floor(h)).
 */

import { at, sortedCopy } from './robust.js';

function checkProbability(p: number): void {
  if (!Number.isFinite(p) || p < 0 || p > 1) {
    throw new RangeError(`quantile probability must be in [0, 1], got ${p}`);
  }
}

/** Quantile of an ascending-sorted array; NaN when empty. */
export function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  checkProbability(p);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (n === 1) return at(sorted, 0);
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const frac = h - lo;
  const a = at(sorted, lo);
  const b = at(sorted, hi);
  return frac === 0 ? a : a + frac * (b - a);
}

/** Quantile (p in [0, 1]) of unsorted values; NaN when empty. */
export function quantile(values: ArrayLike<number>, p: number): number {
  return quantileOfSorted(sortedCopy(values), p);
}

/**
 * Several percentiles at once (ps in percent, 0..100), sorting only once.
 * Example: percentiles(latencies, [50, 95, 99]).
 */
export function percentiles(values: ArrayLike<number>, ps: readonly number[]): number[] {
  const sorted = sortedCopy(values);
  return ps.map((p) => quantileOfSorted(sorted, p / 100));
}

/** Summary used by reports: min, p50, p95, p99, max. NaN fields when empty. */
export interface PercentileSummary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentileSummary(values: ArrayLike<number>): PercentileSummary {
  const sorted = sortedCopy(values);
  const n = sorted.length;
  return {
    count: n,
    min: n === 0 ? Number.NaN : at(sorted, 0),
    p50: quantileOfSorted(sorted, 0.5),
    p95: quantileOfSorted(sorted, 0.95),
    p99: quantileOfSorted(sorted, 0.99),
    max: n === 0 ? Number.NaN : at(sorted, n - 1),
  };
}
