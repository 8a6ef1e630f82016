/**
 * Several stored runs read as repeats for one pooled answer (pooled-check.ts). Repeats run the same
 * workload (workload-diff.ts: a different seed is what makes them repeats, anything it refuses is
 * not), on the same backend, with the same tags; otherwise a usage error names the difference,
 * unless forced. Each run is also judged on its own (the growth line `check RUN` gives).
 */
import { UsageError } from '../errors.js';
import type { RunRecord } from '../model/records.js';
import type { ResultsStore } from '../store/index.js';
import { compareWorkloads } from '../workload/index.js';
import { loadEvaluatedRun } from './load-evaluation.js';
import { poolRepeats, type PoolInput, type PooledResult } from './pooled-check.js';
import { resolveGates, type GateOverrides } from './run-gates.js';

export interface PooledRequest {
  runs: readonly string[];
  gates: GateOverrides;
  force: boolean;
  allowPartial: boolean;
}

export interface PooledCheck extends PooledResult {
  notes: string[];
}

const tagText = (r: RunRecord): string =>
  Object.entries(r.tags ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

/** The ways run b is not a repeat of run a, in words (empty when it is one). */
export function repeatDifferences(a: RunRecord, b: RunRecord): string[] {
  const out = compareWorkloads(b.workload, a.workload).refusals.map((d) => `workload: ${d}`);
  if (a.backend !== b.backend) out.push(`backend ${b.backend} vs ${a.backend}`);
  const ta = tagText(a);
  const tb = tagText(b);
  if (ta !== tb) out.push(`tags ${tb || '(none)'} vs ${ta || '(none)'}`);
  return out;
}

async function resolveAll(store: ResultsStore, refs: readonly string[]): Promise<RunRecord[]> {
  const runs: RunRecord[] = [];
  for (const ref of refs) {
    const run = await store.resolveRun(ref);
    if (runs.some((r) => r.id === run.id))
      throw new UsageError(
        'E_USAGE',
        `run ${run.id} is given twice ("${ref}")`,
        'name each repeat once: a run pooled twice would count its noise as agreement',
      );
    runs.push(run);
  }
  return runs;
}

export async function loadPooledCheck(store: ResultsStore, req: PooledRequest): Promise<PooledCheck> {
  const runs = await resolveAll(store, req.runs);
  const first = runs[0] as RunRecord;
  const notes: string[] = [];
  for (const r of runs.slice(1)) {
    const diff = repeatDifferences(first, r);
    if (diff.length === 0) continue;
    if (!req.force)
      throw new UsageError(
        'E_USAGE',
        `run ${r.id} is not a repeat of ${first.id}: ${diff.join('; ')}`,
        'pool runs of the same workload, backend and tags (see `ingest-scale runs`), or add --force to pool them anyway',
      );
    notes.push(`pooled with --force: ${r.id} differs from ${first.id}: ${diff.join('; ')}`);
  }
  const { gates, notes: gateNotes } = resolveGates(first, req.gates);
  const inputs: PoolInput[] = [];
  for (const run of runs) {
    const { evaluation: e } = await loadEvaluatedRun(store, run, gates.maxGrowth, { allowPartial: req.allowPartial });
    const done = !e.completion || e.completion.state === 'complete';
    inputs.push({
      run,
      batches: e.batches,
      own: { verdict: e.verdict, growthRatio: e.gate.growthRatio, ci: e.gate.ci },
      incomplete: done ? null : (e.completion?.text ?? `run ${run.id} did not complete`),
    });
  }
  const pooled = poolRepeats(inputs, {
    maxGrowth: gates.maxGrowth,
    allowPartial: req.allowPartial,
    ...(gates.minDetectable === undefined ? {} : { minDetectable: gates.minDetectable }),
  });
  return { ...pooled, notes: [...notes, ...gateNotes] };
}
