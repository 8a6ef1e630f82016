/**
 * The lean read of a run's batches for the verdict (`check` without a report): only
 * (idx, objects, objects_before, wall_ms), in pages by index like batch-reader.ts. On a million
 * imported batches it costs about a third of the CPU of reading the full records (reports/perf.md,
 * "Scale of the analysis"): the sqlite3 driver makes one object per row with a key per column, and
 * four keys cost less than twelve.
 */
import type { SqliteDb } from './sqlite.js';

/** What the gate, the early-stop look and the completion need of a batch (a BatchRecord has them too). */
export interface BatchTimes {
  index: number;
  objects: number;
  objectsBefore: number;
  wallMs: number;
}

/** Rows per query. */
const PAGE_ROWS = 20_000;

interface Row {
  idx: number;
  objects: number;
  objects_before: number;
  wall_ms: number;
}

/** The batches of a run in index order, four columns each. */
export async function readBatchTimes(db: SqliteDb, runId: string): Promise<BatchTimes[]> {
  const out: BatchTimes[] = [];
  for (let after = -1; ; ) {
    const rows = await db.all<Row>(
      `SELECT idx, objects, objects_before, wall_ms FROM batches WHERE run_id = ? AND idx > ? ORDER BY idx LIMIT ${PAGE_ROWS}`,
      [runId, after],
    );
    for (const r of rows)
      out.push({
        index: Number(r.idx),
        objects: Number(r.objects),
        objectsBefore: Number(r.objects_before),
        wallMs: Number(r.wall_ms),
      });
    if (rows.length < PAGE_ROWS) return out;
    after = Number((rows[rows.length - 1] as Row).idx);
  }
}

/** A run's operation counts summed over its batches: ok, failed, and retried (needed more than one attempt). */
export async function readOpTotals(
  db: SqliteDb,
  runId: string,
): Promise<{ ok: number; failed: number; retried: number }> {
  const row = await db.get<{ ok: number | null; failed: number | null; retried: number | null }>(
    'SELECT SUM(ok_ops) AS ok, SUM(failed_ops) AS failed, SUM(retried_ops) AS retried FROM batches WHERE run_id = ?',
    [runId],
  );
  return { ok: Number(row?.ok ?? 0), failed: Number(row?.failed ?? 0), retried: Number(row?.retried ?? 0) };
}
