/**
 * Cliff detection (docs/growth-gate.md, "Cliffs"): a level shift inside the run, which a straight trend
 * line averages away. On the kept batches' ln times z:
 *
 * 1. Pettitt's change-point test (pettitt.ts) on z: K, its approximate p-value, and the split t*
 *    (the last batch before the change). A steady trend is a "change point" to Pettitt too, so:
 * 2. the trend within the segments is removed: b_w = the pair-weighted mean of the Theil–Sen slopes
 *    of the two segments (a step adds nothing to them, a trend is all of them), d_i = z_i - b_w i,
 *    and Pettitt's test is run again on d, giving the split t' and the p-value reported.
 * 3. At t', the Hodges–Lehmann shift of d after over before, with the Mann–Whitney CI at the gate's
 *    normal quantile (two-sample-shift.ts); ratio = exp(shift), CI = exp(bounds): the step in
 *    per-batch time beyond the trend (with no trend, simply the level ratio after/before).
 * 4. Autocorrelation: Pettitt's p and the Mann–Whitney CI assume independent batches. A run that
 *    wanders (lag-1 autocorrelation r1 of the residuals around each segment's own line) has fewer
 *    effective batches: with phi = clip((r1 + 2/n)/(1 - 5/n), 0, 0.8) (detectable-growth.ts) and
 *    V = (1 + phi)/(1 - phi), K is divided by sqrt(V) before the p-value and the CI's half-widths
 *    are multiplied by sqrt(V) (on the log scale). On iid noise phi is near 0 and nothing changes.
 * 5. Pettitt reads ranks only, so under that allowance a step of any size between few batches can
 *    miss 0.001: the size test (cliff-size-test.ts) weighs the shift against the segments' scatter.
 *    A cliff is reported when both Pettitt p-values (before the allowance) are below 0.001, each side
 *    has at least 5 kept batches, either test's p (after it) is below 0.001,
 *    and the ratio is above 1 (the store
 *    got slower); it FAILs the gate when, in addition, the CI's lower bound is above the limit.
 *    The segment fits of step 4 are made last: phi >= 0 can only raise p, so a split too near an
 *    end, p above 0.001 before any inflation, or a ratio at or below 1 rules a cliff out first.
 *
 * The cliff is named by the first batch after the split and the objects stored when it started:
 * batch b = firstKeptBatch + t*, objects = (b - 1) B.
 *
 * Noise for planning: with a cliff, the residual scatter of one straight line counts the step as
 * noise. segmentResiduals() gives each segment its own Theil–Sen line (the median, below 3 batches),
 * so the planning lines see only the noise around the two levels.
 */
import { lag1Autocorrelation } from './autocorrelation.js';
import { cliffSizeP } from './cliff-size-test.js';
import { effectiveAutocorrelation } from './detectable-growth.js';
import { pettitt, pettittP } from './pettitt.js';
import { residuals, theilSen } from './theil-sen.js';
import { twoSampleShift } from './two-sample-shift.js';
import { batchIndices } from './warmup-trim.js';
import { median } from './robust.js';

/** p-value below which a level shift counts as a cliff. */
export const CLIFF_P = 0.001;
/** Each side of a cliff has at least this many kept batches (a slow last batch or two is not a cliff). */
export const MIN_SEGMENT = 5;

export interface CliffResult {
  /** 1-based index of the first batch after the cliff. */
  batch: number;
  /** Objects stored when that batch started: (batch - 1) B. */
  objects: number;
  /** exp(Hodges–Lehmann shift of ln time): per-batch time after / before. */
  ratio: number;
  ci: [number, number];
  /** Achieved confidence of the CI (exact), or the nominal level (normal approximation). */
  confidence: number;
  method: 'exact' | 'normal';
  /** Pettitt's approximate p-value and statistic K. */
  p: number;
  /** The size test's p-value (cliff-size-test.ts); a cliff has p or sizeP below 0.001. */
  sizeP: number;
  statistic: number;
  /** phi of step 4: the autocorrelation the p-value and the CI allow for (0: none). */
  autocorrelation: number;
  /** Kept batches before and after the cliff. */
  before: number;
  after: number;
  /** ci[0] > limit: the cliff FAILs the gate. */
  fails: boolean;
}

/**
 * The cliff in the kept batches' ln times zKept (batch firstKeptBatch first), or null when there is
 * none: fewer than minBatches kept, p >= 0.001, or the level did not rise.
 */
