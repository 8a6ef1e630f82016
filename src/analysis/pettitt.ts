/**
 * Pettitt's (1979) change-point test, distribution-free, on a series x_1..x_n (here ln batch time):
 *
 *   U_t = sum_{i <= t} sum_{j > t} sgn(x_i - x_j),   t = 1..n-1
 *   K   = max_t |U_t|,  t* = the first t where it is reached (the last point before the change)
 *   p   ~ 2 exp(-6 K^2 / (n^3 + n^2))   (Pettitt 1979, eq. 2.4; capped at 1)
 *
 * U_t is built in O(n log n) from ranks: U_t = U_{t-1} + V_t with V_t = sum_j sgn(x_t - x_j) =
 * 2 r_t - (n + 1), r_t the mid-rank of x_t (ties share the mean of their ranks). A rise after t*
 * makes U_{t*} negative. Reference values (scripts/pettitt_reference.py) are checked in
 * test/unit/analysis-cliff.test.ts.
 */
import { orderByKey } from './inversion-count.js';

export interface PettittResult {
  /** Number of points. */
  n: number;
  /** K = max |U_t|. */
  statistic: number;
  /** U at t*: negative when the later points are larger. */
  signedStatistic: number;
  /** t*: points before the change (1..n-1); 0 when n < 2. */
  split: number;
  /** Approximate two-sided p-value; 1 when n < 2. */
  p: number;
}

/** Mid-ranks (1-based; ties get the mean of their ranks). NaN inputs throw. */
export function midRanks(x: ArrayLike<number>): Float64Array {
  const n = x.length;
  const xs = Float64Array.from(x); // a missing value becomes NaN, as at() reads it
  for (let i = 0; i < n; i++) if (Number.isNaN(xs[i] as number)) throw new TypeError(`midRanks: value ${i} is NaN`);
  // a sort of typed arrays (a million batches: no comparator calls); tie order does not matter
  const order = orderByKey(xs);
  const r = new Float64Array(n);
  for (let s = 0; s < n; ) {
    let e = s + 1;
    while (e < n && xs[order[e] as number] === xs[order[s] as number]) e++;
    const rank = (s + 1 + e) / 2; // mean of ranks s+1..e
    for (let k = s; k < e; k++) r[order[k] as number] = rank;
    s = e;
  }
  return r;
}

/** Pettitt's approximate p-value for statistic K on n points: min(1, 2 exp(-6K^2/(n^3+n^2))). */
export function pettittP(k: number, n: number): number {
  if (n < 2) return 1;
  return Math.min(1, 2 * Math.exp((-6 * k * k) / (n * n * n + n * n)));
}

export function pettitt(x: ArrayLike<number>): PettittResult {
  const n = x.length;
  if (n < 2) return { n, statistic: 0, signedStatistic: 0, split: 0, p: 1 };
  const r = midRanks(x);
  let u = 0;
  let best = -1;
  let bestU = 0;
  let split = 1;
  for (let t = 1; t < n; t++) {
    u += 2 * (r[t - 1] as number) - (n + 1);
    if (Math.abs(u) > best) {
      best = Math.abs(u);
      bestU = u;
      split = t;
    }
  }
  return { n, statistic: best, signedStatistic: bestU, split, p: pettittP(best, n) };
}
