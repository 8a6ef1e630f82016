/**
 * A shard's own records (migration 7, docs/scale-out.md): one `shards` row beside its run, each
 * batch's start on the shard's wall anchor, and its clock bracket against the store. The merged
 * run's rows (role `merged`) are written by shard-merge-records.ts.
 */
import type { SqliteDb } from './sqlite.js';

export type ShardStatus = 'running' | 'complete' | 'failed' | 'aborted';

/** What a shard is: its place in the run, what it runs, where and from when. */
export interface ShardFacts {
  runId: string;
  index: number;
  count: number;
  seed: number;
  workloadHash: string;
  toolVersion: string;
  hostName: string | null;
  podName: string | null;
  /** Unix ms read once at the shard's start. */
  wallAnchorMs: number;
  startAt: string | null;
  /** Objects this shard owns. */
  objects: number;
}

/** store clock − shard clock ∈ [loMs, hiMs], from `samples` responses; null bounds with no sample. */
export interface ClockBracketRecord {
  loMs: number | null;
  hiMs: number | null;
  samples: number;
}

export interface ShardRow extends ShardFacts, ClockBracketRecord {
  role: 'shard' | 'merged';
  status: ShardStatus;
  lateMs: number | null;
  shiftMs: number | null;
}

export async function createShard(db: SqliteDb, f: ShardFacts): Promise<void> {
  await db.run(
    `INSERT INTO shards (run_id, shard_index, shard_count, role, status, seed, workload_hash, tool_version, host_name, pod_name, wall_anchor_ms, start_at, objects)
     VALUES (?, ?, ?, 'shard', 'running', ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      f.runId,
      f.index,
      f.count,
      f.seed,
      f.workloadHash,
      f.toolVersion,
      f.hostName,
      f.podName,
      f.wallAnchorMs,
      f.startAt,
      f.objects,
    ],
  );
}

/** The database holds a run of this id already (a second shard given the same --db). */
export async function hasRun(db: SqliteDb, runId: string): Promise<boolean> {
  return (await db.get('SELECT id FROM runs WHERE id = ?', [runId])) !== undefined;
}

/** How late the shard's first batch started after --start-at (ms; negative never: a wait ends at or after it). */
export async function recordLateness(db: SqliteDb, runId: string, lateMs: number): Promise<void> {
  await db.run('UPDATE shards SET late_ms = ? WHERE run_id = ?', [lateMs, runId]);
}

/** After each recorded batch: its start on the anchor, and the clock bracket so far (a killed shard keeps both). */
export async function recordShardBatch(
  db: SqliteDb,
  runId: string,
  batch: number,
  startOffsetMs: number,
  clock: ClockBracketRecord,
): Promise<void> {
  await db.run('INSERT INTO shard_batches (run_id, idx, start_offset_ms) VALUES (?, ?, ?)', [
    runId,
    batch,
    startOffsetMs,
  ]);
  await updateClock(db, runId, clock);
}

export async function updateClock(db: SqliteDb, runId: string, clock: ClockBracketRecord): Promise<void> {
  await db.run(
    "UPDATE shards SET clock_lo_ms = ?, clock_hi_ms = ?, clock_samples = ? WHERE run_id = ? AND role = 'shard'",
    [clock.loMs, clock.hiMs, clock.samples, runId],
  );
}

export async function finishShard(
  db: SqliteDb,
  runId: string,
  status: ShardStatus,
  clock: ClockBracketRecord,
): Promise<void> {
  await updateClock(db, runId, clock);
  await db.run("UPDATE shards SET status = ? WHERE run_id = ? AND role = 'shard'", [status, runId]);
}

interface Row {
  run_id: string;
  shard_index: number;
  shard_count: number;
  role: string;
  status: string;
  seed: number;
  workload_hash: string;
  tool_version: string;
  host_name: string | null;
  pod_name: string | null;
  wall_anchor_ms: number;
  start_at: string | null;
  late_ms: number | null;
  objects: number;
  clock_lo_ms: number | null;
  clock_hi_ms: number | null;
  clock_samples: number;
  shift_ms: number | null;
}

function fromRow(r: Row): ShardRow {
  return {
    runId: r.run_id,
    index: Number(r.shard_index),
    count: Number(r.shard_count),
    role: r.role === 'merged' ? 'merged' : 'shard',
    status: r.status as ShardStatus,
    seed: Number(r.seed),
    workloadHash: r.workload_hash,
    toolVersion: r.tool_version,
    hostName: r.host_name,
    podName: r.pod_name,
    wallAnchorMs: Number(r.wall_anchor_ms),
    startAt: r.start_at,
    lateMs: r.late_ms === null ? null : Number(r.late_ms),
    objects: Number(r.objects),
    loMs: r.clock_lo_ms === null ? null : Number(r.clock_lo_ms),
    hiMs: r.clock_hi_ms === null ? null : Number(r.clock_hi_ms),
    samples: Number(r.clock_samples),
    shiftMs: r.shift_ms === null ? null : Number(r.shift_ms),
  };
}

/** The shards rows of a file (a database older than migration 7 has none). */
export async function readShards(db: SqliteDb, role: 'shard' | 'merged'): Promise<ShardRow[]> {
  const has = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'shards'",
  );
  if (!has || Number(has.n) === 0) return [];
  const rows = await db.all<Row>('SELECT * FROM shards WHERE role = ? ORDER BY run_id, shard_index', [role]);
  return rows.map(fromRow);
}
