/**
 * The growth gate result as the stable JSON fields of `check --json` and `run --json`.
 *
 * Fields added with docs/growth-gate.md "Detectable growth", "Early FAIL" and "Per-operation data" (all additive):
 * - ciZ: normal quantile of the CI (1.959964 = 95%; 2.24 in the per-operation looks).
 * - detectableGrowth: R80, the growth ratio this run would FAIL with 80% probability
 *   at its length and noise; null when not computable or fewer than 10 kept batches.
 * - batchesNeeded: { "x1.25": { keptBatches, totalBatches }, "x1.5": { ... } }: the
 *   smallest kept-batch count whose R80 is at or below the target at this noise, and
 *   the total batches to plan (ceil(kept/0.8 + 1)); null values when unreachable
 *   or not computable.
 * - detectableOptimistic: reasons the R80 may be optimistic (strings; empty if none).
 * - warmupSensitivity: null, or { batches, slopeUpper }: a block rule found a longer warm-up whose
 *   fit's slope CI reaches higher; the CI's upper end is that fit's (warmup-sensitivity.ts).
 * - cliff: null, or { batch, objects, ratio, ci, p, sizeP, statistic, confidence, method, autocorrelation,
 *   before, after, fails }: a significant rise in level inside the kept batches (cliff.ts); batch is
 *   the first batch after it, objects the objects stored when that batch started, ratio the
 *   per-batch time after/before (Hodges–Lehmann) with its CI at the gate's z, p Pettitt's p-value, sizeP
 *   the size test's (cliff-size-test.ts),
 *   fails true when the CI's lower bound is above the limit (the cliff FAILs the gate).
 * - underpowered, powerThreshold, minDetectable, rerunBatches (power-rule.ts): underpowered is true when a
 *   PASS or WARN had detectableGrowth above powerThreshold (--min-detectable when given, else
 *   max(1.5, 1 + 2 (limit − 1))); with --min-detectable such a verdict is INCONCLUSIVE. rerunBatches:
 *   { keptBatches, totalBatches } a rerun at this noise needs to see powerThreshold (null for FAIL
 *   and INCONCLUSIVE gates); minDetectable null when not asked for.
 * Only for results of operationGate (op-gate.ts):
 * - perOperation: false when only batch wall times exist (wall-time rule alone, z = 1.96).
 * - decidedBy: "wallTime" | "opGeomean" | "both": whose numbers fill the top-level fields.
 * - note: how the gate ran.
 * - wallTime, opGeomean: sub-objects (opGeomean null when perOperation is false) with
 *   verdict, reason, ciZ, growthRatio, ci, slope, slopeCi, warmupDropped, keptBatches,
 *   residualScatter, lag1Autocorrelation, drifted, detectableGrowth.
 * - noise: null or { batchVariance, operationVariance, geomeanVariance, samplingVariance,
 *   batchSd, operationSd, meanOpsPerBatch } (log scale).
 */
import type { GateResult, Verdict } from '../analysis/growth-gate.js';
import type { CliffResult } from '../analysis/cliff.js';
import type { BatchesNeeded, PlanningTable } from '../analysis/detectable-growth.js';
import { isOperationGateResult, type NoiseSplit, type OperationGateResult } from '../analysis/op-gate.js';
import { assessPower, type PowerAssessment } from '../analysis/power-rule.js';

/** A number that cannot be computed (NaN, ±Infinity) is null in the JSON. */
export type NumJson = number | null;
/** A confidence interval [lower, upper]. */
export type IntervalJson = [NumJson, NumJson];

export interface BatchesNeededJson {
  keptBatches: NumJson;
  totalBatches: NumJson;
}

export interface CliffJson {
  batch: number;
  objects: number;
  ratio: NumJson;
  ci: IntervalJson;
  p: number;
  sizeP: number;
  statistic: number;
  confidence: NumJson;
  method: CliffResult['method'];
  autocorrelation: number;
  before: number;
  after: number;
  fails: boolean;
}

/** One look of the per-operation gate (wall time, or the geometric-mean operation latency). */
export interface SubGateJson {
  verdict: Verdict;
  reason: string;
  ciZ: number;
  growthRatio: NumJson;
  ci: IntervalJson;
  slope: NumJson;
  slopeCi: IntervalJson;
  warmupDropped: number;
  keptBatches: number;
  residualScatter: NumJson;
  lag1Autocorrelation: NumJson;
  drifted: boolean;
  detectableGrowth: NumJson;
  cliff: CliffJson | null;
}

export type NoiseJson = { [K in keyof NoiseSplit]: NumJson };

/** The fields only a gate on operation records has (operationGate, op-gate.ts): all present or all absent. */
export interface OperationGateJson {
  perOperation: boolean;
  decidedBy: OperationGateResult['decidedBy'];
  note: string;
  wallTime: SubGateJson;
  opGeomean: SubGateJson | null;
  noise: NoiseJson | null;
}

/** The growth gate's fields (the top level of `check --json` and `run --json`, `gate` of the JSON report). */
export interface GateJson extends Partial<OperationGateJson> {
  verdict: Verdict;
  reason: string;
  limit: number;
  growthRatio: NumJson;
  ci: IntervalJson;
  warmupDropped: number;
  keptBatches: number;
  batches: number;
  firstKeptBatch: number;
  span: number;
  slope: NumJson;
  slopeCi: IntervalJson;
  perThousandObjects: NumJson;
  exponentK: NumJson;
  exponentKCi: IntervalJson;
  kendallTau: NumJson;
  residualScatter: NumJson;
  lag1Autocorrelation: NumJson;
  drifted: boolean;
  ciZ: number;
  detectableGrowth: NumJson;
  batchesNeeded: { 'x1.25': BatchesNeededJson; 'x1.5': BatchesNeededJson };
  detectableOptimistic: string[];
  warmupSensitivity: { batches: number; slopeUpper: number } | null;
  cliff: CliffJson | null;
  underpowered: boolean;
  powerThreshold: number;
  minDetectable: NumJson;
  rerunBatches: BatchesNeededJson | null;
  /** The run's own slow drift (analysis/drift-spread.ts); null where the gate did not measure it. */
  drift: DriftJson | null;
}

