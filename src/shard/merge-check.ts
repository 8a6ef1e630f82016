/**
 * What `merge` checks before it writes anything (docs/scale-out.md): the files hold all n shards of
 * one run id, seed and workload, each complete, and each shard's storing operations are on exactly
 * the objects it owns. Any gap is exit 2 naming what is missing.
 */
import { UsageError } from '../errors.js';
import type { RunRecord } from '../model/records.js';
import { shardObjectFacts, type ResultsStore, type ShardRow } from '../store/index.js';
import type { Workload } from '../workload/index.js';
import { shardObjectCount } from './partition.js';

export interface ShardInput {
  file: string;
  store: ResultsStore;
  shard: ShardRow;
  run: RunRecord;
}

const refuse = (message: string, hint: string): UsageError => new UsageError('E_MERGE', message, hint);

const list = (xs: readonly (string | number)[]): string => xs.join(', ');

/** Checks the shards' identity and completeness; returns them ordered by index. */
export async function checkShards(inputs: readonly ShardInput[]): Promise<ShardInput[]> {
  const runIds = [...new Set(inputs.map((x) => x.shard.runId))];
  if (runIds.length > 1) {
    throw refuse(
      `the shard files hold ${runIds.length} runs (${list(runIds)}), not one`,
      'merge the shards of one --run-id at a time',
    );
  }
  const first = inputs[0] as ShardInput;
  const n = first.shard.count;
  for (const x of inputs) {
    const s = x.shard;
    if (s.count !== n)
      throw refuse(
        `${x.file} is shard ${s.index}/${s.count}, but ${first.file} is one of ${n}`,
        'every shard of a run must be run with the same n in --shard i/n',
      );
    if (s.workloadHash !== first.shard.workloadHash || s.seed !== first.shard.seed) {
      throw refuse(
        `${x.file} (shard ${s.index}/${n}) ran another workload than ${first.file} (seed ${s.seed} vs ${first.shard.seed}, workload ${s.workloadHash} vs ${first.shard.workloadHash})`,
        'every shard must be run with the same workload flags and seed',
      );
    }
  }
  const byIndex = new Map<number, ShardInput>();
  for (const x of inputs) {
    const twin = byIndex.get(x.shard.index);
    if (twin)
      throw refuse(
        `shard ${x.shard.index}/${n} of run ${first.shard.runId} is given twice (${twin.file} and ${x.file})`,
        "give each shard's file once",
      );
    byIndex.set(x.shard.index, x);
  }
  const missing: number[] = [];
  for (let i = 0; i < n; i++) if (!byIndex.has(i)) missing.push(i);
  if (missing.length > 0) {
    throw refuse(
      `shard${missing.length > 1 ? 's' : ''} ${list(missing.map((i) => `${i}/${n}`))} of run ${first.shard.runId} missing (have ${list([...byIndex.keys()].sort((a, b) => a - b))})`,
      "give every shard's results database (one per shard, all n of them)",
    );
  }
  const ordered = [...byIndex.values()].sort((a, b) => a.shard.index - b.shard.index);
  for (const x of ordered) {
    const s = x.shard;
    if (s.status !== 'complete' || x.run.status !== 'completed') {
      const why =
        s.status === 'running'
          ? 'its process died or is still running'
          : s.status === 'failed'
            ? `it failed${x.run.error ? `: ${x.run.error}` : ''}`
            : 'it was stopped by a signal';
      throw refuse(
        `shard ${s.index}/${n} (${x.file}) is not complete (status ${s.status}: ${why})`,
        `run shard ${s.index}/${n} again into a fresh --db, then merge`,
      );
    }
    await checkObjectSet(x, x.run.workload as Workload);
  }
  return ordered;
}

/** The shard's storing operations are on exactly the objects g < N with g mod n = i. */
async function checkObjectSet(x: ShardInput, w: Workload): Promise<void> {
  const s = x.shard;
  const expected = shardObjectCount(w.objects, { index: s.index, count: s.count });
  const f = await shardObjectFacts(x.store.db, s.runId, s.count, s.index);
  const outside = f.stray > 0 || (f.min !== null && f.min < 0) || (f.max !== null && f.max >= w.objects);
  if (outside)
    throw refuse(
      `shard ${s.index}/${s.count} (${x.file}) recorded objects that are not its own (index mod ${s.count} ≠ ${s.index}, or beyond ${w.objects})`,
      'the file was not written by `run --shard`, or was edited',
    );
  if (f.objects !== expected) {
    throw refuse(
      `shard ${s.index}/${s.count} (${x.file}) recorded ${f.objects} of its ${expected} objects`,
      `run shard ${s.index}/${s.count} again into a fresh --db, then merge`,
    );
  }
}
