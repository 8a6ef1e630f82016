/**
 * Order statistics without a full sort: the values that an ascending sort of an array would put
 * at a few given positions, found by selection (quickselect) in O(N) expected time.
 *
 * The result is the same as sorting with Float64Array.prototype.sort and reading the positions,
 * bit for bit: when the array holds no NaN and no -0, `<` is a total order on its values, so the
 * k-th smallest value is unique whatever selection does, and equal values are the same double.
 * With a NaN or a -0 present (where sort's order and `<` differ: -0 before +0, NaN last) the array
 * is sorted instead. Selection falls back to sorting a range that resists partitioning, so the
 * worst case stays O(N log N).
 */

/** Partition rounds on one range before that range is simply sorted. */
const MAX_ROUNDS = 64;

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}

/** True when sorting and `<` could disagree: a NaN or a negative zero. */
function needsSort(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) {
    const v = a[i] as number;
    if (v !== v || (v === 0 && 1 / v < 0)) return true;
  }
  return false;
}

/**
 * Rearranges a[lo..hi] so that a[k] holds the value an ascending sort would put there, with no
 * larger value before it and no smaller one after it (median-of-three quickselect, Hoare
 * partition; equal values stop both scans, so long runs of ties split evenly).
 */
function selectInPlace(a: Float64Array, k: number, lo: number, hi: number): void {
  let l = lo;
  let r = hi;
  for (let round = 0; ; round++) {
    if (r <= l + 1) {
      if (r === l + 1 && (a[r] as number) < (a[l] as number)) swap(a, l, r);
      return;
    }
    if (round === MAX_ROUNDS) {
      a.subarray(l, r + 1).sort();
      return;
    }
    swap(a, (l + r) >>> 1, l + 1);
    if ((a[l] as number) > (a[r] as number)) swap(a, l, r);
    if ((a[l + 1] as number) > (a[r] as number)) swap(a, l + 1, r);
    if ((a[l] as number) > (a[l + 1] as number)) swap(a, l, l + 1);
    const pivot = a[l + 1] as number;
    let i = l + 1;
    let j = r;
    for (;;) {
      do i++;
      while ((a[i] as number) < pivot);
      do j--;
      while ((a[j] as number) > pivot);
      if (j < i) break;
      swap(a, i, j);
    }
    a[l + 1] = a[j] as number;
    a[j] = pivot;
    if (j >= k) r = j - 1;
    if (j <= k) l = i;
  }
}

/**
 * The values at 0-based positions `ks` of `values` sorted ascending (NaN for a position out of
 * range). `values` is reordered in place: pass a scratch array.
 */
export function orderStatistics(values: Float64Array, ks: readonly number[]): number[] {
  const n = values.length;
  if (needsSort(values)) {
    values.sort();
  } else {
    const wanted = [...new Set(ks.filter((k) => Number.isInteger(k) && k >= 0 && k < n))].sort((p, q) => p - q);
    let lo = 0;
    for (const k of wanted) {
      selectInPlace(values, k, lo, n - 1);
      lo = k + 1;
    }
  }
  return ks.map((k) => {
    const v = values[k];
    return v === undefined ? Number.NaN : v;
  });
}