export function detectCliff(
  zKept: ArrayLike<number>,
  o: { firstKeptBatch: number; batchSize: number; limit: number; z: number; minBatches: number },
): CliffResult | null {
  const n = zKept.length;
  if (n < o.minBatches) return null;
  const first = pettitt(zKept);
  if (!(first.p < CLIFF_P)) return null;
  const z = Float64Array.from(zKept as ArrayLike<number>);
  const bw = withinSegmentSlope(z, first.split);
  const d = z.map((v, i) => v - bw * i);
  const test = pettitt(d);
  if (test.split < MIN_SEGMENT || n - test.split < MIN_SEGMENT) return null;
  // phi >= 0 only divides K, so the p-value without it is a floor: no cliff when even that is too
  // high, or when the level did not rise, and then no segment fits (seconds at a million batches)
  if (!(Math.max(pettittP(first.statistic, n), pettittP(test.statistic, n)) < CLIFF_P)) return null;
  const before = d.subarray(0, test.split);
  const after = d.subarray(test.split);
  const shift = twoSampleShift(after, before, o.z, true);
  if (!(shift.estimate > 0)) return null;
  const res = segmentResiduals(z, o.firstKeptBatch, test.split);
  const phi = effectiveAutocorrelation(lag1Autocorrelation(res), n);
  const inflate = Math.sqrt((1 + phi) / (1 - phi));
  const p = Math.max(pettittP(first.statistic / inflate, n), pettittP(test.statistic / inflate, n));
  const sizeP = cliffSizeP(shift.estimate, d, test.split, res);
  if (!(p < CLIFF_P) && !(sizeP < CLIFF_P)) return null;
  const batch = o.firstKeptBatch + test.split;
  const lower = shift.estimate - (shift.estimate - shift.lower) * inflate;
  const upper = shift.estimate + (shift.upper - shift.estimate) * inflate;
  const ci: [number, number] = [Math.exp(lower), Math.exp(upper)];
  return {
    batch,
    objects: (batch - 1) * o.batchSize,
    ratio: Math.exp(shift.estimate),
    ci,
    confidence: shift.confidence,
    method: shift.method,
    p,
    sizeP,
    statistic: test.statistic,
    autocorrelation: phi,
    before: before.length,
    after: after.length,
    fails: ci[0] > o.limit,
  };
}

/** Pair-weighted mean of the Theil–Sen slopes of z[0..split) and z[split..n) (per batch; 0 with no pairs). */
export function withinSegmentSlope(z: Float64Array, split: number): number {
  let sum = 0;
  let weight = 0;
  for (const seg of [z.subarray(0, split), z.subarray(split)]) {
    const pairs = (seg.length * (seg.length - 1)) / 2;
    if (pairs === 0) continue;
    const fit = theilSen(batchIndices(1, seg.length), seg, undefined, false);
    sum += pairs * fit.slope;
    weight += pairs;
  }
  return weight === 0 ? 0 : sum / weight;
}

/**
 * The last segmentResiduals computed: the gate asks again for the cliff's own split (its planning
 * noise) right after detectCliff did, two Theil–Sen fits that cost seconds at a million batches.
 * Reused only for the same values (compared one by one), always as a copy.
 */
let last: { z: Float64Array; firstKeptBatch: number; split: number; out: Float64Array } | null = null;

function sameAsLast(z: Float64Array, firstKeptBatch: number, split: number): boolean {
  if (last === null || last.firstKeptBatch !== firstKeptBatch || last.split !== split || last.z.length !== z.length)
    return false;
  for (let i = 0; i < z.length; i++) if (!Object.is(last.z[i], z[i])) return false;
  return true;
}

/** Residuals of each segment around its own line (its median below 3 batches), in batch order. */
export function segmentResiduals(zKept: ArrayLike<number>, firstKeptBatch: number, split: number): Float64Array {
  const z = Float64Array.from(zKept as ArrayLike<number>);
  if (sameAsLast(z, firstKeptBatch, split)) return Float64Array.from((last as { out: Float64Array }).out);
  const out = new Float64Array(z.length);
  for (const [from, to] of [
    [0, split],
    [split, z.length],
  ] as const) {
    const seg = z.subarray(from, to);
    if (seg.length >= 3) {
      const x = batchIndices(firstKeptBatch + from, firstKeptBatch + to - 1);
      out.set(residuals(x, seg, theilSen(x, seg, undefined, false)), from);
    } else {
      const mid = median(seg);
      for (let k = 0; k < seg.length; k++) out[from + k] = (seg[k] as number) - mid;
    }
  }
  last = { z, firstKeptBatch, split, out: Float64Array.from(out) };
  return out;
}
