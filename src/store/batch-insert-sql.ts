/**
 * A batch row as one INSERT of exact literals (sql-literals.ts), so that a whole batch — BEGIN, its
 * row, its operations' all-literal INSERTs (op-insert-sql.ts), COMMIT — can go to the sqlite3
 * driver as one text in one call. Each call is a round trip to the driver's thread and back; one text
 * per batch records faster than a call per chunk with the next chunk built meanwhile
 * (docs/notes/2026-12-perf-history.md, "Round 4").
 */
import type { BatchRecord } from '../model/records.js';
import { BATCH_COLUMNS } from './rows.js';
import { int, orNull, real, text, type Lit } from './sql-literals.js';

/** The INSERT of the batch row with every value a literal, or null if some value has none. */
export function batchInsertSql(runId: string, b: BatchRecord): string | null {
  const values: Lit[] = [
    text(runId),
    int(b.index),
    int(b.objects),
    int(b.objectsBefore),
    int(b.bytes),
    real(b.wallMs),
    int(b.okOps),
    int(b.failedOps),
    int(b.retriedOps),
    real(b.p50Ms),
    real(b.p95Ms),
    real(b.p99Ms),
    orNull(b.startedAt, text),
  ];
  if (values.length !== BATCH_COLUMNS.length || values.some((v) => v === null)) return null;
  return `INSERT INTO batches (${BATCH_COLUMNS.join(', ')}) VALUES (${values.join(', ')})`;
}
