/** The operation rows a compare's phases read back from a run (src/compare/phase-data.ts). */
import type { SqliteDb } from './sqlite.js';

/** One operation of a phase: its batch, kind, status, bytes and duration (ms). */
export interface PhaseOpRow {
  b: number;
  kind: string;
  status: string;
  bytes: number;
  d: number;
}

/** A run's operation rows that the phases need: ingest and get probes (`ops`), and `verify` reads apart. */
export async function readPhaseOps(db: SqliteDb, runId: string): Promise<{ ops: PhaseOpRow[]; verify: PhaseOpRow[] }> {
  const rows = await db.all<PhaseOpRow>(
    "SELECT batch_idx AS b, kind, status, bytes, duration_ms AS d FROM ops WHERE run_id = ? AND kind IN ('create-object', 'add-datastream', 'probe-get', 'probe-get-warm', 'verify')",
    [runId],
  );
  return { ops: rows.filter((r) => r.kind !== 'verify'), verify: rows.filter((r) => r.kind === 'verify') };
}
