/**
 * Detectable growth: what a PASS could have missed (docs/growth-gate.md,
 * "Additions" / "Detectable growth").
 *
 * On the kept batches m', with s = 1.4826 MAD and r1 = lag-1 autocorrelation
 * of the gate's own Theil–Sen residuals (log scale):
 *
 *   g(m')  = 6 sqrt(pi) sqrt(m'(m'-1)(2m'+5)/18) / (m'(m'+1))     (about 2 sqrt(pi/m'))
 *   sigma  = s (1 + 2.6/m')
 *   phi    = clip((r1 + 2/m') / (1 - 5/m'), 0, 0.8)
 *   V      = max(1, (1+phi)/(1-phi) - 6 phi / ((1-phi)^2 m'))
 *   ln R80 = ln(limit) + g(m') sigma [1.96 (1 + 1.5/m') + 0.84 sqrt(V)]
 *
 * R80 is the growth ratio the gate would FAIL with 80% probability at this
 * run's length and noise. The doc's 1.96 is the gate's CI quantile; callers
 * that gate at another z (the per-operation gate uses 2.24) may pass it, which
 * substitutes z for 1.96 (an extrapolation the doc did not simulate).
 *
 * Planning inverse: the smallest m' (at least 10, the gate's minimum) whose
 * R80, with the same s and r1, is at or below a target ratio; advise
 * ceil(m'/0.8 + 1) total batches to allow for warm-up and outliers.
 *
 * The estimate is flagged optimistic when the warm-up trim stopped at its cap
 * (w == floor(0.2 m), so the warm-up may continue into the kept batches), when
 * the run drifted (r1 > 0.5: the doc's simulations found R80 up to 6% low with
 * autocorrelated noise, and drift beyond that was not simulated), and when the
 * residual scatter is 0 (quantised or repeated times: the noise is not 0).
 */

import { DRIFT_THRESHOLD } from './autocorrelation.js';
import { Z_95 } from './theil-sen.js';
import { MAX_WARMUP_FRACTION } from './warmup-trim.js';

/** The gate cannot decide with fewer kept batches (same as growth-gate.ts). */
const MIN_KEPT = 10;
/** Planning targets reported with every result (docs/growth-gate.md: x1.25, x1.5). */
export const PLANNING_TARGETS = [1.25, 1.5] as const;
/** Search bound of the planning inverse; beyond it the target counts as unreachable. */
export const MAX_PLANNED_KEPT = 100_000;
/** One-sided 80% power quantile of the doc's formula. */
const Z_POWER = 0.84;

export interface DetectableInputs {
  /** m' */
  keptBatches: number;
  /** s = 1.4826 MAD of the log-scale Theil–Sen residuals. */
  residualScatter: number;
  /** r1 = lag-1 autocorrelation of those residuals (NaN is read as 0). */
  lag1Autocorrelation: number;
  /** The FAIL limit (1.10 by default). */
  limit: number;
  /** CI quantile of the gate; default 1.959964 (the doc's 1.96). */
  ciZ?: number;
}

export interface BatchesNeeded {
  /** Smallest m' with R80 <= target; Infinity when unreachable, NaN when not computable. */
  keptBatches: number;
  /** ceil(m'/0.8 + 1): total batches to plan, allowing for warm-up and outliers. */
  totalBatches: number;
}

/** g(m') of the doc: the scale of the Sen slope bound times the span, per unit noise. */
export function senSpanFactor(mKept: number): number {
  const m = mKept;
  return (6 * Math.sqrt(Math.PI) * Math.sqrt((m * (m - 1) * (2 * m + 5)) / 18)) / (m * (m + 1));
}

/** The most autocorrelation any allowance assumes. */
export const MAX_PHI = 0.8;

/** phi = clip((r1 + 2/m')/(1 - 5/m'), 0, 0.8); NaN r1 counts as 0. */
export function effectiveAutocorrelation(r1: number, mKept: number): number {
  const r = Number.isFinite(r1) ? r1 : 0;
  const phi = (r + 2 / mKept) / (1 - 5 / mKept);
  return Math.min(MAX_PHI, Math.max(0, phi));
}

/** V = max(1, (1+phi)/(1-phi) - 6 phi/((1-phi)^2 m')). */
export function varianceInflation(phi: number, mKept: number): number {
  return Math.max(1, (1 + phi) / (1 - phi) - (6 * phi) / ((1 - phi) * (1 - phi) * mKept));
}

