/**
 * Which objects `clean` removes, from what the run recorded: the objects it created (`create-object`
 * records), or — for backends and runs that write datastreams without creating an object first
 * (http-put with `--collections none`, and http-put runs from before collections) — every object
 * with a datastream written. Read one batch at a time, so memory stays one batch of records.
 */
import type { ObjectRef } from '../backends/backend.js';
import type { ResultsStore } from '../store/results-store.js';

export interface RecordedObjects {
  objects: ObjectRef[];
  /** Bytes the run's batches recorded as written. */
  bytesWritten: number;
}

export async function recordedObjects(store: Pick<ResultsStore, 'createdObjects' | 'batches' | 'ops'>, runId: string): Promise<RecordedObjects> {
  const batches = await store.batches(runId);
  const bytesWritten = batches.reduce((n, b) => n + b.bytes, 0);
  const created = await store.createdObjects(runId);
  if (created.length > 0) return { objects: created, bytesWritten };
  const seen = new Map<string, number>();
  for (const b of batches) {
    for (const op of await store.ops(runId, b.index)) {
      if (op.kind === 'add-datastream' && op.status === 'ok' && !seen.has(op.objectId)) seen.set(op.objectId, op.objectIndex);
    }
  }
  const objects = [...seen].map(([id, index]) => ({ id, index })).sort((a, b) => a.index - b.index);
  return { objects, bytesWritten };
}
