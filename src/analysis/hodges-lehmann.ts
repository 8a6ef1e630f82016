/**
 * Hodges–Lehmann estimate of the centre of paired differences, with the Wilcoxon signed-rank 95%
 * confidence interval (docs/growth-gate.md, "Against a baseline run": the level regression).
 *
 *   estimate = median of the Walsh averages (d_i + d_j)/2, i <= j
 *   CI       = [W_(k), W_(M + 1 - k)], k from wilcoxon.ts (exact for n <= 300, else normal)
 *
 * This is the interval R's wilcox.test(d, conf.int = TRUE) gives on the exact branch; checked in
 * test/unit/baseline-wilcoxon.test.ts against a hand-worked example and against the interval
 * obtained by inverting scipy.stats.wilcoxon(method = "exact") on the Fedora 4 / Fedora 3 series.
 */

import { medianOfSorted } from './robust.js';
import { walshAverages, walshCiIndex } from './wilcoxon.js';

export interface HodgesLehmannResult {
  /** Median of the Walsh averages; NaN for no differences. */
  estimate: number;
  /** Two-sided CI bounds; NaN for no differences. */
  lower: number;
  upper: number;
  /** Number of differences. */
  n: number;
  /** Achieved confidence of the interval (exact), or the nominal 0.95 (normal); NaN for n = 0. */
  confidence: number;
  method: 'exact' | 'normal' | 'none';
}

/** Throws a TypeError for a non-finite difference; an empty input gives NaN numbers. */
export function hodgesLehmann(d: ArrayLike<number>): HodgesLehmannResult {
  const n = d.length;
  for (let i = 0; i < n; i++) {
    const v = d[i];
    if (v === undefined || !Number.isFinite(v))
      throw new TypeError(`hodgesLehmann: difference ${i} must be finite, got ${v}`);
  }
  if (n === 0) {
    return { estimate: Number.NaN, lower: Number.NaN, upper: Number.NaN, n, confidence: Number.NaN, method: 'none' };
  }
  const w = walshAverages(d);
  const idx = walshCiIndex(n);
  return {
    estimate: medianOfSorted(w),
    lower: w[idx.k - 1] ?? Number.NaN,
    upper: w[idx.walshCount - idx.k] ?? Number.NaN,
    n,
    confidence: idx.confidence,
    method: idx.method,
  };
}
