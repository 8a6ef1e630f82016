/**
 * Order statistics of the pairwise slopes (y_j - y_i)/(x_j - x_i), i < j, for x strictly
 * increasing (batch indices, ln of batch midpoints), in O(n log n) per count instead of O(n^2):
 * the Theil–Sen slope and Sen's CI of a million batches.
 *
 * For x_i < x_j: slope(i, j) <= s  <=>  y_j - s x_j <= y_i - s x_i, so the number of slopes at or
 * below s is the number of pairs i < j with u_j <= u_i, u = y - s x: the inversions of u in index
 * order, counted by merge sort (inversion-count.ts). For each wanted rank k a bracket lo < s <= hi
 * with count(lo) <= k < count(hi) is narrowed (rank interpolation, bisection when that stalls) until
 * it holds at most 8n slopes; those are the pairs ordered one way by u at lo and the other way by u
 * at hi (with x strictly increasing no other pair changes order), listed by insertion sort, and their
 * slopes, computed as (y_j - y_i)/(x_j - x_i), are selected from. A value with more slopes equal to
 * it than a bracket may list (a flat series of whole-millisecond times: billions of slopes exactly 0)
 * is recognised by a count of the slopes strictly below it (slope-counts.ts) and is the answer
 * itself; every narrowing is bounded in rounds (narrow). Exact up to rounding: a slope
 * within a rounding error of a bracket end can be counted on the wrong side of it (never seen in
 * the tests, which compare with the O(n^2) selection).
 */
import { nextDown, positionMidpoint } from './double-order.js';
import { orderStatistics } from './order-statistics.js';
import { listBracket, selectCrowded } from './slope-bracket-listing.js';
import { type Bracket, Counts, repeatedInside } from './slope-counts.js';
import { carriedSelection, rememberSelection, type Listed } from './slope-selection-memo.js';

/** Counts of slopes before the bracket is listed: at most this many per point. */
const LIST_PER_POINT = 8;
/** Rounds of interpolation (and tie checks) before bisection by position takes over. */
const INTERPOLATED_ROUNDS = 100;
/** A count is aimed this many slopes per point past the wanted rank (narrow). */
const AIM_PER_POINT = 1;
/** Interpolated counts stay this fraction of the bracket away from its ends. */
const EDGE = 0.001;

/** True when x is strictly increasing and x, y are finite. */
export function strictlyIncreasingFinite(x: Float64Array, y: Float64Array): boolean {
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i] as number) || !Number.isFinite(y[i] as number)) return false;
    if (i > 0 && !((x[i] as number) > (x[i - 1] as number))) return false;
  }
  return true;
}

/** Slopes bounding every pairwise slope: the extreme values of y over the smallest gap of x. */
function outerBracket(x: Float64Array, y: Float64Array): [number, number] {
  let minGap = Infinity;
  let yMin = Infinity;
  let yMax = -Infinity;
  for (let i = 0; i < x.length; i++) {
    if (i > 0) minGap = Math.min(minGap, (x[i] as number) - (x[i - 1] as number));
    yMin = Math.min(yMin, y[i] as number);
    yMax = Math.max(yMax, y[i] as number);
  }
  const reach = (yMax - yMin) / minGap;
  return [-reach * 1.001 - 1e-300, reach * 1.001 + 1e-300];
}

const SAMPLE = 32768;
/** Sample positions either side of the wanted one: about 6 standard deviations of a sample quantile's rank. */
const MARGIN = Math.ceil(3 * Math.sqrt(SAMPLE));

/** Pairwise slopes of SAMPLE random pairs (fixed seed: the same work on every call), sorted. */
function sampleSlopes(x: Float64Array, y: Float64Array): Float64Array {
  let a = 0x9e3779b9;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const n = x.length;
  const out = new Float64Array(SAMPLE);
  for (let s = 0; s < SAMPLE; ) {
    const i = Math.floor(next() * n);
    const j = Math.floor(next() * n);
    if (i === j) continue;
    const lo = Math.min(i, j);
    const hi = Math.max(i, j);
    out[s++] = ((y[hi] as number) - (y[lo] as number)) / ((x[hi] as number) - (x[lo] as number));
  }
  return out.sort();
}

