/**
 * The batch runner. Ingests a workload in fixed batches of `batchSize` objects with at most
 * `concurrency` objects in flight inside a batch (each one the shared batch step, batch-step.ts,
 * timed with the run's clock: the backend's when it simulates time, else the host's,
 * src/model/clock.ts), and hands every batch with all its operation records to the
 * sink before the next one starts.
 * It emits records and events; it never prints.
 */
import { canRead, clockOf, simulatesTime, type Backend } from '../backends/index.js';
import type { OpTiming } from '../model/timings.js';
import { msBetween } from '../model/clock.js';
import type { HostSampler } from '../model/host-sampler.js';
import { hostSampler } from './host-pressure.js';
import { RunFailedError, UsageError } from '../errors.js';
import { planBatch } from '../generate/index.js';
import type { BatchRecord, OpRecord, StopInfo } from '../model/records.js';
import { plannedBatches, type Workload } from '../workload/index.js';
import { toOpRecords } from './batch-summary.js';
import { BatchTally, batchRecordOf, ingestBatch, type BatchStep } from './batch-step.js';
import { runPool } from './pool.js';
import { warmUpClient } from './client-warmup.js';
import type { HostSample, Intent } from '../store/index.js';
import { ABORTED, untilAborted } from './until-aborted.js';
import { storedDatastreams, verifyObject } from './verify.js';

export interface BatchSink {
  recordBatch(runId: string, batch: BatchRecord, ops: readonly OpRecord[]): Promise<void>;
  /** Before a batch starts: the objects it is about to write (run-intents.ts). */
  recordIntent?(runId: string, intent: Intent): Promise<void>;
  /** Once a batch's transaction is begun on the target: its URI, so a kill leaves it to roll back (run-intents.ts). */
  recordTx?(runId: string, batch: number, tx: string): Promise<void>;
  /** After a batch is recorded: what the host was doing while it ran (host-pressure.ts). */
  recordHost?(runId: string, batchIndex: number, sample: HostSample): Promise<void>;
}

export interface EngineProgress {
  batch: BatchRecord;
  plannedBatches: number;
  objectsDone: number;
  bytesDone: number;
  failedOps: number;
  verifyFailed: number;
  elapsedMs: number;
}

export interface EngineOptions {
  runId: string;
  workload: Workload;
  backend: Backend;
  sink: BatchSink;
  /** Prefix of object ids (a short run tag). */
  idPrefix: string;
  /** Stop the run (status failed, exit 4) when the share of failed operations exceeds this. */
  maxErrorRate: number;
  /** Abort between batches (Ctrl-C): the run ends as `aborted` with every finished batch kept. */
  signal?: AbortSignal;
  /** Abort at once (a second signal, or the grace period ran out): the batch in flight is abandoned, not recorded. */
  abortNow?: AbortSignal;
  onBatch?: (p: EngineProgress) => void;
  /** Resuming: the batches already recorded (the run goes on after them, its counts include them). */
  previous?: readonly BatchRecord[];
  /** Resuming: operations recorded with the first batch run, outside its clock (the removal of half-written objects). */
  carryOps?: OpTiming[];
  /** Asked after every recorded batch; a non-null answer stops the run as `stopped-early`. */
  shouldStop?: (batches: readonly BatchRecord[]) => StopInfo | null;
  /** Warm the client before batch 1 of a fresh run with objects outside the run, removed again, nothing recorded (client-warmup.ts). */
  clientWarmup?: boolean;
  /** Read-side probes after each batch, outside its clock (src/engine/probes/); recorded with the batch. */
  probes?: { afterBatch(batch: number, stored: number, ingestOps: readonly OpTiming[]): Promise<OpTiming[]> };
  /**
   * Awaited before each batch (1-based) starts, before its intent is recorded: a compare
   * (src/compare/) holds a target's batch here until its turn in the interleaved order comes.
   */
  beforeBatch?: (batch: number) => Promise<void>;
  /** Where each batch's host sample comes from (host-pressure.ts): the real host by default, a scripted one in tests. */
  host?: HostSampler;
}

export interface EngineResult {
  status: 'completed' | 'aborted' | 'stopped-early';
  batches: BatchRecord[];
  stop?: StopInfo;
  /** The batch in flight when abortNow fired (not recorded). */
  abortedInBatch?: number;
}

interface BatchWork extends BatchStep {
  verifyOps: OpTiming[];
  probeOps: OpTiming[];
}

