/** The runs of one results database as a history reads them: every run with its batches. */
import type { ResultsStore } from '../store/index.js';
import type { HistoryRun } from './history-groups.js';

/** Every run of the store (completed or not: the grouping names the others as left out), with its batches. */
export async function readHistoryRuns(store: ResultsStore, db: string): Promise<HistoryRun[]> {
  const out: HistoryRun[] = [];
  for (const run of await store.listRuns()) {
    const tagged = Object.keys(run.tags ?? {}).length > 0;
    // untagged or unfinished runs are only named: their batches are not read
    out.push({ run, batches: tagged && run.status === 'completed' ? await store.batches(run.id) : [], db });
  }
  return out;
}
