/**
 * One `run` from start to end, in two steps so that nothing is written before the target is known
 * to work: `prepareRun` makes the backend (checking its flags) and preflights it; `runSession`
 * then records the run, drives the engine, and closes the run with its final status — completed,
 * aborted (stopped by a signal, between batches or abandoning the batch in flight) or failed (with
 * the reason). The run records its pid, host and a heartbeat after every batch (run-liveness.ts).
 */
import { objectIdPrefix } from './object-ids.js';
import { rmSync } from 'node:fs';
import os, { hostname } from 'node:os';
import { join } from 'node:path';
import {
  canCheckProbes,
  createFromFlags,
  DEFAULT_RETRY_POLICY,
  setRetryPolicy,
  type Backend,
  type RunTarget,
} from '../backends/index.js';
import type { OpTiming, TargetInfo } from '../model/timings.js';
import {
  newRunId,
  recordHostSample,
  recordIntent,
  recordIntentTx,
  reopenRun,
  type HostSample,
  type Intent,
  type ResultsStore,
} from '../store/index.js';
import type { BatchRecord, RunRecord, RunSettings } from '../model/records.js';
import type { RunTags } from '../model/run-tags.js';
import { TOOL_VERSION } from '../version.js';
import { plannedBatches, type Workload } from '../workload/index.js';
import { earlyStopCheck } from './early-stop.js';
import { checkFreeSpace } from './run-sanity.js';
import { keystreamImpl } from '../generate/index.js';
import { hostFactsOf } from '../model/host-facts.js';
import { runEngine, type BatchSink, type EngineProgress } from './run-engine.js';
import { takesClientWarmup } from './client-warmup.js';
import { refuseUnsupportedProbes, type ProbeKind } from './probes/probe-kinds.js';
import { probeStops, ProbeRunner, type ProbeOptions } from './probes/probe-runner.js';
import { realHostSampler } from './host-pressure.js';
import { findTargetProcesses } from './target-processes.js';

export interface PrepareOptions {
  /** The run's id: new, unless a run is resumed. */
  id?: string;
  workload: Workload;
  backend: string;
  /** Data directory of an embedded store; default reports/data/<run id>, removed after the run unless keepData. */
  dataDir?: string | undefined;
  keepData?: boolean;
  /** Start an embedded-store run even when its planned bytes exceed the free space of its data directory. */
  ignoreFreeSpace?: boolean;
  /** Probe kinds the backend must be able to run (refused before its preflight, exit 2). */
  probes?: readonly ProbeKind[];
  /** The backend's flags (its module reads them) and the secrets (the password only ever from the environment). */
  target?: RunTarget;
  /** A resumed run's target, reopened from its record (resume-run.ts) instead of made from flags. */
  reopen?: () => Promise<Backend>;
}

export interface PreparedRun {
  id: string;
  workload: Workload;
  backend: Backend;
  info: TargetInfo;
  /** The default data directory that release() removes (null when given or kept). */
  removableDataDir: string | null;
  /**
   * Releases the backend and removes a default data directory — unless keepData (a run that did
   * not complete keeps its store, so it can be inspected or cleaned).
   */
  release(opts?: { keepData?: boolean }): Promise<void>;
}

export async function prepareRun(o: PrepareOptions): Promise<PreparedRun> {
  const id = o.id ?? newRunId();
  const defaultDir = join('reports', 'data', id);
  const dataDir = o.dataDir ?? defaultDir;
  // a resumed run's default directory (recorded as its target) goes when it completes, as a new run's does
  const removeData = (o.dataDir === undefined || o.dataDir === defaultDir) && o.keepData !== true;
  // the embedded store writes into dataDir: a run that cannot fit is refused before anything is made
  if ((o.backend === 'leveldb' || o.backend === 'ocfl') && o.ignoreFreeSpace !== true)
    checkFreeSpace(o.workload, dataDir);
  const backend = o.reopen
    ? await o.reopen()
    : await createFromFlags(o.backend, {
        dataDir,
        concurrency: o.workload.concurrency,
        runId: id,
        workload: o.workload,
        purpose: 'run',
        ...(o.target ?? {}),
      });
  const release = async (opts: { keepData?: boolean } = {}): Promise<void> => {
    await backend.close();
    if (removeData && opts.keepData !== true) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (o.probes) refuseUnsupportedProbes(backend, o.probes);
    if (o.probes && canCheckProbes(backend)) await backend.checkProbes(o.probes);
    const info = await backend.preflight();
    return { id, workload: o.workload, backend, info, removableDataDir: removeData ? dataDir : null, release };
  } catch (e) {
    await release();
    throw e;
  }
}

