/** Mapping between records and table rows (column lists, parameters, row decoding). */
import type { BatchRecord, OpRecord, RunRecord, RunSettings } from '../model/records.js';
import type { RunTags } from '../model/run-tags.js';

export const RUN_COLUMNS = [
  'id',
  'label',
  'source',
  'status',
  'backend',
  'target',
  'target_info',
  'workload',
  'batch_size',
  'planned_batches',
  'tool_version',
  'node_version',
  'host',
  'started_at',
  'finished_at',
  'error',
  'pid',
  'run_host',
  'heartbeat_at',
  'settings',
  'tags',
] as const;

export const BATCH_COLUMNS = [
  'run_id',
  'idx',
  'objects',
  'objects_before',
  'bytes',
  'wall_ms',
  'ok_ops',
  'failed_ops',
  'retried_ops',
  'p50_ms',
  'p95_ms',
  'p99_ms',
  'started_at',
] as const;

export const OP_COLUMNS = [
  'run_id',
  'batch_idx',
  'object_index',
  'object_id',
  'datastream_id',
  'kind',
  'status',
  'bytes',
  'start_ms',
  'ttfb_ms',
  'duration_ms',
  'attempt',
  'error_code',
  'http_status',
] as const;

type V3Column = 'pid' | 'run_host' | 'heartbeat_at' | 'settings' | 'tags';
/** A runs row; the v3 columns (and v9's tags) are missing when an older database is read without migrating it. */
export type RunRow = Record<Exclude<(typeof RUN_COLUMNS)[number], V3Column>, string | number | null> &
  Partial<Record<V3Column, string | number | null>> & { stopped_at_batch?: number | null; stop_info?: string | null };
export type BatchRow = Record<(typeof BATCH_COLUMNS)[number], string | number | null>;

type P = string | number | null;

export function runParams(r: RunRecord): P[] {
  return [
    r.id,
    r.label,
    r.source,
    r.status,
    r.backend,
    r.target,
    r.targetInfo === null ? null : JSON.stringify(r.targetInfo),
    JSON.stringify(r.workload),
    r.batchSize,
    r.plannedBatches,
    r.toolVersion,
    r.nodeVersion,
    JSON.stringify(r.host),
    r.startedAt,
    r.finishedAt,
    r.error,
    r.pid ?? null,
    r.runHost ?? null,
    r.heartbeatAt ?? null,
    r.settings ? JSON.stringify(r.settings) : null,
    r.tags && Object.keys(r.tags).length > 0 ? JSON.stringify(r.tags) : null,
  ];
}

export function rowToRun(row: RunRow): RunRecord {
  const s = (v: string | number | null): string => String(v ?? '');
  const json = (v: string | number | null): unknown => (v === null ? null : JSON.parse(String(v)));
  return {
    id: s(row.id),
    label: row.label === null ? null : s(row.label),
    source: s(row.source) as RunRecord['source'],
    status: s(row.status) as RunRecord['status'],
    backend: s(row.backend),
    target: row.target === null ? null : s(row.target),
    targetInfo: json(row.target_info) as RunRecord['targetInfo'],
    workload: json(row.workload),
    batchSize: Number(row.batch_size),
    plannedBatches: Number(row.planned_batches),
    toolVersion: s(row.tool_version),
    nodeVersion: s(row.node_version),
    host: json(row.host) as RunRecord['host'],
    startedAt: s(row.started_at),
    finishedAt: row.finished_at === null ? null : s(row.finished_at),
    error: row.error === null ? null : s(row.error),
    stoppedAtBatch:
      row.stopped_at_batch === undefined || row.stopped_at_batch === null ? null : Number(row.stopped_at_batch),
    stopInfo:
      row.stop_info === undefined || row.stop_info === null
        ? null
        : (json(row.stop_info) as NonNullable<RunRecord['stopInfo']>),
    pid: row.pid === undefined || row.pid === null ? null : Number(row.pid),
    runHost: row.run_host === undefined || row.run_host === null ? null : s(row.run_host),
    heartbeatAt: row.heartbeat_at === undefined || row.heartbeat_at === null ? null : s(row.heartbeat_at),
    settings: row.settings === undefined || row.settings === null ? null : (json(row.settings) as RunSettings),
    tags: row.tags === undefined || row.tags === null ? {} : (json(row.tags) as RunTags),
  };
}

export function batchParams(runId: string, b: BatchRecord): P[] {
  return [
    runId,
    b.index,
    b.objects,
    b.objectsBefore,
    b.bytes,
    b.wallMs,
    b.okOps,
    b.failedOps,
    b.retriedOps,
    b.p50Ms,
    b.p95Ms,
    b.p99Ms,
    b.startedAt,
  ];
}

export function rowToBatch(row: BatchRow): BatchRecord {
  const n = (v: string | number | null): number | null => (v === null ? null : Number(v));
  return {
    index: Number(row.idx),
    objects: Number(row.objects),
    objectsBefore: Number(row.objects_before),
    bytes: Number(row.bytes),
    wallMs: Number(row.wall_ms),
    okOps: Number(row.ok_ops),
    failedOps: Number(row.failed_ops),
    retriedOps: Number(row.retried_ops),
    p50Ms: n(row.p50_ms),
    p95Ms: n(row.p95_ms),
    p99Ms: n(row.p99_ms),
    startedAt: row.started_at === null ? null : String(row.started_at),
  };
}

export function opParams(runId: string, batchIndex: number, op: OpRecord): P[] {
  return [
    runId,
    batchIndex,
    op.objectIndex,
    op.objectId,
    op.datastreamId,
    op.kind,
    op.status,
    op.bytes,
    op.startMs,
    op.ttfbMs,
    op.durationMs,
    op.attempt,
    op.errorCode,
    op.httpStatus,
  ];
}
