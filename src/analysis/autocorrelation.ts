/**
 * Serial dependence of residuals. The growth gate reports the lag-1
 * autocorrelation of its Theil–Sen residuals (log scale) and calls the run
 * drifted when it exceeds 0.5: neighbouring batches then share slow wandering
 * that the straight-line trend does not explain, and the Sen CI (which assumes
 * independent noise) is too narrow.
 */

import { at } from './robust.js';

/** Threshold above which a run is reported as drifted. */
export const DRIFT_THRESHOLD = 0.5;

/**
 * Lag-1 autocorrelation of a series (usually regression residuals):
 *   r1 = sum_{i<n-1} (e_i - mean)(e_{i+1} - mean) / sum_i (e_i - mean)^2
 * NaN for fewer than three values or zero variance. Above 0.5 the gate calls
 * the run drifted (slow wandering the trend fit does not explain).
 */
export function lag1Autocorrelation(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 3) return Number.NaN;
  let m = 0;
  for (let i = 0; i < n; i++) m += at(values, i);
  m /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = at(values, i) - m;
    den += d * d;
    if (i + 1 < n) num += d * (at(values, i + 1) - m);
  }
  if (!(den > 0)) return Number.NaN;
  return num / den;
}
