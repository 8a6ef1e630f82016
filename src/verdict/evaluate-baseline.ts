/**
 * The `check --baseline` decision: the candidate against a baseline run (analysis/baseline.ts: the
 * scaling ratio of the two trends and, with --max-level-change, the level ratio), and the workload
 * differences between them. The reports render it; `check` exits on it (exit-code.ts).
 */
import { compareRuns, type BaselineComparison } from '../analysis/baseline.js';
import { compareWorkloads, type WorkloadComparison } from '../workload/index.js';
import type { RunEvaluation } from './evaluate-run.js';
import type { GateSettings } from './run-gates.js';

export interface BaselineFacts {
  comparison: BaselineComparison;
  workload: WorkloadComparison;
}

/** A run's batch times as the baseline comparison pairs them: w of the wall-time look is dropped. */
function seriesOf(e: RunEvaluation): { timesMs: number[]; batchSize: number; warmupDropped: number } {
  return {
    timesMs: e.batches.map((x) => x.wallMs),
    batchSize: e.run.batchSize,
    warmupDropped: e.gate.wallTime.warmupDropped,
  };
}

/** The comparison of the candidate with the baseline, judged by the gates' limits. */
export function evaluateBaseline(
  candidate: RunEvaluation,
  baseline: RunEvaluation,
  gates: GateSettings,
): BaselineFacts {
  const opts =
    gates.maxLevelChange === undefined
      ? { limit: gates.maxGrowth }
      : { limit: gates.maxGrowth, maxLevelChange: gates.maxLevelChange };
  return {
    comparison: compareRuns(seriesOf(candidate), seriesOf(baseline), opts),
    workload: compareWorkloads(candidate.run.workload, baseline.run.workload),
  };
}
