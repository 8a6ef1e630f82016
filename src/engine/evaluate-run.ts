/**
 * The verdict of a stored run, as `check`, `run` and the reports give it: the per-operation union
 * gate where the run has operation records (wall time alone for batch-only imports), and for a run
 * that stopped early, the sequential look that stopped it — so `check` on a stopped run gives the
 * same FAIL the run did. A run that did not complete is INCONCLUSIVE (unless gated partially), a failed
 * run FAIL by its failure (run-completion.ts).
 */
import { operationGate, type OperationBatch, type OperationGateResult } from '../analysis/op-gate.js';
import { sequentialLook, type SequentialLookResult } from '../analysis/sequential-look.js';
import type { BatchRecord, RunRecord } from '../store/records.js';
import type { ResultsStore } from '../store/results-store.js';
import { runCompletion, type RunCompletion } from './run-completion.js';

export interface RunEvaluation {
  run: RunRecord;
  batches: BatchRecord[];
  gate: OperationGateResult;
  /** The look that stopped the run early (decision 'stop-fail'), or null. */
  earlyStop: SequentialLookResult | null;
  /** The verdict to report and exit on: FAIL for an early stop or a failed run, INCONCLUSIVE for an unfinished one, else the gate's. */
  verdict: OperationGateResult['verdict'];
  /** Whether the run finished, and if not, how far it got. */
  completion?: RunCompletion;
}

export interface EvaluateOptions {
  /** Gate an unfinished run on the batches present instead of calling it INCONCLUSIVE. */
  allowPartial?: boolean;
}

export async function evaluateRun(store: ResultsStore, run: RunRecord, limit: number, opts: EvaluateOptions = {}): Promise<RunEvaluation> {
  const batches = await store.batches(run.id);
  const stats = await store.opLatencyStats(run.id);
  const input: OperationBatch[] = batches.map((b) => ({ wallMs: b.wallMs, lnLatency: stats.get(b.index) ?? null }));
  const gate = operationGate(input, { batchSize: run.batchSize, limit });
  let earlyStop: SequentialLookResult | null = null;
  if (run.status === 'stopped-early' && batches.length < run.plannedBatches) {
    const look = sequentialLook(batches.map((b) => b.wallMs), { batchSize: run.batchSize, limit, plannedBatches: run.plannedBatches });
    if (look.decision === 'stop-fail') earlyStop = look;
  }
  const completion = runCompletion(run, batches, opts.allowPartial === true);
  // a stop by --probe-stop-above is a FAIL too (issue 18)
  const own = earlyStop || run.stopInfo?.probe ? 'FAIL' : gate.verdict;
  const verdict = completion.state === 'failed' ? 'FAIL' : completion.state === 'partial' && !completion.gatedPartial ? 'INCONCLUSIVE' : own;
  return { run, batches, gate, earlyStop, verdict, completion };
}
