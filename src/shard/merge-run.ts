/**
 * `merge`: one run from the shards of a sharded run (docs/scale-out.md). After merge-check.ts, it
 * puts every shard's times on one line (its anchor, shifted by its bracket's midpoint with
 * `--clock-correct date`), builds the population from the completions of all stored objects, cuts
 * virtual batches of B objects inside the window in which every shard was active, and writes one run
 * in the normal schema — all in one transaction, so a failed merge leaves nothing behind.
 */
import { quantileOfSorted } from '../analysis/percentiles.js';
import { UsageError } from '../errors.js';
import type { BatchRecord, OpRecord, RunRecord } from '../model/records.js';
import {
  batchOpFacts,
  eachStoredObject,
  hasRun,
  insertEdgeOps,
  insertMergedBatches,
  insertMergedOps,
  insertMergedShard,
  opsPage,
  shardActivity,
  updateBatchFacts,
  type EdgeOp,
  type ResultsStore,
} from '../store/index.js';
import type { Workload } from '../workload/index.js';
import { checkShards, type ShardInput } from './merge-check.js';
import { clockSpread, cutBatches, dateShift, placeOp, spreadRisk, type Timeline } from './merge-timeline.js';

export type ClockCorrect = 'none' | 'date';

export interface MergeResult {
  run: RunRecord;
  timeline: Timeline;
  shards: {
    index: number;
    file: string;
    loMs: number | null;
    hiMs: number | null;
    samples: number;
    shiftMs: number;
    lateMs: number | null;
  }[];
  opsInBatches: number;
  opsOutside: number;
  storedObjects: number;
  /** Aggregate rate over the kept batches, objects per second. */
  ratePerSec: number;
  spreadMs: number | null;
  risk: { objects: number; limit: number; warn: boolean } | null;
}

const PAGE = 5000;

type VirtualBatch = Timeline['batches'][number];

/** Every stored object's completion on the merged time line, and the window in which every shard was active. */
async function placeShards(shards: readonly ShardInput[], runId: string, base: readonly number[], objects: number) {
  const completions = new Float64Array(objects);
  let stored = 0;
  let windowStart = -Infinity;
  let windowEnd = Infinity;
  let runStart = Infinity;
  for (const [j, x] of shards.entries()) {
    const b = base[j] as number;
    await eachStoredObject(x.store.db, runId, (end) => {
      if (stored < completions.length) completions[stored++] = b + end;
    });
    const a = await shardActivity(x.store.db, runId);
    windowStart = Math.max(windowStart, b + a.firstMs);
    windowEnd = Math.min(windowEnd, b + a.lastMs);
    runStart = Math.min(runStart, b + a.firstMs);
  }
  const done = completions.subarray(0, stored).sort();
  return { done, stored, windowStart, windowEnd, runStart };
}

/** The merged run's record and its virtual batches (their facts are filled from the operations afterwards). */
function mergedRecords(
  head: ShardInput,
  shardCount: number,
  timeline: Timeline,
): { run: RunRecord; batches: BatchRecord[] } {
  const w = head.run.workload as Workload;
  const first = timeline.batches[0] as VirtualBatch;
  const last = timeline.batches[timeline.batches.length - 1] as VirtualBatch;
  const run: RunRecord = {
    ...head.run,
    label: `merged from ${shardCount} shards`,
    status: 'completed',
    batchSize: w.batchSize,
    plannedBatches: timeline.batches.length,
    startedAt: new Date(first.startMs).toISOString(),
    finishedAt: new Date(last.endMs).toISOString(),
    error: null,
    pid: null,
    runHost: null,
    heartbeatAt: null,
    stoppedAtBatch: null,
    stopInfo: null,
  };
  const batches: BatchRecord[] = timeline.batches.map((v, i) => ({
    index: i + 1,
    objects: w.batchSize,
    objectsBefore: v.objectsBefore,
    bytes: 0,
    wallMs: v.endMs - v.startMs,
    okOps: 0,
    failedOps: 0,
    retriedOps: 0,
    p50Ms: null,
    p95Ms: null,
    p99Ms: null,
    startedAt: new Date(v.startMs).toISOString(),
  }));
  return { run, batches };
}