export interface RunSessionOptions {
  store: ResultsStore;
  label?: string;
  /** The run's tags (run --tag), stored with it. */
  tags?: RunTags;
  maxErrorRate: number;
  /** The run's --max-growth, stored with it (the limit of early stops too). */
  maxGrowth: number;
  /** The run's --min-detectable (power-rule.ts), stored with it; absent when not asked for. */
  minDetectable?: number;
  /** Early FAIL: stop when the sequential look is certain. */
  stopEarly?: boolean;
  /** Read-side probes between batches (run --probe). */
  probes?: ProbeOptions;
  /** Attempts after the first of an operation that failed in a way worth retrying (--retries; retry-policy.ts). */
  retries?: number;
  /** The run's --request-timeout and --connect-timeout, stored with it (the backend already has them). */
  timeouts?: { requestMs: number; connectMs: number };
  /** Stop after the current batch (the first Ctrl-C or SIGTERM). */
  signal?: AbortSignal;
  /** Abandon the batch in flight (a second signal, or the grace period ran out). */
  abortNow?: AbortSignal;
  onStart?: (run: RunRecord) => void;
  onBatch?: (p: EngineProgress) => void;
  /** Awaited before each batch starts (run-engine.ts): a compare's turn in its interleaved order. */
  beforeBatch?: (batch: number) => Promise<void>;
  /**
   * run --client-warmup: before batch 1, write and remove objects outside the run (client-warmup.ts).
   * Off by default: it writes to the user's store, and on the constant ground-truth store it did not
   * bring the CI back around 1.0 (docs/growth-gate.md, "The client's warm-up").
   */
  clientWarmup?: boolean;
  /** The client's warm-up against an in-process sink, when it was on (sink-warmup.ts): recorded in the run's settings. */
  sinkWarmup?: NonNullable<RunSettings['sinkWarmup']>;
}

export interface RunSessionResult {
  run: RunRecord;
  batches: BatchRecord[];
  /** The batch abandoned in flight by abortNow (not recorded; its objects may be half-written). */
  abortedInBatch?: number;
}

/** A run to carry on (resume-run.ts): its record, its recorded batches, and the recovery operations to store with the next one. */
export interface ResumeFrom {
  run: RunRecord;
  previous: BatchRecord[];
  carryOps: OpTiming[];
}

/** The run's record: a new run's, or the resumed run's own, running again in this process. */
function runRecordOf(p: PreparedRun, o: RunSessionOptions, resume: ResumeFrom | undefined): RunRecord {
  if (resume)
    return {
      ...resume.run,
      status: 'running',
      pid: process.pid,
      runHost: hostname(),
      heartbeatAt: new Date().toISOString(),
    };
  const run: RunRecord = {
    id: p.id,
    label: o.label ?? null,
    ...(o.tags && Object.keys(o.tags).length > 0 ? { tags: o.tags } : {}),
    source: 'run',
    status: 'running',
    backend: p.backend.name,
    target: p.info.target,
    targetInfo: p.info,
    workload: p.workload,
    batchSize: p.workload.batchSize,
    plannedBatches: plannedBatches(p.workload),
    toolVersion: TOOL_VERSION,
    nodeVersion: process.version,
    host: { ...hostFactsOf(os), contentGenerator: keystreamImpl },
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
    pid: process.pid,
    runHost: hostname(),
    heartbeatAt: new Date().toISOString(),
    settings: {
      maxErrorRate: o.maxErrorRate,
      maxGrowth: o.maxGrowth,
      stopEarly: o.stopEarly === true,
      retries: o.retries ?? DEFAULT_RETRY_POLICY.retries,
      ...(o.minDetectable === undefined ? {} : { minDetectable: o.minDetectable }),
      ...(o.sinkWarmup === undefined ? {} : { sinkWarmup: o.sinkWarmup }),
      ...(o.timeouts ? { requestTimeoutMs: o.timeouts.requestMs, connectTimeoutMs: o.timeouts.connectMs } : {}),
    },
  };
  if (o.probes && run.settings)
    run.settings.probes = {
      kinds: [...o.probes.kinds],
      sample: o.probes.sample,
      stopAboveMs: o.probes.stopAboveMs ?? null,
    };
  return run;
}

