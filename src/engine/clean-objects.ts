/**
 * Which objects `clean` removes, from what the run recorded: the objects it created (`create-object`
 * records), or — for backends and runs that write datastreams without creating an object first
 * (http-put with `--collections none`, and http-put runs from before collections) — every object
 * with a datastream written. Read one batch at a time, so memory stays one batch of records. The
 * objects of batches that were planned (an intent recorded) but never recorded — a run killed inside a
 * batch — are added, so a half-written batch is never an orphan.
 */
import type { ObjectRef } from '../model/records.js';
import { unfinishedIntents, unfinishedTransactions, type ResultsStore } from '../store/index.js';
import { objectIdOf } from './object-ids.js';

export interface RecordedObjects {
  objects: ObjectRef[];
  /** Bytes the run's batches recorded as written. */
  bytesWritten: number;
  /** Transactions a kill may have left open (LDP --tx per-batch): rolled back before the objects are removed. */
  transactions: string[];
}

export async function recordedObjects(
  store: Pick<ResultsStore, 'createdObjects' | 'batches' | 'ops' | 'db'>,
  runId: string,
): Promise<RecordedObjects> {
  const batches = await store.batches(runId);
  const bytesWritten = batches.reduce((n, b) => n + b.bytes, 0);
  const seen = new Map<string, number>();
  const created = await store.createdObjects(runId);
  for (const o of created) seen.set(o.id, o.index);
  if (created.length === 0) {
    for (const b of batches) {
      for (const op of await store.ops(runId, b.index)) {
        if (op.kind === 'add-datastream' && op.status === 'ok' && !seen.has(op.objectId))
          seen.set(op.objectId, op.objectIndex);
      }
    }
  }
  for (const intent of await unfinishedIntents(store.db, runId)) {
    for (let index = intent.firstIndex; index < intent.firstIndex + intent.objects; index++) {
      const id = objectIdOf(runId, index);
      if (!seen.has(id)) seen.set(id, index);
    }
  }
  const objects = [...seen].map(([id, index]) => ({ id, index })).sort((a, b) => a.index - b.index);
  const transactions = (await unfinishedTransactions(store.db, runId)).map((t) => t.tx);
  return { objects, bytesWritten, transactions };
}
