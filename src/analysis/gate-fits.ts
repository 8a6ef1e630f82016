/**
 * The parts of the growth gate (growth-gate.ts) before its verdict: the checked input and log
 * times, the trend of the kept batches (the gate's fit with its CI, steps 2-3b and its residuals'
 * numbers), and the fits beside it (the power law of step 6 and the cliffs of step 8), which
 * depend only on the kept batches, not on the trend: a caller may compute them elsewhere, on the
 * same values, and assemble the same result (growth-gate.ts, assembleGate).
 */

import { lag1Autocorrelation } from './autocorrelation.js';
import { detectCliff, segmentResiduals, type CliffResult } from './cliff.js';
import { kendallTauB } from './kendall.js';
import { fitPowerLaw, type PowerLawFit } from './power-law.js';
import { scaledMad } from './robust.js';
import { residuals, theilSen, Z_95, type TheilSenFit } from './theil-sen.js';
import { batchIndices } from './warmup-trim.js';
import { warmupSensitivity, type WarmupSensitivity } from './warmup-sensitivity.js';

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

export function checkInput(timesMs: ArrayLike<number>, opts: GateOptions): number {
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

/** The checked input of the gate: its options and the log times z (z[0] is batch 1). */
export interface GateSeries {
  limit: number;
  batchSize: number;
  ciZ: number;
  objectsStored: number | undefined;
  z: Float64Array;
}

/** Checks the times and options (TypeError as growthGate) and takes the logs. */
export function gateSeries(timesMs: ArrayLike<number>, opts: GateOptions): GateSeries {
  const limit = checkInput(timesMs, opts);
  return {
    limit,
    batchSize: opts.batchSize,
    ciZ: opts.z ?? Z_95,
    objectsStored: opts.objectsStored,
    z: Float64Array.from(timesMs, (t) => Math.log(t)),
  };
}

/** The trend of the kept batches: the gate's fit with its CI and what is read from its residuals. */
export interface TrendFit {
  w: number;
  fit: TheilSenFit;
  sensitivity: WarmupSensitivity | null;
  res: Float64Array;
  lag1: number;
  scatter: number;
  kendallTau: number;
}

/** Steps 2-3b and the trend's descriptive numbers; w is the warm-up (trimWarmup(z).dropped). */
export function trendFit(s: GateSeries, w: number): TrendFit {
  const m = s.z.length;
  const x = batchIndices(w + 1, m);
  const zKept = s.z.subarray(w);
  const fit = theilSen(x, zKept, s.ciZ);
  const sensitivity =
    m - w >= MIN_KEPT_BATCHES && Number.isFinite(fit.upper) ? warmupSensitivity(s.z, w, fit.upper, s.ciZ) : null;
  const res = residuals(x, zKept, fit);
  return {
    w,
    fit,
    sensitivity,
    res,
    lag1: lag1Autocorrelation(res),
    scatter: scaledMad(res),
    kendallTau: kendallTauB(x, zKept),
  };
}

/** What the kept batches' power-law fit and cliff detection need; none of it depends on the trend. */
export interface SideFitsInput {
  zKept: Float64Array;
  firstKeptBatch: number;
  batchSize: number;
  limit: number;
  ciZ: number;
}

/** The cliff of the kept batches (step 8) and, with a cliff, each segment's residuals. */
export interface CliffFits {
  cliff: CliffResult | null;
  /** Residuals around each segment's own line when there is a cliff (the planning noise), else null. */
  cliffResiduals: Float64Array | null;
}

/** The fits beside the trend (steps 6 and 8): the power law, the cliff and each segment's residuals. */
export interface SideFits extends CliffFits {
  power: PowerLawFit;
}

/** The side fits by name, each a function of the kept batches alone (a worker thread may make one). */
export interface SideFitParts {
  power: PowerLawFit;
  cliff: CliffFits;
}

export function sideFitsInput(s: GateSeries, w: number): SideFitsInput {
  return { zKept: s.z.subarray(w), firstKeptBatch: w + 1, batchSize: s.batchSize, limit: s.limit, ciZ: s.ciZ };
}

/** One side fit of the kept batches. */
export function sideFit<P extends keyof SideFitParts>(part: P, i: SideFitsInput): SideFitParts[P];
export function sideFit(part: keyof SideFitParts, i: SideFitsInput): SideFitParts[keyof SideFitParts] {
  if (part === 'power') return fitPowerLaw(i.zKept, i.firstKeptBatch, i.batchSize, Z_95);
  const cliff = detectCliff(i.zKept, {
    firstKeptBatch: i.firstKeptBatch,
    batchSize: i.batchSize,
    limit: i.limit,
    z: i.ciZ,
    minBatches: MIN_KEPT_BATCHES,
  });
  return { cliff, cliffResiduals: cliff === null ? null : segmentResiduals(i.zKept, i.firstKeptBatch, cliff.before) };
}

/** The power law and the cliff of the kept batches: independent of the trend fit, so they may run elsewhere. */
export function sideFits(i: SideFitsInput): SideFits {
  return { power: sideFit('power', i), ...sideFit('cliff', i) };
}
