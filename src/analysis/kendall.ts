/**
 * Kendall's rank correlation tau-b (ties corrected), as scipy.stats.kendalltau.
 *
 *   tau_b = (P - Q) / sqrt((n0 - n1)(n0 - n2))
 *   n0 = n(n-1)/2, n1 = sum over x tie groups t(t-1)/2, n2 = same for y,
 *   P / Q = concordant / discordant pairs (pairs tied in x or y count in neither).
 *
 * Descriptive only in the growth gate. With x strictly increasing (the gate's batch indices) the
 * score is counted from inversions of y in O(n log n): P - Q = N - 2 Q - T_y, Q = pairs i < j with
 * y_i > y_j, T_y = pairs tied in y (the same integer as the O(n^2) loop); otherwise O(n^2).
 * Returns NaN for fewer than two points or when x or y is constant.
 */

import { countInversions } from './inversion-count.js';
import { at, tieGroupSizes } from './robust.js';

function increasing(x: ArrayLike<number>): boolean {
  for (let i = 1; i < x.length; i++) if (!(at(x, i) > at(x, i - 1))) return false;
  return true;
}

function tiedPairs(values: ArrayLike<number>): number {
  let s = 0;
  for (const t of tieGroupSizes(values)) s += (t * (t - 1)) / 2;
  return s;
}

export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  if (n !== y.length) {
    throw new RangeError(`kendallTauB: x has ${n} values but y has ${y.length}`);
  }
  if (n < 2) return Number.NaN;
  let score = 0;
  const ys = Float64Array.from({ length: n }, (_, i) => at(y, i));
  const tiedY = tiedPairs(y);
  if (increasing(x) && ys.every((v) => !Number.isNaN(v))) {
    // T_y: the pairs tied in y, those that the inversions with ties count beyond the strict ones
    score = (n * (n - 1)) / 2 - 2 * countInversions(ys, false) - tiedY;
  } else
    for (let i = 0; i < n; i++) {
      const xi = at(x, i);
      const yi = at(y, i);
      for (let j = i + 1; j < n; j++) {
        const sx = Math.sign(at(x, j) - xi);
        const sy = Math.sign(at(y, j) - yi);
        score += sx * sy;
      }
    }
  const n0 = (n * (n - 1)) / 2;
  const denom = Math.sqrt((n0 - tiedPairs(x)) * (n0 - tiedY));
  if (!(denom > 0)) return Number.NaN;
  return score / denom;
}
