/**
 * The Mann–Whitney (Wilcoxon rank-sum) statistic as needed for the confidence interval of the
 * two-sample Hodges–Lehmann shift (two-sample-shift.ts): which order statistic of the m·n pairwise
 * differences a_i - b_j bounds a two-sided interval at normal quantile z.
 *
 * Exact branch (both samples under 50, as R's wilcox.test chooses): the null distribution of
 * U = #{(i, j): a_i > b_j} by the recursion f(u; i, j) = f(u - j; i-1, j) + f(u; i, j-1)
 * (the last of the i + j values is an a, above all j b's, or a b), counted in doubles;
 *   k = qwilcox(alpha/2, m, n) = the smallest u with P(U <= u) >= alpha/2, at least 1;
 *   lower = D_(k), upper = D_(mn + 1 - k) (1-based order statistics of the sorted differences);
 *   achieved confidence 1 - 2 P(U <= k - 1).
 * That is R's wilcox.test(a, b, conf.int = TRUE) on its exact branch; alpha = 2 (1 - Phi(z)).
 * Normal branch: mean mn/2, variance mn(m+n+1)/12, k = ceil(mn/2 - 1/2 - z sigma), at least 1
 * (the convention of wilcoxon.ts's normal branch).
 */
import { normalUpperTail } from './normal.js';

/** Both samples below this size: exact distribution. */
export const EXACT_BELOW = 50;

/** P(U = u), u = 0..m·n, for samples of m and n untied values. */
export function rankSumDistribution(m: number, n: number): Float64Array {
  if (!Number.isInteger(m) || !Number.isInteger(n) || m < 0 || n < 0)
    throw new RangeError(`rankSumDistribution: sizes must be integers >= 0, got ${m}, ${n}`);
  // g[i] = counts for (i, j) at the current j
  let g: Float64Array[] = Array.from({ length: m + 1 }, () => Float64Array.of(1));
  for (let j = 1; j <= n; j++) {
    const next: Float64Array[] = [Float64Array.of(1)];
    for (let i = 1; i <= m; i++) {
      const f = new Float64Array(i * j + 1);
      const prevI = next[i - 1] as Float64Array; // (i-1, j), shifted by j
      for (let u = 0; u < prevI.length; u++) f[u + j] = (f[u + j] as number) + (prevI[u] as number);
      const prevJ = g[i] as Float64Array; // (i, j-1)
      for (let u = 0; u < prevJ.length; u++) f[u] = (f[u] as number) + (prevJ[u] as number);
      next.push(f);
    }
    g = next;
  }
  const counts = g[m] as Float64Array;
  let total = 0;
  for (const c of counts) total += c;
  return counts.map((c) => c / total);
}

export interface ShiftCiIndex {
  /** 1-based index of the lower bound among the m·n sorted differences; the upper is mn + 1 - k. */
  k: number;
  /** m·n */
  differences: number;
  /** Achieved confidence (exact), or the nominal level of z (normal). */
  confidence: number;
  method: 'exact' | 'normal';
}

export function shiftCiIndex(m: number, n: number, z: number): ShiftCiIndex {
  if (!Number.isInteger(m) || !Number.isInteger(n) || m < 1 || n < 1)
    throw new RangeError(`shiftCiIndex: sizes must be integers >= 1, got ${m}, ${n}`);
  const mn = m * n;
  const alpha = 2 * normalUpperTail(z);
  if (m < EXACT_BELOW && n < EXACT_BELOW) {
    const p = rankSumDistribution(m, n);
    let cum = 0;
    let u = 0;
    for (; u < p.length; u++) {
      if (cum + (p[u] as number) >= (alpha / 2) * (1 - 1e-12)) break;
      cum += p[u] as number;
    }
    if (u === 0) return { k: 1, differences: mn, confidence: 1 - 2 * (p[0] as number), method: 'exact' };
    return { k: u, differences: mn, confidence: 1 - 2 * cum, method: 'exact' };
  }
  const sigma = Math.sqrt((mn * (m + n + 1)) / 12);
  const k = Math.max(1, Math.ceil(mn / 2 - 0.5 - z * sigma));
  return { k, differences: mn, confidence: 1 - alpha, method: 'normal' };
}
