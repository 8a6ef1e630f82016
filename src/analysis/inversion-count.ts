/**
 * Counting inversions by merge sort, O(n log n), and ordering by key: the primitives of
 * the O(n log n) Theil–Sen slope selection (fast-slope-selection.ts) and of Kendall's tau on a
 * series in index order (kendall.ts).
 */
import { packedOrderByKey } from './packed-order.js';

/** Pairs i < j with v[i] >= v[j] (orEqual) or v[i] > v[j] (strict), by merge sort. v is not modified; no NaN. */
export function countInversions(v: Float64Array, orEqual: boolean): number {
  return countInversionsInPlace(Float64Array.from(v), new Float64Array(v.length), orEqual);
}

/**
 * countInversions of v, sorting v itself with scratch (as long as v) as the other buffer: no
 * allocation, for the dozens of counts of one slope selection. v and scratch are overwritten.
 */
export function countInversionsInPlace(v: Float64Array, scratch: Float64Array, orEqual: boolean): number {
  const n = v.length;
  let src = v;
  let dst = scratch.length === n ? scratch : scratch.subarray(0, n);
  let count = sortRuns(src, orEqual);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let p = lo;
      let q = mid;
      let o = lo;
      // the left one goes first unless it forms an inversion with the right one; branch-free
      // (a select and arithmetic instead of an unpredictable jump: the keys are in random order)
      if (orEqual) {
        while (p < mid && q < hi) {
          const a = src[p] as number;
          const b = src[q] as number;
          const left = a < b ? 1 : 0;
          dst[o++] = left === 1 ? a : b;
          count += (1 - left) * (mid - p);
          p += left;
          q += 1 - left;
        }
      } else {
        while (p < mid && q < hi) {
          const a = src[p] as number;
          const b = src[q] as number;
          const left = a <= b ? 1 : 0;
          dst[o++] = left === 1 ? a : b;
          count += (1 - left) * (mid - p);
          p += left;
          q += 1 - left;
        }
      }
      // the tails by loops: no subarray objects for the many short merges of the first passes
      while (p < mid) dst[o++] = src[p++] as number;
      while (q < hi) dst[o++] = src[q++] as number;
    }
    [src, dst] = [dst, src];
  }
  return count;
}

/** Length of the runs insertion-sorted before the merge passes (four passes fewer on a million values). */
const RUN = 16;

/**
 * Sorts each run of RUN values of a in place by insertion and returns the inversions inside the
 * runs: every value shifted past a later one is a pair i < j with a[i] >= a[j] (orEqual) or > (strict).
 */
function sortRuns(a: Float64Array, orEqual: boolean): number {
  let count = 0;
  for (let lo = 0; lo < a.length; lo += RUN) {
    const hi = Math.min(lo + RUN, a.length);
    for (let k = lo + 1; k < hi; k++) {
      const t = a[k] as number;
      let p = k - 1;
      if (orEqual) while (p >= lo && (a[p] as number) >= t) a[p + 1] = a[p--] as number;
      else while (p >= lo && (a[p] as number) > t) a[p + 1] = a[p--] as number;
      a[p + 1] = t;
      count += k - 1 - p;
    }
  }
  return count;
}

/**
 * The indices 0..n-1 ordered by key ascending, equal keys with the larger index first: by the
 * engine's sort of packed keys (packed-order.ts), else by mergeOrderByKey. No NaN; -0 counts as 0.
 */
export function orderByKey(key: Float64Array): Int32Array {
  return packedOrderByKey(key) ?? mergeOrderByKey(key);
}

/**
 * orderByKey as a stable sort (runs of RUN by insertion, then bottom-up merges with the indices
 * carried along, no indirect reads and no comparator calls) of the descending indices. O(n log n).
 */
export function mergeOrderByKey(key: Float64Array): Int32Array {
  const n = key.length;
  let ia = new Int32Array(n);
  let ka = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    ia[k] = n - 1 - k;
    ka[k] = key[n - 1 - k] as number;
  }
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(lo + RUN, n);
    for (let k = lo + 1; k < hi; k++) {
      const t = ka[k] as number;
      const ti = ia[k] as number;
      let p = k - 1;
      for (; p >= lo && (ka[p] as number) > t; p--) {
        ka[p + 1] = ka[p] as number;
        ia[p + 1] = ia[p] as number;
      }
      ka[p + 1] = t;
      ia[p + 1] = ti;
    }
  }
  let kb = new Float64Array(n);
  let ib = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let p = lo;
      let q = mid;
      let o = lo;
      // branch-free, as in countInversionsInPlace; the tails by loops
      while (p < mid && q < hi) {
        const a = ka[p] as number;
        const b = ka[q] as number;
        const left = a <= b ? 1 : 0;
        kb[o] = left === 1 ? a : b;
        ib[o++] = left === 1 ? (ia[p] as number) : (ia[q] as number);
        p += left;
        q += 1 - left;
      }
      for (; p < mid; p++, o++) {
        kb[o] = ka[p] as number;
        ib[o] = ia[p] as number;
      }
      for (; q < hi; q++, o++) {
        kb[o] = ka[q] as number;
        ib[o] = ia[q] as number;
      }
    }
    [ka, kb] = [kb, ka];
    [ia, ib] = [ib, ia];
  }
  return ia;
}
