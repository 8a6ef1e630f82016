/**
 * Counting inversions by merge sort, O(n log n), and ordering by key: the primitives of
 * the O(n log n) Theil–Sen slope selection (fast-slope-selection.ts) and of Kendall's tau on a
 * series in index order (kendall.ts).
 */

/** Pairs i < j with v[i] >= v[j] (orEqual) or v[i] > v[j] (strict), by merge sort. v is not modified; no NaN. */
export function countInversions(v: Float64Array, orEqual: boolean): number {
  const n = v.length;
  let src = Float64Array.from(v);
  let dst = new Float64Array(n);
  let count = sortRuns(src, orEqual);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let p = lo;
      let q = mid;
      let o = lo;
      // the left one goes first unless it forms an inversion with the right one
      if (orEqual) {
        while (p < mid && q < hi) {
          if ((src[p] as number) < (src[q] as number)) dst[o++] = src[p++] as number;
          else {
            count += mid - p;
            dst[o++] = src[q++] as number;
          }
        }
      } else {
        while (p < mid && q < hi) {
          if ((src[p] as number) <= (src[q] as number)) dst[o++] = src[p++] as number;
          else {
            count += mid - p;
            dst[o++] = src[q++] as number;
          }
        }
      }
      dst.set(src.subarray(p, mid), o);
      dst.set(src.subarray(q, hi), o + (mid - p));
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
 * Stable bottom-up merge sort of keys with their indices carried along (no indirect reads). A left
 * element goes first when it is below the right one, or equal to it with leftOnTie; otherwise the
 * right one does, after onRight(waiting, from, to, right) is told which left elements still wait
 * (waiting[from..to)): with leftOnTie false, the pairs in input order whose first key is >= the
 * second. Returns the indices in sorted order; keys and index are consumed.
 */
function mergeSortCarrying(
  keys: Float64Array,
  index: Int32Array,
  leftOnTie: boolean,
  onRight: ((waiting: Int32Array, from: number, to: number, right: number) => void) | null,
): Int32Array {
  const n = index.length;
  let ka: Float64Array = keys;
  let ia: Int32Array = index;
  let kb: Float64Array = new Float64Array(n);
  let ib: Int32Array = new Int32Array(n);
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      for (let o = lo, p = lo, q = mid; o < hi; o++) {
        const leftFirst = q >= hi || (p < mid && ((ka[p] as number) < (ka[q] as number) || (leftOnTie && ka[p] === ka[q])));
        if (leftFirst) {
          kb[o] = ka[p] as number;
          ib[o] = ia[p++] as number;
        } else {
          if (onRight !== null && p < mid) onRight(ia, p, mid, ia[q] as number);
          kb[o] = ka[q] as number;
          ib[o] = ia[q++] as number;
        }
      }
    }
    [ka, kb] = [kb, ka];
    [ia, ib] = [ib, ia];
  }
  return ia;
}

/**
 * The indices 0..n-1 ordered by key ascending, equal keys with the larger index first (a stable
 * merge sort of the descending indices): O(n log n) with no comparator calls.
 */
export function orderByKey(key: Float64Array): Int32Array {
  const n = key.length;
  const index = Int32Array.from({ length: n }, (_, i) => n - 1 - i);
  return mergeSortCarrying(Float64Array.from(index, (i) => key[i] as number), index, true, null);
}
