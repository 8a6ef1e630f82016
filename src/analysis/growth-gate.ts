/**
 * The growth gate (growth-gate.md, "The rule"): does per-batch ingest time
 * grow as the store grows?
 *
 * 1. z_i = ln y_i.
 * 2. Drop warm-up batches (warmup.ts): w >= 1.
 * 3. Theil–Sen slope b of z on the 1-based batch index over the kept batches
 *    i = w+1..m, with Sen's 95% CI [lower, upper] (theil-sen.ts).
 * 4. span = m - (w+1); growth ratio R = exp(b span), CI [exp(lower span),
 *    exp(upper span)]; growth per 1,000 objects = exp(b 1000 / B) - 1.
 * 5. INCONCLUSIVE if m' < 10; FAIL if R_lower > limit; WARN if R_lower > 1;
 *    else PASS.
 * 6. Descriptive only: exponent k (power-law.ts), Kendall tau-b, residual
 *    scatter 1.4826 MAD (log scale), lag-1 autocorrelation of residuals.
 * 7. Additions (descriptive): detectable growth R80 and the batches needed for
 *    x1.25 / x1.5 at this noise (detectable-growth.ts), with the reasons the
 *    estimate may be optimistic.
 * 3b. Warm-up sensitivity (warmup-sensitivity.ts): when a block rule finds a
 *    longer warm-up whose fit's upper slope bound is higher, the CI's upper
 *    end is that bound (the estimate and the lower end, so the verdict, stay).
 * 8. Cliffs (cliff.ts): a level shift whose ratio's lower bound is above the
 *    limit FAILs, whatever the trend says; with a cliff, the planning lines'
 *    noise is measured around each segment's own line (a step is not noise).
 *
 * The CI quantile z is 1.959964 unless GateOptions.z says otherwise (the
 * per-operation gate, op-gate.ts, runs two looks at z = 2.24).
 */

import { driftSpread, widenCi, type DriftSpread } from './drift-spread.js';
import { lag1Autocorrelation, DRIFT_THRESHOLD } from './autocorrelation.js';
import { detectableGrowth, optimismReasons, planningTable, type PlanningTable } from './detectable-growth.js';
import { CLIFF_P, type CliffResult } from './cliff.js';
import {
  gateSeries,
  MIN_KEPT_BATCHES,
  sideFits,
  sideFitsInput,
  trendFit,
  type GateOptions,
  type GateSeries,
  type SideFits,
  type TrendFit,
} from './gate-fits.js';
import { ciLevelLabel } from './normal.js';
import { projectPerBatchMs } from './power-law.js';
import { scaledMad } from './robust.js';
import { trimWarmup } from './warmup-trim.js';
import type { WarmupSensitivity } from './warmup-sensitivity.js';

export { DEFAULT_LIMIT, MIN_KEPT_BATCHES, type GateOptions } from './gate-fits.js';

export type Verdict = 'PASS' | 'WARN' | 'FAIL' | 'INCONCLUSIVE';

