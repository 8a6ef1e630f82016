/** An import's run record, completed once its file has been read to the end (src/import/stream-import.ts). */
import type { SqliteDb } from './sqlite.js';

/** Sets the planned batches and the workload of a run (an import knows its batch count only at the end). */
export async function setImportedPlan(
  db: SqliteDb,
  runId: string,
  plannedBatches: number,
  workload: unknown,
): Promise<void> {
  await db.run('UPDATE runs SET planned_batches = ?, workload = ? WHERE id = ?', [
    plannedBatches,
    JSON.stringify(workload),
    runId,
  ]);
}
