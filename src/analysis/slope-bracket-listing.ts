/**
 * Listing the slopes of a bracket of the fast slope selection (fast-slope-selection.ts): every pair
 * whose order by u = y - s x differs between the bracket's two ends, by one insertion sort; into one
 * array when the bracket was narrowed to a few slopes per point, or in chunks counted by value when
 * it could not be (a crowded bracket).
 */
import { orderByKey } from './inversion-count.js';
import type { Bracket } from './slope-counts.js';

/**
 * The slopes in (lo, hi]: the pairs ordered by u at lo (ties: later index first) that u at hi puts
 * the other way round. u at hi is taken in the order at lo and insertion-sorted: every value moved
 * past a later one is such a pair, so the work is O(n + pairs listed), the pairs being few (narrow).
 * x and y move along with u in the same order (no reads at random indices per pair): a pair's slope
 * is (y_a - y_b)/(x_a - x_b) whichever comes first, the same double as (y_j - y_i)/(x_j - x_i) for
 * i < j (both differences only change sign), and + 0 makes the -0 of a tie in y the +0 of i < j.
 */
export function listBracket(
  x: Float64Array,
  y: Float64Array,
  b: Bracket,
  u: Float64Array,
  inside: Float64Array,
  full: ((slopes: Float64Array) => void) | null,
): number {
  const n = x.length;
  for (let i = 0; i < n; i++) u[i] = (y[i] as number) - b.lo * (x[i] as number);
  const order = orderByKey(u);
  const v = new Float64Array(n);
  const xo = new Float64Array(n);
  const yo = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    xo[k] = x[i] as number;
    yo[k] = y[i] as number;
    v[k] = (y[i] as number) - b.hi * (x[i] as number);
  }
  let found = 0;
  for (let k = 1; k < n; k++) {
    const t = v[k] as number;
    const xt = xo[k] as number;
    const yt = yo[k] as number;
    let p = k - 1;
    for (; p >= 0 && (v[p] as number) >= t; p--) {
      const xp = xo[p] as number;
      const yp = yo[p] as number;
      if (found < inside.length) inside[found++] = (yp - yt) / (xp - xt) + 0;
      else if (full !== null) {
        full(inside); // a chunk of a crowded bracket (selectCrowded)
        inside[0] = (yp - yt) / (xp - xt) + 0;
        found = 1;
      }
      v[p + 1] = v[p] as number;
      xo[p + 1] = xp;
      yo[p + 1] = yp;
    }
    v[p + 1] = t;
    xo[p + 1] = xt;
    yo[p + 1] = yt;
  }
  return found;
}

/**
 * The slope at rank k in a bracket that narrowing could not bring down to cap (8 n) slopes
 * (its ends adjacent doubles, where u = y - s x no longer tells the slopes apart, or a tie away from
 * 0): the bracket is listed in chunks of that size and its slopes, as computed, are counted by
 * value; the value whose counts reach rank k is the answer. Exact, O(n log n + slopes listed) time;
 * memory grows with the distinct values only, which a bracket past narrowing holds few of (more than
 * cap of them is a RangeError, not seen in any test).
 */
export function selectCrowded(
  x: Float64Array,
  y: Float64Array,
  b: Bracket,
  k: number,
  u: Float64Array,
  cap: number,
): number {
  const byValue = new Map<number, number>();
  const tally = (slopes: Float64Array): void => {
    for (const v of slopes) byValue.set(v, (byValue.get(v) ?? 0) + 1);
    if (byValue.size > cap)
      throw new RangeError(`fast slope selection: more than ${cap} distinct slopes in a bracket of adjacent doubles`);
  };
  const chunk = new Float64Array(Math.min(cap, b.cHi - b.cLo));
  tally(chunk.subarray(0, listBracket(x, y, b, u, chunk, tally)));
  let rank = k - b.cLo;
  const values = [...byValue.keys()].sort((p, q) => p - q);
  for (const v of values) {
    rank -= byValue.get(v) as number;
    if (rank < 0) return v;
  }
  return Number.NaN;
}
