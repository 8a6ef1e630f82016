/**
 * Early FAIL during a run (docs/growth-gate.md, "Early FAIL"): after every batch from the 10th, the
 * sequential look at z = 3.72, projected over the planned span. When FAIL is certain the run stops
 * and records the look, with the share of the planned wall time it used (time so far over time so
 * far plus the fitted trend over the batches that were not run).
 */
import { growthGate, projectBatchTime } from '../analysis/growth-gate.js';
import { sequentialLook } from '../analysis/sequential-look.js';
import type { BatchRecord, StopInfo } from '../model/records.js';

export interface EarlyStopOptions {
  batchSize: number;
  limit: number;
  plannedBatches: number;
}

export function earlyStopCheck(o: EarlyStopOptions): (batches: readonly BatchRecord[]) => StopInfo | null {
  return (batches) => {
    if (batches.length >= o.plannedBatches) return null; // the final look is the unchanged rule, applied after the run
    const times = batches.map((b) => b.wallMs);
    if (times.some((t) => !(t > 0))) return null;
    const look = sequentialLook(times, { batchSize: o.batchSize, limit: o.limit, plannedBatches: o.plannedBatches });
    if (look.decision !== 'stop-fail' || look.finalLook) return null;
    return {
      batch: look.batchesSeen,
      plannedBatches: o.plannedBatches,
      projectedGrowth: look.projectedGrowth,
      lowerBound: look.lower,
      limit: o.limit,
      shareOfPlannedTime: shareOfPlannedTime(times, o),
    };
  };
}

/**
 * Wall time so far over the projected wall time of the whole planned run. The batches not run are
 * projected by the power law of the batches so far (docs/growth-gate.md: never exponentially).
 */
export function shareOfPlannedTime(times: readonly number[], o: EarlyStopOptions): number {
  const spent = times.reduce((s, t) => s + t, 0);
  const fit = growthGate(times, { batchSize: o.batchSize, limit: o.limit });
  let rest = 0;
  for (let i = times.length + 1; i <= o.plannedBatches; i++) rest += projectBatchTime(fit, i * o.batchSize);
  return Number.isFinite(rest) ? spent / (spent + rest) : times.length / o.plannedBatches;
}
