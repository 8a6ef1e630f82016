/** An import's run record, completed once its file has been read to the end (src/import/stream-import.ts). */
import type { RunSettings } from '../model/records.js';
import type { SqliteDb } from './sqlite.js';

/**
 * Sets the planned batches and the workload of a run (an import knows its batch count only at the
 * end), and its settings when given (a log's import: what it read and chose, known at the end).
 */
export async function setImportedPlan(
  db: SqliteDb,
  runId: string,
  plannedBatches: number,
  workload: unknown,
  settings?: RunSettings,
): Promise<void> {
  if (settings === undefined) {
    await db.run('UPDATE runs SET planned_batches = ?, workload = ? WHERE id = ?', [
      plannedBatches,
      JSON.stringify(workload),
      runId,
    ]);
    return;
  }
  await db.run('UPDATE runs SET planned_batches = ?, workload = ?, settings = ? WHERE id = ?', [
    plannedBatches,
    JSON.stringify(workload),
    JSON.stringify(settings),
    runId,
  ]);
}
