/**
 * Order statistics of the pairwise slopes (y_j - y_i) / (x_j - x_i), i < j, x_i != x_j, as the
 * Theil–Sen fit needs them (the median and Sen's CI bounds), without storing all n(n-1)/2 slopes.
 *
 * A sample of slopes brackets the wanted positions with a value range [lo, hi]; one pass over all
 * pairs then counts the slopes below lo and keeps only those inside the range, and selection in
 * that small buffer gives the answers. The result is exact, not an estimate: when no slope is NaN
 * or -0, `<` orders the slopes as an ascending sort does, so the slope at sorted position k is the
 * one at position k - (count below lo) among the kept ones, provided the count below is at most
 * the smallest wanted position and the kept ones reach past the largest. When that check fails (an
 * unlucky sample), or a slope is NaN or -0, or the pairs are few, every slope is stored and
 * selected from instead (order-statistics.ts), with the same answers.
 */
import { orderStatistics } from './order-statistics.js';

/** Below this many pairs, storing every slope is as cheap as sampling. */
const MIN_PAIRS_TO_SAMPLE = 50_000;
const SAMPLE_SIZE = 8192;
/** Sample positions added on each side of the bracket: 6 standard deviations (at most sqrt(S)/2) of a sample quantile's rank. */
const MARGIN = Math.ceil(3 * Math.sqrt(SAMPLE_SIZE));

interface Scan {
  /** Slopes below lo, equal to lo, equal to hi (other than lo). */
  below: number;
  atLo: number;
  atHi: number;
  /** The slopes strictly between lo and hi (all from lo to hi, without `strict`), in pair order. */
  kept: Float64Array;
}

/**
 * One pass over the pairs i < j with x_i != x_j: counts the slopes below lo and keeps those from lo
 * to hi (at most cap of them), in pair order. With `strict`, the slopes equal to lo or hi are only
 * counted (a long run of ties there costs no memory), and the scan gives null as soon as a slope
 * from lo to hi is -0 or any slope is NaN, or more than cap would be kept; without, every slope
 * from lo to hi is kept, NaN too.
 */
function scanSlopes(
  x: Float64Array,
  y: Float64Array,
  lo: number,
  hi: number,
  cap: number,
  strict: boolean,
): Scan | null {
  const n = x.length;
  const kept = new Float64Array(cap);
  let below = 0;
  let atLo = 0;
  let atHi = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i] as number;
    const yi = y[i] as number;
    for (let j = i + 1; j < n; j++) {
      const dx = (x[j] as number) - xi;
      if (dx === 0) continue;
      const v = ((y[j] as number) - yi) / dx;
      if (v < lo) below++;
      else if (v <= hi || v !== v) {
        if (strict) {
          if (v !== v || (v === 0 && 1 / v < 0)) return null;
          if (v === lo) {
            atLo++;
            continue;
          }
          if (v === hi) {
            atHi++;
            continue;
          }
          if (count === cap) return null;
        }
        kept[count++] = v;
      }
    }
  }
  return { below, atLo, atHi, kept: count === cap ? kept : kept.subarray(0, count) };
}

/** All pairwise slopes over pairs with distinct x, in pair order (i ascending, then j). */
export function allPairwiseSlopes(x: Float64Array, y: Float64Array): Float64Array {
  return (scanSlopes(x, y, -Infinity, Infinity, (x.length * (x.length - 1)) / 2, false) as { kept: Float64Array }).kept;
}

/** The number of pairs i < j with x_i != x_j (as the slope loops count them). */
export function distinctXPairs(x: Float64Array): number {
  const n = x.length;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i] as number;
    for (let j = i + 1; j < n; j++) if ((x[j] as number) - xi !== 0) count++;
  }
  return count;
}

/** A fixed-seed generator (mulberry32): the same sample, so the same work, on every call. */
function sampler(): () => number {
  let a = 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [lo, hi] from a sorted sample around the wanted ranks, or null when the sample holds a NaN or cannot be drawn. */
function bracket(
  x: Float64Array,
  y: Float64Array,
  nPairs: number,
  kMin: number,
  kMax: number,
): [number, number] | null {
  const n = x.length;
  const next = sampler();
  const sample = new Float64Array(SAMPLE_SIZE);
  for (let s = 0, tries = 0; s < SAMPLE_SIZE; tries++) {
    if (tries === 64 * SAMPLE_SIZE) return null; // nearly all pairs tied in x: too few to sample
    const a = Math.floor(next() * n);
    const b = Math.floor(next() * n);
    const i = Math.min(a, b);
    const j = Math.max(a, b);
    const dx = (x[j] as number) - (x[i] as number);
    if (i === j || dx === 0) continue;
    const v = ((y[j] as number) - (y[i] as number)) / dx;
    if (v !== v) return null;
    sample[s++] = v;
  }
  sample.sort();
  const loAt = Math.floor((kMin / nPairs) * SAMPLE_SIZE) - MARGIN;
  const hiAt = Math.ceil((kMax / nPairs) * SAMPLE_SIZE) + MARGIN;
  return [loAt < 0 ? -Infinity : (sample[loAt] as number), hiAt >= SAMPLE_SIZE ? Infinity : (sample[hiAt] as number)];
}

/** The wanted positions through a bracket, or null when the bracket (or a NaN or -0) forbids it. */
function viaBracket(
  x: Float64Array,
  y: Float64Array,
  nPairs: number,
  ks: readonly number[],
  valid: number[],
): number[] | null {
  const kMin = Math.min(...valid);
  const kMax = Math.max(...valid);
  const range = bracket(x, y, nPairs, kMin, kMax);
  if (range === null) return null;
  const [lo, hi] = range;
  const expected = ((kMax - kMin) / nPairs + (2 * MARGIN) / SAMPLE_SIZE) * nPairs;
  const scan = scanSlopes(x, y, lo, hi, Math.min(nPairs, Math.ceil(2 * expected) + 1024), true);
  if (scan === null) return null;
  // sorted, the slopes run: below lo, atLo copies of lo, the kept ones, atHi copies of hi, above hi
  const { below, atLo, atHi, kept } = scan;
  const inKept: number[] = [];
  const where: (number | null)[] = [];
  for (const k of ks) {
    const r = k - below - atLo;
    if (!valid.includes(k)) where.push(Number.NaN);
    else if (r < -atLo || r >= kept.length + atHi)
      return null; // outside the bracket: the sample missed
    else if (r < 0) where.push(lo);
    else if (r >= kept.length) where.push(hi);
    else {
      where.push(null);
      inKept.push(r);
    }
  }
  const picked = orderStatistics(kept, inKept);
  let next = 0;
  return where.map((v) => (v === null ? (picked[next++] as number) : v));
}

/**
 * The values at 0-based positions `ks` of the ascending-sorted pairwise slopes (NaN for a position
 * out of range); nPairs is distinctXPairs(x). x and y have the same length.
 */
export function pairwiseSlopeOrderStatistics(
  x: Float64Array,
  y: Float64Array,
  nPairs: number,
  ks: readonly number[],
): number[] {
  const valid = ks.filter((k) => Number.isInteger(k) && k >= 0 && k < nPairs);
  if (nPairs >= MIN_PAIRS_TO_SAMPLE && valid.length > 0) {
    const got = viaBracket(x, y, nPairs, ks, valid);
    if (got !== null) return got;
  }
  return orderStatistics(allPairwiseSlopes(x, y), ks);
}
