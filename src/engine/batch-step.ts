/**
 * One batch, as the engine (run-engine.ts), a shard (src/shard/shard-run.ts) and the client's
 * warm-up (client-warmup.ts) all run it: the backend's batch lifecycle around the objects written
 * through the pool, with at most `concurrency` in flight, timed with the run's clock (the backend's
 * when it simulates time, else the host's: src/model/clock.ts) from just before the batch is begun to just after it is ended (its preparation is outside the clock).
 * Then its record (summariseBatch) and the running tally the error budget is checked against.
 */
import { canPrepare, clockOf, hasBatchLifecycle, hasTransactions, type Backend } from '../backends/index.js';
import type { Clock } from '../model/clock.js';
import type { HostSampler } from '../model/host-sampler.js';
import type { ObjectPlan } from '../generate/index.js';
import type { BatchRecord } from '../model/records.js';
import type { OpTiming } from '../model/timings.js';
import type { HostSample } from '../store/index.js';
import { overErrorBudget } from '../verdict/index.js';
import { summariseBatch } from './batch-summary.js';
import { hostSample } from './host-pressure.js';
import { runPool } from './pool.js';

export interface BatchStepOptions {
  /** Objects in flight at most. */
  concurrency: number;
  /** The batch's start as recorded (ISO), read just before its clock starts: the wall clock, or a shard's anchor. */
  startedAt?: () => string;
  /** The batch's clock (default: the backend's, clockOf). */
  clock?: Clock;
  /** Sample what the host did while the batch ran through this sampler (host-pressure.ts). */
  host?: HostSampler;
  /** The URI of the batch's transaction once begun, for a target that has them (LDP --tx per-batch). */
  onTx?: (tx: string) => Promise<void>;
}

export interface BatchStep {
  plans: ObjectPlan[];
  /** The lifecycle's preparation, outside the clock. */
  prepOps: OpTiming[];
  /** Every timed operation: begin, the objects', end. */
  ingestOps: OpTiming[];
  /** The objects' own operations (none when the batch could not be begun). */
  objectOps: OpTiming[];
  /** false when beginning the batch failed and no object was written. */
  objectsRan: boolean;
  startNs: bigint;
  wallNs: bigint;
  startedAt: string;
  host?: HostSample;
}

/** One object in flight: its successor's content is made while the store answers it (PrepareCapability). */
export function prepareAhead(backend: Backend, concurrency: number): ((p: ObjectPlan) => void) | undefined {
  return concurrency === 1 && canPrepare(backend) ? (p: ObjectPlan): void => backend.prepare(p) : undefined;
}

/** Writes one batch of objects through the backend's batch lifecycle and times it. */
export async function ingestBatch(backend: Backend, plans: ObjectPlan[], o: BatchStepOptions): Promise<BatchStep> {
  const lifecycle = hasBatchLifecycle(backend) ? backend : null;
  const ahead = prepareAhead(backend, o.concurrency);
  const prepOps = lifecycle ? await lifecycle.prepareBatch(plans) : [];
  const startedAt = o.startedAt ? o.startedAt() : new Date().toISOString();
  const clock = o.clock ?? clockOf(backend);
  const sampler = o.host;
  const hostBefore = sampler ? sampler.snapshot() : null;
  const startNs = clock.nowNs();
  const beginOps = lifecycle ? await lifecycle.beginBatch() : [];
  const tx = o.onTx && hasTransactions(backend) ? backend.openTransaction() : null;
  if (tx !== null) await o.onTx?.(tx);
  const objectsRan = !beginOps.some((op) => op.status === 'failed');
  const objectOps = objectsRan ? (await runPool(plans, o.concurrency, (p) => backend.ingest(p), ahead)).flat() : [];
  const endOps = lifecycle ? await lifecycle.endBatch() : [];
  const wallNs = clock.nowNs() - startNs;
  const ingestOps = [...beginOps, ...objectOps, ...endOps];
  const host =
    sampler && hostBefore
      ? hostSample(hostBefore, sampler.snapshot(), ingestOps.length, sampler.cores, sampler.load1)
      : undefined;
  return {
    plans,
    prepOps,
    ingestOps,
    objectOps,
    objectsRan,
    startNs,
    wallNs,
    startedAt,
    ...(host ? { host } : {}),
  };
}

/** The batch's record: its counts, bytes and latency percentiles (batch-summary.ts). */
export function batchRecordOf(step: BatchStep, index: number, objectsBefore: number): BatchRecord {
  return summariseBatch(
    {
      index,
      objects: step.plans.length,
      objectsBefore,
      startNs: step.startNs,
      wallNs: step.wallNs,
      startedAt: step.startedAt,
    },
    step.ingestOps,
  );
}

/** The running counts of a run's (or a shard's) recorded batches, and its error budget. */
export class BatchTally {
  objects = 0;
  bytes = 0;
  ops = 0;
  failed = 0;

  /** A batch recorded earlier (a resumed run's). */
  addRecorded(b: BatchRecord): void {
    this.objects += b.objects;
    this.bytes += b.bytes;
    this.ops += b.okOps + b.failedOps;
    this.failed += b.failedOps;
  }

  add(b: BatchRecord, step: BatchStep): void {
    this.objects += step.plans.length;
    this.bytes += b.bytes;
    this.ops += step.ingestOps.length;
    this.failed += b.failedOps;
  }

  overBudget(maxErrorRate: number): boolean {
    return overErrorBudget(this.failed, this.ops, maxErrorRate);
  }
}