export interface GateResult {
  verdict: Verdict;
  limit: number;
  batchSize: number;
  /** m */
  batches: number;
  /** Objects stored at the end: GateOptions.objectsStored, or m · B. */
  objectsStored: number;
  /** w */
  warmupDropped: number;
  /** m' = m - w */
  keptBatches: number;
  /** 1-based index of the first kept batch (w + 1). */
  firstKeptBatch: number;
  /** Theil–Sen slope of ln y per batch on kept batches. */
  slope: number;
  slopeCi: [number, number];
  /** Fitted ln y at 1-based batch index i = intercept + slope * i (joint median intercept). */
  intercept: number;
  /** m - (w + 1) */
  span: number;
  /** R = exp(slope * span) */
  growthRatio: number;
  /** [R_lower, R_upper] */
  ci: [number, number];
  /** exp(slope * 1000 / B) - 1, a fraction. */
  perThousandObjects: number;
  /** 1 + Theil–Sen slope of ln y on ln n_i, n_i = (i - 1/2) B, kept batches. */
  exponentK: number;
  exponentKCi: [number, number];
  /** a in ln y = a + (k - 1) ln n: median of ln y_i - (k - 1) ln n_i over kept batches. */
  exponentIntercept: number;
  kendallTau: number;
  /** 1.4826 * MAD of the residuals of the gate fit, log scale (0.091 ~ 9.1%). */
  residualScatter: number;
  lag1Autocorrelation: number;
  /** lag1Autocorrelation > 0.5 */
  drifted: boolean;
  /** One short sentence why this verdict. */
  reason: string;
  /** CI quantile used (1.959964 unless GateOptions.z was given). */
  ciZ: number;
  /**
   * R80: the growth ratio this run would FAIL with 80% probability at its
   * length and noise (growth-gate.md, "Detectable growth"). Infinity when
   * fewer than 10 batches were kept, NaN when the scatter is not computable.
   */
  detectableGrowth: number;
  /** Batches needed to detect x1.25 / x1.5 at this run's noise (planning inverse). */
  batchesNeeded: PlanningTable;
  /** Why detectableGrowth may be optimistic; empty when there is no known reason. */
  detectableOptimistic: string[];
  /** The longer warm-up that widened the CI's upper end (warmup-sensitivity.ts), or null. */
  warmupSensitivity: WarmupSensitivity | null;
  /** A significant rise in level inside the kept batches (cliff.ts), or null. */
  cliff: CliffResult | null;
  /** The run's own slow drift: block variance ratio, split halves, the widening of the CI (drift-spread.ts). */
  drift: DriftSpread;
  /** The growth ratio's CI widened for the run's own slow drift (equal to ci when not widened; reported, not gated). */
  ciDrift: [number, number];
}

export { ciLevelLabel };
export type { DriftSpread };

function decide(
  kept: number,
  ciLower: number,
  limit: number,
  z: number,
  cliff: CliffResult | null,
): { verdict: Verdict; reason: string } {
  const level = ciLevelLabel(z);
  if (kept < MIN_KEPT_BATCHES) {
    return {
      verdict: 'INCONCLUSIVE',
      reason: `only ${kept} kept batch${kept === 1 ? '' : 'es'}; at least ${MIN_KEPT_BATCHES} are needed to decide`,
    };
  }
  if (!Number.isFinite(ciLower)) {
    return { verdict: 'INCONCLUSIVE', reason: 'the confidence interval of the growth ratio could not be computed' };
  }
  const lo = ciLower.toFixed(3);
  if (cliff?.fails) {
    const trend = ciLower > limit ? `; the trend's lower bound (${lo}) is above it too` : '';
    return {
      verdict: 'FAIL',
      reason: `a cliff at batch ${cliff.batch}: per-batch time x${cliff.ratio.toFixed(3)} after it, lower ${level} bound ${cliff.ci[0].toFixed(3)} above the limit ${limit.toFixed(2)} (Pettitt p = ${cliff.p.toExponential(1)}${cliff.p < CLIFF_P ? '' : `, size test p = ${cliff.sizeP.toExponential(1)}`})${trend}`,
    };
  }
  if (ciLower > limit) {
    return {
      verdict: 'FAIL',
      reason: `the lower ${level} bound of the growth ratio (${lo}) is above the limit ${limit.toFixed(2)}`,
    };
  }
  if (ciLower > 1) {
    return {
      verdict: 'WARN',
      reason: `per-batch time likely grows (lower ${level} bound ${lo} above 1.00), but growth beyond the limit ${limit.toFixed(2)} is not shown`,
    };
  }
  return {
    verdict: 'PASS',
    reason: `no significant growth: the lower ${level} bound of the growth ratio (${lo}) is not above 1.00`,
  };
}

