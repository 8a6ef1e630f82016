/**
 * Power-law description of per-batch time (docs/growth-gate.md step 6; descriptive,
 * never gating).
 *
 * Batch i (1-based) of size B runs while the store holds between (i-1)B and iB
 * objects; its midpoint is n_i = (i - 1/2) B. Fitting
 *
 *   ln y_i = a + (k - 1) ln n_i          (Theil–Sen on the kept batches)
 *
 * says per-batch time ~ n^(k-1), so total time for N objects ~ N^k: k = 1 is
 * linear total time, k = 2 quadratic. The CI of k is Sen's CI of the slope
 * plus 1. The intercept a is the joint Theil–Sen intercept
 * a = median_i(ln y_i - (k - 1) ln n_i) over the kept batches.
 *
 * Projection to a target N uses this power law (never the exponential trend in
 * batch index, which explodes when extrapolated): the batch that ends at N
 * objects has midpoint n = N - B/2, and its time is exp(a) * n^(k-1).
 */

import { theilSen, Z_95 } from './theil-sen.js';

export interface PowerLawFit {
  /** k = 1 + slope of ln y on ln n. */
  exponentK: number;
  exponentKCi: [number, number];
  /** a in ln y = a + (k - 1) ln n (ln milliseconds). */
  exponentIntercept: number;
}

/** n_i = (i - 1/2) * B for 1-based batch indices. */
export function batchMidpointObjects(batchIndex: number, batchSize: number): number {
  return (batchIndex - 0.5) * batchSize;
}

/**
 * Fit the power law to log times zKept of consecutive batches starting at
 * 1-based batch index firstBatch. NaN fields when fewer than two batches.
 */
export function fitPowerLaw(
  zKept: ArrayLike<number>,
  firstBatch: number,
  batchSize: number,
  z: number = Z_95,
): PowerLawFit {
  const lnN = new Float64Array(zKept.length);
  for (let k = 0; k < lnN.length; k++) lnN[k] = Math.log(batchMidpointObjects(firstBatch + k, batchSize));
  const fit = theilSen(lnN, zKept, z);
  return {
    exponentK: 1 + fit.slope,
    exponentKCi: [1 + fit.lower, 1 + fit.upper],
    exponentIntercept: fit.intercept,
  };
}

/**
 * Per-batch time (ms) projected by the power law for the batch that ends at
 * targetObjects objects. Throws a RangeError for a target below one batch or
 * a non-finite target (the caller validates user input first); returns NaN
 * when the fit itself was not computable.
 */
export function projectPerBatchMs(
  fit: Pick<PowerLawFit, 'exponentK' | 'exponentIntercept'>,
  batchSize: number,
  targetObjects: number,
): number {
  if (!Number.isFinite(targetObjects) || targetObjects < batchSize) {
    throw new RangeError(
      `projection target must be a finite number of objects >= batch size ${batchSize}, got ${targetObjects}`,
    );
  }
  const n = targetObjects - batchSize / 2;
  return Math.exp(fit.exponentIntercept + (fit.exponentK - 1) * Math.log(n));
}

/** Convenience for tests and reports: fitted per-batch ms at each kept batch. */
export function powerLawFitted(
  fit: Pick<PowerLawFit, 'exponentK' | 'exponentIntercept'>,
  firstBatch: number,
  count: number,
  batchSize: number,
): number[] {
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    const n = batchMidpointObjects(firstBatch + k, batchSize);
    out.push(Math.exp(fit.exponentIntercept + (fit.exponentK - 1) * Math.log(n)));
  }
  return out;
}
