/**
 * Power-aware PASS (docs/growth-gate.md, "Detectable growth").
 *
 * A PASS or WARN says "no growth beyond the limit was shown"; whether that means anything depends
 * on what the run could have shown. R80 (detectable-growth.ts) is the growth ratio the gate would
 * FAIL with 80% probability at this run's length and noise.
 *
 * - With --min-detectable RATIO: a PASS or WARN whose R80 is above RATIO (or not computable) is
 *   INCONCLUSIVE, with the batches a rerun at the same noise would need to see RATIO (the planning
 *   inverse). A FAIL stays FAIL (the growth was caught); an INCONCLUSIVE stays as it is.
 * - Without it: a PASS or WARN is marked underpowered when R80 > max(1.5, 1 + 2 (limit − 1)), i.e.
 *   when the run could only see growth more than twice the limit's (x1.20 at the default 1.10, with
 *   x1.5 as the floor so that a normal default run is not flagged). The verdict and the exit code
 *   do not change; the text and JSON say so.
 * When --min-detectable is given, it replaces the default rule: a run that meets it is not marked.
 * A --min-detectable at or below --max-growth can never be met (R80 is the limit times a power
 * factor): every PASS and WARN is INCONCLUSIVE, and the text says the ratio is out of reach.
 */
import { batchesNeeded, type BatchesNeeded } from './detectable-growth.js';
import type { GateResult } from './growth-gate.js';
import { isOperationGateResult } from './op-gate.js';

/** The floor of the default rule: below x1.5 a run is never marked underpowered. */
export const UNDERPOWERED_FLOOR = 1.5;

/** The default rule's ratio: max(1.5, 1 + 2 (limit − 1)). */
export function underpoweredThreshold(limit: number): number {
  return Math.max(UNDERPOWERED_FLOOR, 1 + 2 * (limit - 1));
}

export interface PowerAssessment {
  /** R80 of the gate (NaN when not computable, Infinity with fewer than 10 kept batches). */
  detectableGrowth: number;
  /** The ratio R80 was held against: --min-detectable when given, else the default rule's. */
  threshold: number;
  /** --min-detectable, or null when not given. */
  minDetectable: number | null;
  /** A PASS or WARN the run could not back: R80 above the threshold. */
  underpowered: boolean;
  /** The verdict becomes INCONCLUSIVE: underpowered against --min-detectable. */
  inconclusive: boolean;
  /** Batches a rerun at this noise needs for R80 <= threshold (null when the verdict was not a PASS or WARN). */
  rerun: BatchesNeeded | null;
}

const decided = (g: GateResult): boolean => g.verdict === 'PASS' || g.verdict === 'WARN';

/**
 * Batches a rerun needs for R80 <= target: the gate's own planning line for x1.25 and x1.5 (noise
 * within the cliff's segments when there is one), else the inverse on the noise of the look whose
 * R80 the gate reports (the per-operation gate reports the better of its two looks).
 */
export function rerunBatches(g: GateResult, target: number): BatchesNeeded {
  if (target === 1.25) return g.batchesNeeded['x1.25'];
  if (target === 1.5) return g.batchesNeeded['x1.5'];
  let look: GateResult = g;
  if (isOperationGateResult(g))
    look =
      g.opGeomean !== null && g.opGeomean.detectableGrowth < g.wallTime.detectableGrowth ? g.opGeomean : g.wallTime;
  return batchesNeeded(target, look.residualScatter, look.lag1Autocorrelation, look.limit, look.ciZ);
}

/**
 * How much the gate's PASS or WARN can be trusted. minDetectable null: the default rule (mark
 * only). A non-finite R80 counts as underpowered against --min-detectable (the run cannot show
 * what was asked), but is not marked by the default rule.
 */
export function assessPower(g: GateResult, minDetectable: number | null): PowerAssessment {
  const threshold = minDetectable ?? underpoweredThreshold(g.limit);
  const r = g.detectableGrowth;
  const above = minDetectable === null ? Number.isFinite(r) && r > threshold : !(r <= threshold);
  const underpowered = decided(g) && above;
  return {
    detectableGrowth: r,
    threshold,
    minDetectable,
    underpowered,
    inconclusive: underpowered && minDetectable !== null,
    rerun: decided(g) ? rerunBatches(g, threshold) : null,
  };
}
