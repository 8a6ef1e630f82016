/**
 * What `merge` reads from shard files and writes into the merged run (migration 7,
 * docs/scale-out.md). Reads page through a shard's operations (never all of them at once); times
 * come back on the shard's own time base (ms after its wall anchor).
 */
import { BATCH_COLUMNS, batchParams, OP_COLUMNS, opParams } from './rows.js';
import type { BatchRecord, OpRecord } from '../model/records.js';
import type { SqliteDb } from './sqlite.js';
import type { ShardRow } from './shard-records.js';

/** The operations that store an object (what makes it count as stored): not containers, probes, reads or removals. */
export const STORING_KINDS = ['create-object', 'add-datastream'] as const;
const STORING = STORING_KINDS.map((k) => `'${k}'`).join(', ');
/** Kinds that are a batch's ingest work (as the engine's batch summary counts them). */
const NOT_INGEST =
  "('create-container', 'verify', 'delete', 'probe-get', 'probe-get-warm', 'probe-head', 'probe-range', 'probe-list', 'probe-update', 'probe-create', 'probe-delete')";

const FROM_OPS = 'FROM ops o JOIN shard_batches sb ON sb.run_id = o.run_id AND sb.idx = o.batch_idx WHERE o.run_id = ?';

/** The objects a shard's storing operations touched: how many, the range, and how many are not its own. */
export async function shardObjectFacts(
  db: SqliteDb,
  runId: string,
  count: number,
  index: number,
): Promise<{ objects: number; min: number | null; max: number | null; stray: number }> {
  const r = await db.get<{ n: number; lo: number | null; hi: number | null; stray: number | null }>(
    `SELECT COUNT(DISTINCT object_index) AS n, MIN(object_index) AS lo, MAX(object_index) AS hi, SUM(object_index % ? != ?) AS stray
     FROM ops WHERE run_id = ? AND kind IN (${STORING})`,
    [count, index, runId],
  );
  return { objects: Number(r?.n ?? 0), min: r?.lo ?? null, max: r?.hi ?? null, stray: Number(r?.stray ?? 0) };
}

/** Calls onObject for every object whose storing operations all ended ok: its completion (end of the last). */
export function eachStoredObject(db: SqliteDb, runId: string, onObject: (endMs: number) => void): Promise<number> {
  return db.each<{ end_ms: number }>(
    `SELECT MAX(sb.start_offset_ms + o.start_ms + o.duration_ms) AS end_ms ${FROM_OPS} AND o.kind IN (${STORING}) AND o.status != 'retried'
     GROUP BY o.object_index HAVING SUM(o.status = 'failed') = 0`,
    [runId],
    (r) => onObject(Number(r.end_ms)),
  );
}

/** When the shard's first operation started and its last ended (its own time base). */
export async function shardActivity(
  db: SqliteDb,
  runId: string,
): Promise<{ firstMs: number; lastMs: number; ops: number }> {
  const r = await db.get<{ a: number | null; b: number | null; n: number }>(
    `SELECT MIN(sb.start_offset_ms + o.start_ms) AS a, MAX(sb.start_offset_ms + o.start_ms + o.duration_ms) AS b, COUNT(*) AS n ${FROM_OPS}`,
    [runId],
  );
  return { firstMs: Number(r?.a ?? 0), lastMs: Number(r?.b ?? 0), ops: Number(r?.n ?? 0) };
}

export interface PagedOp extends OpRecord {
  rowid: number;
  /** Start on the shard's time base: ms after its wall anchor. */
  offsetMs: number;
}

/** The next page of a shard's operations after rowid `after`, in rowid order. */
export async function opsPage(db: SqliteDb, runId: string, after: number, limit: number): Promise<PagedOp[]> {
  const rows = await db.all<Record<string, string | number | null>>(
    `SELECT o.rowid AS rid, o.*, sb.start_offset_ms AS off ${FROM_OPS} AND o.rowid > ? ORDER BY o.rowid LIMIT ?`,
    [runId, after, limit],
  );
  return rows.map((r) => ({
    rowid: Number(r.rid),
    offsetMs: Number(r.off) + Number(r.start_ms),
    kind: r.kind as OpRecord['kind'],
    objectId: String(r.object_id),
    objectIndex: Number(r.object_index),
    datastreamId: r.datastream_id === null ? null : String(r.datastream_id),
    status: r.status as OpRecord['status'],
    bytes: Number(r.bytes),
    startMs: Number(r.start_ms),
    ttfbMs: r.ttfb_ms === null ? null : Number(r.ttfb_ms),
    durationMs: Number(r.duration_ms),
    attempt: Number(r.attempt),
    errorCode: r.error_code === null ? null : String(r.error_code),
    httpStatus: r.http_status === null ? null : Number(r.http_status),
  }));
}

