/**
 * The noise split of the per-operation gate (op-gate.ts, header): how much of the batch
 * geomeans' scatter around the geomean look's line is batch-level, beyond what the operations'
 * own spread (var_i / n_i) explains. Descriptive only.
 */
import type { GateResult } from './growth-gate.js';
import type { LnLatencyStats } from './op-gate.js';

export interface NoiseSplit {
  /** Variance of the batch geomeans around the trend (log scale). */
  geomeanVariance: number;
  /** Mean of var_i / n_i. */
  samplingVariance: number;
  /** max(0, geomeanVariance - samplingVariance). */
  batchVariance: number;
  /** Mean within-batch var(ln latency). */
  operationVariance: number;
  /** sqrt of the two: about the relative spread (0.03 ~ 3%). */
  batchSd: number;
  operationSd: number;
  /** Mean n over the kept batches. */
  meanOpsPerBatch: number;
}

/** A batch's latency statistics that the gate can use. */
export function usable(s: LnLatencyStats | null): s is LnLatencyStats {
  return s !== null && Number.isInteger(s.n) && s.n >= 1 && Number.isFinite(s.mean);
}

/** Over the geomean look's kept batches; null unless each has n >= 2 and a finite variance. */
export function noiseSplit(lnLatency: readonly (LnLatencyStats | null)[], geo: GateResult): NoiseSplit | null {
  const kept: LnLatencyStats[] = [];
  for (let i = geo.warmupDropped; i < lnLatency.length; i++) {
    const s = lnLatency[i] ?? null;
    if (!usable(s) || s.n < 2 || !Number.isFinite(s.variance) || s.variance < 0) return null;
    kept.push(s);
  }
  const k = kept.length;
  if (k < 3 || !Number.isFinite(geo.slope) || !Number.isFinite(geo.intercept)) return null;
  const res = kept.map((s, j) => s.mean - (geo.intercept + geo.slope * (geo.firstKeptBatch + j)));
  const rMean = res.reduce((a, b) => a + b, 0) / k;
  const geomeanVariance = res.reduce((a, r) => a + (r - rMean) * (r - rMean), 0) / (k - 2);
  const samplingVariance = kept.reduce((a, s) => a + s.variance / s.n, 0) / k;
  const operationVariance = kept.reduce((a, s) => a + s.variance, 0) / k;
  const batchVariance = Math.max(0, geomeanVariance - samplingVariance);
  return {
    geomeanVariance,
    samplingVariance,
    batchVariance,
    operationVariance,
    batchSd: Math.sqrt(batchVariance),
    operationSd: Math.sqrt(operationVariance),
    meanOpsPerBatch: kept.reduce((a, s) => a + s.n, 0) / k,
  };
}