/**
 * A bracket of rank k: the tightest known, tightened by the sample where that is checked by counting;
 * or the slope at rank k itself when the sample is one value all through the margin around k and
 * that value holds rank k (a tie, slope-counts.ts).
 */
function startBracket(
  x: Float64Array,
  y: Float64Array,
  k: number,
  sample: Float64Array,
  counts: Counts,
): Bracket | number {
  const nPairs = (x.length * (x.length - 1)) / 2;
  const [outLo, outHi] = outerBracket(x, y);
  const b = counts.known(k, { lo: outLo, hi: outHi, cLo: 0, cHi: nPairs });
  const at = (k / nPairs) * SAMPLE;
  const pLo = Math.floor(at) - MARGIN;
  const pHi = Math.ceil(at) + MARGIN;
  const lo = pLo < 0 ? b.lo : (sample[pLo] as number);
  const hi = pHi >= SAMPLE ? b.hi : (sample[pHi] as number);
  if (lo === hi && lo > b.lo && lo <= b.hi) {
    const c = lo === b.hi ? b.cHi : counts.at(lo);
    const tie = counts.tieAt(lo, c, k);
    if (tie !== null) return tie;
    if (c <= k) [b.lo, b.cLo] = [lo, c];
    else [b.hi, b.cHi] = [lo, c];
    return b;
  }
  if (lo > b.lo && lo < b.hi) {
    const c = counts.at(lo);
    if (c <= k) [b.lo, b.cLo] = [lo, c];
  }
  if (hi < b.hi && hi > b.lo) {
    const c = counts.at(hi);
    if (c > k) [b.hi, b.cHi] = [hi, c];
  }
  return b;
}

/**
 * Narrows a bracket of rank k until it holds at most LIST_PER_POINT n slopes. Each count is aimed
 * by rank interpolation a little past k on the side that did not move last (rank k -/+ n), so that
 * a count landing close to k on one side is followed by one close on the other, not by a crawl from
 * the far end; bisection when a round did not halve the bracket and its count fell short of k (or
 * two rounds in a row did not halve it). A round that did not halve it,
 * when the sample inside the bracket is mostly one value, counts at that value instead: the slope at
 * rank k when it is a tie there (slope-counts.ts), else a bracket end past all its copies. After
 * INTERPOLATED_ROUNDS rounds, bisection by position among the doubles (double-order.ts), which ends
 * in at most 64 more rounds, at the latest with two adjacent doubles as ends. Returns the bracket (to
 * list, or, still crowded, to select from in chunks) or the slope at rank k (a tie).
 */
function narrow(x: Float64Array, k: number, b: Bracket, counts: Counts, sample: Float64Array): Bracket | number {
  let { lo, hi, cLo, cHi } = b;
  const tieAtHi = hi === 0 && cHi - cLo > LIST_PER_POINT * x.length ? counts.tieAt(hi, cHi, k) : null;
  if (tieAtHi !== null) return tieAtHi;
  let stalled = false;
  let notHalvedBefore = false;
  let aim = k + 0.5;
  for (let round = 0; cHi - cLo > LIST_PER_POINT * x.length; round++) {
    const repeated = stalled && round < INTERPOLATED_ROUNDS ? repeatedInside(sample, lo, hi) : null;
    let s: number | null;
    if (repeated !== null && repeated === hi) {
      const tie = counts.tieAt(hi, cHi, k);
      if (tie !== null) return tie;
      s = nextDown(hi); // the slope at rank k is below hi
    } else if (repeated !== null) s = repeated;
    else if (round < INTERPOLATED_ROUNDS) {
      const frac = (aim - cLo) / (cHi - cLo);
      s = lo + (hi - lo) * (stalled ? 0.5 : Math.min(1 - EDGE, Math.max(EDGE, frac)));
    } else s = positionMidpoint(lo, hi);
    if (s !== null && !(s > lo && s < hi)) s = positionMidpoint(lo, hi);
    if (s === null) break; // adjacent ends: listed in chunks (selectCrowded)
    const c = counts.at(s);
    if (s === repeated && c > k) {
      const tie = counts.tieAt(s, c, k);
      if (tie !== null) return tie;
    }
    const before = cHi - cLo;
    const asAimed = c > k === aim > k;
    if (c <= k) {
      lo = s;
      cLo = c;
      aim = k + 0.5 + AIM_PER_POINT * x.length;
    } else {
      hi = s;
      cHi = c;
      aim = k + 0.5 - AIM_PER_POINT * x.length;
    }
    // a count that landed past k as aimed moved the near end, not the far one: stalled only when
    // it landed short of k or the round before did not halve the bracket either
    const notHalved = cHi - cLo > before / 2;
    stalled = notHalved && (!asAimed || notHalvedBefore);
    notHalvedBefore = notHalved;
  }
  return { lo, hi, cLo, cHi };
}

