/**
 * Early FAIL by sequential looks (docs/growth-gate.md, "Early FAIL").
 *
 * From batch 10 on, after every batch, run the gate on the batches so far with
 * the same warm-up trim (warmup.ts, cap floor(0.2 m) of the batches so far),
 * but with Sen's CI at z = 3.72 (one-sided 1e-4) instead of 1.96, and project
 * over the full planned span:
 *
 *   stop with FAIL when exp(lower * ((m_planned - 1) - w)) > limit
 *
 * where lower is the lower CI bound of the Theil–Sen slope of ln y on the
 * kept batches so far. Before batch 10 the answer is always 'continue'. The
 * final look (batches seen >= planned) is the unchanged rule: growthGate at
 * z = 1.96 over the actual span; sequentialLook mirrors its FAIL as
 * 'stop-fail' so a caller may use either, but the verdict to report at the end
 * is growthGate's.
 *
 * The doc's simulations (25 and 40 batches): at most +0.01 percentage points
 * of false FAILs without drift (+0.1 to +0.45 with AR 0.5 drift); never loses a
 * FAIL the fixed rule would give (by construction: a run that does not stop
 * reaches the final look); the real Fedora 4 series stops at batch 10.
 */

import { DEFAULT_LIMIT, growthGate, type GateResult } from './growth-gate.js';
import { theilSen } from './theil-sen.js';
import { batchIndices, trimWarmup } from './warmup-trim.js';

/** CI quantile of the interim looks: one-sided 1e-4. */
export const SEQUENTIAL_Z = 3.72;
/** The first look happens once this many batches have been seen. */
export const FIRST_LOOK_BATCH = 10;

export type SequentialDecision = 'stop-fail' | 'continue';

export interface SequentialOptions {
  batchSize: number;
  /** FAIL limit of the growth ratio; default 1.10 (same flag as the gate). */
  limit?: number;
  /** Number of batches the run will have if it is not stopped (m_planned). */
  plannedBatches: number;
}

export interface SequentialLookResult {
  decision: SequentialDecision;
  /** m: batches seen so far. */
  batchesSeen: number;
  plannedBatches: number;
  /** false before batch 10 (no look: 'continue', numbers NaN). */
  looked: boolean;
  /** true when batchesSeen >= plannedBatches: the unchanged rule decided. */
  finalLook: boolean;
  /** CI quantile of this look: 3.72 for interim looks, 1.959964 at the final look. */
  z: number;
  limit: number;
  /** w, trimmed on the batches so far. */
  warmupDropped: number;
  /** m - w */
  keptBatches: number;
  /** Span the growth is projected over: (m_planned - 1) - w; the actual span at the final look. */
  projectedSpan: number;
  /** Theil–Sen slope of ln y per batch on the kept batches so far. */
  slope: number;
  /** Lower CI bound of that slope at z. */
  slopeLower: number;
  /** exp(slope * projectedSpan) */
  projectedGrowth: number;
  /** exp(slopeLower * projectedSpan): stop when above the limit. */
  lower: number;
  /** The unchanged rule's result at the final look, else null. */
  finalGate: GateResult | null;
  reason: string;
}

function check(timesSoFar: readonly number[], opts: SequentialOptions): number {
  for (let i = 0; i < timesSoFar.length; i++) {
    const t = timesSoFar[i];
    if (t === undefined || !Number.isFinite(t) || t <= 0) {
      throw new TypeError(`sequentialLook: batch ${i + 1} time must be a finite number > 0, got ${t}`);
    }
  }
  if (!Number.isInteger(opts.plannedBatches) || opts.plannedBatches < 1) {
    throw new TypeError(`sequentialLook: plannedBatches must be an integer >= 1, got ${opts.plannedBatches}`);
  }
  if (!Number.isFinite(opts.batchSize) || opts.batchSize <= 0) {
    throw new TypeError(`sequentialLook: batchSize must be a finite number > 0, got ${opts.batchSize}`);
  }
  const limit = opts.limit ?? DEFAULT_LIMIT;
  if (!Number.isFinite(limit) || limit <= 0) {
    throw new TypeError(`sequentialLook: limit must be a finite number > 0, got ${limit}`);
  }
  return limit;
}

