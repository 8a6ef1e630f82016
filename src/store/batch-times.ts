/**
 * The lean read of a run's batches for the verdict (`check` without a report): only
 * (idx, objects, wall_ms), in pages by index like batch-reader.ts, into three typed columns. On a
 * million imported batches it costs about a third of the CPU of reading the full records
 * (docs/notes/2026-12-perf-history.md, "Scale of the analysis"): the sqlite3 driver makes one object per row with a
 * key per column, and three keys cost less than twelve. The rows live only for their page: what is
 * kept is three arrays of doubles, which a full garbage collection does not have to mark (an
 * object per batch made every collection during the gate mark a million of them).
 */
import type { BatchRecord } from '../model/records.js';
import type { SqliteDb } from './sqlite.js';

/** What the gate, the early-stop look and the completion need of a run's batches, batch i+1 at index i. */
export interface BatchTimes {
  /** 1-based batch index. */
  index: Float64Array;
  objects: Float64Array;
  wallMs: Float64Array;
}

/** Rows per query. */
const PAGE_ROWS = 20_000;

interface Row {
  idx: number;
  objects: number;
  wall_ms: number;
}

/** Three columns of `length` values, the first `keep` of `from` copied. */
function columns(length: number, from?: BatchTimes, keep = 0): BatchTimes {
  const out = { index: new Float64Array(length), objects: new Float64Array(length), wallMs: new Float64Array(length) };
  if (from !== undefined) {
    out.index.set(from.index.subarray(0, keep));
    out.objects.set(from.objects.subarray(0, keep));
    out.wallMs.set(from.wallMs.subarray(0, keep));
  }
  return out;
}

/** The first n values of each column (views, no copy). */
function head(c: BatchTimes, n: number): BatchTimes {
  return { index: c.index.subarray(0, n), objects: c.objects.subarray(0, n), wallMs: c.wallMs.subarray(0, n) };
}

/** The batches of a run in index order, three columns. */
export async function readBatchTimes(db: SqliteDb, runId: string): Promise<BatchTimes> {
  let out = columns(PAGE_ROWS);
  let n = 0;
  for (let after = -1; ; ) {
    const rows = await db.all<Row>(
      `SELECT idx, objects, wall_ms FROM batches WHERE run_id = ? AND idx > ? ORDER BY idx LIMIT ${PAGE_ROWS}`,
      [runId, after],
    );
    if (n + rows.length > out.wallMs.length) out = columns(2 * (n + rows.length), out, n);
    for (const r of rows) {
      out.index[n] = Number(r.idx);
      out.objects[n] = Number(r.objects);
      out.wallMs[n] = Number(r.wall_ms);
      n++;
    }
    if (rows.length < PAGE_ROWS) return head(out, n);
    after = Number((rows[rows.length - 1] as Row).idx);
  }
}

/** The same columns from full records (a report's read). */
export function batchTimesOf(records: readonly BatchRecord[]): BatchTimes {
  return {
    index: Float64Array.from(records, (b) => b.index),
    objects: Float64Array.from(records, (b) => b.objects),
    wallMs: Float64Array.from(records, (b) => b.wallMs),
  };
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
