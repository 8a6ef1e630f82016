/**
 * Intents and resumption. Before a batch starts, its planned objects are recorded (an intent, in the
 * same database), so a run killed inside a batch leaves a record of what may be half-written on its
 * target: `run --resume` removes those objects before it carries on, and they are never orphans.
 */
import type { SqliteDb } from './sqlite.js';

export interface Intent {
  /** 1-based batch index. */
  batch: number;
  /** Object index of the batch's first object. */
  firstIndex: number;
  objects: number;
}

/** Records the objects a batch is about to write (before its clock starts). */
export async function recordIntent(db: SqliteDb, runId: string, i: Intent): Promise<void> {
  await db.run(
    'INSERT OR REPLACE INTO intents (run_id, batch_idx, first_index, objects, recorded_at) VALUES (?, ?, ?, ?, ?)',
    [runId, i.batch, i.firstIndex, i.objects, new Date().toISOString()],
  );
}

/** Intents of batches that were never recorded: a run killed, or a batch abandoned, inside them. */
export async function unfinishedIntents(db: SqliteDb, runId: string): Promise<Intent[]> {
  const rows = await db.all<{ batch_idx: number; first_index: number; objects: number }>(
    'SELECT i.batch_idx, i.first_index, i.objects FROM intents i LEFT JOIN batches b ON b.run_id = i.run_id AND b.idx = i.batch_idx WHERE i.run_id = ? AND b.idx IS NULL ORDER BY i.batch_idx',
    [runId],
  );
  return rows.map((r) => ({ batch: r.batch_idx, firstIndex: r.first_index, objects: r.objects }));
}

/** Records the transaction a batch has just begun on the target (its intent is recorded already). */
export async function recordIntentTx(db: SqliteDb, runId: string, batch: number, tx: string): Promise<void> {
  await db.run('UPDATE intents SET tx = ? WHERE run_id = ? AND batch_idx = ?', [tx, runId, batch]);
}

/**
 * Transactions of batches that were never recorded: a kill may have left them open on the target,
 * holding locks on what they wrote. None in a database from before they were recorded (schema 8).
 */
export async function unfinishedTransactions(db: SqliteDb, runId: string): Promise<{ batch: number; tx: string }[]> {
  const columns = await db.all<{ name: string }>('PRAGMA table_info(intents)');
  if (!columns.some((c) => c.name === 'tx')) return [];
  const rows = await db.all<{ batch_idx: number; tx: string }>(
    'SELECT i.batch_idx, i.tx FROM intents i LEFT JOIN batches b ON b.run_id = i.run_id AND b.idx = i.batch_idx WHERE i.run_id = ? AND b.idx IS NULL AND i.tx IS NOT NULL ORDER BY i.batch_idx',
    [runId],
  );
  return rows.map((r) => ({ batch: r.batch_idx, tx: r.tx }));
}

/** A resumed run is running again, in this process. */
export async function reopenRun(db: SqliteDb, runId: string, pid: number, host: string): Promise<void> {
  await db.run(
    "UPDATE runs SET status = 'running', finished_at = NULL, error = NULL, pid = ?, run_host = ?, heartbeat_at = ? WHERE id = ?",
    [pid, host, new Date().toISOString(), runId],
  );
}
