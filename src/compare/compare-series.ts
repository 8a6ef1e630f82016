/**
 * What the HTML page of a compare draws (docs/commands/report.md), read back from the results database:
 * the compare's stored answer, each target's per-batch value of every phase it ran (put: the
 * batch's wall time; get-cold, get-warm: the median read latency), indexed by the objects stored at
 * the end of the batch, and for every target but the reference, per phase, the ratio series
 * exp(d_k) against the reference with the scaling gate fitted to it (the same pairing and gate as
 * the answer: paired-ratios.ts).
 */
import type { GateResult } from '../analysis/growth-gate.js';
import { UsageError } from '../errors.js';
import { loadCompare, type ResultsStore } from '../store/index.js';
import type { CompareAnswer } from './compare-answer.js';
import { compareToReference, pairedLogRatios } from './paired-ratios.js';
import { phaseData, readPhaseOps } from './phase-data.js';
import type { Phase } from './phases.js';

export interface TargetSeries {
  name: string;
  runId: string;
  /** Objects stored at the end of each batch (index 0 = batch 1). */
  objects: number[];
  /** Per phase, the per-batch value in ms (null where the batch has none). */
  perBatchMs: Partial<Record<Phase, (number | null)[]>>;
}

export interface RatioSeries {
  /** Batches paired (1-based), past the warm-up. */
  batches: number[];
  /** Objects stored at the end of each paired batch. */
  objects: number[];
  /** target / reference per paired batch (1.00 = the same). */
  ratios: number[];
  /** The scaling gate on the ratios (i = 1 … n over the pairs). */
  gate: GateResult;
}

export interface CompareSeries {
  answer: CompareAnswer;
  batchSize: number;
  startedAt: string;
  targets: TargetSeries[];
  /** phase → target (every target but the reference) → its ratio series. */
  ratios: Partial<Record<Phase, Record<string, RatioSeries>>>;
}

function isAnswer(x: unknown): x is CompareAnswer {
  return (
    typeof x === 'object' &&
    x !== null &&
    (x as { status?: unknown }).status === 'completed' &&
    Array.isArray((x as { targets?: unknown }).targets)
  );
}

/** Per phase, every target but the first (the reference) against it: the answer's pairing and scaling gate (pure). */
export function ratioSeries(
  answer: CompareAnswer,
  targets: readonly TargetSeries[],
  batchSize: number,
): CompareSeries['ratios'] {
  const [reference, ...others] = targets;
  const ratios: CompareSeries['ratios'] = {};
  for (const p of answer.phasesRun) {
    const byTarget: Record<string, RatioSeries> = {};
    for (const t of others) {
      const paired = pairedLogRatios(t.perBatchMs[p] ?? [], reference?.perBatchMs[p] ?? [], answer.warmupBatches);
      const r = compareToReference(paired, { batchSize, maxGrowth: answer.limits.maxGrowth });
      byTarget[t.name] = {
        batches: paired.batches,
        objects: paired.batches.map((b) => t.objects[b - 1] ?? b * batchSize),
        ratios: paired.logRatios.map((d) => Math.exp(d)),
        gate: r.scaling,
      };
    }
    ratios[p] = byTarget;
  }
  return ratios;
}

export async function loadCompareSeries(store: ResultsStore, ref: string): Promise<CompareSeries> {
  const record = await loadCompare(store.db, ref);
  const answer = record.result;
  if (!isAnswer(answer)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `compare ${record.id} is ${record.status} and has no answer to report`,
      'report a compare that completed (ingest-scale compare ends with its answer)',
    );
  }
  const targets: TargetSeries[] = [];
  let batchSize = 0;
  for (const link of record.runs) {
    const run = await store.resolveRun(link.runId);
    batchSize = run.batchSize;
    const batches = await store.batches(link.runId);
    const { ops, verify } = await readPhaseOps(store.db, link.runId);
    const perBatchMs: TargetSeries['perBatchMs'] = {};
    for (const p of answer.phasesRun)
      perBatchMs[p] = phaseData(p, batches, ops, answer.warmupBatches, verify).perBatchMs;
    targets.push({
      name: link.target,
      runId: link.runId,
      objects: batches.map((b) => b.objectsBefore + b.objects),
      perBatchMs,
    });
  }
  return { answer, batchSize, startedAt: record.startedAt, targets, ratios: ratioSeries(answer, targets, batchSize) };
}