/** The gate's result from its series, the trend and the side fits (made on the same kept batches). */
export function assembleGate(s: GateSeries, trend: TrendFit, side: SideFits): GateResult {
  const { limit, batchSize, ciZ } = s;
  const { w, fit, sensitivity, res, lag1, scatter } = trend;
  const { power, cliff } = side;
  const m = s.z.length;
  const keptBatches = m - w;
  const firstKeptBatch = w + 1;
  const span = Math.max(0, m - firstKeptBatch);
  const upper = sensitivity === null ? fit.upper : sensitivity.slopeUpper;
  const ci: [number, number] = [Math.exp(fit.lower * span), Math.exp(upper * span)];
  // a slow drift the residuals' lag 1 does not show: reported with a widened CI, not gated (drift-spread.ts)
  const drift = driftSpread(s.z.subarray(w), res, scatter, span);
  const driftCi = widenCi(fit.slope, [fit.lower, upper], drift.walkVariance, span, ciZ);
  const { verdict, reason } = decide(keptBatches, ci[0], limit, ciZ, cliff);
  // planning noise: around each segment's own line when there is a cliff (a step is not noise)
  const planRes = side.cliffResiduals ?? res;
  const planScatter = side.cliffResiduals === null ? scatter : scaledMad(planRes);
  const planLag1 = side.cliffResiduals === null ? lag1 : lag1Autocorrelation(planRes);
  const noise = { keptBatches, residualScatter: planScatter, lag1Autocorrelation: planLag1, limit, ciZ };

  return {
    verdict,
    limit,
    batchSize,
    batches: m,
    objectsStored: s.objectsStored ?? m * batchSize,
    warmupDropped: w,
    keptBatches,
    firstKeptBatch,
    slope: fit.slope,
    slopeCi: [fit.lower, upper],
    intercept: fit.intercept,
    span,
    growthRatio: Math.exp(fit.slope * span),
    ci,
    perThousandObjects: Math.exp((fit.slope * 1000) / batchSize) - 1,
    exponentK: power.exponentK,
    exponentKCi: power.exponentKCi,
    exponentIntercept: power.exponentIntercept,
    kendallTau: trend.kendallTau,
    residualScatter: scatter,
    lag1Autocorrelation: lag1,
    drifted: lag1 > DRIFT_THRESHOLD,
    reason,
    ciZ,
    detectableGrowth: detectableGrowth(noise),
    batchesNeeded: planningTable(planScatter, planLag1, limit, ciZ),
    detectableOptimistic:
      keptBatches >= MIN_KEPT_BATCHES
        ? optimismReasons({ batches: m, warmupDropped: w, residualScatter: planScatter, lag1Autocorrelation: planLag1 })
        : [],
    warmupSensitivity: sensitivity,
    cliff,
    drift,
    ciDrift: [Math.exp(driftCi[0] * span), Math.exp(driftCi[1] * span)],
  };
}

/**
 * Run the gate on per-batch times (ms, batch 1 first). Never throws for a short
 * series (INCONCLUSIVE with NaN where a number cannot be computed); throws a
 * TypeError for non-finite or non-positive times or options.
 */
export function growthGate(timesMs: ArrayLike<number>, opts: GateOptions): GateResult {
  const s = gateSeries(timesMs, opts);
  const w = trimWarmup(s.z).dropped;
  const trend = trendFit(s, w);
  return assembleGate(s, trend, sideFits(sideFitsInput(s, w)));
}

/**
 * Per-batch time (ms) projected to a target store size by the power law
 * ln y = exponentIntercept + (k - 1) ln n, evaluated at n = targetObjects - B/2
 * (the midpoint of the batch that ends at targetObjects). exponentIntercept is
 * the joint Theil–Sen intercept of ln y on ln n_i over the kept batches (see
 * power-law.ts). Never an exponential extrapolation in batch index. NaN when
 * the run had too few batches to fit; RangeError for a target below one batch.
 */
export function projectBatchTime(result: GateResult, targetObjects: number): number {
  return projectPerBatchMs(result, result.batchSize, targetObjects);
}

/** Fitted per-batch ms of the gate's exponential trend at 1-based batch i (for charts). */
export function fittedBatchTime(result: GateResult, batchIndex: number): number {
  return Math.exp(result.intercept + result.slope * batchIndex);
}