/** The run's own slow drift: reported, not gated. */
export interface DriftJson {
  blocks: number;
  blockLength: number;
  varianceRatio: NumJson;
  walkVariance: NumJson;
  widened: boolean;
  halves: IntervalJson | null;
  ciDrift: IntervalJson;
}

const num = (x: number): NumJson => (Number.isFinite(x) ? x : null);
const pair = (p: readonly [number, number]): IntervalJson => [num(p[0]), num(p[1])];

const needed = (b: BatchesNeeded): BatchesNeededJson => ({
  keptBatches: num(b.keptBatches),
  totalBatches: num(b.totalBatches),
});

function planning(t: PlanningTable): GateJson['batchesNeeded'] {
  return { 'x1.25': needed(t['x1.25']), 'x1.5': needed(t['x1.5']) };
}

/** The cliff as `check --json` gives it; null when there is none. */
export function cliffJson(c: CliffResult | null): CliffJson | null {
  if (c === null) return null;
  return {
    batch: c.batch,
    objects: c.objects,
    ratio: num(c.ratio),
    ci: pair(c.ci),
    p: c.p,
    sizeP: c.sizeP,
    statistic: c.statistic,
    confidence: num(c.confidence),
    method: c.method,
    autocorrelation: c.autocorrelation,
    before: c.before,
    after: c.after,
    fails: c.fails,
  };
}

/** The run's own slow drift (analysis/drift-spread.ts): additive; the verdict does not gate on ciDrift. */
function driftJson(g: GateResult): DriftJson | null {
  const d = g.drift;
  if (d === undefined) return null;
  return {
    blocks: d.blocks,
    blockLength: d.blockLength,
    varianceRatio: num(d.varianceRatio),
    walkVariance: num(d.walkVariance),
    widened: d.widened,
    halves: d.halves === null ? null : pair(d.halves),
    ciDrift: pair(g.ciDrift),
  };
}

function subGateJson(g: GateResult): SubGateJson {
  return {
    verdict: g.verdict,
    reason: g.reason,
    ciZ: g.ciZ,
    growthRatio: num(g.growthRatio),
    ci: pair(g.ci),
    slope: num(g.slope),
    slopeCi: pair(g.slopeCi),
    warmupDropped: g.warmupDropped,
    keptBatches: g.keptBatches,
    residualScatter: num(g.residualScatter),
    lag1Autocorrelation: num(g.lag1Autocorrelation),
    drifted: g.drifted,
    detectableGrowth: num(g.detectableGrowth),
    cliff: cliffJson(g.cliff),
  };
}

function noiseJson(n: NoiseSplit | null): NoiseJson | null {
  if (n === null) return null;
  return {
    batchVariance: num(n.batchVariance),
    operationVariance: num(n.operationVariance),
    geomeanVariance: num(n.geomeanVariance),
    samplingVariance: num(n.samplingVariance),
    batchSd: num(n.batchSd),
    operationSd: num(n.operationSd),
    meanOpsPerBatch: num(n.meanOpsPerBatch),
  };
}

/** The power rule's fields; without an assessment, the default rule's (no --min-detectable). */
function powerJson(
  p: PowerAssessment,
): Pick<GateJson, 'underpowered' | 'powerThreshold' | 'minDetectable' | 'rerunBatches'> {
  return {
    underpowered: p.underpowered,
    powerThreshold: p.threshold,
    minDetectable: p.minDetectable,
    rerunBatches: p.rerun === null ? null : needed(p.rerun),
  };
}

export function gateJson(g: GateResult, power: PowerAssessment = assessPower(g, null)): GateJson {
  const out: GateJson = {
    verdict: g.verdict,
    reason: g.reason,
    limit: g.limit,
    growthRatio: num(g.growthRatio),
    ci: pair(g.ci),
    warmupDropped: g.warmupDropped,
    keptBatches: g.keptBatches,
    batches: g.batches,
    firstKeptBatch: g.firstKeptBatch,
    span: g.span,
    slope: num(g.slope),
    slopeCi: pair(g.slopeCi),
    perThousandObjects: num(g.perThousandObjects),
    exponentK: num(g.exponentK),
    exponentKCi: pair(g.exponentKCi),
    kendallTau: num(g.kendallTau),
    residualScatter: num(g.residualScatter),
    lag1Autocorrelation: num(g.lag1Autocorrelation),
    drifted: g.drifted,
    ciZ: g.ciZ,
    detectableGrowth: num(g.detectableGrowth),
    batchesNeeded: planning(g.batchesNeeded),
    detectableOptimistic: [...g.detectableOptimistic],
    drift: driftJson(g),
    warmupSensitivity:
      g.warmupSensitivity === null
        ? null
        : { batches: g.warmupSensitivity.batches, slopeUpper: g.warmupSensitivity.slopeUpper },
    cliff: cliffJson(g.cliff),
    ...powerJson(power),
  };
  if (isOperationGateResult(g)) {
    out.perOperation = g.perOperation;
    out.decidedBy = g.decidedBy;
    out.note = g.note;
    out.wallTime = subGateJson(g.wallTime);
    out.opGeomean = g.opGeomean === null ? null : subGateJson(g.opGeomean);
    out.noise = noiseJson(g.noise);
  }
  return out;
}
