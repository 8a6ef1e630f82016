/**
 * Turns one batch's timed operations into its BatchRecord and its stored OpRecords: counts,
 * bytes, and op latency percentiles (linear interpolation between order statistics).
 */
import { quantileOfSorted } from '../analysis/percentiles.js';
import type { OpTiming } from '../model/timings.js';
import { earlierAttempts, type EarlierAttempt } from '../backends/index.js';
import type { BatchRecord, OpRecord } from '../model/records.js';

/** p in [0, 1] of an ascending array; null when empty. */
function percentile(sorted: ArrayLike<number>, p: number): number | null {
  return sorted.length === 0 ? null : quantileOfSorted(sorted, p);
}

export interface BatchFacts {
  index: number;
  objects: number;
  objectsBefore: number;
  startNs: bigint;
  wallNs: bigint;
  startedAt: string;
}

export function toOpRecords(ops: readonly OpTiming[], batchStartNs: bigint): OpRecord[] {
  const out: OpRecord[] = [];
  for (const op of ops) {
    // earlier attempts of a retried operation first, each its own row (only ops with attempt > 1 have any)
    const before = op.attempt > 1 ? earlierAttempts(op) : undefined;
    if (before) for (const a of before) out.push(retriedRecord(op, a, batchStartNs));
    // every field but startNs and sha256, as one literal (no rest/spread): runs once per operation
    out.push({
      kind: op.kind,
      objectId: op.objectId,
      objectIndex: op.objectIndex,
      datastreamId: op.datastreamId,
      bytes: op.bytes,
      ttfbMs: op.ttfbMs,
      attempt: op.attempt,
      httpStatus: op.httpStatus,
      status: op.status,
      errorCode: op.errorCode,
      durationMs: op.durationMs,
      startMs: Number(op.startNs - batchStartNs) / 1e6,
    });
  }
  return out;
}

function retriedRecord(op: OpTiming, a: EarlierAttempt, batchStartNs: bigint): OpRecord {
  return {
    kind: op.kind,
    objectId: op.objectId,
    objectIndex: op.objectIndex,
    datastreamId: op.datastreamId,
    bytes: op.bytes,
    ttfbMs: null,
    attempt: a.attempt,
    httpStatus: a.httpStatus,
    status: 'retried',
    errorCode: a.errorCode,
    durationMs: a.durationMs,
    startMs: Number(a.startNs - batchStartNs) / 1e6,
  };
}

/** Summarises the ingest operations of a batch (verification operations are stored, not summarised). */
export function summariseBatch(facts: BatchFacts, ingestOps: readonly OpTiming[]): BatchRecord {
  let bytes = 0;
  let ok = 0;
  let failed = 0;
  let retried = 0;
  const all = new Float64Array(ingestOps.length);
  for (const op of ingestOps) {
    if (op.status === 'ok') {
      all[ok++] = op.durationMs;
      bytes += op.bytes;
    } else failed++;
    if (op.attempt > 1) retried++;
  }
  // a typed array sorts numerically in native code (ascending, as the comparator sort did)
  const latencies = all.subarray(0, ok).sort();
  return {
    index: facts.index,
    objects: facts.objects,
    objectsBefore: facts.objectsBefore,
    bytes,
    wallMs: Number(facts.wallNs) / 1e6,
    okOps: ok,
    failedOps: failed,
    retriedOps: retried,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    startedAt: facts.startedAt,
  };
}
