/**
 * Reading a run's batches back, lean enough for a run of a million imported batches: `check` on
 * such a run read every row at once (`SELECT *`), which held a million driver row objects with the
 * run id repeated in each beside the million records made from them (docs/notes/2026-12-perf-history.md,
 * "Scale of the analysis"). Here the rows come in pages of PAGE_ROWS by
 * index (the primary key), without the run id, each page turned into records before the next is
 * read; the records are the same as before, field for field.
 */
import type { BatchRecord } from '../model/records.js';
import { BATCH_COLUMNS, rowToBatch, type BatchRow } from './rows.js';
import type { SqliteDb } from './sqlite.js';

/** Rows per query. */
export const PAGE_ROWS = 20_000;

const COLUMNS = BATCH_COLUMNS.filter((c) => c !== 'run_id').join(', ');

/** The batches of a run in index order. */
export async function readBatches(db: SqliteDb, runId: string): Promise<BatchRecord[]> {
  const out: BatchRecord[] = [];
  for (let after = Number.NEGATIVE_INFINITY; ; ) {
    const rows = await db.all<BatchRow>(
      `SELECT ${COLUMNS} FROM batches WHERE run_id = ? AND idx > ? ORDER BY idx LIMIT ${PAGE_ROWS}`,
      [runId, Number.isFinite(after) ? after : -1],
    );
    for (const r of rows) out.push(rowToBatch(r));
    if (rows.length < PAGE_ROWS) return out;
    after = Number((rows[rows.length - 1] as BatchRow).idx);
  }
}
