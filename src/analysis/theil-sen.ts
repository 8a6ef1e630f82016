/**
 * Theil–Sen slope with Sen's (1968) confidence interval.
 *
 * slope     = median of (y_j - y_i) / (x_j - x_i) over all pairs with x_i != x_j
 * intercept = median of (y_i - slope * x_i)   (the "joint" intercept)
 *
 * Sen's CI (docs/growth-gate.md step 3, matching scipy.stats.theilslopes):
 *   N = number of pairwise slopes, sorted ascending (0-based indices)
 *   sigma^2 = [n(n-1)(2n+5) - sum_x t(t-1)(2t+5) - sum_y t(t-1)(2t+5)] / 18
 *             (t = sizes of groups of tied x values, and of tied y values)
 *   C = z * sigma
 *   lower = slopes[max(round((N - C)/2) - 1, 0)]
 *   upper = slopes[min(round((N + C)/2), N - 1)]
 * round() is round-half-to-even, as numpy.round. z defaults to 1.959964
 * (two-sided 95%); other z values (e.g. 3.72 for sequential looks) can be passed.
 */

import { at, median, tieGroupSizes } from './robust.js';
import { fastSlopeOrderStatistics, strictlyIncreasingFinite } from './fast-slope-selection.js';
import { allPairwiseSlopes, distinctXPairs, pairwiseSlopeOrderStatistics } from './slope-selection.js';

/** From this many points on, a strictly increasing x takes the O(n log n) selection (fast-slope-selection.ts). */
export const FAST_SELECTION_MIN_N = 4096;

/** Two-sided 95% normal quantile used throughout the gate. */
export const Z_95 = 1.959964;

export interface TheilSenFit {
  slope: number;
  intercept: number;
  /** Sen's CI bounds of the slope; NaN when not computable. */
  lower: number;
  upper: number;
  /** Number of points and of pairwise slopes used. */
  n: number;
  pairs: number;
}

/** Round half to even (numpy.round semantics for 0 decimals). */
export function roundHalfEven(v: number): number {
  if (!Number.isFinite(v)) return v;
  const f = Math.floor(v);
  const diff = v - f;
  if (diff < 0.5) return f;
  if (diff > 0.5) return f + 1;
  return f % 2 === 0 ? f : f + 1;
}

/** x and y as typed arrays (a missing value of y, like one of x, becomes NaN). */
function asArrays(x: ArrayLike<number>, y: ArrayLike<number>): [Float64Array, Float64Array] {
  // a plain copy when the lengths agree (no call per value: a million batches)
  const ys = y.length === x.length ? Float64Array.from(y) : Float64Array.from({ length: x.length }, (_, i) => at(y, i));
  return [Float64Array.from(x), ys];
}

/** All pairwise slopes over pairs with distinct x, sorted ascending. */
export function pairwiseSlopes(x: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  const sorted = allPairwiseSlopes(...asArrays(x, y));
  sorted.sort();
  return sorted;
}

function tieSum(values: ArrayLike<number>): number {
  let s = 0;
  for (const t of tieGroupSizes(values)) s += t * (t - 1) * (2 * t + 5);
  return s;
}

/**
 * 0-based positions of Sen's CI bounds among nPairs sorted slopes, or null when there are no
 * slopes or the variance is negative (heavy ties in both x and y).
 */
export function senIndices(
  nPairs: number,
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  z: number = Z_95,
): [number, number] | null {
  const n = y.length;
  if (nPairs === 0) return null;
  const sigmaSq = (n * (n - 1) * (2 * n + 5) - tieSum(x) - tieSum(y)) / 18;
  if (!(sigmaSq >= 0)) return null;
  const c = Math.abs(z) * Math.sqrt(sigmaSq);
  const lowerIndex = Math.max(roundHalfEven((nPairs - c) / 2) - 1, 0);
  const upperIndex = Math.min(roundHalfEven((nPairs + c) / 2), nPairs - 1);
  return [lowerIndex, upperIndex];
}

/**
 * Sen's CI on already sorted pairwise slopes. Returns [NaN, NaN] when there
 * are no slopes or the variance is negative (heavy ties in both x and y).
 */
export function senInterval(
  sortedSlopes: ArrayLike<number>,
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  z: number = Z_95,
): [number, number] {
  const idx = senIndices(sortedSlopes.length, x, y, z);
  return idx === null ? [Number.NaN, Number.NaN] : [at(sortedSlopes, idx[0]), at(sortedSlopes, idx[1])];
}

/** Joint intercept: median of y_i - slope * x_i. */
export function jointIntercept(x: ArrayLike<number>, y: ArrayLike<number>, slope: number): number {
  const r = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) r[i] = at(y, i) - slope * at(x, i);
  return median(r);
}

/**
 * Theil–Sen fit of y on x with Sen's CI at normal quantile z (withCi false: no CI, NaN bounds).
 * Fewer than two points with distinct x give NaN slope, intercept and CI.
 */
export function theilSen(x: ArrayLike<number>, y: ArrayLike<number>, z: number = Z_95, withCi = true): TheilSenFit {
  if (x.length !== y.length) {
    throw new RangeError(`theilSen: x has ${x.length} values but y has ${y.length}`);
  }
  // Only the median and the two CI positions of the sorted slopes are needed: select them.
  const [xs, ys] = asArrays(x, y);
  const fast = xs.length >= FAST_SELECTION_MIN_N && strictlyIncreasingFinite(xs, ys);
  const nPairs = fast ? (xs.length * (xs.length - 1)) / 2 : distinctXPairs(xs);
  const mid = Math.floor(nPairs / 2);
  // withCi false: the slope and intercept alone (lower and upper NaN), two order statistics fewer
  const ci = withCi ? senIndices(nPairs, x, y, z) : null;
  const ks = [mid - 1, mid, ci?.[0] ?? -1, ci?.[1] ?? -1];
  const [below, above, lowerAt, upperAt] = fast
    ? fastSlopeOrderStatistics(xs, ys, ks)
    : pairwiseSlopeOrderStatistics(xs, ys, nPairs, ks);
  const slope =
    nPairs === 0 ? Number.NaN : nPairs % 2 === 1 ? (above as number) : ((below as number) + (above as number)) / 2;
  const intercept = Number.isNaN(slope) ? Number.NaN : jointIntercept(x, y, slope);
  const lower = ci === null ? Number.NaN : (lowerAt as number);
  const upper = ci === null ? Number.NaN : (upperAt as number);
  return { slope, intercept, lower, upper, n: y.length, pairs: nPairs };
}

/** Residuals y_i - (intercept + slope * x_i). */
export function residuals(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  fit: { slope: number; intercept: number },
): Float64Array {
  const r = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) r[i] = at(y, i) - (fit.intercept + fit.slope * at(x, i));
  return r;
}
