/**
 * The stripe partition of a sharded run (docs/scale-out.md): global object index g belongs to
 * shard g mod n. Batches stay global: batch b holds objects [b·B, (b+1)·B) of the unsharded run, and
 * shard i writes the B/n of them with g mod n = i, so n shards together write exactly the objects,
 * ids, sizes and bytes of one unsharded run (plans depend on the seed and g only).
 */
import { UsageError } from '../errors.js';

export interface ShardSpec {
  /** i: 0-based. */
  index: number;
  /** n: shards in the run. */
  count: number;
}

/** Refuses a --batch-size that the shards cannot split evenly. */
export function checkShardable(batchSize: number, count: number): void {
  if (batchSize % count !== 0) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--batch-size ${batchSize} is not divisible by the ${count} shards of --shard`,
      `use a multiple of ${count}, e.g. --batch-size ${Math.max(count, Math.round(batchSize / count) * count)}`,
    );
  }
}

/** The global indexes shard s writes in global batch b (0-based) of a run of `objects` in batches of batchSize. */
export function shardBatchIndexes(objects: number, batchSize: number, b: number, s: ShardSpec): number[] {
  const out: number[] = [];
  const end = Math.min((b + 1) * batchSize, objects);
  for (let g = b * batchSize + s.index; g < end; g += s.count) out.push(g);
  return out;
}

/** Objects shard s owns in a run of `objects`: the g < objects with g mod n = i. */
export function shardObjectCount(objects: number, s: ShardSpec): number {
  return objects > s.index ? Math.floor((objects - 1 - s.index) / s.count) + 1 : 0;
}
