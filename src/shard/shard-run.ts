/**
 * One shard of a sharded run (docs/scale-out.md): writes the objects g mod n = i of every global
 * batch, batch after batch, with at most `concurrency` in flight, and streams each batch with all
 * its operations to its own results database before the next starts (each the engine's batch step,
 * src/engine/batch-step.ts, without intents, transactions or host samples; nothing per object is kept:
 * memory stays flat for any N). Every time is on the shard's wall anchor (wall-anchor.ts); the
 * store's HTTP Date headers bracket the shard's clock (clock-bracket.ts). A shard gates nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { setResponseClockObserver, type Backend } from '../backends/index.js';
import { ABORTED, batchRecordOf, BatchTally, ingestBatch, toOpRecords, untilAborted } from '../engine/index.js';
import { RunFailedError } from '../errors.js';
import { planObject } from '../generate/index.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import {
  createShard,
  finishShard,
  recordLateness,
  recordShardBatch,
  type ResultsStore,
  type ShardFacts,
} from '../store/index.js';
import { plannedBatches, type Workload } from '../workload/index.js';
import { ClockBracket } from './clock-bracket.js';
import { shardBatchIndexes, type ShardSpec } from './partition.js';
import type { WallAnchor } from './wall-anchor.js';

export interface ShardRunOptions {
  store: ResultsStore;
  /** The run's record (id shared by every shard: object ids are `<first 6 of the id>-<g>`). */
  run: RunRecord;
  facts: ShardFacts;
  workload: Workload;
  backend: Backend;
  spec: ShardSpec;
  anchor: WallAnchor;
  idPrefix: string;
  /** Unix ms of --start-at: the first batch waits until then on the anchor's time base. */
  startAtMs: number | null;
  maxErrorRate: number;
  /** Stop between batches (status aborted). */
  signal?: AbortSignal;
  /** Abandon the batch in flight. */
  abortNow?: AbortSignal;
  onBatch?: (batch: BatchRecord, planned: number) => void;
}

export interface ShardRunResult {
  status: 'complete' | 'aborted';
  batches: number;
  objects: number;
  lateMs: number | null;
  clock: ClockBracket;
}

/** Waits until startAtMs on the anchor's clock (bounded by the caller's check of --start-at); returns how late it ended. */
async function waitUntil(anchor: WallAnchor, startAtMs: number, signal: AbortSignal | undefined): Promise<number> {
  const wait = startAtMs - anchor.nowMs();
  if (wait > 0) await sleep(wait, undefined, signal ? { signal } : {}).catch(() => undefined);
  return anchor.nowMs() - startAtMs;
}

export async function runShard(o: ShardRunOptions): Promise<ShardRunResult> {
  const { workload: w, backend, store, anchor, spec } = o;
  const db = store.db;
  const clock = new ClockBracket();
  const previousObserver = setResponseClockObserver((startNs, endNs, date) =>
    clock.add(anchor.wallOf(startNs), anchor.wallOf(endNs), date),
  );
  const total = plannedBatches(w);
  const tally = new BatchTally();
  let batches = 0;
  let lateMs: number | null = null;
  await store.createRun(o.run);
  await createShard(db, o.facts);
  try {
    if (o.startAtMs !== null) {
      lateMs = await waitUntil(anchor, o.startAtMs, o.signal);
      await recordLateness(db, o.run.id, lateMs);
    }
    for (let b = 0; b < total; b++) {
      if (o.signal?.aborted || o.abortNow?.aborted) return await stop('aborted');
      const plans = shardBatchIndexes(w.objects, w.batchSize, b, spec).map((g) =>
        planObject(w, g, { idPrefix: o.idPrefix }),
      );
      const work = await untilAborted(
        ingestBatch(backend, plans, {
          concurrency: w.concurrency,
          clock: anchor.clock,
          startedAt: () => new Date(anchor.nowMs()).toISOString(),
        }),
        o.abortNow,
      );
      if (work === ABORTED) return await stop('aborted');
      const batch = batchRecordOf(work, b + 1, tally.objects);
      await store.recordBatch(o.run.id, batch, toOpRecords([...work.prepOps, ...work.ingestOps], work.startNs));
      await recordShardBatch(db, o.run.id, b + 1, anchor.offsetOf(work.startNs), clock.record);
      await store.heartbeat(o.run.id);
      batches++;
      tally.add(batch, work);
      o.onBatch?.(batch, total);
      if (tally.overBudget(o.maxErrorRate)) {
        throw new RunFailedError(
          'E_ERROR_BUDGET',
          `shard ${spec.index}/${spec.count}: ${tally.failed} of ${tally.ops} operations failed (above the ${(100 * o.maxErrorRate).toFixed(1)}% budget) by batch ${b + 1}`,
          {
            hint: "see the operations in the shard's results database; merge refuses a failed shard",
          },
        );
      }
    }
    return await stop('complete');
  } catch (e) {
    await finishShard(db, o.run.id, 'failed', clock.record).catch(() => undefined);
    await store.finishRun(o.run.id, 'failed', (e as Error).message).catch(() => undefined);
    throw e;
  } finally {
    setResponseClockObserver(previousObserver);
  }

  async function stop(status: 'complete' | 'aborted'): Promise<ShardRunResult> {
    await finishShard(db, o.run.id, status, clock.record);
    await store.finishRun(o.run.id, status === 'complete' ? 'completed' : 'aborted');
    return { status, batches, objects: tally.objects, lateMs, clock };
  }
}
