/**
 * Robust location and scale: median, median absolute deviation (MAD) and the
 * MAD scaled to be consistent with a normal standard deviation.
 *
 * Pure functions over plain number arrays. Empty input gives NaN, never an
 * exception, so callers can report "not computable" for short series.
 */

import { orderStatistics } from './order-statistics.js';

/** Consistency constant: 1.4826 * MAD estimates sigma for normal data. */
export const MAD_TO_SIGMA = 1.4826;

/** Read element i of an array-like, or NaN when it is out of range. */
export function at(values: ArrayLike<number>, i: number): number {
  const v = values[i];
  return v === undefined ? Number.NaN : v;
}

/** Ascending numeric copy (the input is not modified). */
export function sortedCopy(values: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(values as ArrayLike<number>);
  out.sort();
  return out;
}

/** Median of an already ascending-sorted array; NaN when empty. */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = Math.floor(n / 2);
  if (n % 2 === 1) return at(sorted, mid);
  return (at(sorted, mid - 1) + at(sorted, mid)) / 2;
}

/**
 * Median; NaN for an empty array. By selection (order-statistics.ts: the values a sort would put
 * at the middle, bit for bit) rather than a sort: medians and MADs of a million residuals.
 */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const mid = Math.floor(n / 2);
  const copy = Float64Array.from(values as ArrayLike<number>);
  if (n % 2 === 1) return orderStatistics(copy, [mid])[0] as number;
  const [below, above] = orderStatistics(copy, [mid - 1, mid]) as [number, number];
  return (below + above) / 2;
}

/** Raw median absolute deviation from the median (not scaled); NaN when empty. */
export function mad(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const m = median(values);
  const dev = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) dev[i] = Math.abs(at(values, i) - m);
  return median(dev);
}

/** 1.4826 * MAD: a robust estimate of the standard deviation. */
export function scaledMad(values: ArrayLike<number>): number {
  return MAD_TO_SIGMA * mad(values);
}

/** Arithmetic mean; NaN when empty. */
export function mean(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  let s = 0;
  for (let i = 0; i < n; i++) s += at(values, i);
  return s / n;
}

/**
 * The last values whose tie groups were found, and the groups: the gate asks for the ties of the
 * same million log times three times (Sen's CI of its fit and of the power law, Kendall's tau).
 * Reused only for the same values, compared one by one.
 */
let lastTies: { values: Float64Array; groups: number[] } | null = null;

function sameValues(a: Float64Array, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * Group sizes of repeated values (only groups of two or more), as needed by
 * tie corrections in rank statistics. Exact equality is used.
 */
export function tieGroupSizes(values: ArrayLike<number>): number[] {
  let increasing = true;
  for (let i = 1; i < values.length && increasing; i++) increasing = at(values, i) > at(values, i - 1);
  if (increasing) return []; // batch indices: no sort of a million values
  if (lastTies !== null && sameValues(lastTies.values, values)) return [...lastTies.groups];
  const groups = tieGroupsOfSorted(sortedCopy(values));
  lastTies = { values: Float64Array.from(values), groups: [...groups] };
  return groups;
}

function tieGroupsOfSorted(sorted: Float64Array): number[] {
  const groups: number[] = [];
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && at(sorted, i) === at(sorted, i - 1)) {
      run++;
    } else {
      if (run > 1) groups.push(run);
      run = 1;
    }
  }
  return groups;
}
