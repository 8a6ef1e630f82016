/**
 * Per-operation growth gate (docs/growth-gate.md, "Per-operation data").
 *
 * With per-operation latencies, gate on per-batch wall time OR on the
 * per-batch geometric mean of operation latencies (exp of the mean of
 * ln latency), each with the unchanged rule but Sen's CI at z = 2.24
 * (Bonferroni for two looks). The combined verdict is the worse of the two in
 * the order FAIL > WARN > PASS > INCONCLUSIVE, so FAIL if either FAILs, and
 * WARN if either WARNs and neither FAILs (at z = 2.24 each look has a one-sided
 * 1.25% false rate, so the union's false WARN rate stays near the single
 * rule's 2.5%, as for FAIL). Operations are never pooled into one regression
 * that ignores the batch (the doc measured 10-41% false alarms for that).
 *
 * Growth only in the slow tail shows in wall time, not in the geometric mean:
 * both are kept and reported.
 *
 * Noise split (descriptive), over the kept batches of the geomean look:
 *   geomean variance   = variance of the batch geomeans (log scale) around the
 *                        gate's Theil–Sen line, denominator m' - 2 (two fitted
 *                        parameters; on a flat run this is var(batch geomeans))
 *   sampling variance  = mean over batches of var_i(ln latency) / n_i
 *   batch-level        = max(0, geomean variance - sampling variance)
 *   operation-level    = mean over batches of var_i(ln latency)
 *
 * Batch-only data (imports, or any batch without latencies): the wall-time
 * rule alone at z = 1.96, the unchanged rule; perOperation is false and the
 * note says why.
 */

import { growthGate, type GateOptions, type GateResult, type Verdict } from './growth-gate.js';
import { at } from './robust.js';

/** Per-look CI quantile of the union gate: Bonferroni for two looks. */
export const OP_GATE_Z = 2.24;
/** Latencies below this (ms) are raised to it before taking logs (1 microsecond). */
export const DEFAULT_LATENCY_FLOOR_MS = 0.001;

/** Sufficient statistics of ln(latency ms) within one batch. */
export interface LnLatencyStats {
  /** Number of operations. */
  n: number;
  /** Mean of ln latency: ln of the batch's geometric-mean latency. */
  mean: number;
  /** Sample variance (denominator n - 1) of ln latency; 0 when n = 1. */
  variance: number;
}

export interface OperationBatch {
  wallMs: number;
  /** null for batch-only data. */
  lnLatency: LnLatencyStats | null;
}

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

export interface OperationGateResult extends GateResult {
  /** false for batch-only data: the wall-time rule alone at z = 1.96. */
  perOperation: boolean;
  /** Wall-time look (z = 2.24 when perOperation, else the unchanged rule). */
  wallTime: GateResult;
  /** Geometric-mean latency look (z = 2.24); null when perOperation is false. */
  opGeomean: GateResult | null;
  /**
   * The look whose verdict is the combined one; its numbers fill the
   * top-level GateResult fields ('both': wall time's are used).
   */
  decidedBy: 'wallTime' | 'opGeomean' | 'both';
  noise: NoiseSplit | null;
  /** One sentence on how the gate ran (per-operation or wall time alone, and why). */
  note: string;
}

const RANK: Record<Verdict, number> = { INCONCLUSIVE: 0, PASS: 1, WARN: 2, FAIL: 3 };

/** The worse of two verdicts: FAIL > WARN > PASS > INCONCLUSIVE. */
export function combineVerdicts(a: Verdict, b: Verdict): Verdict {
  return RANK[a] >= RANK[b] ? a : b;
}

/** Type guard: a result of operationGate rather than growthGate. */
export function isOperationGateResult(r: GateResult): r is OperationGateResult {
  return typeof (r as Partial<OperationGateResult>).perOperation === 'boolean';
}

/**
 * Sufficient statistics of one batch's operation latencies (ms). Latencies
 * below floorMs (default 0.001 ms) are raised to it so a 0 from a coarse timer
 * cannot give ln 0; non-finite latencies throw a TypeError. null when empty.
 */
