/**
 * What a compare reads back from the results database for one target's run and one phase: the
 * per-batch value that is paired (put: the batch's wall time; get-cold and get-warm: the median
 * latency of that read in the batch's probes) and, over the compared batches (past the warm-up),
 * the operation latencies' median, p50, p95, p99, ops/s, MB/s and the bytes verified.
 */
import { quantileOfSorted } from '../analysis/percentiles.js';
import type { BatchRecord } from '../model/records.js';
import type { PhaseOpRow } from '../store/index.js';
import { PHASE_OP_KINDS, type Phase } from './phases.js';

/** The rows come from the store (its SQL); re-exported for the compare's callers. */
export { readPhaseOps } from '../store/index.js';

export interface PhaseSummary {
  /** Median of the per-batch values over the compared batches (ms). */
  medianMs: number | null;
  /** Operation latency percentiles over the compared batches (ms). */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  /** Successful operations per second, and decimal MB per second: of batch wall time for put, of the reads' own time for gets. */
  opsPerSec: number | null;
  mbPerSec: number | null;
  operations: number;
  failedOps: number;
  /** Bytes read back and found equal (SHA-256) to what was written: the reads of get phases, readback of put. */
  bytesVerified: number;
}

export interface PhaseData {
  /** Per-batch value (index 0 = batch 1); null where the batch has no successful operation of the phase. */
  perBatchMs: (number | null)[];
  summary: PhaseSummary;
}

type OpRow = PhaseOpRow;

const fin = (x: number): number | null => (Number.isFinite(x) ? x : null);

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  return fin(quantileOfSorted(Float64Array.from(values).sort(), 0.5));
}

/** The phase's data of a run (pure, from its batches and operation rows). */
export function phaseData(
  phase: Phase,
  batches: readonly BatchRecord[],
  ops: readonly OpRow[],
  warmupBatches: number,
  verifiedRead: readonly OpRow[],
): PhaseData {
  const kinds = PHASE_OP_KINDS[phase];
  const mine = ops.filter((o) => kinds.includes(o.kind));
  const byBatch = new Map<number, number[]>();
  for (const o of mine) if (o.status === 'ok') byBatch.set(o.b, [...(byBatch.get(o.b) ?? []), o.d]);
  const perBatchMs = batches.map((b) => (phase === 'put' ? b.wallMs : medianOf(byBatch.get(b.index) ?? [])));
  const kept = mine.filter((o) => o.b > warmupBatches);
  const ok = kept.filter((o) => o.status === 'ok');
  const lat = Float64Array.from(ok.map((o) => o.d)).sort();
  const q = (p: number): number | null => (lat.length === 0 ? null : fin(quantileOfSorted(lat, p)));
  const bytes = ok.reduce((s, o) => s + o.bytes, 0);
  const timeMs =
    phase === 'put'
      ? batches.filter((b) => b.index > warmupBatches).reduce((s, b) => s + b.wallMs, 0)
      : ok.reduce((s, o) => s + o.d, 0);
  const keptValues = perBatchMs.slice(warmupBatches).filter((v): v is number => v !== null);
  const verified =
    phase === 'put'
      ? verifiedRead.filter((o) => o.b > warmupBatches && o.status === 'ok').reduce((s, o) => s + o.bytes, 0)
      : bytes;
  return {
    perBatchMs,
    summary: {
      medianMs: medianOf(keptValues),
      p50Ms: q(0.5),
      p95Ms: q(0.95),
      p99Ms: q(0.99),
      opsPerSec: timeMs > 0 ? ok.length / (timeMs / 1000) : null,
      mbPerSec: timeMs > 0 ? bytes / 1e6 / (timeMs / 1000) : null,
      operations: kept.length,
      failedOps: kept.length - ok.length,
      bytesVerified: verified,
    },
  };
}
