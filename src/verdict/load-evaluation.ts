/**
 * Gathers a StoredEvaluation from the results database: each run's evaluation and its per-batch error
 * counts, judged by the candidate run's own gate settings unless the command line overrides them,
 * with the candidate's error budget. Comparing with a baseline whose workload differs is refused (a
 * usage error listing the differences) unless forced.
 */
import { compareWorkloads } from '../workload/index.js';
import { UsageError } from '../errors.js';
import type { RunRecord } from '../model/records.js';
import { ingestErrorsByBatch, readOpTotals, type ResultsStore } from '../store/index.js';
import { errorBudgetOf } from './error-budget.js';
import { evaluateBaseline } from './evaluate-baseline.js';
import { evaluateRun, type EvaluateOptions } from './evaluate-run.js';
import { probeRows, probeSeries, probeVerdictsOf } from './probe-stats.js';
import { resolveGates, type GateOverrides } from './run-gates.js';
import type { BatchErrors, EvaluatedRun, StoredEvaluation, StoredProbes } from './stored-evaluation.js';

export async function loadEvaluatedRun(
  store: ResultsStore,
  ref: string | RunRecord,
  limit: number,
  opts: EvaluateOptions = {},
): Promise<EvaluatedRun> {
  const run = typeof ref === 'string' ? await store.resolveRun(ref) : ref;
  const evaluation = await evaluateRun(store, run, limit, opts);
  const errors: BatchErrors[] = await ingestErrorsByBatch(store.db, run.id);
  return { evaluation, errors };
}

export interface EvaluationRequest {
  /** A run reference (id, unique prefix, "last"), or the record of a run just made (`run`'s own verdict). */
  run: string | RunRecord;
  baseline?: string;
  /** Gate values from the command line; the rest come from the candidate run's settings (run-gates.ts). */
  gates: GateOverrides;
  /** Compare even when the workloads differ. */
  force: boolean;
  /** Gate an unfinished run on the batches present (check --allow-partial). */
  allowPartial?: boolean;
  /** Probe verdicts count as check --gate-probes counts them (JUnit fails a FAILing probe kind). */
  gateProbes?: boolean;
  /** The candidate's verdict only (check without --baseline): its batches read lean, evaluation.batches empty (evaluate-run.ts). */
  lean?: boolean;
}

/** The run's probes (docs/probes.md) judged with the gate's limit, or undefined when it recorded none. */
export async function loadProbes(
  store: ResultsStore,
  run: RunRecord,
  limit: number,
  gated: boolean,
): Promise<StoredProbes | undefined> {
  const rows = await probeRows(store, run.id);
  if (rows.length === 0) return undefined;
  return { verdicts: probeVerdictsOf(rows, run.batchSize, limit), series: probeSeries(rows), gated };
}

export async function loadEvaluation(store: ResultsStore, req: EvaluationRequest): Promise<StoredEvaluation> {
  const run = typeof req.run === 'string' ? await store.resolveRun(req.run) : req.run;
  const { gates, notes } = resolveGates(run, req.gates);
  const power = gates.minDetectable === undefined ? {} : { minDetectable: gates.minDetectable };
  const candidate = await loadEvaluatedRun(store, run, gates.maxGrowth, {
    allowPartial: req.allowPartial === true,
    lean: req.lean === true && req.baseline === undefined,
    ...power,
  });
  const probes = await loadProbes(store, run, gates.maxGrowth, req.gateProbes === true);
  // the operation totals from the store: a lean evaluation (check) has no batch records to sum
  const errorBudget = errorBudgetOf(await readOpTotals(store.db, run.id), candidate.errors, gates.maxErrorRate);
  const input: StoredEvaluation = { candidate, gates, errorBudget, gateNotes: notes, ...(probes ? { probes } : {}) };
  if (req.baseline === undefined) return input;
  const baseline = await loadEvaluatedRun(store, req.baseline, gates.maxGrowth);
  const diff = compareWorkloads(candidate.evaluation.run.workload, baseline.evaluation.run.workload);
  if (diff.refusals.length > 0 && !req.force) {
    throw new UsageError(
      'E_USAGE',
      `runs ${candidate.evaluation.run.id} and ${baseline.evaluation.run.id} ran different workloads: ${diff.refusals.join('; ')}`,
      'compare runs of the same workload, or add --force to compare anyway (the report lists the differences)',
    );
  }
  return { ...input, baseline, comparison: evaluateBaseline(candidate.evaluation, baseline.evaluation, gates) };
}