const ROWS_PER_INSERT = 400;

/** The merged run's virtual batches, before their operations (their counts and percentiles follow: updateBatchFacts). */
export async function insertMergedBatches(db: SqliteDb, runId: string, batches: readonly BatchRecord[]): Promise<void> {
  for (const b of batches)
    await db.run(
      `INSERT INTO batches (${BATCH_COLUMNS.join(', ')}) VALUES (${BATCH_COLUMNS.map(() => '?').join(', ')})`,
      batchParams(runId, b),
    );
}

/** The merged run's operations of one page: each with its virtual batch and the shard that did it. */
export async function insertMergedOps(
  db: SqliteDb,
  runId: string,
  ops: readonly { batch: number; shard: number; op: OpRecord }[],
): Promise<void> {
  const cols = [...OP_COLUMNS, 'shard'];
  for (let i = 0; i < ops.length; i += ROWS_PER_INSERT) {
    const chunk = ops.slice(i, i + ROWS_PER_INSERT);
    const params = chunk.flatMap((o) => [...opParams(runId, o.batch, o.op), o.shard]);
    await db.run(
      `INSERT INTO ops (${cols.join(', ')}) VALUES ${chunk.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ')}`,
      params,
    );
  }
}

export interface EdgeOp {
  shard: number;
  objectIndex: number;
  kind: string;
  status: string;
  wallMs: number;
  durationMs: number;
  edge: 'before' | 'after';
}

export async function insertEdgeOps(db: SqliteDb, runId: string, ops: readonly EdgeOp[]): Promise<void> {
  for (let i = 0; i < ops.length; i += ROWS_PER_INSERT) {
    const chunk = ops.slice(i, i + ROWS_PER_INSERT);
    await db.run(
      `INSERT INTO merged_edge_ops (run_id, shard, object_index, kind, status, wall_ms, duration_ms, edge) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flatMap((o) => [runId, o.shard, o.objectIndex, o.kind, o.status, o.wallMs, o.durationMs, o.edge]),
    );
  }
}

/** A virtual batch's counts and latency percentiles, from its operations as written (ok ingest ones). */
export async function batchOpFacts(
  db: SqliteDb,
  runId: string,
  batch: number,
): Promise<{ durations: Float64Array; bytes: number; ok: number; failed: number; retried: number }> {
  const c = await db.get<{ ok: number; failed: number; retried: number; bytes: number | null }>(
    `SELECT SUM(status = 'ok') AS ok, SUM(status = 'failed') AS failed, SUM(status != 'retried' AND attempt > 1) AS retried, SUM(CASE WHEN status = 'ok' THEN bytes END) AS bytes
     FROM ops WHERE run_id = ? AND batch_idx = ? AND kind NOT IN ${NOT_INGEST}`,
    [runId, batch],
  );
  const durations: number[] = [];
  await db.each<{ d: number }>(
    `SELECT duration_ms AS d FROM ops WHERE run_id = ? AND batch_idx = ? AND status = 'ok' AND kind NOT IN ${NOT_INGEST} ORDER BY duration_ms`,
    [runId, batch],
    (r) => {
      durations.push(Number(r.d));
    },
  );
  return {
    durations: Float64Array.from(durations),
    bytes: Number(c?.bytes ?? 0),
    ok: Number(c?.ok ?? 0),
    failed: Number(c?.failed ?? 0),
    retried: Number(c?.retried ?? 0),
  };
}

export async function updateBatchFacts(db: SqliteDb, runId: string, b: BatchRecord): Promise<void> {
  await db.run(
    'UPDATE batches SET bytes = ?, ok_ops = ?, failed_ops = ?, retried_ops = ?, p50_ms = ?, p95_ms = ?, p99_ms = ? WHERE run_id = ? AND idx = ?',
    [b.bytes, b.okOps, b.failedOps, b.retriedOps, b.p50Ms, b.p95Ms, b.p99Ms, runId, b.index],
  );
}

/** The merged run's record of each shard: its bracket and the shift applied. */
export async function insertMergedShard(db: SqliteDb, s: ShardRow, shiftMs: number): Promise<void> {
  await db.run(
    `INSERT INTO shards (run_id, shard_index, shard_count, role, status, seed, workload_hash, tool_version, host_name, pod_name, wall_anchor_ms, start_at, late_ms, objects, clock_lo_ms, clock_hi_ms, clock_samples, shift_ms)
     VALUES (?, ?, ?, 'merged', 'complete', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      s.runId,
      s.index,
      s.count,
      s.seed,
      s.workloadHash,
      s.toolVersion,
      s.hostName,
      s.podName,
      s.wallAnchorMs,
      s.startAt,
      s.lateMs,
      s.objects,
      s.loMs,
      s.hiMs,
      s.samples,
      shiftMs,
    ],
  );
}