/**
 * One look after the latest batch. timesSoFar are the per-batch ms of batches
 * 1..m (batch 1 first). Pure; throws TypeError on invalid input like growthGate.
 */
export function sequentialLook(timesSoFar: readonly number[], opts: SequentialOptions): SequentialLookResult {
  const limit = check(timesSoFar, opts);
  const m = timesSoFar.length;
  const planned = opts.plannedBatches;

  if (m >= planned) {
    const gate = growthGate(timesSoFar, { batchSize: opts.batchSize, limit });
    const fail = gate.verdict === 'FAIL';
    return {
      decision: fail ? 'stop-fail' : 'continue',
      batchesSeen: m,
      plannedBatches: planned,
      looked: true,
      finalLook: true,
      z: gate.ciZ,
      limit,
      warmupDropped: gate.warmupDropped,
      keptBatches: gate.keptBatches,
      projectedSpan: gate.span,
      slope: gate.slope,
      slopeLower: gate.slopeCi[0],
      projectedGrowth: gate.growthRatio,
      lower: gate.ci[0],
      finalGate: gate,
      reason: `final look, the unchanged rule: ${gate.verdict} (${gate.reason})`,
    };
  }

  if (m < FIRST_LOOK_BATCH) {
    return {
      decision: 'continue',
      batchesSeen: m,
      plannedBatches: planned,
      looked: false,
      finalLook: false,
      z: SEQUENTIAL_Z,
      limit,
      warmupDropped: Math.min(1, m),
      keptBatches: Math.max(0, m - 1),
      projectedSpan: Number.NaN,
      slope: Number.NaN,
      slopeLower: Number.NaN,
      projectedGrowth: Number.NaN,
      lower: Number.NaN,
      finalGate: null,
      reason: `no look before batch ${FIRST_LOOK_BATCH}`,
    };
  }

  const z = Float64Array.from(timesSoFar, (t) => Math.log(t));
  const w = trimWarmup(z).dropped;
  const fit = theilSen(batchIndices(w + 1, m), z.subarray(w), SEQUENTIAL_Z);
  const span = planned - 1 - w;
  const lower = Math.exp(fit.lower * span);
  const stop = Number.isFinite(lower) && lower > limit;
  const lo = Number.isFinite(lower) ? lower.toFixed(3) : 'n/a';
  return {
    decision: stop ? 'stop-fail' : 'continue',
    batchesSeen: m,
    plannedBatches: planned,
    looked: true,
    finalLook: false,
    z: SEQUENTIAL_Z,
    limit,
    warmupDropped: w,
    keptBatches: m - w,
    projectedSpan: span,
    slope: fit.slope,
    slopeLower: fit.lower,
    projectedGrowth: Math.exp(fit.slope * span),
    lower,
    finalGate: null,
    reason: stop
      ? `early FAIL at batch ${m} of ${planned}: projected growth lower bound (z = ${SEQUENTIAL_Z}) ${lo} is above the limit ${limit.toFixed(2)}`
      : `continue: projected growth lower bound (z = ${SEQUENTIAL_Z}) ${lo} is not above the limit ${limit.toFixed(2)}`,
  };
}

/**
 * Replay the looks over a complete series (batches 1..plannedBatches): the
 * first batch at which an interim look stops with FAIL, or null when no
 * interim look stops (the final look, growthGate, then decides). For tests,
 * simulations and reports; the engine calls sequentialLook after each batch.
 */
export function earlyStopBatch(times: readonly number[], opts: SequentialOptions): number | null {
  const last = Math.min(times.length, opts.plannedBatches) - 1;
  for (let m = FIRST_LOOK_BATCH; m <= last; m++) {
    if (sequentialLook(times.slice(0, m), opts).decision === 'stop-fail') return m;
  }
  return null;
}