/** A batch whose content read back wrong, or a run over its error budget, stops the run as failed. */
function failOnErrors(o: EngineOptions, tally: BatchTally, verifyFailed: number, work: BatchWork, n: number): void {
  if (verifyFailed > 0) {
    const first = work.verifyOps.find((v) => v.status === 'failed');
    throw new RunFailedError(
      'E_VERIFY',
      `${verifyFailed} datastream(s) read back with the wrong bytes by batch ${n} (first: ${first?.objectId}/${first?.datastreamId})`,
      {
        hint: 'the target stored or returned content that differs from what was sent; see the verify operations in the results database',
      },
    );
  }
  if (tally.overBudget(o.maxErrorRate)) {
    const { failed, ops } = tally;
    const codes = [...new Set(work.ingestOps.filter((x) => x.errorCode).map((x) => x.errorCode))]
      .slice(0, 3)
      .join(', ');
    throw new RunFailedError(
      'E_ERROR_BUDGET',
      `${failed} of ${ops} operations failed (${((100 * failed) / ops).toFixed(1)}%, above the ${(100 * o.maxErrorRate).toFixed(1)}% budget) by batch ${n}${codes ? `; errors: ${codes}` : ''}`,
      { hint: 'see the operations in the results database; raise --max-error-rate only if failures are expected' },
    );
  }
}

/** Batch b (0-based): the shared batch step, then the read-back and the probes, outside its clock. */
async function runBatch(o: EngineOptions, b: number, host: HostSampler): Promise<BatchWork> {
  const { workload: w, backend } = o;
  const plans = planBatch(w, b * w.batchSize, w.batchSize, { idPrefix: o.idPrefix });
  const step = await ingestBatch(backend, plans, {
    concurrency: w.concurrency,
    clock: clockOf(backend),
    host,
    onTx: async (tx) => {
      await o.sink.recordTx?.(o.runId, b + 1, tx);
    },
  });
  let verifyOps: OpTiming[] = [];
  if (w.verify === 'readback' && canRead(backend)) {
    const stored = storedDatastreams(step.ingestOps);
    verifyOps = (await runPool(plans, w.concurrency, (p) => verifyObject(backend, p, stored))).flat();
  }
  const probeOps = o.probes ? await o.probes.afterBatch(b + 1, b * w.batchSize + plans.length, step.ingestOps) : [];
  return { ...step, verifyOps, probeOps };
}

export async function runEngine(o: EngineOptions): Promise<EngineResult> {
  const { workload: w, backend } = o;
  if (w.verify === 'readback' && !canRead(backend)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--verify readback: backend ${backend.name} cannot read content back`,
      'use --verify none with this backend',
    );
  }
  const total = plannedBatches(w);
  const clock = clockOf(backend);
  const host = simulatesTime(backend) ? backend.host : (o.host ?? hostSampler());
  const runStart = clock.nowNs();
  const batches: BatchRecord[] = [...(o.previous ?? [])];
  const tally = new BatchTally();
  for (const b of batches) tally.addRecorded(b);
  let verifyFailed = 0;
  let carry = o.carryOps ?? [];

  if (o.clientWarmup === true && batches.length === 0 && total > 0 && !o.signal?.aborted) {
    // a second signal during the warm-up stops the run at once: nothing was recorded
    if ((await untilAborted(warmUpClient(backend, w, o.idPrefix), o.abortNow)) === ABORTED)
      return { status: 'aborted', batches };
  }
  for (let b = batches.length; b < total; b++) {
    await o.beforeBatch?.(b + 1);
    if (o.signal?.aborted || o.abortNow?.aborted) return { status: 'aborted', batches };
    await o.sink.recordIntent?.(o.runId, {
      batch: b + 1,
      firstIndex: b * w.batchSize,
      objects: Math.min(w.batchSize, w.objects - b * w.batchSize),
    });
    const work = await untilAborted(runBatch(o, b, host), o.abortNow);
    // aborted in flight: the batch is not recorded (its objects may be half-written on the target)
    if (work === ABORTED) return { status: 'aborted', batches, abortedInBatch: b + 1 };
    const prepOps = carry.length > 0 ? [...carry, ...work.prepOps] : work.prepOps;
    carry = [];

    const batch = batchRecordOf(work, b + 1, tally.objects);
    await o.sink.recordBatch(
      o.runId,
      batch,
      toOpRecords([...prepOps, ...work.ingestOps, ...work.verifyOps, ...work.probeOps], work.startNs),
    );
    await o.sink.recordHost?.(o.runId, batch.index, work.host as HostSample);
    batches.push(batch);

    tally.add(batch, work);
    verifyFailed += work.verifyOps.filter((v) => v.status === 'failed').length;
    o.onBatch?.({
      batch,
      plannedBatches: total,
      objectsDone: tally.objects,
      bytesDone: tally.bytes,
      failedOps: tally.failed,
      verifyFailed,
      elapsedMs: msBetween(runStart, clock.nowNs()),
    });
    failOnErrors(o, tally, verifyFailed, work, b + 1);
    const stop = o.shouldStop?.(batches) ?? null;
    if (stop) return { status: 'stopped-early', batches, stop };
  }
  return { status: 'completed', batches };
}
