/**
 * The verdict of a stored run, as `check`, `run` and the reports give it: the per-operation union
 * gate where the run has operation records (wall time alone for batch-only imports), and for a run
 * that stopped early, the sequential look that stopped it — so `check` on a stopped run gives the
 * same FAIL the run did. A run that did not complete is INCONCLUSIVE (unless gated partially), a failed
 * run FAIL by its failure (run-completion.ts). With --min-detectable, a PASS or WARN the run had too
 * little power to back is INCONCLUSIVE (power-rule.ts); a FAIL stays FAIL.
 */
import { assessPower, type PowerAssessment } from '../analysis/power-rule.js';
import { LnLatencyAccumulator } from '../analysis/ln-latency.js';
import type { LnLatencyStats, OperationColumns, OperationGateResult } from '../analysis/op-gate.js';
import { sequentialLook, type SequentialLookResult } from '../analysis/sequential-look.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import { batchTimesOf, readBatchTimes, type ResultsStore } from '../store/index.js';
import { operationGateParallel } from './parallel-gate.js';
import { runCompletion, type RunCompletion } from './run-completion.js';
import { checkContention, type ContentionAssessment } from './contention-check.js';

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
  /** What the gate's PASS or WARN could have seen (power-rule.ts); absent in evaluations made elsewhere. */
  power?: PowerAssessment;
  /** Batches of the run (batches.length, unless evaluated with EvaluateOptions.lean, which leaves batches empty). */
  batchCount?: number;
  /** The host contention guard (contention-check.ts): null for imports, absent in evaluations made elsewhere. */
  contention?: ContentionAssessment | null;
}

export interface EvaluateOptions {
  /** Gate an unfinished run on the batches present instead of calling it INCONCLUSIVE. */
  allowPartial?: boolean;
  /**
   * The verdict only (check without a report): the batches are read lean (batch-times.ts) and
   * RunEvaluation.batches is left empty; batchCount says how many there were.
   */
  lean?: boolean;
  /** --min-detectable: a PASS or WARN whose detectable growth is above this is INCONCLUSIVE. */
  minDetectable?: number;
}

export async function evaluateRun(
  store: ResultsStore,
  run: RunRecord,
  limit: number,
  opts: EvaluateOptions = {},
): Promise<RunEvaluation> {
  const records = opts.lean === true ? null : await store.batches(run.id);
  // columns, not an object per batch: a million batches stay cheap for the collector during the gate
  const times = records === null ? await readBatchTimes(store.db, run.id) : batchTimesOf(records);
  const count = times.wallMs.length;
  const stats = (await store.opDurations(run.id, () => new LnLatencyAccumulator())).stats();
  const lnLatency: (LnLatencyStats | null)[] = new Array<LnLatencyStats | null>(count).fill(null);
  let objects = 0;
  for (let i = 0; i < count; i++) {
    lnLatency[i] = stats.get(times.index[i] as number) ?? null;
    objects += times.objects[i] as number;
  }
  const input: OperationColumns = { wallMs: times.wallMs, lnLatency };
  const gate = await operationGateParallel(input, { batchSize: run.batchSize, limit, objectsStored: objects });
  let earlyStop: SequentialLookResult | null = null;
  if (run.status === 'stopped-early' && count < run.plannedBatches) {
    const look = sequentialLook(Array.from(times.wallMs), {
      batchSize: run.batchSize,
      limit,
      plannedBatches: run.plannedBatches,
    });
    if (look.decision === 'stop-fail') earlyStop = look;
  }
  const completion = runCompletion(run, { batches: count, objects }, opts.allowPartial === true);
  // a stop by --probe-stop-above is a FAIL too (docs/probes.md)
  const stopped = earlyStop !== null || Boolean(run.stopInfo?.probe);
  const power = assessPower(gate, opts.minDetectable ?? null);
  const before = stopped ? 'FAIL' : power.inconclusive ? 'INCONCLUSIVE' : gate.verdict;
  // a FAIL that came with a rise in host contention and does not persist on the quiet batches is INCONCLUSIVE
  const contention = run.stopInfo?.probe
    ? null
    : await checkContention(
        store,
        run,
        () => Array.from(times.wallMs, (wallMs, k) => ({ wallMs, lnLatency: input.lnLatency[k] ?? null })),
        {
          batchSize: run.batchSize,
          limit,
          verdict: before,
          span: gate.span,
        },
      );
  const own = contention?.effect === 'inconclusive' ? 'INCONCLUSIVE' : before;
  const verdict =
    completion.state === 'failed'
      ? 'FAIL'
      : completion.state === 'partial' && !completion.gatedPartial
        ? 'INCONCLUSIVE'
        : own;
  // the power note belongs to the gate's own verdict only
  return {
    run,
    batches: records ?? [],
    batchCount: count,
    gate,
    earlyStop,
    verdict,
    completion,
    contention,
    ...(stopped || verdict !== own || own !== before ? {} : { power }),
  };
}