/**
 * R80 for a run of mKept kept batches with residual scatter s and lag-1
 * autocorrelation r1. Infinity for mKept < 10 (the gate cannot FAIL at all),
 * NaN when s or the limit is not a finite number (s < 0 is invalid).
 */
export function r80(mKept: number, s: number, r1: number, limit: number, ciZ: number = Z_95): number {
  if (!Number.isFinite(s) || s < 0 || !Number.isFinite(limit) || limit <= 0 || !Number.isFinite(mKept)) {
    return Number.NaN;
  }
  if (mKept < MIN_KEPT) return Number.POSITIVE_INFINITY;
  const g = senSpanFactor(mKept);
  const sigma = s * (1 + 2.6 / mKept);
  const phi = effectiveAutocorrelation(r1, mKept);
  const v = varianceInflation(phi, mKept);
  const lnR = Math.log(limit) + g * sigma * (ciZ * (1 + 1.5 / mKept) + Z_POWER * Math.sqrt(v));
  return Math.exp(lnR);
}

/** R80 of a gate result (or the same numbers given directly). */
export function detectableGrowth(r: DetectableInputs): number {
  return r80(r.keptBatches, r.residualScatter, r.lag1Autocorrelation, r.limit, r.ciZ ?? Z_95);
}

/** Total batches to plan for mKept kept ones: ceil(m'/0.8 + 1). */
export function totalBatchesFor(mKept: number): number {
  if (!Number.isFinite(mKept)) return mKept;
  return Math.ceil(mKept / 0.8 + 1 - 1e-9);
}

/**
 * Planning inverse: the smallest m' >= 10 whose R80 (same s and r1) is at or
 * below targetRatio. { Infinity, Infinity } when no m' up to 100,000 reaches
 * it (for example a target at or below the limit with s > 0); { NaN, NaN }
 * when s is not computable.
 */
export function batchesNeeded(
  targetRatio: number,
  s: number,
  r1: number,
  limit: number,
  ciZ: number = Z_95,
): BatchesNeeded {
  if (!Number.isFinite(r80(MIN_KEPT, s, r1, limit, ciZ)) || !Number.isFinite(targetRatio)) {
    return { keptBatches: Number.NaN, totalBatches: Number.NaN };
  }
  // R80 decreases in m' for every r1 > -0.4 (phi falls, g and sigma fall), but
  // a linear scan does not rely on it; it costs microseconds.
  for (let m = MIN_KEPT; m <= MAX_PLANNED_KEPT; m++) {
    if (r80(m, s, r1, limit, ciZ) <= targetRatio) return { keptBatches: m, totalBatches: totalBatchesFor(m) };
  }
  return { keptBatches: Number.POSITIVE_INFINITY, totalBatches: Number.POSITIVE_INFINITY };
}

/** The doc's two planning targets, keyed 'x1.25' and 'x1.5'. */
export type PlanningTable = Record<'x1.25' | 'x1.5', BatchesNeeded>;

export function planningTable(s: number, r1: number, limit: number, ciZ: number = Z_95): PlanningTable {
  return {
    'x1.25': batchesNeeded(1.25, s, r1, limit, ciZ),
    'x1.5': batchesNeeded(1.5, s, r1, limit, ciZ),
  };
}

/**
 * Reasons the R80 estimate is optimistic (empty when none). batches = m,
 * warmupDropped = w. Only meaningful when the gate could decide (m' >= 10).
 */
export function optimismReasons(r: {
  batches: number;
  warmupDropped: number;
  residualScatter: number;
  lag1Autocorrelation: number;
}): string[] {
  const out: string[] = [];
  const cap = Math.floor(MAX_WARMUP_FRACTION * r.batches);
  if (cap >= 2 && r.warmupDropped === cap) {
    out.push(`the warm-up trim stopped at its cap (${cap} batches), so the warm-up may continue`);
  }
  if (r.lag1Autocorrelation > DRIFT_THRESHOLD) {
    out.push(`the run drifted (lag-1 autocorrelation ${r.lag1Autocorrelation.toFixed(2)} > 0.50)`);
  }
  if (r.residualScatter === 0) {
    out.push('the residual scatter is 0 (repeated or quantised times), the real noise is not');
  }
  return out;
}
