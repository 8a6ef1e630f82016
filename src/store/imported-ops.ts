/**
 * One batch of an imported request log and its operations, written inside the import's transaction
 * (the caller's: an import is stored whole or not at all): as literal SQL (batch-insert-sql.ts,
 * op-insert-sql.ts) where every value has an exact literal, else with bound values.
 */
import type { BatchRecord, OpRecord } from '../model/records.js';
import { batchInsertSql } from './batch-insert-sql.js';
import { opInsertSql, OPS_PER_LITERAL_INSERT } from './op-insert-sql.js';
import { batchParams, BATCH_COLUMNS, OP_COLUMNS, opParams } from './rows.js';
import type { SqliteDb } from './sqlite.js';

/**
 * The batch row and its operations as one SQL text of literal INSERTs (no parameters, so texts of
 * several batches can go to the driver joined, in one call); null if some value has no exact literal.
 */
export function importedBatchSql(runId: string, batch: BatchRecord, ops: readonly OpRecord[]): string | null {
  const head = batchInsertSql(runId, batch);
  if (head === null) return null;
  const statements: string[] = [head];
  for (let i = 0; i < ops.length; i += OPS_PER_LITERAL_INSERT) {
    const sql = opInsertSql(runId, batch.index, ops, i, Math.min(i + OPS_PER_LITERAL_INSERT, ops.length));
    if (sql === null) return null;
    statements.push(sql);
  }
  return statements.join(';\n');
}

/** Writes the batch row and its operations with bound values, a statement each; no transaction of its own. */
export async function writeImportedBatchBound(
  db: SqliteDb,
  runId: string,
  batch: BatchRecord,
  ops: readonly OpRecord[],
): Promise<void> {
  const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
  await db.run(
    `INSERT INTO batches (${BATCH_COLUMNS.join(', ')}) VALUES (${marks(BATCH_COLUMNS.length)})`,
    batchParams(runId, batch),
  );
  for (const op of ops)
    await db.run(
      `INSERT INTO ops (${OP_COLUMNS.join(', ')}) VALUES (${marks(OP_COLUMNS.length)})`,
      opParams(runId, batch.index, op),
    );
}

/** Writes the batch row and its operations; no transaction of its own. */
export async function writeImportedBatch(
  db: SqliteDb,
  runId: string,
  batch: BatchRecord,
  ops: readonly OpRecord[],
): Promise<void> {
  const sql = importedBatchSql(runId, batch, ops);
  if (sql !== null) await db.exec(sql);
  else await writeImportedBatchBound(db, runId, batch, ops);
}
