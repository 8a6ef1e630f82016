/**
 * The per-batch facts every report shows (Markdown, HTML and JSON): objects stored, wall time,
 * throughput, operation latency percentiles and errors, as numbers and as display text.
 *
 * objects/s = objects in the batch / wall seconds; MB/s = bytes / 1e6 / wall seconds (decimal MB,
 * as storage vendors quote it), null when the batch recorded no bytes (imported series).
 */
import type { GateResult } from '../analysis/growth-gate.js';
import { sortedCodes } from '../model/error-codes.js';
import type { RunEvaluation } from '../verdict/index.js';
import { formatCount, formatMs } from './format.js';
import type { BatchErrors, ReportRun } from './report-input.js';

export interface BatchRow {
  batch: number;
  /** Objects in this batch. */
  objects: number;
  /** Objects stored when the batch ended. */
  objectsStored: number;
  bytes: number;
  wallMs: number;
  objectsPerSecond: number | null;
  megabytesPerSecond: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  okOps: number;
  failedOps: number;
  retriedOps: number;
  /** Error code -> count of failed operations, largest first. */
  errors: Record<string, number>;
  /** Dropped by the wall-time gate's warm-up trim. */
  warmup: boolean;
}

/** The wall-time look of a run's gate (the top-level numbers may be the latency look's). */
export function wallGate(e: RunEvaluation): GateResult {
  return e.gate.wallTime;
}

/** w of the wall-time look: the warm-up the per-batch time chart and the baseline pairing use. */
export function wallTimeWarmup(e: RunEvaluation): number {
  return e.gate.wallTime.warmupDropped;
}

function codesOf(errors: readonly BatchErrors[], batch: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of errors) {
    if (e.batch !== batch) continue;
    for (const [code, n] of Object.entries(e.codes)) out[code] = (out[code] ?? 0) + n;
  }
  return Object.fromEntries(sortedCodes(out));
}

export function batchRows(r: ReportRun): BatchRow[] {
  const w = wallTimeWarmup(r.evaluation);
  return r.evaluation.batches.map((b) => {
    const seconds = b.wallMs / 1000;
    return {
      batch: b.index,
      objects: b.objects,
      objectsStored: b.objectsBefore + b.objects,
      bytes: b.bytes,
      wallMs: b.wallMs,
      objectsPerSecond: seconds > 0 ? b.objects / seconds : null,
      megabytesPerSecond: seconds > 0 && b.bytes > 0 ? b.bytes / 1e6 / seconds : null,
      p50Ms: b.p50Ms,
      p95Ms: b.p95Ms,
      p99Ms: b.p99Ms,
      okOps: b.okOps,
      failedOps: b.failedOps,
      retriedOps: b.retriedOps,
      errors: codesOf(r.errors, b.index),
      warmup: b.index <= w,
    };
  });
}

export const BATCH_HEADER = [
  'Batch',
  'Objects stored',
  'Wall time',
  'Objects/s',
  'MB/s',
  'p50',
  'p95',
  'p99',
  'Errors',
] as const;

const opt = (v: number | null, f: (x: number) => string): string => (v === null || !Number.isFinite(v) ? '-' : f(v));

/** "3 (ETIMEDOUT 2, HTTP_500 1)", "0", or "-" for a batch without operation records. */
export function errorsText(row: BatchRow): string {
  if (row.okOps + row.failedOps === 0) return '-';
  const codes = sortedCodes(row.errors).map(([c, n]) => `${c} ${n}`);
  // operations that needed more than one attempt (--retries) are not errors, but show where the store struggled
  const retried = row.retriedOps > 0 ? `; ${row.retriedOps} retried` : '';
  return (codes.length > 0 ? `${row.failedOps} (${codes.join(', ')})` : String(row.failedOps)) + retried;
}

/** Display cells in BATCH_HEADER order (plain text; the caller escapes for its format). */
export function batchCells(row: BatchRow): string[] {
  return [
    `${row.batch}${row.warmup ? ' (warm-up)' : ''}`,
    formatCount(row.objectsStored),
    formatMs(row.wallMs),
    opt(row.objectsPerSecond, (v) => v.toFixed(v >= 100 ? 0 : 1)),
    opt(row.megabytesPerSecond, (v) => v.toFixed(1)),
    opt(row.p50Ms, formatMs),
    opt(row.p95Ms, formatMs),
    opt(row.p99Ms, formatMs),
    errorsText(row),
  ];
}

/** Right-aligned columns (all but the errors). */
export const BATCH_ALIGN = ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'] as const;
