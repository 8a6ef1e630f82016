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

import { lag1Autocorrelation, DRIFT_THRESHOLD } from './autocorrelation.js';
import { detectableGrowth, optimismReasons, planningTable, type PlanningTable } from './detectable-growth.js';
import { detectCliff, segmentResiduals, type CliffResult } from './cliff.js';
import { kendallTauB } from './kendall.js';
import { ciLevelLabel } from './normal.js';
import { fitPowerLaw, projectPerBatchMs } from './power-law.js';
import { scaledMad } from './robust.js';
import { residuals, theilSen, Z_95 } from './theil-sen.js';
import { batchIndices, trimWarmup } from './warmup.js';
import { warmupSensitivity, type WarmupSensitivity } from './warmup-sensitivity.js';

export type Verdict = 'PASS' | 'WARN' | 'FAIL' | 'INCONCLUSIVE';

export const DEFAULT_LIMIT = 1.1;
/** Fewer kept batches than this cannot decide. */
export const MIN_KEPT_BATCHES = 10;

export interface GateOptions {
  batchSize: number;
  /** FAIL when the lower end of the growth ratio's CI (at ciZ: 95% by default) exceeds this. Default 1.10. */
  limit?: number;
  /**
   * Normal quantile of the two-sided CI of the slope. Default 1.959964 (95%,
   * the unchanged rule); the per-operation gate uses 2.24.
   */
  z?: number;
  /** Objects stored when the run ended, where its last batch was partial (else m · B). */
  objectsStored?: number;
}

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
}

export { ciLevelLabel };
function checkInput(timesMs: readonly number[], opts: GateOptions): number {
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i];
    if (t === undefined || !Number.isFinite(t) || t <= 0) {
      throw new TypeError(`growthGate: batch ${i + 1} time must be a finite number > 0, got ${t}`);
    }
  }
  if (!Number.isFinite(opts.batchSize) || opts.batchSize <= 0) {
    throw new TypeError(`growthGate: batchSize must be a finite number > 0, got ${opts.batchSize}`);
  }
  const limit = opts.limit ?? DEFAULT_LIMIT;
  if (!Number.isFinite(limit) || limit <= 0) {
    throw new TypeError(`growthGate: limit must be a finite number > 0, got ${limit}`);
  }
  if (opts.z !== undefined && (!Number.isFinite(opts.z) || opts.z <= 0)) {
    throw new TypeError(`growthGate: z must be a finite number > 0, got ${opts.z}`);
  }
  return limit;
}

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
      reason: `a cliff at batch ${cliff.batch}: per-batch time x${cliff.ratio.toFixed(3)} after it, lower ${level} bound ${cliff.ci[0].toFixed(3)} above the limit ${limit.toFixed(2)} (Pettitt p = ${cliff.p.toExponential(1)})${trend}`,
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

/**
 * Run the gate on per-batch times (ms, batch 1 first). Never throws for a short
 * series (INCONCLUSIVE with NaN where a number cannot be computed); throws a
 * TypeError for non-finite or non-positive times or options.
 */
export function growthGate(timesMs: readonly number[], opts: GateOptions): GateResult {
  const limit = checkInput(timesMs, opts);
  const batchSize = opts.batchSize;
  const m = timesMs.length;
  const z = Float64Array.from(timesMs, (t) => Math.log(t));

  const w = trimWarmup(z).dropped;
  const keptBatches = m - w;
  const firstKeptBatch = w + 1;
  const x = batchIndices(firstKeptBatch, m);
  const zKept = z.subarray(w);

  const ciZ = opts.z ?? Z_95;
  const fit = theilSen(x, zKept, ciZ);
  const span = Math.max(0, m - firstKeptBatch);
  const sensitivity =
    keptBatches >= MIN_KEPT_BATCHES && Number.isFinite(fit.upper) ? warmupSensitivity(z, w, fit.upper, ciZ) : null;
  const upper = sensitivity === null ? fit.upper : sensitivity.slopeUpper;
  const ci: [number, number] = [Math.exp(fit.lower * span), Math.exp(upper * span)];
  const res = residuals(x, zKept, fit);
  const lag1 = lag1Autocorrelation(res);
  const power = fitPowerLaw(zKept, firstKeptBatch, batchSize, Z_95);
  const cliff = detectCliff(zKept, { firstKeptBatch, batchSize, limit, z: ciZ, minBatches: MIN_KEPT_BATCHES });
  const { verdict, reason } = decide(keptBatches, ci[0], limit, ciZ, cliff);
  const scatter = scaledMad(res);
  // planning noise: around each segment's own line when there is a cliff (a step is not noise)
  const planRes = cliff === null ? res : segmentResiduals(zKept, firstKeptBatch, cliff.before);
  const planScatter = cliff === null ? scatter : scaledMad(planRes);
  const planLag1 = cliff === null ? lag1 : lag1Autocorrelation(planRes);
  const noise = { keptBatches, residualScatter: planScatter, lag1Autocorrelation: planLag1, limit, ciZ };

  return {
    verdict,
    limit,
    batchSize,
    batches: m,
    objectsStored: opts.objectsStored ?? m * batchSize,
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
    kendallTau: kendallTauB(x, zKept),
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
  };
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
