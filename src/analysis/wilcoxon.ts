/**
 * The Wilcoxon signed-rank statistic as needed for a confidence interval of the Hodges–Lehmann
 * estimate (hodges-lehmann.ts): its null distribution, its lower quantile, and which order
 * statistic of the Walsh averages bounds a two-sided 95% interval.
 *
 * Null distribution (n non-zero, untied differences): T+ = sum of the ranks k = 1..n whose sign is
 * positive; each rank is in T+ with probability 1/2, independently, so
 *   P_k(t) = (P_{k-1}(t) + P_{k-1}(t - k)) / 2,   P_0(0) = 1,
 * over t = 0..n(n+1)/2 (the recursion of Hollander & Wolfe, "Nonparametric Statistical Methods",
 * 3rd ed., section 3.1). Probabilities stay representable for n <= 300 (smallest 2^-300).
 *
 * CI index (the convention of R's wilcox.test(conf.int = TRUE), exact branch):
 *   k = qsignrank(alpha/2, n) = the smallest t with P(T+ <= t) >= alpha/2; k = 1 when that is 0;
 *   lower = W_(k), upper = W_(M + 1 - k)  (1-based order statistics of the M = n(n+1)/2 sorted
 *   Walsh averages); achieved confidence 1 - 2 P(T+ <= k - 1).
 * Reference values (published two-sided 5% critical values c, k = c + 1): n = 8: k = 4;
 * n = 10: 9; n = 20: 53; n = 25: 90; n = 30: 138 — checked in test/unit/baseline-wilcoxon.test.ts
 * against those tables and against a brute-force enumeration of all 2^n sign patterns.
 *
 * Above EXACT_MAX_N the normal approximation with continuity correction is used:
 *   mean M/2, variance n(n+1)(2n+1)/24, k = ceil(M/2 - 1/2 - 1.959964 sigma), at least 1.
 * Ties and zeros among the differences make the exact distribution approximate (R then switches to
 * a tie-corrected normal approximation); here the order-statistic interval is kept, which is the
 * usual choice for timing data with few exact ties.
 */

import { Z_95 } from './theil-sen.js';

/** Largest n for which the exact null distribution is computed (O(n^3) work, about 1.4e7 steps). */
export const EXACT_MAX_N = 300;

/** P(T+ = t) for t = 0..n(n+1)/2, n untied non-zero differences. */
export function signedRankDistribution(n: number): Float64Array {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`signedRankDistribution: n must be an integer >= 0, got ${n}`);
  const total = (n * (n + 1)) / 2;
  const p = new Float64Array(total + 1);
  p[0] = 1;
  let top = 0;
  for (let k = 1; k <= n; k++) {
    top += k;
    // in place, from the top down, so p[t - k] is still the previous step's value
    for (let t = top; t >= 0; t--) {
      const keep = p[t] ?? 0;
      const add = t >= k ? (p[t - k] ?? 0) : 0;
      p[t] = (keep + add) / 2;
    }
  }
  return p;
}

/** Index of the first t whose cumulative probability reaches prob (a relative fuzz of 1e-12 absorbs rounding). */
function quantileOf(p: Float64Array, prob: number): { t: number; below: number } {
  let cum = 0;
  for (let t = 0; t < p.length; t++) {
    const next = cum + (p[t] ?? 0);
    if (next >= prob * (1 - 1e-12)) return { t, below: cum };
    cum = next;
  }
  return { t: p.length - 1, below: cum };
}

/** qsignrank: the smallest t with P(T+ <= t) >= prob. */
export function signedRankQuantile(prob: number, n: number): number {
  return quantileOf(signedRankDistribution(n), prob).t;
}

export interface WalshCiIndex {
  /** 1-based index of the lower bound among the sorted Walsh averages; the upper is M + 1 - k. */
  k: number;
  /** Number of Walsh averages, n(n+1)/2. */
  walshCount: number;
  /** 1 - 2 P(T+ <= k - 1) for the exact method; the nominal 0.95 for the normal approximation. */
  confidence: number;
  method: 'exact' | 'normal';
}

/** Which Walsh averages bound the two-sided 95% interval for n differences (n >= 1). */
export function walshCiIndex(n: number): WalshCiIndex {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`walshCiIndex: n must be an integer >= 1, got ${n}`);
  const walshCount = (n * (n + 1)) / 2;
  if (n <= EXACT_MAX_N) {
    const p = signedRankDistribution(n);
    // k = qsignrank(0.025, n); below = P(T+ <= k - 1) < 0.025
    const { t: k, below } = quantileOf(p, 0.025);
    if (k === 0) return { k: 1, walshCount, confidence: 1 - 2 * (p[0] ?? 0), method: 'exact' };
    return { k, walshCount, confidence: 1 - 2 * below, method: 'exact' };
  }
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
  const k = Math.max(1, Math.ceil(walshCount / 2 - 0.5 - Z_95 * sigma));
  return { k, walshCount, confidence: 0.95, method: 'normal' };
}

/** All Walsh averages (d_i + d_j)/2 over i <= j, sorted ascending. */
export function walshAverages(d: ArrayLike<number>): Float64Array {
  const n = d.length;
  const out = new Float64Array((n * (n + 1)) / 2);
  let w = 0;
  for (let i = 0; i < n; i++) {
    const di = d[i] ?? Number.NaN;
    for (let j = i; j < n; j++) out[w++] = (di + (d[j] ?? Number.NaN)) / 2;
  }
  out.sort();
  return out;
}