/** Where the engine's batches go: the store, with a heartbeat after each, its intents, transactions and host samples. */
function sinkOf(store: ResultsStore): BatchSink {
  return {
    async recordBatch(...args: Parameters<ResultsStore['recordBatch']>): Promise<void> {
      await store.recordBatch(...args);
      await store.heartbeat(args[0]);
    },
    recordIntent: (runId: string, intent: Intent): Promise<void> => recordIntent(store.db, runId, intent),
    recordTx: (runId: string, batch: number, tx: string): Promise<void> => recordIntentTx(store.db, runId, batch, tx),
    recordHost: (runId: string, batchIndex: number, sample: HostSample): Promise<void> =>
      recordHostSample(store.db, runId, batchIndex, sample),
  };
}

export async function runSession(p: PreparedRun, o: RunSessionOptions, resume?: ResumeFrom): Promise<RunSessionResult> {
  const run = runRecordOf(p, o, resume);
  if (resume) await reopenRun(o.store.db, run.id, process.pid, hostname());
  else await o.store.createRun(run);
  const previousPolicy = setRetryPolicy({
    ...DEFAULT_RETRY_POLICY,
    retries: o.retries ?? DEFAULT_RETRY_POLICY.retries,
  });
  o.onStart?.(run);
  const probes = o.probes
    ? new ProbeRunner(p.backend, p.workload, `${p.id.slice(0, 6)}-`, o.probes, run.plannedBatches)
    : undefined;
  try {
    // a resumed run's probes expect the versions its earlier update probes wrote
    if (resume && probes) await probes.restore(o.store, run.id);
    const result = await runEngine({
      runId: p.id,
      workload: p.workload,
      backend: p.backend,
      sink: sinkOf(o.store),
      idPrefix: objectIdPrefix(p.id),
      maxErrorRate: o.maxErrorRate,
      host: realHostSampler(findTargetProcesses(p.info.target).pids),
      clientWarmup: o.clientWarmup === true && !resume && takesClientWarmup(p.backend.name),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.abortNow ? { abortNow: o.abortNow } : {}),
      ...(o.onBatch ? { onBatch: o.onBatch } : {}),
      ...(o.beforeBatch ? { beforeBatch: o.beforeBatch } : {}),
      ...(resume ? { previous: resume.previous, carryOps: resume.carryOps } : {}),
      ...probeStops(
        probes,
        o.stopEarly
          ? earlyStopCheck({ batchSize: p.workload.batchSize, limit: o.maxGrowth, plannedBatches: run.plannedBatches })
          : undefined,
      ),
    });
    const stop = result.stop ?? null;
    await o.store.finishRun(p.id, result.status, null, stop);
    return {
      run: { ...run, status: result.status, stoppedAtBatch: stop?.batch ?? null, stopInfo: stop },
      batches: result.batches,
      ...(result.abortedInBatch === undefined ? {} : { abortedInBatch: result.abortedInBatch }),
    };
  } catch (e) {
    // the run's own error is what the user sees, even when recording the failure fails too (a full disk)
    await o.store.finishRun(p.id, 'failed', (e as Error).message).catch(() => undefined);
    throw e;
  } finally {
    setRetryPolicy(previousPolicy);
  }
}