export function lnLatencyStats(latenciesMs: ArrayLike<number>, opts?: { floorMs?: number }): LnLatencyStats | null {
  const floor = opts?.floorMs ?? DEFAULT_LATENCY_FLOOR_MS;
  const n = latenciesMs.length;
  if (n === 0) return null;
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < n; i++) {
    const v = at(latenciesMs, i);
    if (!Number.isFinite(v)) throw new TypeError(`lnLatencyStats: latency ${i} must be finite, got ${v}`);
    const x = Math.log(Math.max(v, floor));
    const d = x - mean;
    mean += d / (i + 1);
    m2 += d * (x - mean);
  }
  return { n, mean, variance: n > 1 ? m2 / (n - 1) : 0 };
}

function usable(s: LnLatencyStats | null): s is LnLatencyStats {
  return s !== null && Number.isInteger(s.n) && s.n >= 1 && Number.isFinite(s.mean);
}

function noiseSplit(batches: readonly OperationBatch[], geo: GateResult): NoiseSplit | null {
  const kept: LnLatencyStats[] = [];
  for (let i = geo.warmupDropped; i < batches.length; i++) {
    const s = batches[i]?.lnLatency ?? null;
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

/**
 * The union gate on per-batch wall time and per-batch geometric-mean op
 * latency. batches[i] is batch i+1. Falls back to the unchanged wall-time rule
 * (z = 1.96, perOperation false) unless every batch has latencies (n >= 1).
 * Throws TypeError on invalid wall times or options, like growthGate.
 */
export function operationGate(batches: readonly OperationBatch[], opts: Omit<GateOptions, 'z'>): OperationGateResult {
  const base = {
    batchSize: opts.batchSize,
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    ...(opts.objectsStored === undefined ? {} : { objectsStored: opts.objectsStored }),
  };
  const wallMs = batches.map((b) => b.wallMs);
  const missing = batches.filter((b) => !usable(b.lnLatency)).length;

  if (batches.length === 0 || missing > 0) {
    const wall = growthGate(wallMs, base);
    const note =
      batches.length === 0 || missing === batches.length
        ? 'no per-operation latencies (batch-only data): wall-time rule alone at z = 1.96'
        : `per-operation latencies missing for ${missing} of ${batches.length} batches: wall-time rule alone at z = 1.96`;
    return { ...wall, perOperation: false, wallTime: wall, opGeomean: null, decidedBy: 'wallTime', noise: null, note };
  }

  const wall = growthGate(wallMs, { ...base, z: OP_GATE_Z });
  const geomeanMs = batches.map((b) => Math.exp((b.lnLatency as LnLatencyStats).mean));
  const geo = growthGate(geomeanMs, { ...base, z: OP_GATE_Z });

  const verdict = combineVerdicts(wall.verdict, geo.verdict);
  const decidedBy = wall.verdict === geo.verdict ? 'both' : verdict === wall.verdict ? 'wallTime' : 'opGeomean';
  const top = decidedBy === 'opGeomean' ? geo : wall;
  const better = geo.detectableGrowth < wall.detectableGrowth ? geo : wall;
  const reason =
    decidedBy === 'both'
      ? `wall time and geometric-mean latency both ${verdict}: ${wall.reason}`
      : `${verdict} from the ${decidedBy === 'wallTime' ? 'wall time' : 'geometric-mean operation latency'}: ${top.reason}`;

  return {
    ...top,
    verdict,
    reason,
    // The union FAILs whenever either look does, so it detects at least what
    // the better look detects: report that look's R80 and planning numbers.
    detectableGrowth: better.detectableGrowth,
    batchesNeeded: better.batchesNeeded,
    detectableOptimistic: better.detectableOptimistic,
    // a cliff that FAILs either look decides; else the deciding look's, else the other's
    cliff: [wall.cliff, geo.cliff].find((c) => c?.fails) ?? top.cliff ?? (top === wall ? geo : wall).cliff,
    perOperation: true,
    wallTime: wall,
    opGeomean: geo,
    decidedBy,
    noise: noiseSplit(batches, geo),
    note: `per-operation gate: wall time OR geometric-mean operation latency, each at z = ${OP_GATE_Z}`,
  };
}
