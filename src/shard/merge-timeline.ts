/**
 * The merged run's time line (docs/scale-out.md, "merge"), as pure functions of the shards' times:
 * the store's population from the completion times of every stored object, virtual batches of B
 * objects cut by completion, the window in which every shard was active, and where an operation
 * falls. All times are wall ms on one (possibly corrected) time line.
 */

/** Objects completed strictly before t, in an ascending array of completion times. */
export function populationAt(completions: Float64Array, t: number): number {
  let lo = 0;
  let hi = completions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((completions[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface VirtualBatch {
  /** 0-based over the whole run. */
  k: number;
  startMs: number;
  endMs: number;
  objectsBefore: number;
}

export interface Timeline {
  batchSize: number;
  /** The kept batches, contiguous: k from firstK to firstK + batches.length − 1. */
  batches: VirtualBatch[];
  firstK: number;
  /** Full batches the run had before the window was applied. */
  allBatches: number;
  windowStartMs: number;
  windowEndMs: number;
}

/**
 * Cuts completions (ascending) into batches of batchSize: batch k ends at the completion of object
 * (k+1)·B and starts where batch k−1 ended (batch 0 at runStartMs). Keeps the batches that lie
 * inside [windowStartMs, windowEndMs]. A partial last batch is not a batch (its objects are too few
 * to time the store taking B more).
 */
export function cutBatches(
  completions: Float64Array,
  batchSize: number,
  runStartMs: number,
  windowStartMs: number,
  windowEndMs: number,
): Timeline {
  const all = Math.floor(completions.length / batchSize);
  const batches: VirtualBatch[] = [];
  let firstK = -1;
  for (let k = 0; k < all; k++) {
    const startMs = k === 0 ? runStartMs : (completions[k * batchSize - 1] as number);
    const endMs = completions[(k + 1) * batchSize - 1] as number;
    if (startMs < windowStartMs || endMs > windowEndMs) {
      if (firstK >= 0) break; // past the window: the kept batches are contiguous
      continue;
    }
    if (firstK < 0) firstK = k;
    batches.push({ k, startMs, endMs, objectsBefore: k * batchSize });
  }
  return { batchSize, batches, firstK: Math.max(firstK, 0), allBatches: all, windowStartMs, windowEndMs };
}

/** Where an operation that started at t goes: its kept batch's 1-based index, or the edge of the window it is outside. */
export function placeOp(
  t: Timeline,
  completions: Float64Array,
  startMs: number,
): { batch: number } | { edge: 'before' | 'after' } {
  const k = Math.floor(populationAt(completions, startMs) / t.batchSize);
  if (t.batches.length === 0) return { edge: 'after' };
  if (k < t.firstK) return { edge: 'before' };
  if (k >= t.firstK + t.batches.length) return { edge: 'after' };
  return { batch: k - t.firstK + 1 };
}

export interface ShardClock {
  index: number;
  loMs: number | null;
  hiMs: number | null;
}

/** The shift `--clock-correct date` applies to a shard: the midpoint of its bracket (0 with no bracket). */
export function dateShift(c: ShardClock): number {
  return c.loMs === null || c.hiMs === null ? 0 : (c.loMs + c.hiMs) / 2;
}

/**
 * How far apart the shards' clocks are, as measured: with none, the spread of the brackets'
 * midpoints; with date, the widest bracket (the midpoints are removed, each shard then off by at
 * most half its bracket). null when no shard has a bracket.
 */
export function clockSpread(clocks: readonly ShardClock[], correct: 'none' | 'date'): number | null {
  const known = clocks.filter((c) => c.loMs !== null && c.hiMs !== null) as { loMs: number; hiMs: number }[];
  if (known.length === 0) return null;
  if (correct === 'date') return Math.max(...known.map((c) => c.hiMs - c.loMs));
  const mids = known.map((c) => (c.loMs + c.hiMs) / 2);
  return Math.max(...mids) - Math.min(...mids);
}

/** Objects that a clock spread can move across a batch boundary at an aggregate rate (objects/ms), against B/10. */
export function spreadRisk(
  rateObjPerMs: number,
  spreadMs: number,
  batchSize: number,
): { objects: number; limit: number; warn: boolean } {
  const objects = rateObjPerMs * spreadMs;
  const limit = batchSize / 10;
  return { objects, limit, warn: objects > limit };
}
