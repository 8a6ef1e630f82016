/** What the read-side probes (src/engine/probes/) read back from a run's stored operations. */
import type { SqliteDb } from './sqlite.js';

/** One successful probe operation. */
export interface ProbeOpRow {
  batch: number;
  /** The operation kind (probe-get, probe-head, …). */
  kind: string;
  durationMs: number;
}

/** Successful probe operations of a run, in batch order and, within a batch, in stored order. */
export function readProbeOps(db: SqliteDb, runId: string): Promise<ProbeOpRow[]> {
  return db.all<ProbeOpRow>(
    "SELECT batch_idx AS batch, kind, duration_ms AS durationMs FROM ops WHERE run_id = ? AND kind LIKE 'probe-%' AND status = 'ok' ORDER BY batch_idx, rowid",
    [runId],
  );
}

/** Per object: its update probes by status, and its failed ingest operations (for a resumed run). */
export interface ObjectOpCount {
  /** The object's index in the run. */
  i: number;
  kind: string;
  status: string;
  n: number;
}

/** The counts a resumed run's probes restore: update probes (any status) and failed creates, per object. */
export function readProbeRestoreCounts(db: SqliteDb, runId: string): Promise<ObjectOpCount[]> {
  return db.all<ObjectOpCount>(
    "SELECT object_index AS i, kind, status, COUNT(*) AS n FROM ops WHERE run_id = ? AND object_index >= 0 AND (kind = 'probe-update' OR (status = 'failed' AND kind IN ('create-object', 'add-datastream'))) GROUP BY object_index, kind, status",
    [runId],
  );
}