/** Copies one shard's operations, page by page, into the batch each falls in or to the edge table; returns the counts. */
async function copyShardOps(
  into: ResultsStore,
  runId: string,
  x: ShardInput,
  base: number,
  timeline: Timeline,
  done: Float64Array,
): Promise<{ inBatches: number; outside: number }> {
  let inBatches = 0;
  let outside = 0;
  for (let after = 0; ; ) {
    const page = await opsPage(x.store.db, runId, after, PAGE);
    if (page.length === 0) break;
    after = (page[page.length - 1] as (typeof page)[number]).rowid;
    const kept: { batch: number; shard: number; op: OpRecord }[] = [];
    const edge: EdgeOp[] = [];
    for (const op of page) {
      const t = base + op.offsetMs;
      const at = placeOp(timeline, done, t);
      if ('batch' in at)
        kept.push({
          batch: at.batch,
          shard: x.shard.index,
          op: { ...op, startMs: t - (timeline.batches[at.batch - 1] as VirtualBatch).startMs },
        });
      else
        edge.push({
          shard: x.shard.index,
          objectIndex: op.objectIndex,
          kind: op.kind,
          status: op.status,
          wallMs: t,
          durationMs: op.durationMs,
          edge: at.edge,
        });
    }
    await insertMergedOps(
      into.db,
      runId,
      kept.map((k) => ({ ...k, op: stripPaging(k.op) })),
    );
    await insertEdgeOps(into.db, runId, edge);
    inBatches += kept.length;
    outside += edge.length;
  }
  return { inBatches, outside };
}

/** Each merged batch's bytes, counts and percentiles from the operations it holds. */
async function fillBatchFacts(into: ResultsStore, runId: string, batches: BatchRecord[]): Promise<void> {
  for (const b of batches) {
    const f = await batchOpFacts(into.db, runId, b.index);
    const q = (p: number): number | null => (f.durations.length === 0 ? null : quantileOfSorted(f.durations, p));
    Object.assign(b, {
      bytes: f.bytes,
      okOps: f.ok,
      failedOps: f.failed,
      retriedOps: f.retried,
      p50Ms: q(0.5),
      p95Ms: q(0.95),
      p99Ms: q(0.99),
    });
    await updateBatchFacts(into.db, runId, b);
  }
}

export async function mergeShards(
  inputs: readonly ShardInput[],
  into: ResultsStore,
  intoPath: string,
  correct: ClockCorrect,
): Promise<MergeResult> {
  const shards = await checkShards(inputs);
  const head = shards[0] as ShardInput;
  const w = head.run.workload as Workload;
  const runId = head.shard.runId;
  if (await hasRun(into.db, runId)) {
    throw new UsageError(
      'E_MERGE',
      `run ${runId} is already in ${intoPath}`,
      'merge into another --into file, or remove the run there first (ingest-scale runs delete)',
    );
  }
  // each shard's times on one line: wall anchor + offset + shift
  const base = shards.map((x) => x.shard.wallAnchorMs + (correct === 'date' ? dateShift(x.shard) : 0));
  const { done, stored, windowStart, windowEnd, runStart } = await placeShards(shards, runId, base, w.objects);
  const timeline = cutBatches(done, w.batchSize, runStart, windowStart, windowEnd);
  if (timeline.batches.length === 0) {
    throw new UsageError(
      'E_MERGE',
      `the window in which all ${shards.length} shards were active holds no full batch of ${w.batchSize} objects (${stored} objects stored)`,
      'run more objects, or start the shards together (--start-at)',
    );
  }
  const { run, batches } = mergedRecords(head, shards.length, timeline);
  let inBatches = 0;
  let outside = 0;
  await into.db.transaction(async () => {
    await into.createRun(run);
    await insertMergedBatches(into.db, runId, batches);
    for (const [j, x] of shards.entries()) {
      await insertMergedShard(into.db, x.shard, (base[j] as number) - x.shard.wallAnchorMs);
      const n = await copyShardOps(into, runId, x, base[j] as number, timeline, done);
      inBatches += n.inBatches;
      outside += n.outside;
    }
    await fillBatchFacts(into, runId, batches);
  });
  const first = timeline.batches[0] as VirtualBatch;
  const last = timeline.batches[timeline.batches.length - 1] as VirtualBatch;
  const spanMs = last.endMs - first.startMs;
  const ratePerMs = spanMs > 0 ? (timeline.batches.length * w.batchSize) / spanMs : 0;
  const spread = clockSpread(
    shards.map((x) => ({ index: x.shard.index, loMs: x.shard.loMs, hiMs: x.shard.hiMs })),
    correct,
  );
  return {
    run,
    timeline,
    opsInBatches: inBatches,
    opsOutside: outside,
    storedObjects: stored,
    ratePerSec: ratePerMs * 1000,
    spreadMs: spread,
    risk: spread === null ? null : spreadRisk(ratePerMs, spread, w.batchSize),
    shards: shards.map((x, j) => ({
      index: x.shard.index,
      file: x.file,
      loMs: x.shard.loMs,
      hiMs: x.shard.hiMs,
      samples: x.shard.samples,
      shiftMs: (base[j] as number) - x.shard.wallAnchorMs,
      lateMs: x.shard.lateMs,
    })),
  };
}

/** An OpRecord without the paging fields (rowid, offsetMs). */
function stripPaging(op: OpRecord & { rowid?: number; offsetMs?: number }): OpRecord {
  const { rowid: _r, offsetMs: _o, ...rest } = op;
  return rest;
}
