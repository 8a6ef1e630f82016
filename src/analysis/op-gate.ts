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
import { noiseSplit, usable, type NoiseSplit } from './noise-split.js';
import { at } from './robust.js';

export type { NoiseSplit } from './noise-split.js';

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

/**
 * The gate's input as two columns (batch i+1 at index i): a run of a million batches is then two
 * arrays, not a million objects for every full garbage collection to mark.
 */
export interface OperationColumns {
  wallMs: ArrayLike<number>;
  /** null for a batch without latencies. */
  lnLatency: readonly (LnLatencyStats | null)[];
}

/** The columns of per-batch inputs. */
export function operationColumns(batches: readonly OperationBatch[]): OperationColumns {
  return { wallMs: batches.map((b) => b.wallMs), lnLatency: batches.map((b) => b.lnLatency) };
}

/** The looks the union gate takes: wall time, and the geometric-mean latency where every batch has latencies. */
export interface OperationLooks {
  wallMs: ArrayLike<number>;
  wallOpts: GateOptions;
  /** null for batch-only data (or latencies missing for some batch): wall time alone at z = 1.96. */
  geomeanMs: Float64Array | null;
  geomeanOpts: GateOptions;
  /** Batches without usable latencies. */
  missing: number;
}

/** What operationGate runs growthGate on (each look's times and options). */
export function operationLooks(c: OperationColumns, opts: Omit<GateOptions, 'z'>): OperationLooks {
  const base = {
    batchSize: opts.batchSize,
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    ...(opts.objectsStored === undefined ? {} : { objectsStored: opts.objectsStored }),
  };
  const m = c.wallMs.length;
  let missing = 0;
  for (let i = 0; i < m; i++) if (!usable(c.lnLatency[i] ?? null)) missing++;
  const union = m > 0 && missing === 0;
  return {
    wallMs: c.wallMs,
    wallOpts: union ? { ...base, z: OP_GATE_Z } : base,
    geomeanMs: union ? Float64Array.from(c.lnLatency, (s) => Math.exp((s as LnLatencyStats).mean)) : null,
    geomeanOpts: { ...base, z: OP_GATE_Z },
    missing,
  };
}

/**
 * The union gate on per-batch wall time and per-batch geometric-mean op
 * latency. batches[i] is batch i+1. Falls back to the unchanged wall-time rule
 * (z = 1.96, perOperation false) unless every batch has latencies (n >= 1).
 * Throws TypeError on invalid wall times or options, like growthGate.
 */
export function operationGate(batches: readonly OperationBatch[], opts: Omit<GateOptions, 'z'>): OperationGateResult {
  return operationGateOn(operationColumns(batches), opts);
}

/** operationGate on the columns of its input. */
export function operationGateOn(c: OperationColumns, opts: Omit<GateOptions, 'z'>): OperationGateResult {
  const looks = operationLooks(c, opts);
  const wall = growthGate(looks.wallMs, looks.wallOpts);
  const geo = looks.geomeanMs === null ? null : growthGate(looks.geomeanMs, looks.geomeanOpts);
  return combineLooks(c, looks, wall, geo);
}

/** The union gate's result from its looks' gates (geo null for the wall-time rule alone). */
export function combineLooks(
  c: OperationColumns,
  looks: OperationLooks,
  wall: GateResult,
  geo: GateResult | null,
): OperationGateResult {
  const { missing } = looks;
  const m = c.wallMs.length;
  if (geo === null) {
    const note =
      m === 0 || missing === m
        ? 'no per-operation latencies (batch-only data): wall-time rule alone at z = 1.96'
        : `per-operation latencies missing for ${missing} of ${m} batches: wall-time rule alone at z = 1.96`;
    return { ...wall, perOperation: false, wallTime: wall, opGeomean: null, decidedBy: 'wallTime', noise: null, note };
  }

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
    noise: noiseSplit(c.lnLatency, geo),
    note: `per-operation gate: wall time OR geometric-mean operation latency, each at z = ${OP_GATE_Z}`,
  };
}
