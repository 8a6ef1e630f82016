/**
 * Did a run finish? A run that did not (still `running`, `interrupted`, `aborted`) is never judged
 * as if it had: `check` says INCONCLUSIVE and names how far it got, unless `--allow-partial` gates on
 * the batches present. A `failed` run is judged by its failure (exit 4), not by its growth.
 * `stopped-early` is a completed FAIL.
 */
import { formatCount } from '../model/format-count.js';
import type { RunRecord } from '../model/records.js';

export type CompletionState = 'complete' | 'partial' | 'failed';

export interface RunCompletion {
  state: CompletionState;
  /** One line for a run that did not complete, e.g. "run abc stopped at batch 10 of 40 (…): aborted"; null when complete. */
  text: string | null;
  /** A partial run gated anyway on the batches present (--allow-partial). */
  gatedPartial: boolean;
}

function plannedObjects(run: RunRecord): number {
  const w = run.workload as { objects?: unknown } | null;
  return typeof w?.objects === 'number' ? w.objects : run.plannedBatches * run.batchSize;
}

const WHY: Partial<Record<RunRecord['status'], string>> = {
  aborted: 'aborted (stopped by a signal)',
  interrupted: 'interrupted (its process is gone)',
};

/** done: the batches the run recorded and the objects in them. */
export function runCompletion(
  run: RunRecord,
  done: { batches: number; objects: number },
  allowPartial = false,
): RunCompletion {
  const { batches: n, objects } = done;
  const where = `batch ${n} of ${run.plannedBatches} (${formatCount(objects)} of ${formatCount(plannedObjects(run))} objects)`;
  switch (run.status) {
    case 'completed':
    case 'stopped-early':
      return { state: 'complete', text: null, gatedPartial: false };
    case 'failed':
      return {
        state: 'failed',
        text: `run ${run.id} failed at ${where}: ${run.error ?? 'no reason recorded'}`,
        gatedPartial: false,
      };
    case 'running':
      return { state: 'partial', text: `run ${run.id} is still running, at ${where}`, gatedPartial: allowPartial };
    case 'aborted':
    case 'interrupted':
      return {
        state: 'partial',
        text: `run ${run.id} stopped at ${where}: ${WHY[run.status]}`,
        gatedPartial: allowPartial,
      };
  }
}
