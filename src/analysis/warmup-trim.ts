/**
 * Warm-up trimming (docs/growth-gate.md step 2).
 *
 * On z_i = ln y_i (batches i = 1..m, 1-based):
 *   w = 1 (batch 1 is always dropped).
 *   While w < floor(0.2 m):
 *     fit Theil–Sen to the points i > w + 1 (everything after the candidate);
 *     s = 1.4826 * MAD of that fit's residuals;
 *     if z_{w+1} - fit(w+1) > max(2 s, ln 1.03) then w = w + 1, else stop.
 *
 * Only leading batches that are slower than the trend of the rest are dropped,
 * so trimming cannot create a false alarm. For m < 1 nothing is dropped.
 */

import { at, scaledMad } from './robust.js';
import { residuals, theilSen } from './theil-sen.js';

/** Smallest excess over the fit that counts as slow: 3% per batch. */
export const MIN_WARMUP_EXCESS = Math.log(1.03);
/** At most this fraction of the batches (rounded down) is dropped, except batch 1. */
export const MAX_WARMUP_FRACTION = 0.2;

/** One candidate batch examined by the trim loop. */
export interface WarmupStep {
  /** 1-based index of the candidate batch (w + 1). */
  batch: number;
  /** z_{w+1} - fit(w+1): how much slower (log scale) than the trend of the rest. */
  excess: number;
  /** max(2 s, ln 1.03). */
  threshold: number;
  /** excess > threshold. */
  dropped: boolean;
}

export interface WarmupTrimResult {
  /** w: number of leading batches dropped (batch 1 included). */
  dropped: number;
  /** floor(0.2 m): the loop's bound on w. */
  maxDropped: number;
  steps: WarmupStep[];
}

/** Indices 1..m as numbers (1-based batch positions). */
export function batchIndices(from: number, to: number): Float64Array {
  const n = Math.max(0, to - from + 1);
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = from + k;
  return out;
}

/**
 * Examine batch `candidate` (1-based) against a Theil–Sen fit of the batches
 * after it. Exported so tests and reports can re-check a trim decision.
 */
export function warmupStep(z: ArrayLike<number>, candidate: number): WarmupStep {
  const m = z.length;
  const x = batchIndices(candidate + 1, m);
  const zs = Float64Array.from({ length: x.length }, (_, k) => at(z, candidate + k));
  const fit = theilSen(x, zs, undefined, false);
  const s = scaledMad(residuals(x, zs, fit));
  const excess = at(z, candidate - 1) - (fit.intercept + fit.slope * candidate);
  const threshold = Math.max(2 * s, MIN_WARMUP_EXCESS);
  return { batch: candidate, excess, threshold, dropped: excess > threshold };
}

/** Apply the trim rule to log times z (0-based array, z[0] is batch 1). */
export function trimWarmup(z: ArrayLike<number>): WarmupTrimResult {
  const m = z.length;
  const maxDropped = Math.floor(MAX_WARMUP_FRACTION * m);
  const steps: WarmupStep[] = [];
  let w = Math.min(1, m);
  while (w < maxDropped) {
    const step = warmupStep(z, w + 1);
    steps.push(step);
    if (!step.dropped) break;
    w++;
  }
  return { dropped: w, maxDropped, steps };
}
