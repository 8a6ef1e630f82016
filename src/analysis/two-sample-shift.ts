/**
 * Two-sample Hodges–Lehmann shift of a (after) over b (before), with the Mann–Whitney confidence
 * interval (mann-whitney.ts):
 *
 *   estimate = median of the m·n differences a_i - b_j
 *   CI       = [D_(k), D_(mn + 1 - k)]
 *
 * The order statistics are found without storing the m·n differences: with a and b sorted, the
 * number of differences at or below v is counted in one O(m + n) pass (for ascending a_i the first
 * b_j with a_i - b_j <= v only moves right); v is narrowed by interpolation until few differences
 * remain between the bracket's ends, and those are listed and selected from (kthDifference; the
 * plain bisection, kthDifferenceBisect, is kept as the reference). Comparisons use the computed
 * differences themselves, so the answer is the double a sort of all differences would put there.
 */
import { shiftCiIndex } from './mann-whitney.js';
import { orderStatistics } from './order-statistics.js';
import { sortedCopy } from './robust.js';

export interface ShiftResult {
  estimate: number;
  lower: number;
  upper: number;
  /** Sizes of a and b. */
  m: number;
  n: number;
  confidence: number;
  method: 'exact' | 'normal';
}

/** Differences a_i - b_j <= v (a, b ascending). */
function countAtMost(a: Float64Array, b: Float64Array, v: number): number {
  let count = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    while (j < b.length && ai - (b[j] as number) > v) j++;
    count += b.length - j;
  }
  return count;
}

/** The smallest difference above v (Infinity when none). */
function smallestAbove(a: Float64Array, b: Float64Array, v: number): number {
  let best = Number.POSITIVE_INFINITY;
  let j = b.length - 1;
  for (let i = a.length - 1; i >= 0; i--) {
    const ai = a[i] as number;
    // for descending a_i, the last b_j with a_i - b_j > v only moves left
    while (j >= 0 && ai - (b[j] as number) <= v) j--;
    if (j >= 0) best = Math.min(best, ai - (b[j] as number));
  }
  return best;
}

function checkRank(a: Float64Array, b: Float64Array, k: number): void {
  const total = a.length * b.length;
  if (!Number.isInteger(k) || k < 1 || k > total)
    throw new RangeError(`kthDifference: k must be 1..${total}, got ${k}`);
}

/** The differences in (lo, hi] (a, b ascending): for each a_i a run of b_j, found by two pointers. */
function listBetween(a: Float64Array, b: Float64Array, lo: number, hi: number, size: number): Float64Array {
  const out = new Float64Array(size);
  let found = 0;
  let jHi = 0;
  let jLo = 0;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    while (jHi < b.length && ai - (b[jHi] as number) > hi) jHi++;
    while (jLo < b.length && ai - (b[jLo] as number) > lo) jLo++;
    for (let j = jHi; j < jLo && found < size; j++) out[found++] = ai - (b[j] as number);
  }
  return out.subarray(0, found);
}

/**
 * The k-th smallest (1-based) of the differences a_i - b_j; a and b ascending and finite. A bracket
 * (lo, hi] with count(lo) < k <= count(hi) is narrowed by counts aimed by rank interpolation (a
 * little past k on the side that did not move last; bisection when a round does not halve it) until
 * it holds at most 4 (m + n) differences, which are listed and selected from (order-statistics.ts):
 * the same double as kthDifferenceBisect, in about a dozen O(m + n) passes.
 */
export function kthDifference(a: Float64Array, b: Float64Array, k: number): number {
  checkRank(a, b, k);
  const m = a.length;
  const n = b.length;
  let lo = (a[0] as number) - (b[n - 1] as number); // the smallest difference
  let cLo = countAtMost(a, b, lo);
  if (cLo >= k) return lo;
  let hi = (a[m - 1] as number) - (b[0] as number); // the largest: count = m n
  let cHi = m * n;
  let aim = k - 0.5;
  let stalled = false;
  for (let round = 0; round < 200 && cHi - cLo > 4 * (m + n); round++) {
    const frac = (aim - cLo) / (cHi - cLo);
    const mid = lo + (hi - lo) * (stalled ? 0.5 : Math.min(0.999, Math.max(0.001, frac)));
    if (!(mid > lo && mid < hi)) return hi; // adjacent doubles: every difference in (lo, hi] is hi
    const c = countAtMost(a, b, mid);
    const before = cHi - cLo;
    if (c >= k) [hi, cHi, aim] = [mid, c, k - 0.5 - (m + n)];
    else [lo, cLo, aim] = [mid, c, k - 0.5 + (m + n)];
    stalled = cHi - cLo > before / 2;
  }
  if (cHi - cLo > 4 * (m + n)) return kthDifferenceBisect(a, b, k);
  return orderStatistics(listBetween(a, b, lo, hi, cHi - cLo), [k - 1 - cLo])[0] as number;
}

/** kthDifference by bisection alone, O((m + n) log(range / ulp)): the reference the property tests compare with. */
export function kthDifferenceBisect(a: Float64Array, b: Float64Array, k: number): number {
  checkRank(a, b, k);
  let lo = (a[0] as number) - (b[b.length - 1] as number); // the smallest difference
  if (countAtMost(a, b, lo) >= k) return lo;
  let hi = (a[a.length - 1] as number) - (b[0] as number); // the largest: count = total
  // invariant: count(lo) < k <= count(hi)
  for (let round = 0; round < 4000; round++) {
    const next = smallestAbove(a, b, lo);
    if (countAtMost(a, b, next) >= k) return next;
    const mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) break;
    if (countAtMost(a, b, mid) >= k) hi = mid;
    else lo = mid;
  }
  return smallestAbove(a, b, lo);
}

/**
 * Hodges–Lehmann shift of after over before with its CI at normal quantile z. With riseOnly, an
 * estimate at or below 0 comes without its CI (lower and upper NaN): the cliff looks only for rises.
 */
export function twoSampleShift(
  after: ArrayLike<number>,
  before: ArrayLike<number>,
  z: number,
  riseOnly = false,
): ShiftResult {
  const m = after.length;
  const n = before.length;
  for (const s of [after, before]) {
    for (let i = 0; i < s.length; i++)
      if (!Number.isFinite(s[i])) throw new TypeError(`twoSampleShift: value ${i} must be finite, got ${s[i]}`);
  }
  if (m === 0 || n === 0)
    return {
      estimate: Number.NaN,
      lower: Number.NaN,
      upper: Number.NaN,
      m,
      n,
      confidence: Number.NaN,
      method: 'normal',
    };
  const a = sortedCopy(after);
  const b = sortedCopy(before);
  const total = m * n;
  const half = Math.floor((total + 1) / 2);
  const estimate =
    total % 2 === 1 ? kthDifference(a, b, half) : (kthDifference(a, b, half) + kthDifference(a, b, half + 1)) / 2;
  const idx = shiftCiIndex(m, n, z);
  const noCi = riseOnly && !(estimate > 0);
  return {
    estimate,
    lower: noCi ? Number.NaN : kthDifference(a, b, idx.k),
    upper: noCi ? Number.NaN : kthDifference(a, b, total + 1 - idx.k),
    m,
    n,
    confidence: idx.confidence,
    method: idx.method,
  };
}
