/**
 * A verdict per probe kind (issue 18): the per-batch median probe latency, indexed by objects
 * stored, gets the same gate as ingest (growthGate: warm-up trim, Theil–Sen, Sen CI, the run's
 * --max-growth). `check` prints them; with --gate-probes the exit code is the worst verdict.
 */
import { growthGate, type GateResult, type Verdict } from '../../analysis/growth-gate.js';
import type { ResultsStore } from '../../store/results-store.js';
import type { ProbeKind } from './probe-kinds.js';
import { probeSeries, type ProbeRow } from './probe-stats.js';

export interface ProbeVerdict {
  kind: ProbeKind;
  verdict: Verdict;
  growthRatio: number;
  ci: [number, number];
  coldMedianMs: number | null;
  warmMedianMs: number | null;
  /** Batches with probes of this kind. */
  batches: number;
  gate: GateResult;
}

/** Successful probe operations of a run, in batch order. */
export async function probeRows(store: ResultsStore, runId: string): Promise<ProbeRow[]> {
  return store.db.all<ProbeRow>(
    "SELECT batch_idx AS batch, kind, duration_ms AS durationMs FROM ops WHERE run_id = ? AND kind LIKE 'probe-%' AND status = 'ok' ORDER BY batch_idx, rowid",
    [runId],
  );
}

export function probeVerdictsOf(rows: readonly ProbeRow[], batchSize: number, limit: number): ProbeVerdict[] {
  return probeSeries(rows).map((s) => {
    const gate = growthGate(s.medianMs, { batchSize, limit });
    return {
      kind: s.kind,
      verdict: gate.verdict,
      growthRatio: gate.growthRatio,
      ci: gate.ci,
      coldMedianMs: s.coldMedianMs,
      warmMedianMs: s.warmMedianMs,
      batches: s.batches.length,
      gate,
    };
  });
}

export async function probeVerdicts(store: ResultsStore, runId: string, batchSize: number, limit: number): Promise<ProbeVerdict[]> {
  return probeVerdictsOf(await probeRows(store, runId), batchSize, limit);
}
