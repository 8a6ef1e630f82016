/**
 * The counts of one fast slope selection (fast-slope-selection.ts): slopes at or below s, and, where
 * a tie is suspected, slopes strictly below s. For x strictly increasing, slope(i, j) <= s is
 * u_j <= u_i and slope(i, j) < s is u_j < u_i, u = y - s x: the inversions of u with and without
 * equal values (inversion-count.ts), counted on the same u. When below(0) <= k < atMost(0), the
 * slope at rank k is exactly 0, however many slopes equal it: no bracket needs to be narrowed or
 * listed (a flat series of whole-millisecond times has billions of slopes exactly 0 at its median).
 * Only at 0 is this exact: there u = y, a pair is tied exactly when y_j = y_i, and its slope as
 * computed, (y_j - y_i)/(x_j - x_i), is +0. At any other s, u = y - s x is rounded, and pairs it
 * ties may have slopes a bit away from s: a tie there is narrowed and listed as any bracket.
 */
import { countInversionsInPlace } from './inversion-count.js';
import type { SeenCount } from './slope-selection-memo.js';

export interface Bracket {
  lo: number;
  hi: number;
  /** Slopes <= lo and <= hi. */
  cLo: number;
  cHi: number;
}

/** A value with the slopes strictly below it and at or below it. */
interface Tie {
  s: number;
  below: number;
  atMost: number;
}

/** Every count made for one set of ranks, (s, slopes <= s): later ranks start from the tightest. */
export class Counts {
  private readonly u: Float64Array;
  private readonly scratch: Float64Array;
  private readonly ties: Tie[] = [];
  /** carried: counts on the same points made before (slope-selection-memo.ts). */
  constructor(
    private readonly x: Float64Array,
    private readonly y: Float64Array,
    readonly seen: SeenCount[],
  ) {
    this.u = new Float64Array(x.length);
    this.scratch = new Float64Array(x.length);
  }

  private count(s: number, orEqual: boolean): number {
    for (let i = 0; i < this.x.length; i++) this.u[i] = (this.y[i] as number) - s * (this.x[i] as number);
    return countInversionsInPlace(this.u, this.scratch, orEqual);
  }

  /** Slopes <= s. */
  at(s: number): number {
    const c = this.count(s, true);
    this.seen.push({ s, c });
    return c;
  }

  /** 0 when s is 0 and the slope at rank k (atMost: slopes <= 0, counted before), by a count of the slopes < 0; else null. */
  tieAt(s: number, atMost: number, k: number): number | null {
    if (s !== 0 || atMost <= k) return null;
    let tie = this.ties.find((t) => t.s === s);
    if (tie === undefined) {
      tie = { s, below: this.count(s, false), atMost };
      this.ties.push(tie);
    }
    return tie.below <= k ? s + 0 : null;
  }

  /** The value at rank k when a tie counted before holds it, else null. */
  knownTie(k: number): number | null {
    const tie = this.ties.find((t) => t.below <= k && k < t.atMost);
    return tie === undefined ? null : tie.s + 0;
  }

  /** The tightest bracket of rank k among the counts so far (the outer one when none). */
  known(k: number, outer: Bracket): Bracket {
    const b = { ...outer };
    for (const { s, c } of this.seen) {
      if (c <= k && s > b.lo) [b.lo, b.cLo] = [s, c];
      if (c > k && s < b.hi) [b.hi, b.cHi] = [s, c];
    }
    return b;
  }
}

/**
 * A value the sorted sample repeats inside (lo, hi], when at least half of the sample's values there
 * are that one value (a tie the bracket cannot be narrowed past), else null.
 */
export function repeatedInside(sample: Float64Array, lo: number, hi: number): number | null {
  const from = firstAbove(sample, lo);
  const to = firstAbove(sample, hi);
  if (to - from < 2) return null;
  let best = Number.NaN;
  let bestRun = 0;
  for (let p = from; p < to; ) {
    let q = p + 1;
    while (q < to && sample[q] === sample[p]) q++;
    if (q - p > bestRun) [best, bestRun] = [sample[p] as number, q - p];
    p = q;
  }
  return bestRun >= 2 && 2 * bestRun >= to - from ? best : null;
}

/** The first position in the ascending sample holding a value above v. */
function firstAbove(sample: Float64Array, v: number): number {
  let a = 0;
  let b = sample.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if ((sample[m] as number) <= v) a = m + 1;
    else b = m;
  }
  return a;
}
