/** A run's failed ingest operations counted per batch and error code (the reports' error columns). */
import type { SqliteDb } from './sqlite.js';

export interface IngestErrors {
  batch: number;
  /** Failed operations by error code (E_UNKNOWN where none was recorded). */
  codes: Record<string, number>;
}

/**
 * The batches with failed ingest operations, in batch order. A failed read-side probe is a probe's
 * result, never an ingest error, so probe operations are not counted.
 */
export async function ingestErrorsByBatch(db: SqliteDb, runId: string): Promise<IngestErrors[]> {
  const rows = await db.all<{ b: number; code: string; n: number }>(
    "SELECT batch_idx AS b, COALESCE(error_code, 'E_UNKNOWN') AS code, COUNT(*) AS n FROM ops WHERE run_id = ? AND status = 'failed' AND kind NOT LIKE 'probe-%' GROUP BY batch_idx, code ORDER BY batch_idx",
    [runId],
  );
  const byBatch = new Map<number, IngestErrors>();
  for (const r of rows) {
    const e = byBatch.get(r.b) ?? { batch: r.b, codes: {} };
    e.codes[r.code] = r.n;
    byBatch.set(r.b, e);
  }
  return [...byBatch.values()];
}