/**
 * The slopes at 0-based ranks ks (NaN for a rank out of range). x strictly increasing, x and y
 * finite (strictlyIncreasingFinite).
 */
export function fastSlopeOrderStatistics(x: Float64Array, y: Float64Array, ks: readonly number[]): number[] {
  const n = x.length;
  const nPairs = (n * (n - 1)) / 2;
  // one value of y (the same sign of 0 too): every slope is (y_j - y_i)/(x_j - x_i) = +0, and no
  // s other than 0 moves u = y - s x by more than rounding where y is large and s small
  if (y.every((v) => Object.is(v, y[0])))
    return ks.map((k) => (Number.isInteger(k) && k >= 0 && k < nPairs ? 0 : Number.NaN));
  const u = new Float64Array(n);
  const carried = carriedSelection(x, y);
  const counts = new Counts(x, y, carried.seen);
  const lists: Listed[] = [];
  const found = new Map<number, number>();
  const wanted = [...new Set(ks.filter((k) => Number.isInteger(k) && k >= 0 && k < nPairs))].sort((a, b) => a - b);
  const sample = wanted.length > 0 ? sampleSlopes(x, y) : new Float64Array(0);
  for (const k of wanted) {
    if (found.has(k)) continue;
    // a bracket listed for these points before (the warm-up step's fit, one point fewer), else a new one
    let listed = carried.lists.find((l) => k >= l.cLo && k < l.cLo + l.slopes.length);
    if (listed === undefined) {
      const start = counts.knownTie(k) ?? startBracket(x, y, k, sample, counts);
      const b = typeof start === 'number' ? start : narrow(x, k, start, counts, sample);
      if (typeof b === 'number' || b.cHi - b.cLo > LIST_PER_POINT * n) {
        // a tie at 0 (every rank it holds is answered by knownTie), or a crowded bracket
        found.set(k, typeof b === 'number' ? b : selectCrowded(x, y, b, k, u, LIST_PER_POINT * n));
        continue;
      }
      const inside = new Float64Array(b.cHi - b.cLo);
      listed = { lo: b.lo, hi: b.hi, cLo: b.cLo, slopes: inside.subarray(0, listBracket(x, y, b, u, inside, null)) };
      if (listed.slopes.length === b.cHi - b.cLo) lists.push(listed);
    }
    const { cLo, slopes } = listed;
    // every wanted rank this bracket holds is answered from the same list
    const here = wanted.filter((r) => r >= cLo && r < cLo + slopes.length && !found.has(r));
    const values = orderStatistics(
      slopes,
      here.map((r) => r - cLo),
    );
    here.forEach((r, i) => found.set(r, values[i] as number));
    if (!found.has(k)) found.set(k, Number.NaN);
  }
  rememberSelection(x, y, counts.seen, lists);
  return ks.map((k) => found.get(k) ?? Number.NaN);
}
